-- :RetroboardPlay — the game a file describes, played in a scratch split, from the server's
-- `retroboard/play` request ({textDocument = {uri}, deal, moves, hint} -> {status, moves, text,
-- message, refused, hint, headline}). The moves are kept here; the server replays them from the
-- start on the buffer's text, so undo is the list without its last move and an edit of the board
-- replays the game on the new text.
--
--   :RetroboardPlay                 start (or show) the game of the current buffer
--   :RetroboardPlay M [M …]         play moves in the game's notation: a peg jump 3,4-5,4 (row and
--                                   column from 1 of the stone and where it lands), a Super Othello
--                                   square C4 or pass, a Patience move 7>12, 7:3>12 or s
--   :RetroboardPlay undo | redo | restart | hint
--   :RetroboardPlay deal SEED       a Patience game dealt with SEED, from its start
--
-- In the play buffer: m types a move, u undoes, <C-r> redoes, R restarts, ? asks for a hint,
-- q closes it.

local lsp = require('retroboard.lsp')
local preview = require('retroboard.preview')

local M = {}

--- Per source buffer: { buf, moves, redo, deal, seq, shown, hint, status, legal, message,
--- headline }
local games = {}

local notify, set_lines = preview.notify, preview.set_lines

--- The lines the play buffer shows for an answer.
function M.lines(result, game)
  local text = (result.text or ''):gsub('\r\n', '\n'):gsub('\n+$', '')
  local lines = vim.split(text, '\n', { plain = true })
  table.insert(lines, '')
  if result.refused then
    table.insert(lines, ('Not allowed: %s: %s'):format(result.refused.move, result.refused.rule))
  end
  for _, line in ipairs(vim.split(result.message or '', '\n', { plain = true })) do
    table.insert(lines, line)
  end
  -- How often a Patience game is won, as far as the background search has got.
  if type(result.headline) == 'string' and result.headline ~= '' then
    table.insert(lines, result.headline)
  end
  if #game.moves > 0 then
    table.insert(lines, 'played: ' .. table.concat(game.moves, ' '))
  end
  if result.moves and #result.moves > 0 then
    table.insert(lines, 'moves: ' .. table.concat(result.moves, ' '))
  end
  if result.hint then
    local next = result.hint.move
    table.insert(lines, ('hint: %s (%s)'):format(next ~= vim.NIL and next or 'none', result.hint.reason))
  end
  table.insert(lines, '')
  table.insert(lines, 'm: a move  u: undo  <C-r>: redo  R: restart  ?: hint  q: close')
  return lines
end

--- Ask the server for the position after the moves (and a hint when `hint`) and show it.
local function refresh(src, hint)
  local game = games[src]
  if not game or not vim.api.nvim_buf_is_valid(src) then
    return
  end
  game.seq = game.seq + 1
  local seq = game.seq
  local moves = vim.deepcopy(game.moves)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(src) },
    deal = game.deal,
    moves = moves,
    hint = hint or false,
  }
  local sent = lsp.request(src, 'retroboard/play', params, function(err, result)
    vim.schedule(function()
      if games[src] ~= game or seq < game.shown then
        return
      end
      game.shown = seq
      if err then
        set_lines(game.buf, { 'This file cannot be played: ' .. (err.message or vim.inspect(err)) })
        game.status = nil
        return
      end
      if not result then
        return
      end
      if result.refused then
        -- The moves from the refused one on were not played.
        game.moves = vim.list_slice(moves, 1, result.refused.index)
        game.redo = game.saved or {}
        notify(('%s is not allowed: %s'):format(result.refused.move, result.refused.rule))
      end
      game.status = result.status
      game.legal = result.moves
      game.message = result.message
      game.hint = result.hint
      game.refused = result.refused
      game.headline = type(result.headline) == 'string' and result.headline or nil
      set_lines(game.buf, M.lines(result, game))
    end)
  end)
  if not sent then
    notify('the retroboard language server is not attached to this buffer')
  end
end

--- Plays `notation`s after the moves so far.
function M.play(src, notations)
  local game = games[src]
  game.saved = game.redo
  game.redo = {}
  vim.list_extend(game.moves, notations)
  refresh(src)
end

function M.undo(src)
  local game = games[src]
  if #game.moves == 0 then
    notify('no move to undo', vim.log.levels.INFO)
    return
  end
  table.insert(game.redo, table.remove(game.moves))
  refresh(src)
end

function M.redo(src)
  local game = games[src]
  if #game.redo == 0 then
    notify('no move to redo', vim.log.levels.INFO)
    return
  end
  table.insert(game.moves, table.remove(game.redo))
  refresh(src)
end

