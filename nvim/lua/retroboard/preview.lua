-- :RetroboardPreview — the board a file describes, from the server's `retroboard/preview` request
-- ({textDocument = {uri}} -> {format, title, svg, text}).
--
--   :RetroboardPreview        the terminal drawing (`text`) in a scratch split that follows edits;
--                             <CR> on a hex, row, pile, square or hole there selects its text in
--                             the source (the server's `retroboard.revealSource` answers with
--                             window/showDocument, whose range lsp.lua's handler selects)
--                             Moving the cursor in the source highlights, in the text preview,
--                             the cells of the elements whose text holds it (extmarks in the
--                             namespace `retroboard.preview.cursor`, highlight group
--                             RetroboardPreviewCursor, linked to Visual)
--                             Keys on an element of the drawing change it (the server's
--                             `retroboard.editBoard`, whose workspace/applyEdit Neovim applies:
--                             one undo step in the source): see M.keys, `r{char}` and `a` below
--   :RetroboardEdit ACTION    the same for the element under the cursor, in the text preview or
--                             in the source (the element whose text holds the cursor)
--   :RetroboardPreview svg    the SVG in a temporary file, opened with the system viewer
--   :RetroboardPreview deal [SEED]
--                             a Patience game dealt with SEED (a whole number; without one, a
--                             new seed: deal again), every card named (`A♠`, `10♥`), in the text
--                             split; :RetroboardPreview text shows the table undealt again
--
-- Refreshing: every change of the source buffer (TextChanged/TextChangedI) and every didChange the
-- client sends for a retroboard buffer (LspNotify; a Colossus board also changes with its TER)
-- restarts a short timer; when it fires, the request goes out. Neovim's client flushes the pending
-- didChange of the buffer before sending a request, so the server answers for the current text; a
-- change made while a request is under way is followed by another request.

local lsp = require('retroboard.lsp')

local M = {}

M.options = {
  -- Milliseconds between the last change and the refresh.
  debounce = 200,
  -- How the preview window opens: 'vsplit', 'split', or a command such as 'botright 60vsplit'.
  split = 'vsplit',
  -- Function(path) that opens an SVG file; default vim.ui.open (0.10+) or xdg-open / open.
  open = nil,
}

--- Per source buffer: { buf = preview buffer, timer, seq, shown, tick, svg_path, deal = seed,
--- version = the document version drawn, source_map, text_map }
local previews = {}

local group = vim.api.nvim_create_augroup('retroboard.preview', { clear = true })

--- The namespace of the cursor highlight in text previews.
M.ns = vim.api.nvim_create_namespace('retroboard.preview.cursor')
vim.api.nvim_set_hl(0, 'RetroboardPreviewCursor', { default = true, link = 'Visual' })

--- A message of the plugin's (a warning unless `level` says otherwise).
function M.notify(msg, level)
  vim.notify('retroboard: ' .. msg, level or vim.log.levels.WARN)
end

--- Puts `lines` in the read-only scratch buffer `buf` (a preview's, a game's).
function M.set_lines(buf, lines)
  if not vim.api.nvim_buf_is_valid(buf) then
    return
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
end

local notify, set_lines = M.notify, M.set_lines

--- The lines shown for a preview result: the title, a blank line, then the drawing (the drawing
--- may already start with the title), with the headline (how often a Patience game is won)
--- under the title; and how many lines were put before the drawing.
function M.lines(result)
  local text = (result.text or ''):gsub('\r\n', '\n'):gsub('\n+$', '')
  local lines = vim.split(text, '\n', { plain = true })
  local title = result.title or ''
  local offset = 0
  if title ~= '' and lines[1] ~= title then
    table.insert(lines, 1, '')
    table.insert(lines, 1, title)
    offset = 2
  end
  if type(result.headline) == 'string' and result.headline ~= '' then
    -- Under the title, which is the drawing's first line or one put before it: no element of
    -- the drawing is on the title's line, so counting it as put before the drawing is safe.
    table.insert(lines, 2, result.headline)
    offset = offset + 1
  end
  return lines, offset
end

--- The element drawn at (row, byte column) of the preview buffer (both from 0), from the
--- result's `textMap` ({id, line, start, end}, columns in characters of the drawing).
function M.element_at(state, row, col)
  local line = row - (state.offset or 0)
  local text = state.buf and vim.api.nvim_buf_get_lines(state.buf, row, row + 1, false)[1]
  if not text or line < 0 then
    return nil
  end
  local char = vim.fn.strchars(text:sub(1, col))
  for _, mark in ipairs(state.text_map or {}) do
    if mark.line == line and mark.start <= char and char < mark['end'] then
      return mark.id
    end
  end
  return nil
end

--- The ids of the elements whose source range (from the result's `sourceMap`, in the client's
--- position encoding) holds the cursor of the source buffer, (row, byte column) from 0.
function M.elements_at(state, src, row, col)
  local map = state.source_map
  if not map or #map == 0 then
    return {}
  end
  local client = lsp.client(src)
  local encoding = client and client.offset_encoding or 'utf-16'
  local line = vim.api.nvim_buf_get_lines(src, row, row + 1, false)[1] or ''
  local character = col
  if encoding ~= 'utf-8' then
    local ok, index = pcall(vim.str_utfindex, line, encoding, math.min(col, #line), false)
    if ok and index then
      character = index
    else
      local utf32, utf16 = vim.str_utfindex(line, math.min(col, #line))
      character = encoding == 'utf-32' and utf32 or utf16
    end
  end
  local function before(a, b) -- position a <= b
    return a.line < b.line or (a.line == b.line and a.character <= b.character)
  end
  local here = { line = row, character = character }
  local ids = {}
  for _, e in ipairs(map) do
    local r = e.range
    if r and before(r.start, here) and before(here, r['end']) then
      table.insert(ids, e.id)
    end
  end
  return ids
end

--- Text → board: the cells of the elements under the source cursor, marked in the text preview.
function M.highlight_cursor(src)
  local state = previews[src]
  if not state or not (state.buf and vim.api.nvim_buf_is_valid(state.buf)) then
    return
  end
  local buf = state.buf
  vim.api.nvim_buf_clear_namespace(buf, M.ns, 0, -1)
  state.highlighted = {}
  local win = vim.fn.bufwinid(src)
  if win == -1 then
    return
  end
  local cursor = vim.api.nvim_win_get_cursor(win)
  local ids = M.elements_at(state, src, cursor[1] - 1, cursor[2])
  if #ids == 0 then
    return
  end
  local wanted = {}
  for _, id in ipairs(ids) do
    wanted[id] = true
  end
  local offset = state.offset or 0
  local count = vim.api.nvim_buf_line_count(buf)
  for _, mark in ipairs(state.text_map or {}) do
    local row = mark.line + offset
    if wanted[mark.id] and row < count then
      local text = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1] or ''
      local chars = vim.fn.strchars(text)
      local from = vim.fn.byteidx(text, math.min(mark.start, chars))
      local to = vim.fn.byteidx(text, math.min(mark['end'], chars))
      if from >= 0 and to > from then
        vim.api.nvim_buf_set_extmark(buf, M.ns, row, from, { end_col = to, hl_group = 'RetroboardPreviewCursor', priority = 200 })
        state.highlighted[mark.id] = true
      end
    end
  end
end

--- <CR> in the text preview: the server selects the element's text in its source
--- (`retroboard.revealSource` sends window/showDocument, which Neovim follows).
function M.reveal(src)
  local state = previews[src]
  if not state or not state.buf then
    return
  end
  local cursor = vim.api.nvim_win_get_cursor(0)
  local id = M.element_at(state, cursor[1] - 1, cursor[2])
  if not id then
    notify('nothing of the file is drawn here', vim.log.levels.INFO)
    return
  end
  local uri = vim.uri_from_bufnr(src)
  local params = { command = 'retroboard.revealSource', arguments = { uri, id } }
  -- The server's showDocument may come before or after this request's answer: the handler in
  -- lsp.lua selects the range when it comes.
  lsp.select_next = { uri = uri, expires = (vim.uv or vim.loop).now() + 5000 }
  lsp.request(src, 'workspace/executeCommand', params, function(err, result)
    if err or result == nil or result == vim.NIL then
      vim.schedule(function()
        if lsp.select_next and lsp.select_next.uri == uri then
          lsp.select_next = nil
        end
        if err then
          notify('cannot show ' .. id .. ': ' .. (err.message or vim.inspect(err)))
        end
      end)
    end
  end)
end

-- Board edits ----------------------------------------------------------------------------------

--- Keys of the text preview that change the element under the cursor: each to the first of its
--- actions the element offers (an element offers all it can become but what it is).
M.keys = {
  s = { desc = 'a stone (peg: yellow)', actions = { 'stone' } },
  o = { desc = 'empty (a peg hole, an Othello square)', actions = { 'empty' } },
  x = { desc = 'no hole (a peg locked field)', actions = { 'none' } },
  ['~'] = { desc = 'the goal, or no longer the goal (peg)', actions = { 'goal', 'no-goal' } },
}

--- The action `char` names among `actions` ({id, title}): the one-character action `char` (a
--- Crossmines `cell:A`, letters in any case), else the one whose last word starts with `char`,
--- when only one does (`b`: `chip:black`).
function M.action_for_char(actions, char)
  local by_prefix = {}
  for _, a in ipairs(actions) do
    local tail = a.id:match('[^:]*$')
    if tail:upper() == char:upper() and #tail == 1 then
      return a.id
    end
    if #tail > 1 and tail:sub(1, 1) == char then
      table.insert(by_prefix, a.id)
    end
  end
  return #by_prefix == 1 and by_prefix[1] or nil
end

--- The source map of `src` as drawn from its text now, and that version: the preview's when it
--- drew this version, else the server's answer (at most 2 s).
local function current_map(src)
  local state = previews[src]
  local version = vim.lsp.util.buf_versions[src]
  if state and state.source_map and state.version == version then
    return state.source_map, state.version
  end
  local client = lsp.client(src)
  if not client then
    return nil, nil, 'no retroboard language server is attached to this buffer'
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(src) } }
  local answer, err
  if vim.fn.has('nvim-0.11') == 1 then
    answer, err = client:request_sync('retroboard/preview', params, 2000, src)
  else
    answer, err = client.request_sync('retroboard/preview', params, 2000, src)
  end
  if not answer or answer.err then
    return nil, nil, 'no board: ' .. tostring(err or (answer and answer.err.message))
  end
  return M.source_map(answer.result), answer.result.version
end

--- The result's source map with each element's actions, which the answer names by their index
--- (from 0) in its `actions` table, as the actions themselves ({id, title}).
function M.source_map(result)
  local actions = type(result.actions) == 'table' and result.actions or {}
  local map = {}
  for _, e in ipairs(type(result.sourceMap) == 'table' and result.sourceMap or {}) do
    local offered = {}
    for _, i in ipairs(type(e.actions) == 'table' and e.actions or {}) do
      local action = type(i) == 'number' and actions[i + 1] or nil
      if type(action) == 'table' then
        offered[#offered + 1] = action
      end
    end
    map[#map + 1] = { id = e.id, range = e.range, actions = offered }
  end
  return map
end

--- The element under the cursor of the current window that can change: in a text preview the
--- element drawn there, in a source buffer the innermost whose text holds the cursor. Returns
--- {src, id, actions, version}, or nil and why not.
function M.target()
  local buf = vim.api.nvim_get_current_buf()
  local cursor = vim.api.nvim_win_get_cursor(0)
  local src = vim.b[buf].retroboard_source
  local map, version, why
  local ids
  if src then
    local state = previews[src]
    if not state then
      return nil, 'this preview is closed'
    end
    map, version = state.source_map or {}, state.version
    local id = M.element_at(state, cursor[1] - 1, cursor[2])
    ids = id and { id } or {}
  else
    src = buf
    map, version, why = current_map(src)
    if not map then
      return nil, why
    end
    ids = M.elements_at({ source_map = map }, src, cursor[1] - 1, cursor[2])
  end
  local wanted = {}
  for _, id in ipairs(ids) do
    wanted[id] = true
  end
  local best
  for _, e in ipairs(map) do
    if wanted[e.id] and e.actions and #e.actions > 0 then
      local size = (e.range['end'].line - e.range.start.line) * 1e6 + e.range['end'].character - e.range.start.character
      if not best or size < best.size then
        best = { id = e.id, actions = e.actions, size = size }
      end
    end
  end
  if not best then
    return nil, #ids > 0 and (ids[1] .. ' cannot be changed from the board') or 'no element of the board here'
  end
  if version == nil or version == vim.NIL then
    return nil, 'the board was not drawn from an open buffer'
  end
  return { src = src, id = best.id, actions = best.actions, version = version }
end

--- Makes element `target.id` what `action` says: `retroboard.editBoard` with the version the
--- board was drawn from; the server sends the edit (workspace/applyEdit, one undo step), or
--- refuses, saying why.
function M.apply(target, action)
  -- Its own undo step: the edits Neovim applies from the server are joined into the buffer's
  -- last undo block unless a block ends first (setting 'undolevels' ends it).
  vim.api.nvim_buf_call(target.src, function()
    vim.cmd('let &undolevels = &undolevels')
  end)
  local params = {
    command = 'retroboard.editBoard',
    arguments = { vim.uri_from_bufnr(target.src), target.version, target.id, action },
  }
  local sent = lsp.request(target.src, 'workspace/executeCommand', params, function(err)
    if err then
      vim.schedule(function()
        notify(('%s not changed: %s'):format(target.id, err.message or vim.inspect(err)), vim.log.levels.ERROR)
      end)
    end
  end)
  if not sent then
    notify('no retroboard language server is attached to this buffer', vim.log.levels.ERROR)
  end
end

--- The element under the cursor, changed to the first of `actions` it offers (or to the one
--- `pick(target)` chooses).
local function change(actions, pick)
  local target, why = M.target()
  if not target then
    notify(why, vim.log.levels.INFO)
    return
  end
  local offered = {}
  for _, a in ipairs(target.actions) do
    offered[a.id] = true
  end
  local action
  if pick then
    action = pick(target)
  else
    for _, id in ipairs(actions) do
      action = action or (offered[id] and id) or nil
    end
  end
  if not action then
    local ids = vim.tbl_map(function(a)
      return a.id
    end, target.actions)
    notify(('%s offers %s'):format(target.id, table.concat(ids, ', ')), vim.log.levels.INFO)
    return
  end
  M.apply(target, action)
end

--- A menu of what the element under the cursor can become (vim.ui.select), the choice applied.
function M.choose()
  local target, why = M.target()
  if not target then
    notify(why, vim.log.levels.INFO)
    return
  end
  vim.ui.select(target.actions, {
    prompt = target.id .. ' becomes',
    format_item = function(a)
      return a.title
    end,
  }, function(choice)
    if choice then
      M.apply(target, choice.id)
    end
  end)
end

--- :RetroboardEdit [ACTION]: the element under the cursor (text preview or source) made ACTION;
--- without one, a menu of what it can become.
function M.edit_command(args)
  local action = vim.trim(args.args or '')
  if action == '' then
    M.choose()
  else
    change({ action })
  end
end

--- The action ids of the element under the cursor, for :RetroboardEdit's completion.
function M.complete(lead)
  local target = M.target()
  local ids = {}
  for _, a in ipairs(target and target.actions or {}) do
    if a.id:sub(1, #lead) == lead then
      table.insert(ids, a.id)
    end
  end
  return ids
end

--- The edit keys of a text preview buffer.
local function map_edit_keys(buf)
  for key, spec in pairs(M.keys) do
    vim.keymap.set('n', key, function()
      change(spec.actions)
    end, { buffer = buf, desc = 'Retroboard: make the element under the cursor ' .. spec.desc })
  end
  vim.keymap.set('n', 'r', function()
    local ok, char = pcall(vim.fn.getcharstr)
    if not ok or char == '\27' then
      return
    end
    change(nil, function(target)
      return M.action_for_char(target.actions, char)
    end)
  end, { buffer = buf, desc = 'Retroboard: r{char} makes the element under the cursor what {char} names (a Crossmines cell)' })
  vim.keymap.set('n', 'a', M.choose, { buffer = buf, desc = 'Retroboard: choose what the element under the cursor becomes' })
end

local function default_open(path)
  if vim.ui and vim.ui.open then
    local _, err = vim.ui.open(path)
    if err then
      notify(err)
    end
    return
  end
  local opener = vim.fn.has('mac') == 1 and 'open' or 'xdg-open'
  vim.fn.jobstart({ opener, path }, { detach = true })
end

local function write_svg(state, svg)
  if not state.svg_path then
    state.svg_path = vim.fn.tempname() .. '.svg'
  end
  local file = assert(io.open(state.svg_path, 'wb'))
  file:write(svg or '')
  file:close()
  return state.svg_path
end

--- Ask the server for the preview of `src` and show it. `on_result(result)` is called once with
--- the result (used by the svg mode).
local function refresh(src, on_result)
  local state = previews[src]
  if not state or not vim.api.nvim_buf_is_valid(src) then
    return
  end
  state.seq = state.seq + 1
  local seq = state.seq
  local tick = vim.api.nvim_buf_get_changedtick(src)
  -- textMap: where each element stands in the text drawing, for the cursor's highlight there.
  local params = { textDocument = { uri = vim.uri_from_bufnr(src) }, deal = state.deal, textMap = true }
  local sent = lsp.request(src, 'retroboard/preview', params, function(err, result)
    vim.schedule(function()
      if previews[src] ~= state then
        return
      end
      if err then
        notify('preview failed: ' .. (err.message or vim.inspect(err)))
        return
      end
      if not result then
        return
      end
      -- An answer older than one already shown is dropped.
      if seq < state.shown then
        return
      end
      state.shown = seq
      state.title = result.title
      state.text_map = result.textMap
      state.source_map = M.source_map(result)
      state.version = result.version
      if state.buf and vim.api.nvim_buf_is_valid(state.buf) then
        local lines, offset = M.lines(result)
        state.offset = offset
        -- Redrawn in place: the cursor stays on the element it was on.
        local cursors = {}
        for _, win in ipairs(vim.fn.win_findbuf(state.buf)) do
          cursors[win] = vim.api.nvim_win_get_cursor(win)
        end
        set_lines(state.buf, lines)
        for win, cursor in pairs(cursors) do
          pcall(vim.api.nvim_win_set_cursor, win, cursor)
        end
        M.highlight_cursor(src)
      end
      if state.svg_path and result.svg then
        write_svg(state, result.svg)
      end
      if on_result then
        on_result(result)
      end
      -- Changed while the request was under way: ask again.
      if vim.api.nvim_buf_is_valid(src) and vim.api.nvim_buf_get_changedtick(src) ~= tick then
        M.schedule(src)
      end
    end)
  end)
  if not sent then
    -- No client yet: try again as soon as the server attaches.
    state.waiting_attach = true
    if state.buf and vim.api.nvim_buf_is_valid(state.buf) and state.shown == 0 then
      set_lines(state.buf, { 'waiting for the retroboard language server…' })
    end
    state.pending_result = on_result
  end
end

--- Refresh the preview of `src` after the debounce delay (restarting the timer).
function M.schedule(src, delay)
  local state = previews[src]
  if not state then
    return
  end
  state.timer = state.timer or (vim.uv or vim.loop).new_timer()
  state.timer:stop()
  state.timer:start(delay or M.options.debounce, 0, vim.schedule_wrap(function()
    refresh(src)
  end))
end

local function stop(src)
  local state = previews[src]
  if not state then
    return
  end
  previews[src] = nil
  if state.timer then
    state.timer:stop()
    state.timer:close()
  end
  pcall(vim.api.nvim_del_augroup_by_name, 'retroboard.preview.' .. src)
end

local function track(src)
  local state = previews[src]
  if state then
    return state
  end
  state = { seq = 0, shown = 0 }
  previews[src] = state
  local g = vim.api.nvim_create_augroup('retroboard.preview.' .. src, { clear = true })
  vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
    group = g,
    buffer = src,
    callback = function()
      M.schedule(src)
    end,
  })
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'CursorMovedI' }, {
    group = g,
    buffer = src,
    callback = function()
      M.highlight_cursor(src)
    end,
  })
  vim.api.nvim_create_autocmd('LspAttach', {
    group = g,
    buffer = src,
    callback = function(args)
      local client = vim.lsp.get_client_by_id(args.data.client_id)
      if client and client.name == lsp.name and state.waiting_attach then
        state.waiting_attach = false
        local on_result = state.pending_result
        state.pending_result = nil
        refresh(src, on_result)
      end
    end,
  })
  vim.api.nvim_create_autocmd('BufWipeout', {
    group = g,
    buffer = src,
    callback = function()
      stop(src)
    end,
  })
  return state
end

-- The server publishes a board's diagnostics again when its search for a solution ends (a
-- preview drawn meanwhile says it is searching): redraw it with the verdict.
vim.api.nvim_create_autocmd('DiagnosticChanged', {
  group = group,
  callback = function(args)
    local state = previews[args.buf]
    if state and state.buf and vim.api.nvim_buf_is_valid(state.buf) then
      M.schedule(args.buf, M.options.debounce)
    end
  end,
})

