-- :checkhealth retroboard

local M = {}

function M.check()
  local health = vim.health
  local retroboard = require('retroboard')
  local detect = require('retroboard.detect')
  local parsers = require('retroboard.parsers')

  health.start('retroboard: Neovim')
  if vim.fn.has('nvim-0.11') == 1 then
    health.ok('Neovim 0.11+: vim.lsp.config and ABI-15 tree-sitter parsers')
  elseif vim.fn.has('nvim-0.9') == 1 then
    health.warn('Neovim 0.9/0.10: the server starts with vim.lsp.start; tree-sitter parsers (ABI 15) need 0.11')
  else
    health.error('Neovim 0.9 or newer is needed')
  end

  health.start('retroboard: language server')
  local cmd = retroboard.options.cmd or require('retroboard.lsp').default_config().cmd
  if vim.fn.has('nvim-0.11') == 1 and vim.lsp.config and not retroboard.options.cmd then
    cmd = (vim.lsp.config.retroboard or {}).cmd or cmd
  end
  if type(cmd) ~= 'table' then
    health.info('cmd is a function; not checked')
  elseif vim.fn.executable(cmd[1]) == 1 then
    local version = vim.fn.system({ cmd[1], '--version' })
    health.ok(('%s: %s'):format(vim.fn.exepath(cmd[1]), vim.trim(version)))
  else
    health.error(('%s is not executable'):format(cmd[1]), {
      'build it: cargo install --path server (in the Retroboard repository)',
      "or give its path: require('retroboard').setup({ cmd = { '/path/to/retroboard', 'lsp' } })",
    })
  end
  if retroboard.options.lsp == false then
    health.info('setup({ lsp = false }): the server is not started by this plugin')
  end

  health.start('retroboard: encodings')
  local encoding = require('retroboard.encoding')
  for _, enc in ipairs({ 'macroman', 'windows-1252' }) do
    local name = encoding.vim_name(enc)
    if name then
      health.ok(('%s files open with fileencoding=%s'):format(encoding.LABEL[enc], name))
    else
      health.warn(('this Neovim cannot convert %s: such files are read as Latin-1'):format(encoding.LABEL[enc]), {
        'Neovim converts with iconv; a build without it (or without Mac Roman) cannot read these files right',
      })
    end
  end

  health.start('retroboard: tree-sitter')
  local missing = {}
  for _, ft in ipairs(detect.filetypes) do
    local lang = detect.languages[ft]
    if not parsers.load(lang) then
      missing[#missing + 1] = lang
    end
  end
  if #missing == 0 then
    health.ok('all nine parsers load')
  else
    health.warn('no parser for: ' .. table.concat(missing, ', '), {
      ':RetroboardBuildParsers (needs a C compiler), or nvim/scripts/build-parsers.sh',
      'grammars: ' .. parsers.grammars_dir(),
    })
  end
  if #vim.api.nvim_get_runtime_file('queries/colossus_map/highlights.scm', false) == 0 then
    health.warn('the highlight queries are not on the runtimepath (nvim/queries)')
  end
end

return M
