-- retroboard.toml in Neovim (vim.lsp.enable): the server is attached to it, not to other TOML
-- files; a misspelt code is its finding, and the did-you-mean fix mends it.

return function(t)
  local tmp = assert(os.getenv('RETROBOARD_NVIM_TMP'), 'RETROBOARD_NVIM_TMP is not set')

  t.test('settings: a misspelt code in retroboard.toml is found and its did-you-mean fix applied', function()
    local path = t.write(tmp .. '/settings/retroboard.toml', '[rules]\n"othello/chip-totl" = "off"\n')
    local buf = t.edit(path)
    t.eq(vim.bo[buf].filetype, 'toml', 'filetype')
    local found = {}
    for _, d in ipairs(t.diagnostics(buf)) do
      found[#found + 1] = ('%d:%d %s: %s'):format(d.lnum + 1, d.col + 1, d.code, d.message)
    end
    t.eq(found, {
      '2:2 retroboard/config: “othello/chip-totl” is no code Retroboard reports: did you mean '
        .. '“othello/chip-total”? (“retroboard explain” lists them); the checks use '
        .. 'the default settings until it is fixed',
    }, 'diagnostics')
    vim.api.nvim_win_set_cursor(0, { 2, 5 })
    local offered = {}
    vim.lsp.buf.code_action({
      apply = true,
      filter = function(action)
        offered[#offered + 1] = action.title
        return action.title == "Replace with 'othello/chip-total'" and action.isPreferred == true
      end,
    })
    t.wait('the fix applied', 10000, function()
      return vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1] == '"othello/chip-total" = "off"'
    end)
    t.eq(vim.api.nvim_buf_get_lines(buf, 0, -1, false), { '[rules]', '"othello/chip-total" = "off"' }, 'after the fix')
    t.wait('no finding left', 10000, function()
      return #t.diagnostics(buf) == 0
    end)
    vim.bo[buf].modified = false
  end)

  t.test('settings: another TOML file gets no retroboard client', function()
    local other = t.edit(t.write(tmp .. '/settings/Cargo.toml', '[package]\nname = "x"\n'))
    local settings = t.edit(tmp .. '/settings/retroboard.toml')
    t.client(settings)
    t.eq(vim.lsp.get_clients({ bufnr = other, name = 'retroboard' }), {}, 'clients of Cargo.toml')
  end)
end
