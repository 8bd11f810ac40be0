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
