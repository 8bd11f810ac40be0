//! The only place that knows LSP: tower-lsp-server handlers over the format-agnostic analysis.

mod backend;
mod capabilities;
mod check;
mod convert;
mod handlers;
mod ide;
mod memory;
mod quiet;
mod readers;
mod search;
mod snapshot;
mod state;
mod stdio;
mod transport;
mod workspace;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

use crate::syntax::Document;

pub use backend::Backend;

/// How many messages tower-lsp-server works on at once (its default is 4). Its queue polls no
/// message, not even an edit, until one of those is done, and requests wait on blocking threads
/// (see `backend.rs`): a few slow ones must not hold up the messages after them.
const MAX_REQUESTS_IN_FLIGHT: usize = 1024;

/// A fault or a delay the tests inject into the work on a document: called before each
/// request's and each check's work on an open document (and before a peg board's search) with
/// the document and whether that work is cancelled, so a test can make it panic, or hold it in
/// flight (sleeping until cancelled) however fast the real work becomes.
pub type Injection = Arc<dyn Fn(&Document, &dyn Fn() -> bool) + Send + Sync>;

/// How the server runs; `retroboard lsp` runs with the default.
#[derive(Clone)]
pub struct Options {
    /// The largest answer sent whole; a larger one becomes an error answer to its request.
    pub max_answer: usize,
    /// None outside the tests.
    pub injection: Option<Injection>,
    /// How long a document's check keeps its turn before the next may start beside it.
    pub turn: std::time::Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_answer: transport::MAX_MESSAGE,
            injection: None,
            turn: check::TURN,
        }
    }
}

/// Serves LSP over stdin/stdout until the client sends `exit` or closes stdin. The exit code is
/// 0 when `shutdown` came first, 1 otherwise (as the LSP specification asks).
pub fn serve_stdio() -> ExitCode {
    memory::tune_allocator();
    // One async thread: the work runs on blocking threads (see lsp/check.rs). An idle blocking
    // thread ends after a second, not tokio's ten: with it go the freed blocks its allocator
    // cache holds, which the memory given back once the server is quiet would otherwise miss.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .thread_keep_alive(std::time::Duration::from_secs(1))
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("retroboard: cannot start the language server: {err}");
            return ExitCode::from(2);
        }
    };
    let shut_down = runtime.block_on(async {
        let (input, output) = stdio::streams();
        serve_with(input, output, Options::default()).await
    });
    // tokio's stdin reader (when stdin is no pipe) may still block on a read: do not wait.
    runtime.shutdown_background();
    if shut_down {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Serves LSP over any byte streams until `exit` or the end of `input`; true when `shutdown`
/// came first. Runs on the current tokio runtime (the fuzz target and the tests drive it in
/// memory).
pub async fn serve_with(
    input: impl AsyncRead + Unpin + Send + 'static,
    output: impl AsyncWrite + Unpin + Send + 'static,
    options: Options,
) -> bool {
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    let streams = transport::start(input, output, options.max_answer);
    let notifier = streams.notifier.clone();
    let (service, socket) =
        LspService::build(move |client| Backend::new(client, notifier, flag, options))
            .custom_method("retroboard/preview", Backend::preview)
            .custom_method("retroboard/play", Backend::play)
            .finish();
    Server::new(streams.server_input, streams.server_output, socket)
        .concurrency_level(MAX_REQUESTS_IN_FLIGHT)
        .serve(service)
        .await;
    // The last answers (shutdown's among them) may still be on their way to the client.
    let _ = tokio::time::timeout(Duration::from_secs(5), streams.finished).await;
    shut_down.load(Ordering::SeqCst)
}
