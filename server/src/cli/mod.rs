//! The `retroboard` command line: `check`, `format`, `edit`, `render`, `play`, `solve`, `explain`,
//! `lsp`.

mod baseline;
mod check;
mod edit;
mod explain;
mod fix;
mod format;
mod paths;
mod play;
mod render;
mod rewrite;
mod solve;
mod solve_patience;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::registry::FormatId;

pub use check::{CheckFn, OutputFormat, json_report};

#[derive(Parser)]
#[command(
    name = "retroboard",
    version,
    about = "Checker, language server and board previews for Crossmines, Patience, Super Othello, \
             Colossus and peg solitaire data files"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and folders and report every problem found
    #[command(
        after_help = format!(
            "Folders are walked for the files Retroboard reads ({}). Exit status: 0 no \
errors, 1 some file has an error, 2 usage or I/O problem.",
            crate::registry::detected_files()
        )
    )]
    Check {
        /// Output: `human` (source lines with the span underlined), `json` or `sarif` (2.1.0)
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Read every file as this format instead of detecting it (a format id such as
        /// `patience-game`)
        #[arg(long = "as", value_name = "FORMAT", value_parser = format_id)]
        as_format: Option<FormatId>,
        /// Name the format each file was read as, also for files without findings
        #[arg(short, long)]
        verbose: bool,
        /// How far to search whether each peg board can be won, in positions examined (0: not
        /// at all); a count, not a time, so every machine gives the same findings
        #[arg(long, value_name = "POSITIONS", default_value_t = crate::analysis::SEARCH_POSITIONS, value_parser = positions)]
        solve_positions: u64,
        /// Replaced by --solve-positions: refused with a line saying so
        #[arg(long, hide = true, value_name = "SECONDS", value_parser = seconds_replaced("--solve-positions"))]
        solve_timeout: Option<u64>,
        /// Apply every safe fix (the one preferred fix of each finding that has one) in place,
        /// then report what remains
        #[arg(long)]
        fix: bool,
        /// With --fix: print the fixes as a unified diff instead of writing them
        #[arg(long, requires = "fix")]
        diff: bool,
        /// Record this run's findings in FILE (by file, code and a fingerprint of their place,
        /// never their line numbers), for --baseline; exits 0 once written
        #[arg(long, value_name = "FILE", conflicts_with = "baseline")]
        write_baseline: Option<PathBuf>,
        /// Report and fail only on the findings FILE does not hold (written by
        /// --write-baseline), and name its entries that no longer occur
        #[arg(long, value_name = "FILE")]
        baseline: Option<PathBuf>,
        /// With --baseline: remove the entries that no longer occur from FILE
        #[arg(long, requires = "baseline")]
        prune_baseline: bool,
        /// Audit the suppressions: report the findings that # retroboard: ignore comments
        /// silence and the codes retroboard.toml turns off, each saying so
        #[arg(long, conflicts_with_all = ["baseline", "write_baseline"])]
        no_suppressions: bool,
        /// Files and folders to check
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Lay files out as their games allow: Patience in the spec's columns, Colossus MAP, TER,
    /// CRE and battlelands in aligned columns, peg v2 rows without trailing blanks
    #[command(
        after_help = "Folders are walked as by check. Only blanks change; line endings and the \
encoding stay byte for byte, files with syntax errors are left alone. Exit status: 0 done (or \
nothing to format), 1 with --check when a file would change, 2 usage or I/O problem."
    )]
    Format {
        /// Write nothing; name the files that would change and exit 1 if there are any
        #[arg(long)]
        check: bool,
        /// Write nothing; print the changes as a unified diff
        #[arg(long)]
        diff: bool,
        /// Read every file as this format instead of detecting it
        #[arg(long = "as", value_name = "FORMAT", value_parser = format_id)]
        as_format: Option<FormatId>,
        /// Files and folders to format
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
    /// Change one element of a file's board, as a click on the editor's preview does: a peg
    /// hole into a stone, a Crossmines square into another cell, an Othello square into a chip
    #[command(
        after_help = "Element ids are those of the preview (`data-rb-id`): peg `hole:ROW:COLUMN` \
and `field:ROW:INDEX`, Crossmines `square:ROW:COLUMN` (from 0), Super Othello `square:D4`. An \
unknown action is answered with the actions the element offers. Only the changed characters \
(and the lines that must follow them, such as an Othello board's counts) are written; the \
encoding and line endings stay byte for byte. Exit status: 0 changed (or, with --diff, shown), \
1 refused (the text around the element is broken, so the change would be a guess: the reason \
is on standard error), 2 usage or I/O problem."
    )]
    Edit {
        /// The file to change
        file: PathBuf,
        /// The element to change: its id in the preview, such as `hole:3:3` or `square:D4`
        #[arg(long, value_name = "ID")]
        at: String,
        /// What it becomes: one of the element's actions, such as `stone`, `empty`, `cell:A`
        /// or `chip:black`
        #[arg(long, value_name = "ACTION")]
        set: String,
        /// Write nothing; print the change as a unified diff
        #[arg(long)]
        diff: bool,
    },
    /// Draw a file's board: SVG on standard output, or into a .svg or .png file
    Render {
        /// The file to draw
        file: PathBuf,
        /// Write the drawing to this .svg or .png file
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
        /// Print the board as text for the terminal
        #[arg(long)]
        text: bool,
        /// Deal a Patience game with this seed (a whole number from 0 to 2^64 - 1) and show
        /// every card; the same seed deals the same cards on every machine
        #[arg(long, value_name = "SEED", value_parser = seed)]
        deal: Option<u64>,
    },
    /// Play the game a file describes: replay moves from its start and show the position
    #[command(
        after_help = "Moves, separated by spaces: a peg jump R,C-R,C (the row and column, from \
1, of the stone and of where it lands), a Super Othello square as line 3 names it (C4) or pass, a \
Patience move P>Q (the top card of pile P onto pile Q), P:N>Q (N cards) or s (the stock). With \
--json: {\"status\": \"playing\" | \"won\" | \"lost\" | \"stuck\", \"moves\": [legal moves], \
\"board\": text, \"message\"}. Exit status: 0 the moves were played, 1 a move is not allowed \
(one line names the rule that forbids it), 2 usage or I/O problem, or a file that cannot be played."
    )]
    Play {
        /// The board or game to play
        file: PathBuf,
        /// The moves to play from the start, separated by spaces
        #[arg(long, value_name = "MOVES", default_value = "")]
        moves: String,
        /// Deal a Patience game with this seed (a whole number from 0 to 2^64 - 1); the same
        /// seed deals the same cards on every machine
        #[arg(long, value_name = "SEED", value_parser = seed, default_value_t = 1)]
        deal: u64,
        /// Suggest a next move (peg: the solver's, or why no win is left)
        #[arg(long)]
        hint: bool,
        /// Print the position as JSON
        #[arg(long)]
        json: bool,
    },
    /// Solve a peg solitaire board (a winning sequence of jumps, or why there is none), or play
    /// seeded deals of a Patience game (.pat) to tell how often it can be won
    #[command(
        after_help = "Peg boards: moves are printed as (row,column) from 1; with --json as \
{\"verdict\": \"solvable\" | \"unsolvable\" | \"unknown\", \"moves\": [{\"from\": [row, col], \
\"over\": [row, col], \"to\": [row, col]}], \"reason\"} with rows and columns from 0 of the \
board as the game stores it. Patience games: deals 1 to N are searched, --positions each; with \
--json as {\"deals\", \"won\", \"lost\", \"unknown\", \"budget\", \"seeds\": {\"won\": [...], \
\"lost\": [...], \"unknown\": [...]}}. Exit status: 0 a verdict (whatever it is), 2 usage or I/O \
problem, or not a file the game loads."
    )]
    Solve {
        /// Print the verdict as JSON
        #[arg(long)]
        json: bool,
        /// How far to search, in positions examined (the same verdict on every machine); for a
        /// Patience game, per deal [peg default: 5000000, Patience: 200000]
        #[arg(long, value_name = "POSITIONS", value_parser = positions)]
        positions: Option<u64>,
        /// Patience games: how many deals to play, seeds 1 to N [default: 100]
        #[arg(long, value_name = "N", value_parser = deals)]
        deals: Option<u64>,
        /// Replaced by --positions: refused with a line saying so
        #[arg(long, hide = true, value_name = "SECONDS", value_parser = seconds_replaced("--positions"))]
        timeout: Option<u64>,
        /// The peg solitaire board (.brd) or Patience game (.pat)
        file: PathBuf,
    },
    /// Explain a diagnostic code, or list every code
    Explain {
        /// A code such as `colossus/missing-tower`; without it, every code is listed
        code: Option<String>,
    },
    /// Serve the Language Server Protocol over standard input and output
    Lsp {
        /// Accepted for editors that pass it; stdio is the only transport
        #[arg(long)]
        stdio: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
    Sarif,
}

