use std::process::ExitCode;

fn main() -> ExitCode {
    retroboard::cli::run(std::env::args_os())
}
