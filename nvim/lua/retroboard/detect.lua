-- Filetype detection for the nine Retroboard formats. The filetypes are the server's format ids,
-- so the LSP languageId Neovim sends (the filetype) picks the format in the server too.
--
-- The rules are the server's (server/src/syntax/detect.rs, DESIGN.md "Telling formats apart"):
--   .map .ter .cre .var            colossus-map / -ter / -cre / -var
--   Battlelands/<no extension>     colossus-battleland
--   .tes                           crossmines-pattern
--   .pat                           patience-game when the second non-blank line is two integers,
--                                  else crossmines-pattern
--   .brd                           peg-brd when it starts with a v1 header `1`, `D|N`, `~` (line
--                                  breaks allowed between them) or a first line `version 2` (any
--                                  case, trailing blanks allowed), else othello-bord
--   .bord                          othello-bord
--   other extension-less files     othello-bord when they have the BORD shape (two numbers, a
--                                  used-squares line, a 64-square board line)

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

--- How many lines detection looks at (as the server: the first lines only).
local HEAD = 64

--- Split text lines further at CR, CRLF and lone CR, as LSP (and the server) split lines. A file
--- with Mac line endings read with 'fileformat' unix is one buffer line holding CRs.
local function split_lines(lines)
  local out = {}
  for _, line in ipairs(lines) do
    local start = 1
    while true do
      local cr = line:find('\r', start, true)
      if not cr then
        out[#out + 1] = line:sub(start)
        break
      end
      out[#out + 1] = line:sub(start, cr - 1)
      start = cr + 1
      if line:sub(start, start) == '\n' then
        start = start + 1
      end
      if start > #line then
        break
      end
    end
    if #out >= HEAD then
      break
    end
  end
  return out
end

--- The first lines of a buffer, or of the file at `path` when there is no buffer.
function M.head(bufnr, path)
  local lines
  if bufnr and vim.api.nvim_buf_is_valid(bufnr) then
    lines = vim.api.nvim_buf_get_lines(bufnr, 0, HEAD, false)
  elseif path and vim.fn.filereadable(path) == 1 then
    -- No buffer (vim.filetype.match with a file name): the first 8 KiB of the file.
    local file = io.open(path, 'rb')
    local data = file and file:read(8192) or ''
    if file then
      file:close()
    end
    lines = vim.split(data, '\n', { plain = true })
  else
    lines = {}
  end
  return split_lines(lines)
end

local function is_integer(s)
  return s:match('^%-?%d+$') ~= nil
end

--- A Patience definition's second non-blank line is `decks piles`.
function M.is_patience(lines)
  local seen = 0
  for _, line in ipairs(split_lines(lines)) do
    if line:match('%S') then
      seen = seen + 1
      if seen == 2 then
        local fields = vim.split(vim.trim(line), '%s+')
        return #fields == 2 and is_integer(fields[1]) and is_integer(fields[2])
      end
    end
  end
  return false
end

--- A peg board starts with `1`, `D|N`, `~` (line breaks may stand between) or `version 2`.
function M.is_peg(lines)
  local joined = table.concat(lines, ''):gsub('[\r\n]', '')
  if joined:match('^1[DN]~') then
    return true
  end
  local first = split_lines({ lines[1] or '' })[1] or ''
  return first:gsub('%s+$', ''):lower() == 'version 2'
end

--- Two numbers, a used-squares line and a 64-square board line: a Super Othello board.
function M.has_bord_shape(lines)
  lines = split_lines(lines)
  if #lines < 4 then
    return false
  end
  local l3 = vim.trim(lines[3])
  return is_integer(vim.trim(lines[1]))
    and is_integer(vim.trim(lines[2]))
    and l3:match('^%w*$') ~= nil
    and vim.fn.strchars(vim.trim(lines[4])) == 64
end

--- The file name has no extension, as Rust's Path::extension sees it (`.hidden` has none).
local function has_extension(tail)
  return tail:find('.', 2, true) ~= nil
end

local function tail_of(path)
  return (path:gsub('\\', '/'):match('[^/]*$'))
end

function M.pat(path, bufnr)
  return M.is_patience(M.head(bufnr, path)) and 'patience-game' or 'crossmines-pattern'
end

function M.brd(path, bufnr)
  return M.is_peg(M.head(bufnr, path)) and 'peg-brd' or 'othello-bord'
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

--- The vim.filetype.add() table. Extensions are matched as written, so upper-case ones (common
--- on the DOS-era originals) are listed too.
function M.mappings()
  local extension = {}
  local function ext(name, ft)
    extension[name] = ft
    extension[name:upper()] = ft
  end
  ext('map', 'colossus-map')
  ext('ter', 'colossus-ter')
  ext('cre', 'colossus-cre')
  ext('var', 'colossus-var')
  ext('tes', 'crossmines-pattern')
  ext('bord', 'othello-bord')
  ext('pat', M.pat)
  ext('brd', M.brd)
  return {
    extension = extension,
    pattern = {
      -- Extension-less files whose parent folder is exactly `Battlelands`.
      ['.*/Battlelands/[^/]+'] = { M.battleland, { priority = 10 } },
      -- Any other extension-less file with the BORD shape, after every other rule.
      ['.*'] = { M.bord_shaped, { priority = -math.huge } },
    },
  }
end

function M.register()
  vim.filetype.add(M.mappings())
end

return M