/// A format id given on the command line.
fn format_id(id: &str) -> Result<FormatId, String> {
    FormatId::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = FormatId::ALL.iter().map(|f| f.as_str()).collect();
        format!("`{id}` is not a format; the formats are {}", ids.join(", "))
    })
}

/// A number of deals given on the command line: 1 to 100000.
fn deals(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n @ 1..=100_000) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a number of deals (a whole number from 1 to 100000)"
        )),
    }
}

/// A number of positions given on the command line: a whole number, digits only.
fn positions(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!(
            "`{text}` is not a number of positions (a whole number such as 1000000)"
        )),
    }
}

/// A flag that took seconds, now refused with what replaced it (scripts that passed it learn why,
/// instead of an unknown argument).
fn seconds_replaced(flag: &'static str) -> impl Fn(&str) -> Result<u64, String> + Clone {
    move |_| {
        Err(format!(
            "searches are now budgeted in positions, not seconds, so that every machine gives the \
same verdict: use {flag} N (1 million positions take about 2 s)"
        ))
    }
}

fn seed(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a seed: {}", crate::render::SEED))
}

/// Writes `out` to standard output: success, or exit 2 with one line saying the `what` could not
/// be written (a closed pipe is no failure: the reader had what it wanted).
fn print(out: &str, what: &str) -> ExitCode {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(err) = stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        && err.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("retroboard: cannot write the {what}: {err}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// Runs the command line and returns the process exit code.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) {
                let _ = err.print();
                return ExitCode::SUCCESS;
            }
            if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = err.print();
                return ExitCode::from(2);
            }
            eprintln!("retroboard: {}", one_line(&err.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Check {
            format,
            as_format,
            verbose,
            solve_positions,
            fix,
            diff,
            write_baseline,
            baseline,
            prune_baseline,
            no_suppressions,
            paths,
            solve_timeout: _,
        } => {
            let output = match format {
                Format::Human => OutputFormat::Human,
                Format::Json => OutputFormat::Json,
                Format::Sarif => OutputFormat::Sarif,
            };
            let baseline = match (write_baseline, baseline) {
                (Some(path), _) => Some(check::BaselineMode::Write(path)),
                (None, Some(path)) => Some(check::BaselineMode::Compare {
                    path,
                    prune: prune_baseline,
                }),
                (None, None) => None,
            };
            check::run(
                &paths,
                check::Options {
                    output,
                    forced: as_format,
                    verbose,
                    solve_positions,
                    fix: fix.then_some(fix::FixMode { diff }),
                    baseline,
                    no_suppressions,
                },
            )
        }
        Command::Format {
            check,
            diff,
            as_format,
            paths,
        } => format::run(&paths, format::Mode { check, diff }, as_format),
        Command::Edit {
            file,
            at,
            set,
            diff,
        } => edit::run(&file, &at, &set, diff),
        Command::Render {
            file,
            output,
            text,
            deal,
        } => render::run(&file, output.as_deref(), text, deal),
        Command::Play {
            file,
            moves,
            deal,
            hint,
            json,
        } => play::run(&file, &moves, deal, hint, json),
        Command::Solve {
            json,
            positions,
            deals,
            file,
            timeout: _,
        } => solve::run(&file, json, positions, deals),
        Command::Explain { code } => explain::run(code.as_deref()),
        Command::Lsp { stdio: _ } => crate::lsp::serve_stdio(),
    }
}

/// clap's error as one clear line: its first paragraph (which may name the missing arguments on
/// lines of their own) joined by spaces, then the usage line it gives.
fn one_line(rendered: &str) -> String {
    let mut paragraphs = rendered.split("\n\n");
    let first = paragraphs.next().unwrap_or_default();
    let message = first.split_whitespace().collect::<Vec<_>>().join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let message = if message.is_empty() {
        "invalid arguments"
    } else {
        message
    };
    let usage = rendered
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))
        .map(|usage| format!("usage: {}; ", usage.trim()))
        .unwrap_or_default();
    format!("{message} ({usage}see `retroboard --help`)")
}
