-- Which encoding a game file is opened in: the one the language server reads its bytes in, so
-- Neovim shows (and sends the server) the characters the game wrote, and a character typed into
-- the file is saved as the game reads it.
--
-- The rule is the server's (server/src/text.rs `decode`), as the VS Code extension applies it
-- (vscode-extension/src/fileBytes.ts `encodingFor`): UTF-8 when the bytes are valid UTF-8, else
-- Mac Roman for classic Mac text (a CR and no LF anywhere), else Windows-1252. Pure ASCII reads
-- the same in all three, so it gets the encoding its game wrote. Binary data and files with a
-- byte order mark are left to Neovim ('fileencodings' starts with ucs-bom).

local M = {}

--- The encoding each game wrote its files in; Colossus (Java) files are ASCII/UTF-8.
M.GAME = {
  ['crossmines-pattern'] = 'windows-1252', -- Notepad's "ANSI" on Windows
  ['patience-game'] = 'windows-1252',
  ['peg-brd'] = 'windows-1252', -- Delphi on Windows
  ['othello-bord'] = 'macroman', -- classic Mac OS (Super Othello 2.0, 1996)
}

--- Names for the users (messages, :checkhealth).
M.LABEL = { macroman = 'Mac Roman', ['windows-1252'] = 'Windows-1252', ['utf-8'] = 'UTF-8' }

--- Whether `s` is UTF-8 as Rust's str::from_utf8 accepts it (no overlong forms, no surrogates,
--- nothing past U+10FFFF).
function M.is_utf8(s)
  local i, n = 1, #s
  while i <= n do
    i = s:find('[\128-\255]', i)
    if not i then
      return true
    end
    local c = s:byte(i)
    local len, lo, hi
    if c >= 0xC2 and c <= 0xDF then
      len, lo, hi = 2, 0x80, 0xBF
    elseif c == 0xE0 then
      len, lo, hi = 3, 0xA0, 0xBF
    elseif c == 0xED then
      len, lo, hi = 3, 0x80, 0x9F
    elseif c >= 0xE1 and c <= 0xEF then
      len, lo, hi = 3, 0x80, 0xBF
    elseif c == 0xF0 then
      len, lo, hi = 4, 0x90, 0xBF
    elseif c >= 0xF1 and c <= 0xF3 then
      len, lo, hi = 4, 0x80, 0xBF
    elseif c == 0xF4 then
      len, lo, hi = 4, 0x80, 0x8F
    else
      return false
    end
    local second = s:byte(i + 1)
    if not second or second < lo or second > hi then
      return false
    end
    for k = i + 2, i + len - 1 do
      local b = s:byte(k)
      if not b or b < 0x80 or b > 0xBF then
        return false
      end
    end
    i = i + len
  end
  return true
end

--- The encoding ('utf-8', 'macroman' or 'windows-1252') to open a file with these bytes and
--- this filetype in; nil to leave Neovim's choice.
function M.of(bytes, filetype)
  if bytes:find('\0', 1, true) then
    return nil
  end
  local head = bytes:sub(1, 3)
  if head == '\239\187\191' or head:sub(1, 2) == '\255\254' or head:sub(1, 2) == '\254\255' then
    return nil
  end
  if not bytes:find('[\128-\255]') then
    return M.GAME[filetype]
  end
  if M.is_utf8(bytes) then
    return 'utf-8'
  end
  if bytes:find('\r', 1, true) and not bytes:find('\n', 1, true) then
    return 'macroman'
  end
  return 'windows-1252'
end

-- The names Neovim's conversion (iconv, or Windows code pages) may know each encoding by; the
-- first that converts the probe both ways is used. glibc and GNU libiconv call Mac Roman
-- `macintosh`; Neovim's own `macroman` converts nothing without such a library.
local CANDIDATES = {
  macroman = { 'macroman', 'macintosh', 'cp10000' },
  ['windows-1252'] = { 'cp1252' },
  ['utf-8'] = { 'utf-8' },
}
-- ø ™ é in Mac Roman; æ € – in Windows-1252 (bytes Latin-1 reads as other characters).
local PROBES = {
  macroman = { '\191\170\142', 'ø™é' },
  ['windows-1252'] = { '\230\128\150', 'æ€–' },
}

local names = {}

--- The 'fileencoding' value for an encoding, or nil when this Neovim cannot convert it.
function M.vim_name(encoding)
  if names[encoding] == nil then
    names[encoding] = false
    local probe = PROBES[encoding]
    for _, name in ipairs(CANDIDATES[encoding] or {}) do
      if not probe or (vim.fn.iconv(probe[1], name, 'utf-8') == probe[2] and vim.fn.iconv(probe[2], 'utf-8', name) == probe[1]) then
        names[encoding] = name
        break
      end
    end
  end
  return names[encoding] or nil
end

--- Which of our encodings a 'fileencoding' value is (nil for any other).
function M.encoding_of(fenc)
  for encoding in pairs(CANDIDATES) do
    if fenc ~= '' and M.vim_name(encoding) == fenc then
      return encoding
    end
  end
  return nil
end

-- Whether text survives conversion to `fenc` and back (iconv() puts `?` for what it cannot hold).
local function holds(fenc, text)
  return vim.fn.iconv(vim.fn.iconv(text, 'utf-8', fenc), fenc, 'utf-8') == text
end

--- The first character of the buffer that 'fileencoding' `fenc` cannot hold: row (1-based) and
--- the character; nil when every line converts.
function M.unwritable(bufnr, fenc)
  for row, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if line:find('[\128-\255]') and not holds(fenc, line) then
      for _, char in ipairs(vim.fn.split(line, '\\zs')) do
        if not holds(fenc, char) then
          return row, char
        end
      end
      return row, line
    end
  end
  return nil
end

return M
