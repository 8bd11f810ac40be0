-- The Retroboard language server, for vim.lsp.config / vim.lsp.enable (Neovim 0.11+):
--
--   vim.lsp.enable('retroboard')
--   -- optional overrides, e.g. a binary outside $PATH:
--   vim.lsp.config('retroboard', { cmd = { '/path/to/retroboard', 'lsp' } })
--
-- The server takes the format from the languageId Neovim sends (the filetype, one of the format
-- ids below) and otherwise detects it from the path and the first lines; it reads retroboard.toml
-- (filetype toml) as the settings it is.
--
-- Neovim 0.9 and 0.10 have no vim.lsp.config: require('retroboard').setup() starts the same
-- server with vim.lsp.start() from a FileType autocmd there (see nvim/README.md).

---@type vim.lsp.Config
return {
  cmd = { 'retroboard', 'lsp' },
  filetypes = {
    'crossmines-pattern',
    'patience-game',
    'othello-bord',
    'colossus-map',
    'colossus-ter',
    'colossus-cre',
    'colossus-battleland',
    'colossus-var',
    'peg-brd',
    -- retroboard.toml and .retroboard.toml only (root_dir declines every other TOML file).
    'toml',
  },
  -- The workspace root: the enclosing git checkout, else the Colossus variant folder (the folder
  -- holding a `.var`; a battleland's variant is one folder up), else the file's own folder.
  -- root_dir below implements that order and takes precedence over root_markers, which is given
  -- for clients and tools that only read markers.
  root_markers = { '.git' },
  -- window/showDocument selects the range the text preview's <CR> reveals (Neovim's own handler
  -- only moves the cursor to its start).
  handlers = require('retroboard.lsp').handlers,
  root_dir = function(bufnr, on_dir)
    if not require('retroboard.detect').served(bufnr) then
      return
    end
    local root = vim.fs.root(bufnr, '.git')
      or vim.fs.root(bufnr, function(name)
        return name:lower():match('%.var$') ~= nil
      end)
    if not root then
      local name = vim.api.nvim_buf_get_name(bufnr)
      root = name ~= '' and vim.fs.dirname(name) or vim.fn.getcwd()
    end
    on_dir(root)
  end,
}
