-- The Neovim 0.9/0.10 way of starting the server (vim.lsp.start from a FileType autocmd), forced
-- on this Neovim with setup({ lsp = 'start' }).

return function(t)
  local fx = function(rel)
    return t.path('tests/fixtures/' .. rel)
  end

  t.test('fallback: vim.lsp.config is not used', function()
    t.eq(require('retroboard').options.lsp, 'start', 'lsp option')
    if vim.lsp.is_enabled then
      t.ok(not vim.lsp.is_enabled('retroboard'), 'vim.lsp.enable was not called')
    end
  end)

  t.test('fallback: diagnostics of Broken.ter', function()
    local buf = t.edit(fx('colossus/Broken/Broken.ter'))
    local client = t.client(buf)
    t.eq(client.config.root_dir, t.repo, 'root is the git checkout')
    -- The text preview's <CR> selects through this handler (lsp.lua), on this path too.
    t.eq(client.handlers['window/showDocument'], require('retroboard.lsp').handlers['window/showDocument'], 'showDocument handler')
    t.eq(t.render_diagnostics(buf, t.diagnostics(buf)), t.expected(fx('colossus/Broken/Broken.ter')), 'diagnostics')
  end)

  t.test('fallback: one client for the files of a root, hover works', function()
    local a = t.edit(fx('colossus/Tiny/Tiny.ter'))
    local ca = t.client(a)
    local text = t.hover_text(t.hover(a, 0, 22))
    t.ok(text and text:find('^%*%*Gargoyle%*%*'), 'hover: ' .. tostring(text))
    local b = t.edit(fx('peg/clean-v2.brd'))
    local cb = t.client(b)
    t.eq(cb.id, ca.id, 'the same client serves both buffers')
    t.eq(#t.diagnostics(b), 0, 'clean-v2.brd is clean')
  end)

  t.test('fallback: retroboard.toml is served, another TOML file is not', function()
    local tmp = assert(os.getenv('RETROBOARD_NVIM_TMP'))
    local other = t.edit(t.write(tmp .. '/settings/Cargo.toml', '[package]\n'))
    local buf = t.edit(t.write(tmp .. '/settings/retroboard.toml', '[rules]\n"othello/chip-totl" = "off"\n'))
    local codes = {}
    for _, d in ipairs(t.diagnostics(buf)) do
      codes[#codes + 1] = d.code
    end
    t.eq(codes, { 'retroboard/config' }, 'codes')
    t.eq(vim.lsp.get_clients({ bufnr = other, name = 'retroboard' }), {}, 'clients of Cargo.toml')
  end)

  t.test('fallback: root without git is the folder holding a .var', function()
    local tmp = assert(os.getenv('RETROBOARD_NVIM_TMP'))
    local variant = tmp .. '/nogit/Mine'
    t.write(variant .. '/Mine.var', 'MAP:Mine.map\n')
    local path = t.write(variant .. '/Battlelands/Plains', '3 2 p 0\n')
    local buf = t.edit(path)
    t.eq(vim.bo[buf].filetype, 'colossus-battleland', 'filetype')
    t.eq(require('retroboard.lsp').root_dir(buf), variant, 'fallback root_dir')
    local client = t.client(buf)
    t.eq(client.config.root_dir, variant, 'client root')
  end)
end
