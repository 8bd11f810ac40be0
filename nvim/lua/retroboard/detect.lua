-- Filetype detection for the nine Retroboard formats. The filetypes are the server's format ids,
-- so the LSP languageId Neovim sends (the filetype) picks the format in the server too.
--
-- The rules, constants and scores are the server's, line for line
-- (server/src/registry/detect.rs); the VS Code extension has them too
-- (vscode-extension/src/sniff.ts). All three pass the shared table of cases
-- tests/detection/cases.json (here: tests/nvim/main.lua).
--   .map .ter .cre .var            colossus-map / -ter / -cre / -var (extensions in any case)
--   Battlelands/<no extension>     colossus-battleland
--   .tes                           crossmines-pattern
--   .bord                          othello-bord
--   .pat                           patience-game when its score beats crossmines-pattern's
--   .brd                           peg-brd when its score beats othello-bord's
--   other extension-less files     othello-bord when line 4 is a 64-square board and the
--                                  Othello score is at least 4 of 5
-- The scores weigh the whole head of the file (the first 64 lines of the first 8 KiB), not one
-- line, so a slip in a header line does not turn a file into another game.

local M = {}

--- Every filetype (= format id) and its tree-sitter language (= the grammar's `name`).
M.languages = {
  ['crossmines-pattern'] = 'crossmines_pattern',
  ['patience-game'] = 'patience_game',
  ['othello-bord'] = 'othello_bord',
  ['colossus-map'] = 'colossus_map',
  ['colossus-ter'] = 'colossus_ter',
  ['colossus-cre'] = 'colossus_cre',
  ['colossus-battleland'] = 'colossus_battleland',
  ['colossus-var'] = 'colossus_var',
  ['peg-brd'] = 'peg_brd',
}

--- The nine filetypes in a fixed order.
M.filetypes = {
  'crossmines-pattern',
  'patience-game',
  'othello-bord',
  'colossus-map',
  'colossus-ter',
  'colossus-cre',
  'colossus-battleland',
  'colossus-var',
  'peg-brd',
}

--- Retroboard's settings files: TOML to Neovim (filetype toml), served by the language server too.
M.settings_names = { ['retroboard.toml'] = true, ['.retroboard.toml'] = true }

--- Whether the language server serves a buffer: one of the nine filetypes, or a settings file.
function M.served(bufnr)
  local filetype = vim.bo[bufnr].filetype
  if M.languages[filetype] then
    return true
  end
  local name = vim.fs.basename(vim.api.nvim_buf_get_name(bufnr))
  return filetype == 'toml' and M.settings_names[name] == true
end

--- Detection reads the first HEAD_LINES lines of the first HEAD_BYTES bytes.
local HEAD_BYTES = 8192
local HEAD_LINES = 64
M.HEAD_BYTES = HEAD_BYTES
M.HEAD_LINES = HEAD_LINES

--- The head of a text, split as LSP splits lines (CRLF, LF or a lone CR).
function M.head_lines(text)
  if #text > HEAD_BYTES then
    local cut = HEAD_BYTES
    -- Back to the start of a UTF-8 character.
    while cut > 0 and (text:byte(cut + 1) or 0) >= 0x80 and text:byte(cut + 1) < 0xC0 do
      cut = cut - 1
    end
    text = text:sub(1, cut)
  end
  local lines, start = {}, 1
  while #lines < HEAD_LINES do
    local brk = text:find('[\r\n]', start)
    if not brk then
      lines[#lines + 1] = text:sub(start)
      break
    end
    lines[#lines + 1] = text:sub(start, brk - 1)
    start = brk + ((text:sub(brk, brk + 1) == '\r\n') and 2 or 1)
  end
  return lines
end

--- The head of a buffer, or of the file at `path` when there is no buffer.
function M.head(bufnr, path)
  local text
  if bufnr and vim.api.nvim_buf_is_valid(bufnr) then
    text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, HEAD_LINES, false), '\n')
  elseif path and vim.fn.filereadable(path) == 1 then
    -- No buffer (vim.filetype.match with a file name): the start of the file.
    local file = io.open(path, 'rb')
    text = file and file:read(HEAD_BYTES) or ''
    if file then
      file:close()
    end
  else
    text = ''
  end
  return M.head_lines(text)
end

local function is_integer(s)
  return s:match('^%-?%d+$') ~= nil
end

local function trim(s)
  return (s:gsub('^%s+', ''):gsub('%s+$', ''))
end

--- The characters of a UTF-8 string (its bytes that do not continue a character).
local function char_count(s)
  return select(2, s:gsub('[^\128-\191]', ''))
end

local function count(lines, pred)
  local n = 0
  for _, line in ipairs(lines) do
    if pred(line) then
      n = n + 1
    end
  end
  return n
end

--- Patience: 2 for a second non-blank line `decks piles`, 2 for each pile row (a line with at
--- least 6 whole numbers: a pile has 11).
function M.patience_score(lines)
  local nonblank = vim.tbl_filter(function(l)
    return l:match('%S') ~= nil
  end, lines)
  local fields = {}
  for word in (nonblank[2] or ''):gmatch('%S+') do
    fields[#fields + 1] = word
  end
  local decks_piles = #fields == 2 and is_integer(fields[1]) and is_integer(fields[2])
  local pile_rows = count(lines, function(l)
    local numbers = 0
    for word in l:gmatch('%S+') do
      numbers = numbers + (is_integer(word) and 1 or 0)
    end
    return numbers >= 6
  end)
  return (decks_piles and 2 or 0) + 2 * pile_rows
end

--- Crossmines: 1 for each line that is one word of grid characters (ID, sizes, grid rows).
function M.crossmines_score(lines)
  return count(lines, function(l)
    return trim(l):match('^[%w%.#,%-]+$') ~= nil
  end)
end

--- Peg solitaire: 3 for a v1 header `1`, `D|N`, `~` at the start (line breaks may stand
--- between, as the game deletes them), 2 for each line starting with `version` or `mode` (any
--- case), 1 for each row of v1 elements (3 or more of `X E 1 2 3 * > ! ~`) or of v2 elements
--- (`* r y g e` in either case, once blanks and dots are deleted).
function M.peg_score(lines)
  local v1_header = table.concat(lines, ''):match('^1[DN]~') ~= nil
  local header_lines = count(lines, function(l)
    local low = l:lower()
    return low:match('^%s*version') ~= nil or low:match('^%s*mode') ~= nil
  end)
  local rows = count(lines, function(l)
    local v1 = #l >= 3 and l:match('^[XE123*>!~]+$') ~= nil
    local v2 = l:gsub('[ %.]', ''):match('^[*rygeRYGE]+$') ~= nil
    return v1 or v2
  end)
  return (v1_header and 3 or 0) + 2 * header_lines + rows
end

--- Super Othello: 1 each for a whole number on lines 1 and 2, 1 for a used-squares line 3 of
--- letters and digits, 2 for a board line 4 of 64 characters.
function M.othello_score(lines)
  local function line(n)
    return trim(lines[n + 1] or '')
  end
  local board = char_count(line(3)) == 64 and not line(3):match('%s')
  return (is_integer(line(0)) and 1 or 0)
    + (is_integer(line(1)) and 1 or 0)
    + ((#lines > 2 and line(2):match('^%w*$')) and 1 or 0)
    + (board and 2 or 0)
end

--- An extension-less file is a Super Othello board when its line 4 is a board and most of the
--- other lines fit (score 4 of 5: one count line may be wrong).
function M.has_bord_shape(lines)
  return char_count(trim(lines[4] or '')) == 64 and M.othello_score(lines) >= 4
end

--- The file name has no extension, as Rust's Path::extension sees it (`.hidden` has none).
local function has_extension(tail)
  return tail:find('.', 2, true) ~= nil
end

local function tail_of(path)
  return (path:gsub('\\', '/'):match('[^/]*$'))
end

function M.pat(path, bufnr)
  local lines = M.head(bufnr, path)
  return M.patience_score(lines) > M.crossmines_score(lines) and 'patience-game' or 'crossmines-pattern'
end

function M.brd(path, bufnr)
  local lines = M.head(bufnr, path)
  return M.peg_score(lines) > M.othello_score(lines) and 'peg-brd' or 'othello-bord'
end

function M.battleland(path)
  if not has_extension(tail_of(path)) then
    return 'colossus-battleland'
  end
end

function M.bord_shaped(path, bufnr)
  local tail = tail_of(path)
  if tail ~= '' and not has_extension(tail) and M.has_bord_shape(M.head(bufnr, path)) then
    return 'othello-bord'
  end
end

--- The vim.filetype.add() table. Extensions are matched as written: lower and upper case (common
--- on the DOS-era originals) are in the extension table, any other mix of cases (`.Pat`) has a
--- pattern, tried after the extensions.
function M.mappings()
  local extension, pattern = {}, {}
  local function ext(name, ft)
    extension[name] = ft
    extension[name:upper()] = ft
    local any_case = name:gsub('%a', function(c)
      return '[' .. c .. c:upper() .. ']'
    end)
    pattern['.*%.' .. any_case] = { ft, { priority = -1 } }
  end
  ext('map', 'colossus-map')
  ext('ter', 'colossus-ter')
  ext('cre', 'colossus-cre')
  ext('var', 'colossus-var')
  ext('tes', 'crossmines-pattern')
  ext('bord', 'othello-bord')
  ext('pat', M.pat)
  ext('brd', M.brd)
  -- Extension-less files whose parent folder is exactly `Battlelands`.
  pattern['.*/Battlelands/[^/]+'] = { M.battleland, { priority = 10 } }
  -- Any other extension-less file with the BORD shape, after every other rule.
  pattern['.*'] = { M.bord_shaped, { priority = -math.huge } }
  return { extension = extension, pattern = pattern }
end

function M.register()
  vim.filetype.add(M.mappings())
end

return M
