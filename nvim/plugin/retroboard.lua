-- Retroboard: filetype detection, :RetroboardPreview, :RetroboardEdit, :RetroboardExplain, :RetroboardBuildParsers and tree-sitter
-- highlighting. The language server starts with require('retroboard').setup() or, on Neovim
-- 0.11+, vim.lsp.enable('retroboard') (see nvim/README.md).
if vim.g.loaded_retroboard then
  return
end
vim.g.loaded_retroboard = true

if vim.fn.has('nvim-0.9') == 0 then
  vim.notify('retroboard: needs Neovim 0.9 or newer', vim.log.levels.WARN)
  return
end

require('retroboard').init()
