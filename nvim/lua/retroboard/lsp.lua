-- Starting the language server: vim.lsp.enable on Neovim 0.11+, vim.lsp.start from a FileType
-- autocmd on 0.9 and 0.10 (or when setup({ lsp = 'start' }) asks for it).

local detect = require('retroboard.detect')

local M = {}

M.name = 'retroboard'

--- The configuration in lsp/retroboard.lua (single source for both ways of starting).
function M.default_config()
  local file = vim.api.nvim_get_runtime_file('lsp/retroboard.lua', false)[1]
  if file then
    local ok, config = pcall(dofile, file)
    if ok and type(config) == 'table' then
      return config
    end
  end
  return { cmd = { 'retroboard', 'lsp' }, filetypes = detect.filetypes }
end

--- The root folder for a buffer, without vim.fs.root (Neovim 0.9): git checkout, else the folder
--- holding a `.var`, else the file's folder.
function M.root_dir(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return vim.fn.getcwd()
  end
  local dir = vim.fs.dirname(name)
  local git = vim.fs.find('.git', { path = dir, upward = true })[1]
  if git then
    return vim.fs.dirname(git)
  end
  local var = vim.fs.find(function(n)
    return n:lower():match('%.var$') ~= nil
  end, { path = dir, upward = true })[1]
  if var then
    return vim.fs.dirname(var)
  end
  return dir
end

--- The retroboard client attached to a buffer, if any.
function M.client(bufnr)
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  return get({ bufnr = bufnr, name = M.name })[1]
end

--- Send a request to the buffer's retroboard client (flushing pending didChange first, so the
--- server answers for the text the buffer has now). Returns false when no client is attached.
function M.request(bufnr, method, params, handler)
  local client = M.client(bufnr)
  if not client then
    return false
  end
  if vim.fn.has('nvim-0.11') == 1 then
    client:request(method, params, handler, bufnr)
  else
    client.request(method, params, handler, bufnr)
  end
  return true
end

--- The byte column (from 0) of an LSP position in a buffer line.
local function byte_col(bufnr, pos, encoding)
  local line = vim.api.nvim_buf_get_lines(bufnr, pos.line, pos.line + 1, false)[1] or ''
  local col = pos.character
  if encoding ~= 'utf-8' then
    -- 0.11: (s, encoding, index, strict); 0.9/0.10: (s, index, use_utf16).
    local ok, b = pcall(vim.str_byteindex, line, encoding, col, false)
    if not (ok and b) then
      ok, b = pcall(vim.str_byteindex, line, col, encoding == 'utf-16')
    end
    col = ok and b or col
  end
  return math.min(col, #line), line
end

--- Select an LSP range (end exclusive) of the current window's buffer in visual mode, the cursor
--- on its last character as after `v` and a motion.
function M.select(range, encoding)
  local win, bufnr = vim.api.nvim_get_current_win(), vim.api.nvim_get_current_buf()
  local srow, scol = range.start.line, byte_col(bufnr, range.start, encoding)
  local erow, ecol, eline = range['end'].line, byte_col(bufnr, range['end'], encoding)
  if erow < srow or (erow == srow and ecol <= scol) then
    return -- empty: the cursor is at its place already
  end
  if vim.o.selection ~= 'exclusive' then
    if ecol == 0 then
      -- Up to a line's start: the selection ends on the line before it.
      erow = erow - 1
      eline = vim.api.nvim_buf_get_lines(bufnr, erow, erow + 1, false)[1] or ''
      ecol = #eline
    end
    -- The start of the last character before the end.
    local last = eline:sub(1, ecol):match('[^\128-\191][\128-\191]*$') or ''
    ecol = math.max(0, ecol - #last)
  end
  if vim.fn.mode():match('^[vVsS\22\19]') then
    vim.cmd('normal! \27')
  end
  vim.api.nvim_win_set_cursor(win, { srow + 1, scol })
  vim.cmd('normal! v')
  vim.api.nvim_win_set_cursor(win, { erow + 1, ecol })
end

--- Set by the text preview's <CR> just before it asks the server to reveal an element: the
--- server's window/showDocument for that document then selects the range, where Neovim's own
--- handler only puts the cursor at its start. { uri, expires }
M.select_next = nil

--- The client's window/showDocument handler: Neovim's, then the selection asked for above.
function M.show_document(err, params, ctx, config)
  local default = vim.lsp.handlers['window/showDocument']
  local result = default and default(err, params, ctx, config)
  local want = M.select_next
  if not (want and params and params.uri == want.uri) then
    return result
  end
  M.select_next = nil
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local shown = type(result) == 'table' and result.success
  if shown and params.selection and (vim.uv or vim.loop).now() <= want.expires and vim.uri_from_bufnr(0) == params.uri then
    M.select(params.selection, client and client.offset_encoding or 'utf-16')
  end
  return result
end

--- The handlers the retroboard client is started with (lsp/retroboard.lua and the fallback).
M.handlers = {
  ['window/showDocument'] = function(...)
    return M.show_document(...)
  end,
}

local group = vim.api.nvim_create_augroup('retroboard.lsp', { clear = true })

--- Start the server for every buffer of the nine filetypes, and for retroboard.toml.
--- @param opts table the plugin options (cmd, lsp)
function M.setup(opts)
  vim.api.nvim_clear_autocmds({ group = group })
  local use_enable = opts.lsp == true and vim.lsp.config ~= nil and vim.lsp.enable ~= nil
  if not use_enable and vim.lsp.is_enabled and vim.lsp.is_enabled(M.name) then
    vim.lsp.enable(M.name, false)
  end
  if opts.lsp == false then
    return
  end
  local config = M.default_config()
  if opts.cmd then
    config.cmd = opts.cmd
  end
  if use_enable then
    if opts.cmd then
      vim.lsp.config(M.name, { cmd = opts.cmd })
    end
    vim.lsp.enable(M.name)
    return
  end
  -- Neovim 0.9/0.10 fallback (also used on 0.11 with lsp = 'start').
  local function start(bufnr)
    if vim.bo[bufnr].buftype ~= '' or not detect.served(bufnr) then
      return
    end
    vim.lsp.start({
      name = M.name,
      cmd = config.cmd,
      root_dir = M.root_dir(bufnr),
      handlers = M.handlers,
    }, { bufnr = bufnr })
  end
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = config.filetypes or detect.filetypes,
    callback = function(args)
      start(args.buf)
    end,
  })
  -- Buffers that were already open when setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and detect.served(bufnr) then
      start(bufnr)
    end
  end
end

return M
