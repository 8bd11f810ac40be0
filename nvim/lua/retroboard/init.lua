-- Retroboard for Neovim: filetypes, the language server, tree-sitter highlighting and the live
-- board preview for Crossmines, Patience, Super Othello, Colossus and peg solitaire files.
--
-- plugin/retroboard.lua calls init() when the plugin loads (filetypes, commands, highlighting);
-- setup() is for the user's config: it starts the language server and takes options.

local detect = require('retroboard.detect')

local M = {}

M.defaults = {
  -- Start the language server: true (vim.lsp.enable on 0.11+, vim.lsp.start on 0.9/0.10),
  -- 'start' (always vim.lsp.start from a FileType autocmd), or false.
  lsp = true,
  -- The server command; default { 'retroboard', 'lsp' } from lsp/retroboard.lua.
  cmd = nil,
  -- Start tree-sitter highlighting when a parser is available.
  highlight = true,
  -- Where :RetroboardBuildParsers writes the parsers and where they are loaded from
  -- (default: this plugin's parser/ folder).
  parser_dir = nil,
  -- The repository's grammars/ folder (default: ../grammars next to this plugin).
  grammars_dir = nil,
  -- Read *.bord, *.brd, *.pat and *.tes files with classic Mac line endings (a lone CR) as lines.
  mac_line_endings = true,
  -- Open each file of the nine formats in the encoding the server reads it in (Mac Roman for a
  -- classic Mac BORD, Windows-1252 for Patience, Crossmines and peg files, else UTF-8).
  encoding = true,
  preview = {
    debounce = 200,
    split = 'vsplit',
    -- function(path) opening an SVG; default vim.ui.open (0.10+), else xdg-open / open.
    open = nil,
  },
}

M.options = vim.deepcopy(M.defaults)

local function apply(options)
  local parsers = require('retroboard.parsers')
  parsers.options.parser_dir = options.parser_dir
  parsers.options.grammars_dir = options.grammars_dir
  parsers.options.highlight = options.highlight
  local preview = require('retroboard.preview')
  preview.options = vim.tbl_extend('force', preview.options, options.preview or {})
end

local group = vim.api.nvim_create_augroup('retroboard', { clear = true })

-- The files that may have been written on a classic Mac (CR line endings). 'fileformats' is global,
-- so it is widened for the read of such a file only.
local MAC_PATTERNS = { '*.bord', '*.BORD', '*.brd', '*.BRD', '*.pat', '*.PAT', '*.tes', '*.TES' }

-- The extensions of the nine formats; an extension-less file may be a battleland or a BORD.
local OUR_EXTENSIONS = { map = true, ter = true, cre = true, var = true, tes = true, bord = true, pat = true, brd = true }

--- The 'fileencoding' to read the file at `path` in (the server's choice, encoding.lua), or nil.
local function encoding_for(path)
  local tail = vim.fs.basename(path)
  local ext = tail:match('^.+%.([^.]+)$')
  if ext and not OUR_EXTENSIONS[ext:lower()] then
    return nil
  end
  local ok, filetype = pcall(vim.filetype.match, { filename = path })
  if not ok or not detect.languages[filetype] then
    return nil
  end
  local file = io.open(path, 'rb')
  if not file then
    return nil
  end
  local bytes = file:read('*a') or ''
  file:close()
  local encoding = require('retroboard.encoding')
  local wanted = encoding.of(bytes, filetype)
  if not wanted then
    return nil
  end
  local name = encoding.vim_name(wanted)
  if not name then
    vim.notify_once(
      ('retroboard: this Neovim cannot convert %s (no iconv name for it); such files are read as Latin-1'):format(
        encoding.LABEL[wanted]
      ),
      vim.log.levels.WARN
    )
  end
  return name
end

local initialized = false

--- Filetypes, commands and autocmds; runs once, from plugin/retroboard.lua.
function M.init()
  if initialized then
    return
  end
  initialized = true
  detect.register()
  local parsers = require('retroboard.parsers')
  parsers.register_languages()
  apply(M.options)

  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = detect.filetypes,
    callback = function(args)
      if vim.bo[args.buf].filetype:match('^colossus%-') then
        vim.bo[args.buf].commentstring = '# %s'
      end
      parsers.attach(args.buf)
    end,
  })

  local saved_ffs
  vim.api.nvim_create_autocmd('BufReadPre', {
    group = group,
    pattern = MAC_PATTERNS,
    callback = function()
      if M.options.mac_line_endings and not vim.o.fileformats:find('mac') then
        saved_ffs = vim.o.fileformats
        vim.o.fileformats = saved_ffs .. ',mac'
      end
    end,
  })
  vim.api.nvim_create_autocmd('BufReadPost', {
    group = group,
    pattern = MAC_PATTERNS,
    callback = function()
      if saved_ffs then
        vim.o.fileformats = saved_ffs
        saved_ffs = nil
      end
    end,
  })

  -- The encoding: 'fileencodings' (global) is narrowed to the file's encoding for its read only.
  -- Windows-1252 falls back to Latin-1, which keeps every byte, for a file holding one of the five
  -- bytes Windows-1252 leaves undefined (iconv refuses them).
  local saved_fencs
  local function restore_fencs()
    if saved_fencs then
      vim.o.fileencodings = saved_fencs
      saved_fencs = nil
    end
  end
  vim.api.nvim_create_autocmd('BufReadPre', {
    group = group,
    callback = function(args)
      restore_fencs()
      vim.b[args.buf].retroboard_encoding = nil
      -- The user's `:edit ++enc=…` or `++bin` wins.
      if not M.options.encoding or vim.bo[args.buf].binary or vim.v.cmdarg:find('++enc', 1, true) or vim.v.cmdarg:find('++bin', 1, true) then
        return
      end
      local name = encoding_for(args.match)
      if name then
        saved_fencs = vim.o.fileencodings
        vim.o.fileencodings = name == 'cp1252' and 'cp1252,latin1' or name
        vim.b[args.buf].retroboard_encoding = name
        -- Should the read fail before BufReadPost, the option is still put back.
        vim.schedule(restore_fencs)
      end
    end,
  })
  vim.api.nvim_create_autocmd('BufReadPost', {
    group = group,
    callback = restore_fencs,
  })
  -- Neovim refuses to write a character the file's encoding cannot hold (E513, the file kept);
  -- this says which one and where.
  vim.api.nvim_create_autocmd('BufWritePre', {
    group = group,
    callback = function(args)
      local encoding = require('retroboard.encoding')
      local fenc = vim.bo[args.buf].fileencoding
      local which = vim.b[args.buf].retroboard_encoding and encoding.encoding_of(fenc)
      if not which or which == 'utf-8' then
        return
      end
      local row, char = encoding.unwritable(args.buf, fenc)
      if row then
        vim.notify(
          ('retroboard: line %d has %s, which %s (the game\'s encoding) cannot hold; the file is not written'):format(
            row,
            char,
            encoding.LABEL[which]
          ),
          vim.log.levels.ERROR
        )
      end
    end,
  })

  vim.api.nvim_create_user_command('RetroboardPreview', function(args)
    require('retroboard.preview').command(args)
  end, {
    nargs = '*',
    complete = function()
      return { 'text', 'svg', 'deal' }
    end,
    desc = 'Retroboard: show the board of this file (text split, svg in the system viewer, or deal [SEED] a Patience game)',
  })

  vim.api.nvim_create_user_command('RetroboardEdit', function(args)
    require('retroboard.preview').edit_command(args)
  end, {
    nargs = '?',
    complete = function(lead)
      return require('retroboard.preview').complete(lead)
    end,
    desc = 'Retroboard: change the board element under the cursor (in the text preview or the source) to ACTION',
  })

  vim.api.nvim_create_user_command('RetroboardPlay', function(args)
    require('retroboard.play').command(args)
  end, {
    nargs = '*',
    complete = function(lead)
      local words = { 'undo', 'redo', 'restart', 'hint', 'deal' }
      local state = require('retroboard.play').state(vim.b.retroboard_source or vim.api.nvim_get_current_buf())
      vim.list_extend(words, state and state.legal or {})
      return vim.tbl_filter(function(w)
        return vim.startswith(w, lead)
      end, words)
    end,
    desc = 'Retroboard: play the game of this file (moves in its notation, undo, redo, restart, hint, deal SEED)',
  })

  vim.api.nvim_create_user_command('RetroboardExplain', function(args)
    require('retroboard.explain').command(args)
  end, {
    nargs = '?',
    desc = 'Retroboard: explain the code of the diagnostic under the cursor (or the code given)',
  })

  vim.api.nvim_create_user_command('RetroboardBuildParsers', function(args)
    require('retroboard.parsers').build({ dir = args.args ~= '' and vim.fn.expand(args.args) or nil })
  end, {
    nargs = '?',
    complete = 'dir',
    desc = 'Retroboard: compile the tree-sitter parsers with the system C compiler',
  })
end

--- Configure the plugin and start the language server.
--- @param opts? table see M.defaults
function M.setup(opts)
  M.init()
  M.options = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  apply(M.options)
  require('retroboard.lsp').setup(M.options)
  -- Buffers already open: (re)start highlighting with the new options.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and detect.languages[vim.bo[bufnr].filetype] then
      require('retroboard.parsers').attach(bufnr)
    end
  end
end

M.filetypes = detect.filetypes
M.languages = detect.languages

return M
