-- The main Neovim suite: filetypes, diagnostics, hover, the live preview and tree-sitter
-- highlighting, against the real `retroboard lsp`.

return function(t)
  local tmp = assert(os.getenv('RETROBOARD_NVIM_TMP'), 'RETROBOARD_NVIM_TMP is not set')
  local fx = function(rel)
    return t.path('tests/fixtures/' .. rel)
  end

  ---------------------------------------------------------------------------------------------
  -- Filetype detection
  ---------------------------------------------------------------------------------------------

  -- Every fixture file (as tests/fixtures.rs walks them: no snapshots, no README.md, no
  -- retroboard.toml of a folder's settings).
  -- The extensions of the snapshots beside the fixtures (the Rust and VS Code suites read the list too).
  local snapshot_extensions = {}
  for _, line in ipairs(vim.fn.readfile(t.path('tests/support/snapshot-extensions.txt'))) do
    if line ~= '' then
      snapshot_extensions[vim.trim(line)] = true
    end
  end

  local function fixture_files()
    local files = {}
    for _, path in ipairs(vim.fn.globpath(t.path('tests/fixtures'), '**', false, true)) do
      local ext = path:match('%.([^./]+)$')
      local snapshot = ext ~= nil and snapshot_extensions[ext] == true
      if vim.fn.isdirectory(path) == 0 and not snapshot and vim.fn.fnamemodify(path, ':t') ~= 'README.md'
        and vim.fn.fnamemodify(path, ':t') ~= 'retroboard.toml' then
        files[#files + 1] = path
      end
    end
    table.sort(files)
    return files
  end
  local all = fixture_files()

  --- The format a fixture is written in: the family of the codes in its `.expected` (a fixture
  --- may be deliberately of another format than its folder's, as peg/syntax-v1.brd), else its
  --- folder (tests/fixtures/<family>/...).
  local function fixture_format(path)
    local rel = path:sub(#t.path('tests/fixtures/') + 1)
    local family = rel:match('^([^/]+)/')
    for line in vim.gsplit(t.read(path .. '.expected') or '', '\n', { plain = true }) do
      local code_family = line:match('^%d+:%d+%-%d+:%d+ %a+ (%a+)/')
      if code_family and code_family ~= 'retroboard' then
        family = code_family
        break
      end
    end
    if family == 'colossus' then
      local ext = path:match('%.(%a+)$')
      if not ext and rel:match('/Battlelands/[^/]+$') then
        return 'colossus-battleland'
      end
      return ext and ('colossus-' .. ext:lower()) or nil
    end
    return ({ crossmines = 'crossmines-pattern', patience = 'patience-game', othello = 'othello-bord', peg = 'peg-brd' })[family]
  end

  t.test('filetype: every fixture gets its format (' .. #all .. ' files, .pat/.brd sniffing included)', function()
    local wrong, seen = {}, {}
    for _, path in ipairs(all) do
      local want = fixture_format(path)
      if want then
        t.edit(path)
        seen[want] = true
        if vim.bo.filetype ~= want then
          wrong[#wrong + 1] = ('%s: expected %s, got %q'):format(path:sub(#t.path('tests/fixtures/') + 1), want, vim.bo.filetype)
        end
      end
    end
    t.eq(wrong, {}, 'filetypes')
    for _, ft in ipairs(require('retroboard').filetypes) do
      t.ok(seen[ft], 'a fixture of ' .. ft)
    end
    -- A snapshot beside a battleland has an extension: not a battleland.
    t.edit(fx('colossus/Tiny/Battlelands/Brush.expected'))
    t.ok(vim.bo.filetype ~= 'colossus-battleland', 'Battlelands/Brush.expected is not a battleland')
  end)

  -- The shared table of detection cases (tests/detection/cases.json), also run by the server
  -- (tests/detection.rs) and the VS Code extension (vscode-extension/test/detection.test.ts):
  -- each case is written to a file of its own and opened, so Neovim's own filetype matching
  -- (extension case, patterns, priorities) is part of what is tested.
  local cases = vim.json.decode(assert(t.read(t.path('tests/detection/cases.json'))))
  t.test('filetype: the shared detection table (' .. #cases .. ' cases)', function()
    local ours = {}
    for _, ft in ipairs(require('retroboard').filetypes) do
      ours[ft] = true
    end
    local dir = tmp .. '/detect'
    local wrong = {}
    for i, case in ipairs(cases) do
      local path = t.write(('%s/%03d/%s'):format(dir, i, case.path), case.text)
      local buf = t.edit(path)
      local got = vim.bo[buf].filetype
      local want = case.format ~= vim.NIL and case.format or nil
      local right = (want and got == want) or (not want and not ours[got])
      if not right then
        wrong[#wrong + 1] = ('%s (%s): expected %s, got %q'):format(case.path, case.why, want or 'none of ours', got)
      end
      vim.cmd('silent! bwipeout! ' .. buf)
    end
    t.ok(#cases >= 90, 'the table lost its cases')
    t.eq(wrong, {}, 'filetypes')
    -- vim.filetype.match without a buffer reads the file.
    local peg = t.write(dir .. '/match/d.brd', 'Mode: Normal\r\ny y e\r\n')
    t.eq(vim.filetype.match({ filename = peg }), 'peg-brd', 'vim.filetype.match on a file')
  end)

  t.test('filetype: Mac line endings are read as lines', function()
    local buf = t.edit(fx('othello/clean.bord'))
    t.eq(vim.bo[buf].fileformat, 'mac', 'fileformat of a CR-only .bord')
    t.ok(vim.api.nvim_buf_line_count(buf) >= 5, 'the board has its 5 lines')
    t.eq(vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1], '30', 'line 1')
    t.ok(not vim.o.fileformats:find('mac'), "'fileformats' is restored after the read")
  end)

  -- A save gives back every byte it did not change: a classic Mac BORD (CR line ends, © as Mac
  -- Roman 0xA9) and a Patience game as Notepad saved it (CRLF, "æøå" in Windows-1252).
  t.test('write: one typed character saves the original bytes plus that character', function()
    --- The byte offset where 1-based line `row` starts (lines end at CR, LF or CRLF).
    local function line_start(data, row)
      local at = 1
      for _ = 2, row do
        at = assert(data:find('[\r\n]', at), 'no line ' .. row)
        at = at + (data:sub(at, at + 1) == '\r\n' and 2 or 1)
      end
      return at - 1
    end
    local mysteriet = assert(t.read(t.path('examples/Mysteriet.pat')))
    local cases = {
      -- file, content, 1-based line, 0-based byte column (in the buffer), typed text, its bytes in the file, 'fileformat'
      { 'save/Opening.bord', assert(t.read(t.path('examples/Opening.bord'))), 5, 0, '!', '!', 'mac' },
      { 'save/Kabale.pat', 'Kabale \230\248\229' .. mysteriet:sub((mysteriet:find('\r\n', 1, true))), 1, 7, 'ø', '\248', 'dos' },
    }
    for _, case in ipairs(cases) do
      local file, content, row, col, typed, bytes, ff = unpack(case)
      local path = t.write(tmp .. '/' .. file, content)
      local buf = t.edit(path)
      t.eq(vim.bo[buf].fileformat, ff, file .. " 'fileformat'")
      vim.api.nvim_buf_set_text(buf, row - 1, col, row - 1, col, { typed })
      vim.cmd('silent write')
      local at = line_start(content, row) + col
      local want = content:sub(1, at) .. bytes .. content:sub(at + 1)
      local got = t.read(path)
      t.ok(got == want, ('%s after :write: %q, expected %q'):format(file, got, want))
    end
  end)

  -- Issue #40 item 13: each file opens in the encoding the server reads it in (server/src/text.rs
  -- `decode`): Mac Roman for a classic Mac BORD, Windows-1252 for a Patience game from Notepad.
  -- Latin-1, Neovim's own fallback, shows Mac Roman's ø (0xBF) as ¿ and ™ (0xAA) as ª.
  t.test('encoding: a CR-only BORD is Mac Roman (Stødle ™ shown, hovered; a typed é saved as 0x8E)', function()
    local clean = assert(t.read(fx('othello/clean.bord')))
    -- Line 5, the copyright, as Super Othello wrote it: © ø ™ in Mac Roman bytes.
    local content = clean:gsub('\169 1996 Yellow Lemon Software', '\169 1996 St\191dle \170')
    t.ok(content ~= clean, 'the copyright line was replaced')
    local path = t.write(tmp .. '/encoding/Stodle.bord', content)
    local buf = t.edit(path)
    t.eq(vim.bo[buf].fileformat, 'mac', "'fileformat'")
    t.eq(vim.api.nvim_buf_get_lines(buf, 4, 5, false)[1], '© 1996 Stødle ™', 'line 5 in the buffer')
    t.eq(vim.bo[buf].fileencoding, require('retroboard.encoding').vim_name('macroman'), "'fileencoding'")
    local hover = t.hover_text(t.hover(buf, 4, 0)) or ''
    t.ok(hover:find('© 1996 Stødle ™', 1, true), 'the hover shows the copyright: ' .. hover)
    -- Saved unchanged: the same bytes.
    vim.cmd('silent write')
    t.ok(t.read(path) == content, ('unchanged after :write: %q'):format(t.read(path)))
    -- A typed é is Mac Roman's 0x8E (Latin-1 would write 0xE9).
    local line = vim.api.nvim_buf_get_lines(buf, 4, 5, false)[1]
    vim.api.nvim_buf_set_text(buf, 4, #line, 4, #line, { 'é' })
    vim.cmd('silent write')
    local want = content:gsub('\170\r$', '\170\142\r')
    t.ok(t.read(path) == want, ('after typing é: %q, expected %q'):format(t.read(path), want))
    -- A character Mac Roman cannot hold is not written: the write fails, the file stays.
    vim.api.nvim_buf_set_text(buf, 4, 0, 4, 0, { '♠' })
    local notify, told = vim.notify, {}
    vim.notify = function(msg)
      told[#told + 1] = msg
    end
    local written = pcall(vim.cmd, 'silent write')
    vim.notify = notify
    t.ok(not written, 'the write of ♠ fails')
    t.ok(t.read(path) == want, ('the file after the refused write: %q'):format(t.read(path)))
    t.ok(told[1] and told[1]:find('♠', 1, true) and told[1]:find('line 5', 1, true), 'the user is told why: ' .. vim.inspect(told))
    vim.cmd('silent undo')
    vim.bo[buf].modified = false
  end)

  t.test('encoding: a Patience game in Windows-1252 (æøå, – and €) reads right and saves byte for byte', function()
    local mysteriet = assert(t.read(t.path('examples/Mysteriet.pat')))
    -- æ ø å – € as Notepad's "ANSI" wrote them: E6 F8 E5 96 80 (Latin-1 has no – or € there).
    local content = 'Kabale \230\248\229 \150 5 \128' .. mysteriet:sub((mysteriet:find('\r\n', 1, true)))
    local path = t.write(tmp .. '/encoding/Kabale.pat', content)
    local buf = t.edit(path)
    t.eq(vim.bo[buf].filetype, 'patience-game', 'filetype')
    t.eq(vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1], 'Kabale æøå – 5 €', 'line 1 in the buffer')
    vim.cmd('silent write')
    t.ok(t.read(path) == content, ('unchanged after :write: %q'):format(t.read(path):sub(1, 40)))
    local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
    vim.api.nvim_buf_set_text(buf, 0, #line, 0, #line, { '€' })
    vim.cmd('silent write')
    local want = content:gsub('\128\r\n', '\128\128\r\n', 1)
    t.ok(t.read(path) == want, ('after typing €: %q'):format(t.read(path):sub(1, 40)))
  end)

  t.test('encoding: ASCII gets its game encoding, UTF-8 stays UTF-8, Colossus is left alone', function()
    local cases = {
      -- file, content, typed at the end of line 1, its bytes, 'fileencoding' (an encoding name of ours or utf-8)
      { 'ascii.bord', assert(t.read(t.path('examples/Opening.bord'))):gsub('\169', '(c)'), 'é', '\142', 'macroman' },
      { 'ascii.pat', 'Kabale\r\n' .. assert(t.read(t.path('examples/Mysteriet.pat'))):match('\r\n(.*)$'), 'é', '\233', 'windows-1252' },
      { 'utf8.pat', 'Kabale \195\166\195\184\195\165\r\n' .. assert(t.read(t.path('examples/Mysteriet.pat'))):match('\r\n(.*)$'), 'é', '\195\169', 'utf-8' },
      { 'ascii.ter', assert(t.read(fx('colossus/Tiny/Tiny.ter'))), 'é', '\195\169', 'utf-8' },
    }
    for _, case in ipairs(cases) do
      local file, content, typed, bytes, enc = unpack(case)
      local path = t.write(tmp .. '/encoding/' .. file, content)
      local buf = t.edit(path)
      local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
      vim.api.nvim_buf_set_text(buf, 0, #line, 0, #line, { typed })
      vim.cmd('silent write')
      local eol = content:find('[\r\n]')
      local want = content:sub(1, eol - 1) .. bytes .. content:sub(eol)
      t.ok(t.read(path) == want, ('%s after typing %s: %q'):format(file, typed, t.read(path):sub(1, 40)))
      local want_fenc = enc == 'utf-8' and 'utf-8' or require('retroboard.encoding').vim_name(enc)
      t.eq(vim.bo[buf].fileencoding, want_fenc, file .. " 'fileencoding'")
    end
  end)

  ---------------------------------------------------------------------------------------------
  -- Diagnostics (the fixture's .expected findings, through the real server)
  ---------------------------------------------------------------------------------------------

  -- One broken file per format, with the finding (line and code) it must produce. Colossus uses
  -- its fixtures; the others are written here (CR, CRLF as the games wrote them). A code ending
  -- in `/` asserts the family only (an error of that family on that line).
  local bord_board = ('0'):rep(27) .. 'WB' .. ('0'):rep(6) .. 'BW' .. ('0'):rep(27)
  local broken = {
    {
      'crossmines-pattern',
      t.write(tmp .. '/broken/grid-width.pat', table.concat({ '3', 'Me', 'Test', 'A test.', '19', '19', '6', '6', '5', '5',
        '...11.', '22011.11', '22330.', '.03344', '.03344', '.03344', '' }, '\r\n')),
      { { 12, 'crossmines/grid-width' } },
    },
    {
      'patience-game',
      t.write(tmp .. '/broken/decks.pat', 'Test\r\n  9  1\r\n104 4 4 0 0 0 999 10 1 0 0\r\n'),
      { { 2, 'patience/' } },
    },
    {
      'othello-bord',
      t.write(tmp .. '/broken/chip-total.bord', '28\r5\rD4D5E4E5\r' .. bord_board .. '\r(c) me\r'),
      { { 1, 'othello/chip-total' } },
    },
    { 'peg-brd', t.write(tmp .. '/broken/invalid.brd', '1D~XX?XX!\r\nXXEXX\r\n'), { { 1, 'peg/' } } },
    { 'colossus-map', fx('colossus/Mistakes/Mistakes.map'), { { 2, 'colossus/size-out-of-range' }, { 4, 'colossus/unknown-exit' } } },
    { 'colossus-ter', fx('colossus/Broken/Broken.ter'), { { 1, 'colossus/syntax-error' }, { 3, 'colossus/tower-starters' } } },
    { 'colossus-ter', fx('colossus/NoTower/NoTower.ter'), { { 1, 'colossus/missing-tower' } } },
    {
      'colossus-ter',
      t.write(tmp .. '/broken/Acq/Acq.ter', (t.read(fx('colossus/Tiny/Tiny.ter')):gsub('500 Archangel', '250 Archangel'))),
      { { 5, 'colossus/acquirable-multiple' } },
    },
    { 'colossus-cre', fx('colossus/Mistakes/Mistakes.cre'), { { 1, 'colossus/missing-creature' } } },
    { 'colossus-battleland', fx('colossus/Mistakes/Battlelands/Brush'), { { 1, 'colossus/battle-position' }, { 2, 'colossus/battle-terrain' } } },
    { 'colossus-var', fx('colossus/VarErrors/VarErrors.var'), { { 2, 'colossus/missing-file' }, { 3, 'colossus/bad-file-name' } } },
  }
  for _, case in ipairs(broken) do
    local ft, path, want = case[1], case[2], case[3]
    t.test(('diagnostics: %s (%s)'):format(vim.fn.fnamemodify(path, ':t'), ft), function()
      local buf = t.edit(path)
      t.eq(vim.bo[buf].filetype, ft, 'filetype')
      local diags = t.diagnostics(buf)
      local got = {}
      for _, d in ipairs(diags) do
        t.eq(d.source, 'retroboard', 'diagnostic source')
        got[#got + 1] = ('%d %s %s'):format(d.lnum + 1, tostring(d.code), vim.diagnostic.severity[d.severity])
      end
      for _, w in ipairs(want) do
        local found = false
        for _, d in ipairs(diags) do
          local code = tostring(d.code)
          local match = w[2]:sub(-1) == '/' and (code:sub(1, #w[2]) == w[2] and d.severity == vim.diagnostic.severity.ERROR)
            or code == w[2]
          found = found or (d.lnum + 1 == w[1] and match)
        end
        t.ok(found, ('%s on line %d; the diagnostics (line code severity): %s'):format(w[2], w[1], vim.inspect(got)))
      end
    end)
  end

  -- Every fixture: the server's findings in Neovim are the `.expected` ones, whatever Neovim did
  -- to the text on reading (CRLF, lone CR, Windows-1252).
  t.test('diagnostics: every fixture matches its .expected (' .. #all .. ' files)', function()
    t.ok(#all >= 9, 'fixtures found')
    local wrong = {}
    for _, path in ipairs(all) do
      local rel = path:sub(#t.path('tests/fixtures/') + 1)
      -- tests/fixtures/retroboard/ holds files Retroboard does not read: no client attaches.
      local unread = rel:match('^retroboard/') ~= nil
      local buf = t.edit(path)
      local ft = vim.bo[buf].filetype
      local want = t.expected(path)
      if unread then
        if require('retroboard').languages[ft] then
          wrong[#wrong + 1] = ('%s: detected as %q, but Retroboard does not read it'):format(rel, ft)
        end
      elseif not require('retroboard').languages[ft] then
        wrong[#wrong + 1] = ('%s: filetype %q is not a Retroboard format'):format(rel, ft)
      else
        local got = t.render_diagnostics(buf, t.diagnostics(buf))
        -- Findings that take a search (whether a peg board can be won) come in a second
        -- publish of the same version, after the others.
        vim.wait(5000, function()
          got = t.render_diagnostics(buf, vim.diagnostic.get(buf))
          return vim.deep_equal(got, want)
        end, 20)
        if not vim.deep_equal(got, want) then
          wrong[#wrong + 1] = ('%s:\n  expected %s\n  got      %s'):format(rel, vim.inspect(want), vim.inspect(got))
        end
      end
    end
    t.eq(wrong, {}, 'fixtures whose diagnostics in Neovim differ from .expected')
  end)

  t.test('diagnostics: follow edits (versioned publish after didChange)', function()
    local buf = t.edit(fx('colossus/Tiny/Tiny.ter'))
    t.eq(#t.diagnostics(buf), 0, 'Tiny.ter is clean')
    -- Break the Brush line: `maybe` is not a boolean.
    vim.api.nvim_buf_set_text(buf, 0, 14, 0, 18, { 'maybe' })
    local diags = t.diagnostics(buf)
    local codes = {}
    for _, d in ipairs(diags) do
      codes[#codes + 1] = ('%d %s'):format(d.lnum + 1, d.code)
    end
    t.ok(vim.tbl_contains(codes, '1 colossus/syntax-error'), 'a syntax error on line 1, got ' .. vim.inspect(codes))
    vim.cmd('silent undo')
    t.eq(#t.diagnostics(buf), 0, 'clean again after undo')
    vim.bo[buf].modified = false
  end)

  -- Formatting (issue #21): a Patience game as Notepad saves it (CRLF), spaced anyhow.
  t.test('format: vim.lsp.buf.format lays out a Patience game (æøå and CRLF kept)', function()
    local messy = 'Kabale æøå\r\n2 2\r\n104 4 4 0 0 0 999 1 999 0 2\r\n0 4 108 0 2 2 999 1 0 0 0\r\n'
    local formatted = {
      'Kabale æøå',
      '  2   2',
      '104   4   4   0   0    0 999   1  999   0   2',
      '  0   4 108   0   2    2 999   1    0   0   0',
    }
    local path = t.write(tmp .. '/format/Kabale.pat', messy)
    local buf = t.edit(path)
    t.eq(vim.bo[buf].filetype, 'patience-game', 'filetype')
    t.eq(vim.bo[buf].fileformat, 'dos', 'CRLF read as dos')
    t.diagnostics(buf)
    -- A range: only the line it touches (line 3, 1-based).
    vim.lsp.buf.format({ bufnr = buf, name = 'retroboard', timeout_ms = 5000, range = { start = { 3, 0 }, ['end'] = { 3, 5 } } })
    t.eq(vim.api.nvim_buf_get_lines(buf, 0, -1, false), { 'Kabale æøå', '2 2', formatted[3], '0 4 108 0 2 2 999 1 0 0 0' }, 'range formatted')
    t.diagnostics(buf)
    -- The whole buffer.
    vim.lsp.buf.format({ bufnr = buf, name = 'retroboard', timeout_ms = 5000 })
    t.eq(vim.api.nvim_buf_get_lines(buf, 0, -1, false), formatted, 'formatted')
    vim.cmd('silent write')
    t.eq(t.read(path), table.concat(formatted, '\r\n') .. '\r\n', 'written with its CRLFs')
    -- Formatted already: no edit, the buffer untouched.
    t.diagnostics(buf)
    local tick = vim.b[buf].changedtick
    vim.lsp.buf.format({ bufnr = buf, name = 'retroboard', timeout_ms = 5000 })
    t.eq(vim.b[buf].changedtick, tick, 'changedtick after formatting a formatted buffer')
  end)

  t.test('lsp: vim.lsp.enable with lsp/retroboard.lua (cmd, root, encoding)', function()
    t.ok(vim.lsp.is_enabled and vim.lsp.is_enabled('retroboard'), 'vim.lsp.enable(retroboard) was called')
    local buf = t.edit(fx('colossus/Tiny/Tiny.map'))
    local client = t.client(buf)
    t.eq(client.config.cmd, { os.getenv('RETROBOARD_BIN'), 'lsp' }, 'cmd from setup()')
    t.eq(client.config.root_dir, t.repo, 'root: the git checkout')
    t.eq(client.offset_encoding, 'utf-8', 'negotiated position encoding')
    local served = vim.list_extend(vim.deepcopy(require('retroboard').filetypes), { 'toml' })
    t.eq(vim.lsp.config.retroboard.filetypes, served, 'filetypes (toml: retroboard.toml)')
  end)

  t.test('lsp: the filetype is the languageId (a .txt set to othello-bord)', function()
    local path = t.write(tmp .. '/languageid/board.txt', '28\r5\rD4D5E4E5\r' .. bord_board .. '\r(c) me\r')
    local buf = t.edit(path)
    t.eq(vim.bo[buf].filetype, 'text', 'detected as text')
    vim.bo[buf].filetype = 'othello-bord'
    local codes = {}
    for _, d in ipairs(t.diagnostics(buf)) do
      codes[#codes + 1] = d.code
    end
    t.ok(vim.tbl_contains(codes, 'othello/chip-total'), 'othello/chip-total reported, got ' .. vim.inspect(codes))
  end)

  local corpus = os.getenv('RETROBOARD_CORPUS')
  if not corpus or corpus == '' then
    corpus = vim.fn.fnamemodify(t.repo .. '/../shared/corpus', ':p')
  end
  corpus = corpus:gsub('/$', '')
  t.test('corpus: colossus/Default opens clean (' .. corpus .. ')', function()
    local default = corpus .. '/colossus/Default'
    if vim.fn.isdirectory(default) == 0 then
      if os.getenv('CI') and os.getenv('CI') ~= '' then
        t.fail('the corpus is missing: ' .. default .. ' (set RETROBOARD_CORPUS)')
      end
      t.out('     (skipped: no corpus at ' .. default .. ')')
      return
    end
    local files = {
      { 'Default.var', 'colossus-var' },
      { 'Default.map', 'colossus-map' },
      { 'Default.ter', 'colossus-ter' },
      { 'Default.cre', 'colossus-cre' },
      { 'Battlelands/Tower', 'colossus-battleland' },
      { 'Battlelands/Mountains', 'colossus-battleland' },
    }
    local wrong = {}
    for _, f in ipairs(files) do
      local buf = t.edit(default .. '/' .. f[1])
      if vim.bo[buf].filetype ~= f[2] then
        wrong[#wrong + 1] = ('%s: filetype %q, expected %s'):format(f[1], vim.bo[buf].filetype, f[2])
      end
      for _, d in ipairs(t.diagnostics(buf)) do
        if d.severity <= vim.diagnostic.severity.WARN then
          wrong[#wrong + 1] = ('%s:%d %s %s'):format(f[1], d.lnum + 1, tostring(d.code), d.message)
        end
      end
    end
    t.eq(wrong, {}, 'corpus files: filetype and no errors or warnings')
  end)

  ---------------------------------------------------------------------------------------------
  -- Hover
  ---------------------------------------------------------------------------------------------

  t.test('hover: Tiny.ter line 1 col 23 is the Gargoyle', function()
    local buf = t.edit(fx('colossus/Tiny/Tiny.ter'))
    local text = t.hover_text(t.hover(buf, 0, 22))
    t.ok(text, 'a hover result')
    t.eq(text:sub(1, #'**Gargoyle**'), '**Gargoyle**', 'hover starts with')
  end)

  -- Every `.hover` snapshot in the fixtures: `@ L:C`, the range `L:C-L:C`, then the markdown,
  -- 1-based, columns in characters. Positions without a hover (`(none)`) are not asserted.
  local snapshots = vim.fn.globpath(t.path('tests/fixtures'), '**/*.hover', false, true)
  table.sort(snapshots)
  t.test('hover: every .hover snapshot (' .. #snapshots .. ' files)', function()
    t.ok(#snapshots > 0, 'hover snapshots exist')
    local wrong, checked = {}, 0
    for _, snapshot in ipairs(snapshots) do
      local source = snapshot:gsub('%.hover$', '')
      local buf = t.edit(source)
      local data = t.read(snapshot)
      for block in (data .. '\n@ '):gmatch('@ (.-)\n%f[@]') do
        local line, col, rest = block:match('^(%d+):(%d+)\n(.*)$')
        if line and not rest:match('^%(none%)') then
          local range, text = rest:match('^(%S+)\n(.-)%s*$')
          local row = tonumber(line) - 1
          local l = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1] or ''
          local result = t.hover(buf, row, vim.fn.byteidx(l, tonumber(col) - 1))
          local got = t.hover_text(result)
          -- How often a Patience game is won depends on how far the server's background study
          -- of its deals got: not part of a snapshot.
          if got then
            got = got:gsub('[\\%s]*%*%*How often it is won%*%*.*$', '')
          end
          local where = ('%s @ %s:%s'):format(vim.fn.fnamemodify(source, ':t'), line, col)
          checked = checked + 1
          if not got then
            wrong[#wrong + 1] = where .. ': no hover'
          elseif vim.trim(got) ~= text then
            wrong[#wrong + 1] = ('%s:\n  expected %q\n  got      %q'):format(where, text, vim.trim(got))
          elseif result.range then
            local r = result.range
            local got_range = ('%d:%d-%d:%d'):format(r.start.line + 1, r.start.character + 1, r['end'].line + 1, r['end'].character + 1)
            if got_range ~= range and vim.fn.strchars(l) == #l then
              wrong[#wrong + 1] = ('%s: range %s, expected %s'):format(where, got_range, range)
            end
          end
        end
      end
    end
    t.ok(checked > 0, 'some hover positions were checked')
    t.eq(wrong, {}, ('hover texts (%d positions)'):format(checked))
  end)

  ---------------------------------------------------------------------------------------------
  -- :RetroboardPreview
  ---------------------------------------------------------------------------------------------

  t.test(':RetroboardPreview shows the board and follows edits', function()
    vim.cmd('silent! only')
    local src = t.edit(fx('colossus/Tiny/Tiny.map'))
    t.client(src)
    vim.cmd('RetroboardPreview')
    local preview = require('retroboard.preview')
    local pbuf = t.wait('the preview buffer', 5000, function()
      return preview.buffer(src)
    end)
    t.ok(vim.fn.bufwinid(pbuf) ~= -1, 'the preview is shown in a window')
    t.eq(#vim.api.nvim_list_wins(), 2, 'a split opened')
    t.eq(vim.api.nvim_get_current_buf(), src, 'the cursor stays in the source')
    t.eq(vim.bo[pbuf].buftype, 'nofile', 'the preview is a scratch buffer')
    t.wait('the title "Tiny.map — masterboard, 8 hexes, 6 towers"', 10000, function()
      return vim.api.nvim_buf_get_lines(pbuf, 0, 1, false)[1] == 'Tiny.map — masterboard, 8 hexes, 6 towers'
    end)
    local lines = vim.api.nvim_buf_get_lines(pbuf, 0, -1, false)
    t.ok(table.concat(lines, '\n'):find('B Brush · T Tower', 1, true), 'the legend is drawn: ' .. table.concat(lines, '\n'))

    -- Type a seventh tower in insert mode, as a person would.
    vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(src), 0 })
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('Go700 T 0 ARROW 0 ARROW 0 ARROW 13 1<Esc>', true, false, true), 'xt', false)
    t.eq(vim.api.nvim_buf_get_lines(src, -2, -1, false)[1], '700 T 0 ARROW 0 ARROW 0 ARROW 13 1', 'the line was typed')
    t.wait('the title to say 9 hexes, 7 towers', 10000, function()
      return vim.api.nvim_buf_get_lines(pbuf, 0, 1, false)[1] == 'Tiny.map — masterboard, 9 hexes, 7 towers'
    end)
    t.ok(table.concat(vim.api.nvim_buf_get_lines(pbuf, 0, -1, false), '\n'):find('700', 1, true), 'the new hex is drawn')

    -- Several quick edits in insert mode: the preview settles on the last text.
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('dd', true, false, true), 'xt', false)
    t.wait('the title to go back to 8 hexes, 6 towers', 10000, function()
      return vim.api.nvim_buf_get_lines(pbuf, 0, 1, false)[1] == 'Tiny.map — masterboard, 8 hexes, 6 towers'
    end)
    vim.bo[src].modified = false
    -- Closing the preview window wipes the scratch buffer.
    vim.api.nvim_win_close(vim.fn.bufwinid(pbuf), true)
    t.wait('the preview buffer to be wiped', 2000, function()
      return not vim.api.nvim_buf_is_valid(pbuf)
    end)
  end)

  t.test('<CR> on a hex in the text preview selects its text in the source (retroboard.revealSource)', function()
    vim.cmd('silent! only')
    local src = t.edit(fx('colossus/Tiny/Tiny.map'))
    t.client(src)
    vim.cmd('RetroboardPreview')
    local preview = require('retroboard.preview')
    local pbuf = t.wait('the preview buffer', 5000, function()
      return preview.buffer(src)
    end)
    -- Hex 200's label in the drawing (its record is line 4 of the file).
    local at = t.wait('hex 200 drawn', 10000, function()
      for i, line in ipairs(vim.api.nvim_buf_get_lines(pbuf, 0, -1, false)) do
        local col = line:find('%f[%d]200%f[%D]')
        if i > 1 and col then
          return { i, col - 1 }
        end
      end
    end)
    local pwin = vim.fn.bufwinid(pbuf)
    vim.api.nvim_set_current_win(pwin)
    vim.api.nvim_win_set_cursor(pwin, at)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<CR>', true, false, true), 'xt', false)
    t.wait('the source window at hex 200', 10000, function()
      return vim.api.nvim_get_current_buf() == src and vim.api.nvim_win_get_cursor(0)[1] == 4
    end)
    -- The element's range as the server maps it (end exclusive; utf-8 columns, ASCII here).
    local answer = t.client(src):request_sync('retroboard/preview', { textDocument = { uri = vim.uri_from_bufnr(src) } }, 5000, src)
    local range
    for _, e in ipairs(answer.result.sourceMap) do
      range = e.id == 'hex:200' and e.range or range
    end
    t.ok(range and range.start.line == 3, 'hex 200 is mapped to line 4: ' .. vim.inspect(range))
    local last = range['end'].character > 0 and { range['end'].line, range['end'].character - 1 }
      or { range['end'].line - 1, #vim.api.nvim_buf_get_lines(src, range['end'].line - 1, range['end'].line, false)[1] - 1 }
    t.wait('visual mode in the source', 5000, function()
      return vim.fn.mode() == 'v'
    end)
    local v, dot = vim.fn.getpos('v'), vim.fn.getpos('.')
    t.eq({ { v[2] - 1, v[3] - 1 }, { dot[2] - 1, dot[3] - 1 } }, { { range.start.line, range.start.character }, last },
      'the selection (0-based start, last character) is hex 200\'s text')
    t.eq(#vim.api.nvim_list_wins(), 2, 'no window opened')
    vim.api.nvim_feedkeys(vim.keycode('<Esc>'), 'nx', false)
    t.eq(vim.fn.mode(), 'n', 'normal mode again')
    vim.api.nvim_win_close(pwin, true)
  end)

  -- Board edits from the text preview (retroboard.editBoard): each file a copy of a project
  -- file, saved with :write, its bytes what tests/board-edits/ holds (the VS Code suite's too).
  local function board_copy(from, name)
    return t.write(tmp .. '/board-edit/' .. name, assert(t.read(t.path(from))))
  end
  local function expected_edit(name)
    return assert(t.read(t.path('tests/board-edits/' .. name)))
  end
  local function write_and_read(src, path)
    vim.api.nvim_buf_call(src, function()
      vim.cmd('silent write')
    end)
    return t.read(path)
  end
  --- The text preview of `src` opened, drawn from its current version.
  local function edit_preview(src)
    t.client(src)
    vim.cmd('RetroboardPreview')
    local preview = require('retroboard.preview')
    local pbuf = t.wait('the preview buffer', 5000, function()
      return preview.buffer(src)
    end)
    return preview, pbuf, vim.fn.bufwinid(pbuf)
  end
  --- The notifications made while `fn(messages)` runs ({msg, level}; vim.notify put back whatever
  --- happens).
  local function notifications(fn)
    local messages = {}
    local notify = vim.notify
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
    local ok, err = pcall(fn, messages)
    vim.notify = notify
    assert(ok, err)
    return messages
  end
  --- Waits for the preview to draw the buffer's current version, then puts the preview's cursor
  --- on element `id` and types `keys` there.
  local function keys_on(preview, src, pwin, id, keys)
    local at = t.wait(id .. ' drawn from the current text', 10000, function()
      return preview.drawn(src) == vim.lsp.util.buf_versions[src] and preview.place(src, id)
    end)
    vim.api.nvim_set_current_win(pwin)
    vim.api.nvim_win_set_cursor(pwin, at)
    vim.api.nvim_feedkeys(keys, 'xt', false)
  end

  t.test('board edit: s in the text preview makes a peg hole a stone, :RetroboardEdit goal in the source moves the goal; bytes as expected; u undoes', function()
    vim.cmd('silent! only')
    local path = board_copy('examples/English Standard.brd', 'Edit.brd')
    local original = t.read(path)
    local src = t.edit(path)
    local preview, _, pwin = edit_preview(src)
    keys_on(preview, src, pwin, 'hole:3:3', 's')
    t.wait('the centre a stone (and still the goal)', 5000, function()
      return vim.api.nvim_buf_get_lines(src, 5, 6, false)[1] == 'y y y Y y y y'
    end)
    t.eq(vim.api.nvim_win_get_cursor(pwin), preview.place(src, 'hole:3:3'), 'the preview cursor stays on the hole once redrawn')
    t.eq(write_and_read(src, path), expected_edit('hole-stone.brd.after'), 'the file after s')
    -- In the source: the hole on line 5, column 7 (hole:2:3); completion offers what it can become.
    vim.api.nvim_set_current_win(vim.fn.bufwinid(src))
    vim.api.nvim_win_set_cursor(0, { 5, 6 })
    t.wait('the preview of the saved board', 5000, function()
      return preview.drawn(src) == vim.lsp.util.buf_versions[src]
    end)
    t.eq(vim.fn.getcompletion('RetroboardEdit ', 'cmdline'), { 'stone:green', 'stone:red', 'empty', 'none', 'goal' }, 'completion on hole:2:3')
    t.eq(vim.fn.getcompletion('RetroboardEdit st', 'cmdline'), { 'stone:green', 'stone:red' }, 'completion of st')
    vim.cmd('RetroboardEdit goal')
    t.wait('the goal moved up', 5000, function()
      return vim.api.nvim_buf_get_lines(src, 4, 6, false)[1] == 'y y y Y y y y'
    end)
    t.eq(write_and_read(src, path), expected_edit('hole-goal.brd.after'), 'the file after :RetroboardEdit goal')
    -- Each edit is one undo step.
    local function undo()
      vim.api.nvim_buf_call(src, function()
        vim.cmd('silent undo')
      end)
    end
    undo()
    t.eq(write_and_read(src, path), expected_edit('hole-stone.brd.after'), 'the file after u')
    undo()
    t.eq(write_and_read(src, path), original, 'the file after u u')
    vim.api.nvim_win_close(pwin, true)
  end)

  t.test(':RetroboardPlay: a peg board won by typing the jumps; a jump that is none is refused with its rule; u undoes', function()
    vim.cmd('silent! only')
    local path = board_copy('tests/play/peg/ten-jumps.brd', 'Play.brd')
    local src = t.edit(path)
    t.client(src)
    local play = require('retroboard.play')
    vim.cmd('RetroboardPlay')
    local started = t.wait('the game started', 10000, function()
      local s = play.state(src)
      return s and s.status == 'playing' and s
    end)
    t.eq(started.legal, { '1,2-1,4', '1,2-3,2', '1,3-1,1', '2,3-2,1', '3,3-3,5', '3,4-3,2', '3,4-1,4', '4,4-4,2' }, 'the jumps at the start')
    local pbuf = started.buf
    local lines = vim.api.nvim_buf_get_lines(pbuf, 0, -1, false)
    t.eq(lines[4], '    1 2 3 4 5', 'the columns numbered above the board')
    t.eq(lines[5], '  1 o y y o o', 'row 1 of the board, numbered')
    -- (1,2) to (1,5) is no jump: refused with its rule, nothing played.
    local said = notifications(function()
      vim.cmd('RetroboardPlay 1,2-1,5')
      t.wait('the jump refused', 10000, function()
        return play.state(src).refused
      end)
    end)
    t.eq(play.state(src).refused.rule, 'a stone jumps two holes across or down: (1,2) to (1,5) is no such jump', 'the rule')
    t.eq(play.state(src).moves, {}, 'no move played')
    t.ok(said[1] and said[1].msg:find('1,2-1,5 is not allowed: a stone jumps two holes', 1, true), 'the refusal notified')
    local jumps = { '1,2-3,2', '4,4-4,2', '4,2-2,2', '3,4-3,2', '1,3-3,3', '2,5-2,3', '2,2-2,4', '3,2-3,4', '2,4-4,4', '4,5-4,3' }
    for n, jump in ipairs(jumps) do
      vim.cmd('RetroboardPlay ' .. jump)
      t.wait(('jump %d played'):format(n), 10000, function()
        local s = play.state(src)
        return #s.moves == n and s.shown == s.seq and not s.refused
      end)
      if n == 3 then
        -- u in the play buffer takes the jump back; <C-r> plays it again.
        vim.api.nvim_set_current_win(vim.fn.bufwinid(pbuf))
        vim.api.nvim_feedkeys('u', 'xt', false)
        t.wait('the jump undone', 10000, function()
          local s = play.state(src)
          return #s.moves == 2 and s.shown == s.seq and s
        end)
        vim.api.nvim_feedkeys(vim.keycode('<C-r>'), 'xt', false)
        t.wait('the jump redone', 10000, function()
          local s = play.state(src)
          return #s.moves == 3 and s.shown == s.seq
        end)
        vim.api.nvim_set_current_win(vim.fn.bufwinid(src))
      end
    end
    local won = play.state(src)
    t.eq(won.status, 'won', 'the game ends won')
    t.eq(won.message, 'Won in 10 jumps: one stone left at (4,3); 200 points.', 'the end')
    local shown = vim.api.nvim_buf_get_lines(pbuf, 0, -1, false)
    t.ok(vim.tbl_contains(shown, 'Won in 10 jumps: one stone left at (4,3); 200 points.'), 'the play buffer says so')
    vim.api.nvim_buf_delete(pbuf, { force = true })
    t.eq(play.state(src), nil, 'closing the play buffer ends the game')
  end)

  t.test(':RetroboardPlay: the play buffer shows the headline the server sends (how often a Patience game is won) under the position', function()
    local play = require('retroboard.play')
    local rate = 'Won 8 of 20 deals (seeds 1–20), 0 proven lost, 12 unknown within 5,000 positions each.'
    local result = { text = '7♣ 8♥\n', message = 'Deal 1: 52 cards to play.', moves = { '7>9', 's' }, headline = rate }
    t.eq(play.lines(result, { moves = {} }), {
      '7♣ 8♥', '', 'Deal 1: 52 cards to play.', rate, 'moves: 7>9 s', '',
      'm: a move  u: undo  <C-r>: redo  R: restart  ?: hint  q: close',
    }, 'the lines with a headline')
    result.headline = nil
    t.ok(not vim.tbl_contains(play.lines(result, { moves = {} }), rate), 'none without one')
  end)

  t.test('board edit: r{char} in the text preview paints three Crossmines cells; bytes as expected; u undoes; r names what the square offers when it is that already', function()
    vim.cmd('silent! only')
    local path = board_copy('tests/edits/crossmines/cell-letter.pat', 'Paint.pat')
    local original = t.read(path)
    local src = t.edit(path)
    local preview, _, pwin = edit_preview(src)
    -- Row 1 of the grid is line 12: `22011.`.
    for column, keys in ipairs({ 'ra', 'rA', 'rA' }) do
      keys_on(preview, src, pwin, 'square:1:' .. (column - 1), keys)
      t.wait(('cell %d painted'):format(column), 5000, function()
        return vim.api.nvim_buf_get_lines(src, 11, 12, false)[1]:sub(1, column) == ('A'):rep(column)
      end)
    end
    t.eq(write_and_read(src, path), expected_edit('paint-three-cells.pat.after'), 'the file after three cells')
    -- One undo step per cell.
    for undone = 1, 3 do
      vim.api.nvim_buf_call(src, function()
        vim.cmd('silent undo')
      end)
      t.eq(vim.api.nvim_buf_get_lines(src, 11, 12, false)[1]:sub(1, 3), ('A'):rep(3 - undone) .. ('220'):sub(4 - undone), ('after %d × u'):format(undone))
    end
    t.eq(write_and_read(src, path), original, 'the file after u u u')
    -- What the square already is is not offered: the server's answer is shown.
    local messages = notifications(function()
      keys_on(preview, src, pwin, 'square:1:0', 'r2')
    end)
    t.eq(messages[#messages] and messages[#messages].msg, 'retroboard: square:1:0 offers ' .. table.concat(vim.tbl_map(function(c)
      return 'cell:' .. c
    end, vim.split('1 3 4 5 6 7 8 9 A B C D E F G H I J K L M N O P Q R S T U V W X Y Z 0 . - #', ' ')), ', '), 'r2 on a 2')
    t.eq(t.read(path), original, 'nothing changed')
    vim.api.nvim_win_close(pwin, true)
  end)

  t.test('board edit: rb on an Othello square the server will not change shows its reason; the file is kept', function()
    vim.cmd('silent! only')
    local from = 'tests/edits/othello/refused-used.bord'
    local path = board_copy(from, 'Refused.bord')
    local original = t.read(path)
    local src = t.edit(path)
    local preview, _, pwin = edit_preview(src)
    local messages = notifications(function(messages)
      keys_on(preview, src, pwin, 'square:C4', 'rb')
      t.wait('the refusal', 5000, function()
        return #messages > 0
      end)
    end)
    local reason = vim.trim(assert(t.read(t.path(from .. '.refused'))))
    t.eq(messages[1], { msg = 'retroboard: square:C4 not changed: ' .. reason, level = vim.log.levels.ERROR }, 'the message')
    t.eq(vim.bo[src].modified, false, 'the buffer is not changed')
    t.eq(t.read(path), original, 'the file is kept')
    vim.api.nvim_win_close(pwin, true)
  end)

  t.test('the source cursor highlights its hex in the text preview (CursorMoved, extmarks)', function()
    vim.cmd('silent! only')
    local src = t.edit(fx('colossus/Tiny/Tiny.map'))
    t.client(src)
    vim.cmd('RetroboardPreview')
    local preview = require('retroboard.preview')
    local pbuf = t.wait('the preview buffer', 5000, function()
      return preview.buffer(src)
    end)
    t.wait('hex 200 drawn', 10000, function()
      for i, line in ipairs(vim.api.nvim_buf_get_lines(pbuf, 0, -1, false)) do
        if i > 1 and line:find('%f[%d]200%f[%D]') then
          return true
        end
      end
    end)
    local swin = vim.fn.bufwinid(src)
    vim.api.nvim_set_current_win(swin)
    -- Line 4 is hex 200's record; the cursor on its exits is still in the hex.
    vim.api.nvim_win_set_cursor(swin, { 4, 10 })
    vim.api.nvim_exec_autocmds('CursorMoved', { buffer = src })
    t.eq(preview.highlighted(src), { 'hex:200' }, 'highlighted on line 4')
    local marks = vim.api.nvim_buf_get_extmarks(pbuf, preview.ns, 0, -1, { details = true })
    t.eq(#marks, 2, 'hex 200 takes two cells of the drawing (shape and label)')
    local texts = {}
    for _, m in ipairs(marks) do
      local line = vim.api.nvim_buf_get_lines(pbuf, m[2], m[2] + 1, false)[1]
      t.eq(m[4].hl_group, 'RetroboardPreviewCursor', 'the highlight group')
      table.insert(texts, vim.trim(line:sub(m[3] + 1, m[4].end_col)))
    end
    t.eq(texts, { '▼T', '200' }, 'the marked cells')
    -- Moving on follows the cursor; a comment line is in no element.
    vim.api.nvim_win_set_cursor(swin, { 9, 0 })
    vim.api.nvim_exec_autocmds('CursorMoved', { buffer = src })
    t.eq(preview.highlighted(src), { 'hex:1' }, 'highlighted on line 9')
    vim.api.nvim_win_set_cursor(swin, { 2, 3 })
    vim.api.nvim_exec_autocmds('CursorMoved', { buffer = src })
    t.eq(preview.highlighted(src), {}, 'nothing highlighted on the comment')
    t.eq(#vim.api.nvim_buf_get_extmarks(pbuf, preview.ns, 0, -1, {}), 0, 'no extmarks left')
    vim.api.nvim_win_close(vim.fn.bufwinid(pbuf), true)
  end)

  t.test(':RetroboardPreview deal SEED deals a Patience game, deal deals again', function()
    vim.cmd('silent! only')
    local src = t.edit(fx('patience/Mysteriet.pat'))
    t.client(src)
    vim.cmd('RetroboardPreview deal 42')
    local preview = require('retroboard.preview')
    local pbuf = t.wait('the preview buffer', 5000, function()
      return preview.buffer(src)
    end)
    t.wait('the title of deal 42', 10000, function()
      return vim.api.nvim_buf_get_lines(pbuf, 0, 1, false)[1] == 'Mysteriet — 2 decks, 34 piles — deal 42'
    end)
    local text = table.concat(vim.api.nvim_buf_get_lines(pbuf, 0, -1, false), '\n')
    t.ok(text:find('Deal 42 (2 decks', 1, true), 'the deal is told: ' .. text:sub(1, 200))
    t.ok(text:find('♠', 1, true) and text:find('♥', 1, true), 'cards are named by value and suit')
    vim.cmd('RetroboardPreview deal')
    t.wait('another deal', 10000, function()
      local title = vim.api.nvim_buf_get_lines(pbuf, 0, 1, false)[1] or ''
      return title:find(' — deal ', 1, true) and title ~= 'Mysteriet — 2 decks, 34 piles — deal 42'
    end)
    vim.cmd('RetroboardPreview text')
    t.wait('the table undealt', 10000, function()
      return vim.api.nvim_buf_get_lines(pbuf, 0, 1, false)[1] == 'Mysteriet — 2 decks, 34 piles'
    end)
    vim.api.nvim_win_close(vim.fn.bufwinid(pbuf), true)
  end)

  t.test(':RetroboardPreview tells under the title how often a Patience game is won', function()
    vim.cmd('silent! only')
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    -- Every deal won: the stock onto four foundations, over and over.
    vim.fn.writefile({
      'Quick',
      '  1   6',
      ' 52   4   4   0   0    0 999   1   999   0     2',
      '  0  83   4   0   0    2 999   1     0   0     0',
      '  0 241   4   0   0    2  13   1     1 901   106',
      '  0 320   4   0   0    2  13   1     1 901   106',
      '  0 399   4   0   0    2  13   1     1 901   106',
      '  0 478   4   0   0    2  13   1     1 901   106',
    }, dir .. '/Quick.pat')
    local src = t.edit(dir .. '/Quick.pat')
    t.client(src)
    vim.cmd('RetroboardPreview')
    local preview = require('retroboard.preview')
    local pbuf = t.wait('the preview buffer', 5000, function()
      return preview.buffer(src)
    end)
    local rate = 'Won 20 of 20 deals (seeds 1–20), 0 proven lost, 0 unknown within 5,000 positions each.'
    t.wait('the win rate under the title', 60000, function()
      local lines = vim.api.nvim_buf_get_lines(pbuf, 0, 2, false)
      return lines[1] == 'Quick — 1 deck, 6 piles' and lines[2] == rate
    end)
    vim.api.nvim_win_close(vim.fn.bufwinid(pbuf), true)
  end)

  t.test(':RetroboardPreview svg writes the SVG and opens it', function()
    vim.cmd('silent! only')
    local opened = {}
    require('retroboard.preview').options.open = function(path)
      opened[#opened + 1] = path
    end
    local src = t.edit(fx('colossus/Tiny/Tiny.map'))
    t.client(src)
    vim.cmd('RetroboardPreview svg')
    t.wait('the SVG opener to be called', 10000, function()
      return opened[1]
    end)
    t.eq(#vim.api.nvim_list_wins(), 1, 'no split for svg')
    local svg = t.read(opened[1]) or ''
    t.ok(opened[1]:match('%.svg$'), 'a .svg file: ' .. opened[1])
    t.ok(svg:find('<svg', 1, true), 'the file holds an SVG: ' .. svg:sub(1, 80))
    t.ok(svg:find('</svg>', 1, true), 'the SVG is complete')
  end)

  ---------------------------------------------------------------------------------------------
  -- Tree-sitter: build the parsers, then highlighting starts by itself
  ---------------------------------------------------------------------------------------------

  t.test('treesitter: build the parsers and highlight every format', function()
    vim.cmd('silent! only')
    local parsers = require('retroboard.parsers')
    -- A buffer open before the build gets highlighting once the parsers exist.
    local early = t.edit(fx('colossus/Tiny/Tiny.var'))
    t.ok(not vim.treesitter.highlighter.active[early], 'no highlighter before the parsers exist')

    local dir = tmp .. '/parser'
    local ok, messages = parsers.build({ dir = dir, sync = true })
    t.ok(ok, 'the parsers compile: ' .. table.concat(messages or {}, '\n'))
    for _, lang in pairs(require('retroboard').languages) do
      t.ok(vim.fn.filereadable(dir .. '/' .. lang .. '.so') == 1, lang .. '.so built')
    end
    t.ok(vim.treesitter.highlighter.active[early], 'the open buffer is highlighted after the build')

    local cases = {
      -- file, 0-based row, byte col, expected capture
      { 'crossmines/clean.pat', 2, 0, 'markup.heading' },
      { 'crossmines/clean.pat', 10, 0, 'punctuation.delimiter' },
      { 'patience/clean.pat', 0, 0, 'markup.heading' },
      { 'patience/clean.pat', 1, 2, 'constant' },
      { 'othello/clean.bord', 0, 0, 'number' },
      { 'othello/clean.bord', 2, 0, 'string.special' },
      { 'colossus/Tiny/Tiny.map', 2, 0, 'label' },
      { 'colossus/Tiny/Tiny.map', 2, 4, 'type' },
      { 'colossus/Tiny/Tiny.map', 1, 0, 'comment' },
      { 'colossus/Tiny/Tiny.ter', 0, 8, 'type' },
      { 'colossus/Tiny/Tiny.ter', 4, 0, 'keyword' },
      { 'colossus/Tiny/Tiny.cre', 0, 0, 'comment' },
      { 'colossus/Tiny/Tiny.cre', 1, 0, 'type' },
      { 'colossus/Tiny/Tiny.cre', 1, 10, 'number' },
      { 'colossus/Tiny/Battlelands/Brush', 1, 0, 'number' },
      { 'colossus/Tiny/Battlelands/Brush', 1, 4, 'type' },
      { 'colossus/Tiny/Tiny.var', 0, 0, 'keyword' },
      { 'colossus/Tiny/Tiny.var', 0, 4, 'string.special' },
      { 'peg/clean-v2.brd', 0, 0, 'keyword' },
      { 'peg/clean-v1.brd', 0, 1, 'constant' },
    }
    local wrong = {}
    for _, case in ipairs(cases) do
      local buf = t.edit(fx(case[1]))
      if not vim.treesitter.highlighter.active[buf] then
        wrong[#wrong + 1] = case[1] .. ': no tree-sitter highlighter'
      else
        vim.treesitter.get_parser(buf):parse(true)
        local names = {}
        for _, cap in ipairs(vim.treesitter.get_captures_at_pos(buf, case[2], case[3])) do
          names[#names + 1] = cap.capture
        end
        if not vim.tbl_contains(names, case[4]) then
          wrong[#wrong + 1] = ('%s %d:%d: expected @%s, got %s'):format(case[1], case[2], case[3], case[4], vim.inspect(names))
        end
      end
    end
    t.eq(wrong, {}, 'highlight captures')
    -- The highlighter draws with the query from this plugin's queries/ folder.
    local query = vim.treesitter.query.get('colossus_ter', 'highlights')
    t.ok(query, 'the colossus_ter highlights query loads')
    local files = vim.api.nvim_get_runtime_file('queries/colossus_ter/highlights.scm', true)
    t.ok(files[1] and files[1]:find(t.repo .. '/nvim/queries/', 1, true), 'the query comes from nvim/queries: ' .. vim.inspect(files))
  end)

  t.test(':checkhealth retroboard', function()
    vim.cmd('silent! only')
    vim.cmd('checkhealth retroboard')
    local report = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
    vim.cmd('silent! bwipeout!')
    t.ok(report:find('all nine parsers load', 1, true), 'parsers reported: ' .. report)
    t.ok(report:find('retroboard 0', 1, true) or report:find('retroboard ', 1, true), 'server version reported')
    t.ok(not report:find('ERROR', 1, true), 'no ERROR in: ' .. report)
    t.ok(report:find('Mac Roman files open with fileencoding=macintosh', 1, true), 'the Mac Roman conversion reported: ' .. report)
  end)

  t.test(':RetroboardBuildParsers (async) builds into a folder', function()
    local dir = tmp .. '/parser-async'
    local notified = {}
    local notify = vim.notify
    vim.notify = function(msg, level)
      notified[#notified + 1] = { msg, level }
    end
    local ok, err = pcall(function()
      vim.cmd('RetroboardBuildParsers ' .. vim.fn.fnameescape(dir))
      t.wait('the build to report', 60000, function()
        return notified[1]
      end)
    end)
    vim.notify = notify
    t.ok(ok, tostring(err))
    t.eq(notified[1][2], vim.log.levels.INFO, 'build result level (' .. notified[1][1] .. ')')
    t.ok(notified[1][1]:find('built 9 parsers', 1, true), notified[1][1])
    t.eq(#vim.fn.glob(dir .. '/*.so', false, true), 9, 'parsers in ' .. dir)
  end)

  ---------------------------------------------------------------------------------------------
  -- Quick fixes (issue 21)
  ---------------------------------------------------------------------------------------------

  -- A copy of the Tiny variant in `folder`, its TER changed by `change` (which must change it);
  -- the TER opened, and the row and column where `mark` stands once diagnostics came, with
  -- `code` among them on that row.
  local function tiny_with_ter(folder, change, mark, code)
    local dir = tmp .. '/' .. folder .. '/Tiny'
    for _, name in ipairs({ 'Tiny.var', 'Tiny.map', 'Tiny.cre' }) do
      t.write(dir .. '/' .. name, assert(t.read(fx('colossus/Tiny/' .. name))))
    end
    local ter = assert(t.read(fx('colossus/Tiny/Tiny.ter')))
    local changed = change(ter)
    t.ok(changed ~= ter, 'Tiny.ter changed for ' .. mark)
    local buf = t.edit(t.write(dir .. '/Tiny.ter', changed))
    local row, col
    for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local at = line:find(mark, 1, true)
      if at then
        row, col = i, at
        break
      end
    end
    t.ok(row, mark .. ' is on a line')
    local codes = {}
    for _, d in ipairs(t.diagnostics(buf)) do
      codes[#codes + 1] = ('%d %s'):format(d.lnum + 1, d.code)
    end
    t.ok(vim.tbl_contains(codes, row .. ' ' .. code), code .. ', got ' .. vim.inspect(codes))
    return buf, row, col
  end

  t.test('code action: vim.lsp.buf.code_action with apply=true fixes Gargoile', function()
    -- Its TER with a misspelt creature (the CRE names Gargoyle).
    local buf, row, col = tiny_with_ter('quickfix', function(ter)
      return (ter:gsub('Gargoyle', 'Gargoile', 1))
    end, 'Gargoile', 'colossus/unknown-creature')
    -- The cursor inside the name: Neovim asks with an empty range there.
    vim.api.nvim_win_set_cursor(0, { row, col + 2 })
    local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    vim.lsp.buf.code_action({
      apply = true,
      filter = function(action)
        return action.title == "Replace with 'Gargoyle'"
      end,
    })
    t.wait('the fix applied to line ' .. row, 10000, function()
      return vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[1]:find('Gargoyle', 1, true)
    end)
    local after = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    local want = vim.deepcopy(before)
    want[row] = before[row]:gsub('Gargoile', 'Gargoyle', 1)
    t.eq(after, want, 'the buffer after the fix (only the name changed)')
    local left = {}
    for _, d in ipairs(t.diagnostics(buf)) do
      if d.code == 'colossus/unknown-creature' then
        left[#left + 1] = ('%d:%d %s'):format(d.lnum + 1, d.col + 1, d.message)
      end
    end
    t.eq(left, {}, 'unknown creatures after the fix')
    vim.bo[buf].modified = false
  end)

  t.test('suppress here: the comment is written and the cursor stands on its reason', function()
    -- Its Tower recruiting a Titan (`0 Titan`: a warning).
    local buf, row, col = tiny_with_ter('suppress', function(ter)
      return (ter:gsub('%-1 Titan', '0 Titan', 1))
    end, '0 Titan', 'colossus/titan-recruit')
    vim.api.nvim_win_set_cursor(0, { row, col - 1 })
    vim.lsp.buf.code_action({
      apply = true,
      filter = function(action)
        return action.title == 'Suppress colossus/titan-recruit here'
      end,
    })
    local comment = '# retroboard: ignore[colossus/titan-recruit] reason'
    t.wait('the comment written on line ' .. row, 10000, function()
      return vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[1] == comment
    end)
    -- The action's command (retroboard.selectText) has the server show the reason.
    local reason = comment:find('reason', 1, true) - 1
    t.wait('the cursor on the reason', 10000, function()
      local at = vim.api.nvim_win_get_cursor(0)
      return at[1] == row and at[2] == reason
    end)
    vim.bo[buf].modified = false
  end)

  ---------------------------------------------------------------------------------------------
  -- Completion (issue 22)
  ---------------------------------------------------------------------------------------------

  t.test('completion: <C-x><C-o> (vim.lsp.omnifunc) in a TER offers the CRE creatures', function()
    local dir = tmp .. '/complete/Tiny'
    for _, name in ipairs({ 'Tiny.var', 'Tiny.map', 'Tiny.cre', 'Tiny.ter' }) do
      t.write(dir .. '/' .. name, assert(t.read(fx('colossus/Tiny/' .. name))))
    end
    local buf = t.edit(dir .. '/Tiny.ter')
    t.diagnostics(buf)
    t.eq(vim.bo[buf].omnifunc, 'v:lua.vim.lsp.omnifunc', 'the omnifunc LSP sets')
    -- Line 2 is blank: a new terrain line, written up to its first recruit count.
    vim.api.nvim_buf_set_lines(buf, 1, 2, false, { 'W green Woods true 1 ' })
    vim.api.nvim_win_set_cursor(0, { 2, 0 })
    -- Insert mode stays on (feedkeys 'x!') until a timer has seen the menu and leaves it; no
    -- “match 1 of 10” messages in the test's output.
    vim.opt.shortmess:append('c')
    local seen, polls = nil, 0
    local timer = assert(vim.uv.new_timer())
    timer:start(100, 50, vim.schedule_wrap(function()
      -- Ticks scheduled before the timer stopped still run: only the first one closes it.
      if seen then
        return
      end
      polls = polls + 1
      local info = vim.fn.complete_info({ 'items', 'mode' })
      if #info.items > 0 or polls > 200 then
        seen = info
        timer:stop()
        timer:close()
        vim.api.nvim_feedkeys(vim.keycode('<C-e><Esc>'), 'n', false)
      end
    end))
    vim.api.nvim_feedkeys('A' .. vim.keycode('<C-x><C-o>'), 'nx!', false)
    t.wait('the timer to see the menu', 12000, function()
      return seen ~= nil
    end)
    local words, menus = {}, {}
    for _, item in ipairs(seen.items) do
      words[#words + 1] = item.word
      menus[item.word] = item.menu
    end
    t.eq(words, { 'Angel', 'Archangel', 'Centaur', 'Gargoyle', 'Ogre', 'Titan', 'Troll', 'Anything', 'AnyNonLord', 'Lord' }, 'the creatures offered')
    t.eq(menus.Troll, 'power 8 · skill 2 · native to bog, water dwelling', "Troll's detail")
    t.eq(vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1], 'W green Woods true 1 ', 'line 2 (the menu was closed without a choice)')
    vim.bo[buf].modified = false
  end)

  ---------------------------------------------------------------------------------------------
  -- Go to definition and rename
  ---------------------------------------------------------------------------------------------

  --- A copy of the Tiny variant in its own folder, so a rename can change its files.
  local function tiny_copy(name)
    local dir = tmp .. '/' .. name .. '/Tiny'
    for _, file in ipairs({ 'Tiny.var', 'Tiny.map', 'Tiny.cre', 'Tiny.ter' }) do
      t.write(dir .. '/' .. file, assert(t.read(fx('colossus/Tiny/' .. file))))
    end
    return dir
  end

  t.test('definition: vim.lsp.buf.definition leads from a TER creature to its CRE line', function()
    local dir = tiny_copy('definition')
    local ter = t.edit(dir .. '/Tiny.ter')
    t.client(ter)
    vim.api.nvim_win_set_cursor(0, { 1, 22 }) -- on Gargoyle
    vim.lsp.buf.definition()
    t.wait('the CRE opened', 10000, function()
      return vim.api.nvim_buf_get_name(0):match('Tiny%.cre$') ~= nil
    end)
    t.eq(vim.api.nvim_win_get_cursor(0), { 5, 0 }, 'the cursor on the Gargoyle line')
  end)

  t.test('inlay hints: by default one at the end of each CRE and MAP line, the columns kept', function()
    local dir = tiny_copy('hints')
    for _, case in ipairs({
      { 'Tiny.cre', 4, 'flies, native to bramble' }, -- the Gargoyle's flags that are true
      { 'Tiny.map', 8, 'Brush' }, -- hex 1's terrain
    }) do
      local buf = t.edit(dir .. '/' .. case[1])
      t.client(buf)
      vim.lsp.inlay_hint.enable(true, { bufnr = buf })
      local line = vim.api.nvim_buf_get_lines(buf, case[2], case[2] + 1, false)[1]
      local hints
      t.wait(case[1] .. ' inlay hints', 10000, function()
        hints = vim.lsp.inlay_hint.get({ bufnr = buf, range = {
          start = { line = case[2], character = 0 }, ['end'] = { line = case[2] + 1, character = 0 },
        } })
        return #hints > 0
      end)
      t.eq(#hints, 1, case[1] .. ': hints on the line')
      local hint = hints[1].inlay_hint
      local label = type(hint.label) == 'string' and hint.label or hint.label[1].value
      t.eq(label, case[3], case[1] .. ' hint')
      t.eq(hint.position.character, #line, case[1] .. ': the hint at the end of the line')
    end
  end)

  t.test(':RetroboardExplain shows what the code of the diagnostic under the cursor means', function()
    vim.cmd('silent! only')
    local path = fx('colossus/Mistakes/Mistakes.ter')
    local buf = t.edit(path)
    local diags = t.diagnostics(buf)
    local duplicate
    for _, d in ipairs(diags) do
      if d.code == 'colossus/duplicate-terrain' then
        duplicate = d
      end
    end
    t.ok(duplicate, 'a colossus/duplicate-terrain diagnostic: ' .. vim.inspect(t.render_diagnostics(buf, diags)))
    -- The summary and docs `retroboard explain CODE` prints.
    local explained = vim.fn.system({ vim.env.RETROBOARD_BIN or 'retroboard', 'explain', 'colossus/duplicate-terrain' })
    t.eq(vim.v.shell_error, 0, 'retroboard explain')
    local summary = vim.split(explained, '\n')[3]
    vim.api.nvim_win_set_cursor(0, { duplicate.lnum + 1, duplicate.col })
    local before = #vim.api.nvim_list_wins()
    vim.cmd('RetroboardExplain')
    local explain = require('retroboard.explain')
    local shown = t.wait('the explanation in a floating window', 10000, function()
      return explain.last and vim.api.nvim_win_is_valid(explain.last.win) and explain.last
    end)
    t.eq(#vim.api.nvim_list_wins(), before + 1, 'one window more')
    t.ok(vim.api.nvim_win_get_config(shown.win).relative ~= '', 'a floating window')
    local text = table.concat(vim.api.nvim_buf_get_lines(shown.buf, 0, -1, false), '\n')
    t.ok(text:find('colossus/duplicate-terrain', 1, true), 'the code is shown: ' .. text)
    t.ok(text:find(summary, 1, true), 'the summary "' .. summary .. '" is shown: ' .. text)
    t.eq(vim.bo[shown.buf].filetype, 'markdown', 'the float is Markdown')
    vim.api.nvim_win_close(shown.win, true)
    -- A code given by name; a line without a diagnostic says so.
    vim.cmd('RetroboardExplain colossus/missing-tower')
    shown = t.wait('the explanation of colossus/missing-tower', 10000, function()
      return explain.last and explain.last.code == 'colossus/missing-tower' and vim.api.nvim_win_is_valid(explain.last.win) and explain.last
    end)
    vim.api.nvim_win_close(shown.win, true)
  end)

  t.test('rename: vim.lsp.buf.rename renames a creature in the CRE and the TER', function()
    local dir = tiny_copy('rename')
    local ter = t.edit(dir .. '/Tiny.ter')
    t.client(ter)
    vim.api.nvim_win_set_cursor(0, { 1, 22 })
    vim.lsp.buf.rename('Gremlin')
    t.wait('the TER renamed', 10000, function()
      return vim.api.nvim_buf_get_lines(ter, 0, 1, false)[1]:find('Gremlin', 1, true) ~= nil
    end)
    local lines = vim.api.nvim_buf_get_lines(ter, 0, -1, false)
    t.eq(lines[1], 'B green Brush true 1 Gremlin 2 Troll', 'TER line 1')
    t.eq(lines[3], 'T black Tower false 0 Anything 3 Centaur 3 Gremlin 3 Ogre -1 Titan', 'TER line 3')
    local cre = vim.fn.bufnr(dir .. '/Tiny.cre')
    t.ok(cre > 0, 'the CRE is loaded to be edited')
    -- Its plural too, and the columns after the name where they were.
    t.eq(
      vim.api.nvim_buf_get_lines(cre, 4, 5, false)[1],
      'Gremlin   4     3     false true  true  false false false false false false false false false false 21    Gremlins',
      'CRE line 5'
    )
    for _, buf in ipairs({ ter, cre }) do
      vim.bo[buf].modified = false
    end
  end)
end
