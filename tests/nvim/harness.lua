-- A small test harness for the headless Neovim suites: named tests, assertions that say what
-- differed, bounded waits, and helpers for buffers, diagnostics and hover.

local t = { passed = 0, failed = 0, failures = {} }

function t.out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

local function fmt(v)
  if type(v) == 'string' then
    return ('%q'):format(v)
  end
  return vim.inspect(v)
end

--- Run one test; an error inside (a failed assertion or a timeout) fails it, the suite goes on.
function t.test(name, fn)
  local start = vim.uv.hrtime()
  local ok, err = xpcall(fn, debug.traceback)
  local ms = (vim.uv.hrtime() - start) / 1e6
  if ok then
    t.passed = t.passed + 1
    t.out(('ok   %s (%d ms)'):format(name, ms))
  else
    t.failed = t.failed + 1
    t.failures[#t.failures + 1] = name
    t.out(('FAIL %s (%d ms)\n%s'):format(name, ms, tostring(err):gsub('\n', '\n     ')))
  end
end

function t.fail(msg)
  error(msg, 2)
end

function t.ok(cond, msg)
  if not cond then
    error('assertion failed: ' .. (msg or '?'), 2)
  end
  return cond
end

function t.eq(actual, expected, what)
  if not vim.deep_equal(actual, expected) then
    error(('%s:\n  expected %s\n  got      %s'):format(what or 'values differ', fmt(expected), fmt(actual)), 2)
  end
end

--- Wait at most `ms` for `cond()` to be truthy; fail with `desc` when it is not.
function t.wait(desc, ms, cond)
  local value
  local ok = vim.wait(ms, function()
    value = cond()
    return value
  end, 20)
  if not ok then
    error(('timed out after %d ms waiting for %s'):format(ms, desc), 2)
  end
  return value
end

function t.path(rel)
  return t.repo .. '/' .. rel
end

function t.read(path)
  local file = io.open(path, 'rb')
  if not file then
    return nil
  end
  local data = file:read('*a')
  file:close()
  return data
end

function t.write(path, data)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ':h'), 'p')
  local file = assert(io.open(path, 'wb'))
  file:write(data)
  file:close()
  return path
end

--- Open a file in the current window (discarding changes to the previous buffer) and return it.
function t.edit(path)
  vim.cmd('silent! edit! ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  t.ok(vim.api.nvim_buf_get_name(buf) == vim.fn.fnamemodify(path, ':p'), 'opened ' .. path)
  return buf
end

-- Record every publishDiagnostics (per buffer: version and count), to know when the server has
-- answered a didOpen/didChange for the buffer's current version.
t.published = {}
local orig = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri then
    local buf = vim.uri_to_bufnr(result.uri)
    t.published[buf] = { version = result.version, count = #(result.diagnostics or {}), ctx = ctx }
  end
  return orig(err, result, ctx, config)
end

function t.client(buf, ms)
  return t.wait('the retroboard client to attach to ' .. vim.api.nvim_buf_get_name(buf), ms or 10000, function()
    return vim.lsp.get_clients({ bufnr = buf, name = 'retroboard' })[1]
  end)
end

--- Wait for the diagnostics of the buffer's current version and return them.
function t.diagnostics(buf, ms)
  t.client(buf, ms)
  t.wait('publishDiagnostics for the current version of ' .. vim.api.nvim_buf_get_name(buf), ms or 10000, function()
    local p = t.published[buf]
    return p and p.version == vim.lsp.util.buf_versions[buf]
  end)
  return vim.diagnostic.get(buf)
end

local severity_names = { 'error', 'warning', 'information', 'hint' }

local function char_col(buf, row, byte)
  local line = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1]
  if not line then
    return byte
  end
  if byte >= #line then
    return vim.fn.strchars(line) + (byte - #line)
  end
  return vim.fn.charidx(line, byte)
end

--- The diagnostics in the fixture `.expected` format: `L:C-L:C severity code: message`, 1-based,
--- columns counted in characters, sorted.
function t.render_diagnostics(buf, diags)
  local lines = {}
  for _, d in ipairs(diags) do
    lines[#lines + 1] = ('%d:%d-%d:%d %s %s: %s'):format(
      d.lnum + 1,
      char_col(buf, d.lnum, d.col) + 1,
      d.end_lnum + 1,
      char_col(buf, d.end_lnum, d.end_col) + 1,
      severity_names[d.severity],
      tostring(d.code),
      d.message
    )
  end
  table.sort(lines)
  return lines
end

--- The findings of `<file>.expected`, sorted.
function t.expected(path)
  local data = t.read(path .. '.expected')
  if not data then
    t.fail('no ' .. path .. '.expected')
  end
  local lines = {}
  for line in vim.gsplit(data, '\n', { plain = true }) do
    if line:match('^%d+:%d+%-%d+:%d+ ') then
      lines[#lines + 1] = line
    elseif line:match('^    at ') then
      -- Another place the finding names (its relatedInformation), not a diagnostic of its own.
    elseif line ~= '' and #lines > 0 then
      -- A message spanning lines.
      lines[#lines] = lines[#lines] .. '\n' .. line
    end
  end
  table.sort(lines)
  return lines
end

--- Hover at a 0-based row and byte column; returns the result table (or nil).
function t.hover(buf, row, col, ms)
  local client = t.client(buf, ms)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = row, character = col },
  }
  local response, err = client:request_sync('textDocument/hover', params, ms or 5000, buf)
  if not response then
    t.fail('hover request failed: ' .. tostring(err))
  end
  if response.err then
    t.fail('hover error: ' .. vim.inspect(response.err))
  end
  return response.result
end

function t.hover_text(result)
  if not result then
    return nil
  end
  local c = result.contents
  if type(c) == 'string' then
    return c
  elseif c.value then
    return c.value
  end
  local parts = {}
  for _, item in ipairs(c) do
    parts[#parts + 1] = type(item) == 'string' and item or item.value
  end
  return table.concat(parts, '\n')
end

return t
