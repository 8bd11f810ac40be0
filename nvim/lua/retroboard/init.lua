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

  vim.api.nvim_create_user_command('RetroboardPreview', function(args)
    require('retroboard.preview').command(args)
  end, {
    nargs = '*',
    complete = function()
      return { 'text', 'svg', 'deal' }
    end,
    desc = 'Retroboard: show the board of this file (text split, svg in the system viewer, or deal [SEED] a Patience game)',
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