function M.restart(src)
  local game = games[src]
  game.moves, game.redo = {}, {}
  refresh(src)
end

function M.hint(src)
  refresh(src, true)
end

local function map_keys(buf, src)
  local function map(key, fn, desc)
    vim.keymap.set('n', key, fn, { buffer = buf, desc = 'Retroboard: ' .. desc })
  end
  map('m', function()
    vim.ui.input({ prompt = 'move: ' }, function(text)
      local notations = vim.split(text or '', '%s+', { trimempty = true })
      if #notations > 0 then
        M.play(src, notations)
      end
    end)
  end, 'play a move typed in the game\'s notation')
  map('u', function()
    M.undo(src)
  end, 'undo the last move')
  map('<C-r>', function()
    M.redo(src)
  end, 'redo the move undone')
  map('R', function()
    M.restart(src)
  end, 'restart the game')
  map('?', function()
    M.hint(src)
  end, 'suggest a move')
  map('q', function()
    vim.api.nvim_buf_delete(buf, { force = true })
  end, 'close the game')
end

--- The game of `src`, its play buffer shown in a split.
function M.open(src)
  local game = games[src]
  if not game then
    game = { moves = {}, redo = {}, deal = 1, seq = 0, shown = 0 }
    games[src] = game
    local group = vim.api.nvim_create_augroup('retroboard.play.' .. src, { clear = true })
    -- The board edited: the game replayed on the new text.
    vim.api.nvim_create_autocmd({ 'TextChanged', 'TextChangedI' }, {
      group = group,
      buffer = src,
      callback = function()
        if games[src] == game then
          refresh(src)
        end
      end,
    })
  end
  if not (game.buf and vim.api.nvim_buf_is_valid(game.buf)) then
    local buf = vim.api.nvim_create_buf(false, true)
    vim.bo[buf].bufhidden = 'wipe'
    vim.bo[buf].swapfile = false
    vim.bo[buf].filetype = 'retroboard-play'
    local base = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(src), ':t')
    pcall(vim.api.nvim_buf_set_name, buf, ('retroboard-play://%d/%s'):format(src, base))
    set_lines(buf, { 'starting the game…' })
    vim.b[buf].retroboard_source = src
    game.buf = buf
    map_keys(buf, src)
    vim.api.nvim_create_autocmd('BufWipeout', {
      buffer = buf,
      callback = function()
        if games[src] == game then
          games[src] = nil
          pcall(vim.api.nvim_del_augroup_by_name, 'retroboard.play.' .. src)
        end
      end,
    })
    local current = vim.api.nvim_get_current_win()
    vim.cmd(preview.options.split)
    local win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_buf(win, buf)
    vim.wo[win].wrap = false
    vim.wo[win].number = false
    vim.wo[win].list = false
    vim.wo[win].spell = false
    vim.api.nvim_set_current_win(current)
  end
  refresh(src)
  return game
end

--- :RetroboardPlay [MOVES… | undo | redo | restart | hint | deal SEED]
function M.command(args)
  local fargs = args.fargs or vim.split(args.args or '', '%s+', { trimempty = true })
  local buf = vim.api.nvim_get_current_buf()
  local src = vim.b[buf].retroboard_source or buf
  if not games[src] and not lsp.client(src) then
    notify(('this buffer is not a Retroboard file (filetype %q)'):format(vim.bo[src].filetype))
    return
  end
  local opened = games[src] ~= nil
  local game = games[src] or M.open(src)
  local word = fargs[1]
  if word == nil then
    if opened then
      M.open(src)
    end
  elseif word == 'undo' then
    M.undo(src)
  elseif word == 'redo' then
    M.redo(src)
  elseif word == 'restart' then
    M.restart(src)
  elseif word == 'hint' then
    M.hint(src)
  elseif word == 'deal' then
    local seed = tonumber(fargs[2] or '')
    if not (seed and seed >= 0 and seed == math.floor(seed) and seed < 2 ^ 53) then
      notify(('the seed must be a whole number from 0 up, not %q'):format(fargs[2] or ''), vim.log.levels.ERROR)
      return
    end
    game.deal = seed
    M.restart(src)
  else
    M.play(src, fargs)
  end
end

--- The state of the game of a source buffer (for tests and statuslines): { moves, status,
--- legal, message, hint, refused, headline, buf }.
function M.state(src)
  local game = games[src or vim.api.nvim_get_current_buf()]
  if not game then
    return nil
  end
  return {
    moves = vim.deepcopy(game.moves),
    status = game.status,
    legal = game.legal,
    message = game.message,
    hint = game.hint,
    refused = game.refused,
    headline = game.headline,
    buf = game.buf,
    shown = game.shown,
    seq = game.seq,
  }
end

return M
