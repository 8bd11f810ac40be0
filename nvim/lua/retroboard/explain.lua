-- :RetroboardExplain [CODE] — what a diagnostic code means, as the server words it (the text of
-- `retroboard explain CODE`, from the server's command `retroboard.explain`), in a floating
-- Markdown window: the code of the diagnostic under the cursor, or the one given.
local lsp = require('retroboard.lsp')

local M = {}

--- The code of the Retroboard diagnostic under the cursor (else the first on its line).
function M.code_at_cursor(bufnr)
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  row = row - 1
  local first
  for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = row })) do
    if d.source == 'retroboard' and d.code then
      local ends = (d.end_lnum or d.lnum) > row and math.huge or (d.end_col or d.col)
      if col >= d.col and (col < ends or d.col == ends) then
        return tostring(d.code)
      end
      first = first or tostring(d.code)
    end
  end
  return first
end

--- Shows `markdown`, the explanation of `code`, in a floating window (closed when the cursor
--- moves, as a hover is); kept in M.last as {code, buf, win}.
function M.show(code, markdown)
  local lines = vim.split(markdown, '\n', { trimempty = true })
  local buf, win = vim.lsp.util.open_floating_preview(lines, 'markdown', {
    border = 'rounded',
    focus_id = 'retroboard-explain',
    max_width = math.max(40, math.min(100, vim.o.columns - 4)),
    wrap = true,
  })
  M.last = { code = code, buf = buf, win = win }
end

function M.command(args)
  local bufnr = vim.api.nvim_get_current_buf()
  local code = args.args ~= '' and args.args or M.code_at_cursor(bufnr)
  if not code then
    vim.notify('retroboard: no Retroboard diagnostic under the cursor to explain', vim.log.levels.INFO)
    return
  end
  local params = { command = 'retroboard.explain', arguments = { code } }
  local sent = lsp.request(bufnr, 'workspace/executeCommand', params, function(err, result)
    if err or type(result) ~= 'string' then
      vim.notify('retroboard: ' .. (err and err.message or ('no explanation of ' .. code)), vim.log.levels.WARN)
      return
    end
    M.show(code, result)
  end)
  if not sent then
    vim.notify('retroboard: the language server is not attached to this buffer', vim.log.levels.WARN)
  end
end

return M