-- Any didChange/didSave the retroboard client sends (0.10+) may change a preview: the buffer's own
-- text, or a file another board reads (a Colossus MAP is drawn with its TER's colours).
if vim.fn.exists('##LspNotify') == 1 then
  vim.api.nvim_create_autocmd('LspNotify', {
    group = group,
    callback = function(args)
      local method = args.data and args.data.method
      if method ~= 'textDocument/didChange' and method ~= 'textDocument/didSave' then
        return
      end
      local client = vim.lsp.get_client_by_id(args.data.client_id)
      if not client or client.name ~= lsp.name then
        return
      end
      for src, state in pairs(previews) do
        if state.buf and vim.api.nvim_buf_is_valid(state.buf) then
          M.schedule(src, src == args.buf and 20 or M.options.debounce)
        end
      end
    end,
  })
end

--- Show (or focus) the text preview of buffer `src` in a split.
function M.open_text(src)
  local state = track(src)
  if not (state.buf and vim.api.nvim_buf_is_valid(state.buf)) then
    local buf = vim.api.nvim_create_buf(false, true)
    vim.bo[buf].bufhidden = 'wipe'
    vim.bo[buf].swapfile = false
    vim.bo[buf].filetype = 'retroboard-preview'
    local base = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(src), ':t')
    pcall(vim.api.nvim_buf_set_name, buf, ('retroboard-preview://%d/%s'):format(src, base))
    set_lines(buf, { 'loading the preview…' })
    state.buf = buf
    vim.b[buf].retroboard_source = src
    map_edit_keys(buf)
    vim.keymap.set('n', '<CR>', function()
      M.reveal(src)
    end, { buffer = buf, desc = 'Retroboard: select the source of the element under the cursor' })
    vim.api.nvim_create_autocmd('BufWipeout', {
      buffer = buf,
      callback = function()
        if previews[src] == state then
          state.buf = nil
          if not state.svg_path then
            stop(src)
          end
        end
      end,
    })
  end
  local win = vim.fn.bufwinid(state.buf)
  if win == -1 then
    local current = vim.api.nvim_get_current_win()
    vim.cmd(M.options.split)
    win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, state.buf)
    vim.wo[win].wrap = false
    vim.wo[win].number = false
    vim.wo[win].relativenumber = false
    vim.wo[win].list = false
    vim.wo[win].spell = false
    vim.api.nvim_set_current_win(current)
  end
  refresh(src)
  return state.buf
