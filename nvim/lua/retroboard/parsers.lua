-- Tree-sitter parsers and highlighting for the nine formats.
--
-- The grammars live in the repository's grammars/<format-id>/ (src/parser.c is committed, there is
-- no external scanner); their tree-sitter names are the grammar `name`s (colossus_map, ...). The
-- highlight queries are in this plugin's queries/<name>/highlights.scm (copies of
-- grammars/<id>/queries/highlights.scm, kept identical by scripts/sync-queries.sh).
--
-- build() compiles every parser with the system C compiler into a folder (default: this plugin's
-- parser/, which Neovim searches through 'runtimepath'); highlighting starts by itself for these
-- filetypes once a parser loads. The parsers are ABI 15: Neovim 0.11 or newer loads them.

local detect = require('retroboard.detect')

local M = {}

--- This plugin's folder (the one holding lua/, plugin/, lsp/, queries/).
function M.plugin_dir()
  local source = debug.getinfo(1, 'S').source:sub(2)
  return vim.fn.fnamemodify(source, ':p:h:h:h')
end

M.options = {
  -- Folder the compiled parsers are written to and loaded from (<name>.so).
  parser_dir = nil,
  -- The repository's grammars/ folder (<format-id>/src/parser.c).
  grammars_dir = nil,
  -- Start tree-sitter highlighting for the nine filetypes when a parser is available.
  highlight = true,
}

function M.parser_dir()
  return M.options.parser_dir or (M.plugin_dir() .. '/parser')
end

function M.grammars_dir()
  return M.options.grammars_dir or vim.fs.normalize(M.plugin_dir() .. '/../grammars')
end

--- Map the nine filetypes to their tree-sitter languages (needs no parser).
function M.register_languages()
  if not (vim.treesitter and vim.treesitter.language and vim.treesitter.language.register) then
    return
  end
  for ft, lang in pairs(detect.languages) do
    vim.treesitter.language.register(lang, ft)
  end
end

local loaded = {}

--- Load the parser of a language: from parser_dir when it is there, else from 'runtimepath'
--- (e.g. nvim-treesitter's parser/ folder). Returns true when the language is usable.
function M.load(lang)
  if loaded[lang] then
    return true
  end
  local file = M.parser_dir() .. '/' .. lang .. '.so'
  local ok, result
  if vim.fn.filereadable(file) == 1 then
    ok, result = pcall(vim.treesitter.language.add, lang, { path = file })
  else
    ok, result = pcall(vim.treesitter.language.add, lang)
  end
  -- 0.11 returns true, or nil and a message; 0.9/0.10 return nothing and throw on failure.
  if ok and (result == true or vim.fn.has('nvim-0.11') == 0) then
    loaded[lang] = true
  end
  return loaded[lang] == true
end

--- Start highlighting in a buffer of one of the nine filetypes, when its parser loads.
function M.attach(bufnr)
  if not M.options.highlight then
    return false
  end
  local lang = detect.languages[vim.bo[bufnr].filetype]
  if not lang or not M.load(lang) then
    return false
  end
  return pcall(vim.treesitter.start, bufnr, lang)
end

--- Compile every grammar with the system C compiler.
--- @param opts? { dir?: string, grammars?: string, sync?: boolean, on_done?: fun(ok: boolean, messages: string[]) }
--- Returns (when sync) ok and the messages.
function M.build(opts)
  opts = opts or {}
  local out = opts.dir or M.parser_dir()
  local grammars = opts.grammars or M.grammars_dir()
  local cc = vim.env.CC
  if not cc or cc == '' then
    cc = vim.fn.executable('cc') == 1 and 'cc' or (vim.fn.executable('gcc') == 1 and 'gcc' or 'clang')
  end
  vim.fn.mkdir(out, 'p')
  local jobs = {}
  for _, ft in ipairs(detect.filetypes) do
    local lang = detect.languages[ft]
    local src = grammars .. '/' .. ft .. '/src'
    local cmd = { cc, '-shared', '-fPIC', '-O2', '-std=c11', '-I', src, '-o', out .. '/' .. lang .. '.so', src .. '/parser.c' }
    if vim.fn.filereadable(src .. '/scanner.c') == 1 then
      cmd[#cmd + 1] = src .. '/scanner.c'
    end
    jobs[#jobs + 1] = { lang = lang, src = src, cmd = cmd }
  end

  local messages, failed, pending = {}, 0, #jobs
  local function finish()
    local ok = failed == 0
    table.insert(messages, 1, ok and ('retroboard: built %d parsers into %s'):format(#jobs, out)
      or ('retroboard: %d of %d parsers failed to build (C compiler: %s)'):format(failed, #jobs, cc))
    if ok then
      -- Load the new parsers (forget earlier failures) and highlight the open buffers.
      M.options.parser_dir = out
      loaded = {}
      for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_is_loaded(bufnr) and detect.languages[vim.bo[bufnr].filetype] then
          M.attach(bufnr)
        end
      end
    end
    if opts.on_done then
      opts.on_done(ok, messages)
    elseif not opts.sync then
      vim.notify(table.concat(messages, '\n'), ok and vim.log.levels.INFO or vim.log.levels.ERROR)
    end
    return ok, messages
  end

  local function done(job, code, stderr)
    if code ~= 0 then
      failed = failed + 1
      messages[#messages + 1] = ('%s: %s exited %d: %s'):format(job.lang, job.cmd[1], code, vim.trim(stderr or ''))
    end
  end

  for _, job in ipairs(jobs) do
    if vim.fn.filereadable(job.src .. '/parser.c') == 0 then
      failed = failed + 1
      pending = pending - 1
      messages[#messages + 1] = ('%s: %s/parser.c not found (set grammars_dir in setup())'):format(job.lang, job.src)
      job.skip = true
    end
  end

  if not vim.system then
    -- Neovim 0.9: one compiler run after the other, blocking.
    for _, job in ipairs(jobs) do
      if not job.skip then
        local stderr = vim.fn.system(job.cmd)
        done(job, vim.v.shell_error, stderr)
      end
    end
    return finish()
  end

  if opts.sync then
    -- All compilers at once, then wait for each.
    local running = {}
    for _, job in ipairs(jobs) do
      if not job.skip then
        running[#running + 1] = { job, vim.system(job.cmd, { text = true }) }
      end
    end
    for _, run in ipairs(running) do
      local result = run[2]:wait(120000)
      done(run[1], result.code, result.stderr)
    end
    return finish()
  end

  if pending == 0 then
    return finish()
  end
  for _, job in ipairs(jobs) do
    if not job.skip then
      vim.system(job.cmd, { text = true }, vim.schedule_wrap(function(result)
        done(job, result.code, result.stderr)
        pending = pending - 1
        if pending == 0 then
          finish()
        end
      end))
    end
  end
end

return M
