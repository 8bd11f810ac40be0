-- Headless Neovim test entry point (run by .ci/nvim.sh):
--
--   RETROBOARD_BIN=/path/to/retroboard RETROBOARD_NVIM_SUITE=main \
--     nvim --headless --clean -u tests/nvim/init.lua
--
-- Loads the plugin from this repository's nvim/ folder, configures it with the given server
-- binary, runs one suite (tests/nvim/<suite>.lua) and quits with status 0 when every test passed,
-- 1 when one failed, 3 when the suite ran out of time. The last line printed is
-- `<suite>: N passed, M failed`.

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local repo = vim.fn.fnamemodify(here, ':h:h')

vim.o.swapfile = false
vim.o.shadafile = 'NONE'
vim.o.more = false
vim.o.showmode = false
vim.opt.runtimepath:prepend(repo .. '/nvim')
vim.cmd('filetype plugin on')
vim.cmd('runtime! plugin/retroboard.lua')

local t = dofile(here .. '/harness.lua')
t.repo = repo
t.here = here

local suite = os.getenv('RETROBOARD_NVIM_SUITE') or 'main'
local bin = os.getenv('RETROBOARD_BIN')
if not bin or bin == '' or vim.fn.executable(bin) == 0 then
  io.stderr:write('RETROBOARD_BIN must name the retroboard binary (got ' .. tostring(bin) .. ')\n')
  os.exit(2)
end

-- The plugin as a user configures it; the fallback suite forces vim.lsp.start (Neovim 0.9/0.10 way).
require('retroboard').setup({
  cmd = { bin, 'lsp' },
  lsp = suite == 'fallback' and 'start' or true,
  preview = { debounce = 100 },
})
local budget = tonumber(os.getenv('RETROBOARD_NVIM_BUDGET_MS') or '') or 90000

-- Whole-suite time limit: fail loudly rather than hang.
local deadline = (vim.uv or vim.loop).new_timer()
deadline:start(budget, 0, function()
  io.stderr:write(('\n%s: TIMEOUT after %d ms (the suite did not finish)\n'):format(suite, budget))
  io.stderr:flush()
  os.exit(3)
end)

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    vim.schedule(function()
      local ok, err = xpcall(function()
        dofile(here .. '/' .. suite .. '.lua')(t)
      end, debug.traceback)
      if not ok then
        t.failed = t.failed + 1
        t.out(('FAIL %s (suite aborted): %s'):format(suite, err))
      end
      deadline:stop()
      t.out(('%s: %d passed, %d failed'):format(suite, t.passed, t.failed))
      -- Stop the language servers before leaving, so no process outlives the test.
      for _, client in ipairs(vim.lsp.get_clients()) do
        client:stop(true)
      end
      vim.wait(2000, function()
        return #vim.lsp.get_clients() == 0
      end, 20)
      if t.failed == 0 then
        vim.cmd('qall!')
      else
        vim.cmd('cquit! 1')
      end
    end)
  end,
})