end

--- Write the SVG to a temporary file and open it with the system viewer. The file is rewritten
--- on later changes while the buffer lives (a viewer that reloads shows them).
function M.open_svg(src)
  local state = track(src)
  state.svg_path = state.svg_path or (vim.fn.tempname() .. '.svg')
  refresh(src, function(result)
    local path = write_svg(state, result.svg)
    local open = M.options.open or default_open
    open(path)
  end)
end

--- A new seed for "deal again".
local function new_seed()
  local uv = vim.uv or vim.loop
  return (uv.hrtime() + math.random(0, 999999)) % 1000000
end

--- :RetroboardPreview [text|svg|deal [SEED]]
function M.command(args)
  local fargs = args.fargs or vim.split(args.args or '', '%s+', { trimempty = true })
  local mode = fargs[1] or 'text'
  local src = vim.api.nvim_get_current_buf()
  if vim.bo[src].filetype == 'retroboard-preview' then
    notify('run :RetroboardPreview in the buffer of a board file')
    return
  end
  if not require('retroboard.detect').languages[vim.bo[src].filetype] and not lsp.client(src) then
    notify(('this buffer is not a Retroboard file (filetype %q)'):format(vim.bo[src].filetype))
    return
  end
  if mode == 'svg' then
    M.open_svg(src)
  elseif mode == 'text' then
    track(src).deal = nil
    M.open_text(src)
  elseif mode == 'deal' then
    local seed = fargs[2] and tonumber(fargs[2])
    if fargs[2] and not (seed and seed >= 0 and seed == math.floor(seed) and seed < 2 ^ 53) then
      notify(('the seed must be a whole number from 0 up, not %q'):format(fargs[2]), vim.log.levels.ERROR)
      return
    end
    track(src).deal = seed or new_seed()
    M.open_text(src)
  else
    notify(('unknown preview mode %q (text, svg or deal)'):format(mode), vim.log.levels.ERROR)
  end
end

--- The ids highlighted in the text preview of a source buffer (for tests).
function M.highlighted(src)
  local state = previews[src or vim.api.nvim_get_current_buf()]
  local ids = {}
  for id in pairs(state and state.highlighted or {}) do
    table.insert(ids, id)
  end
  table.sort(ids)
  return ids
end

--- Where element `id` is drawn in the text preview of a source buffer: {row from 1, byte column
--- from 0}, for nvim_win_set_cursor (for tests).
function M.place(src, id)
  local state = previews[src]
  for _, mark in ipairs(state and state.buf and state.text_map or {}) do
    if mark.id == id then
      local row = mark.line + (state.offset or 0)
      local text = vim.api.nvim_buf_get_lines(state.buf, row, row + 1, false)[1] or ''
      return { row + 1, vim.fn.byteidx(text, mark.start) }
    end
  end
  return nil
end

--- The document version the preview of a source buffer drew (for tests).
function M.drawn(src)
  local state = previews[src]
  return state and state.version
end

--- The preview buffer of a source buffer (for tests and statuslines).
function M.buffer(src)
  local state = previews[src or vim.api.nvim_get_current_buf()]
  return state and state.buf
end

return M
