//! The only place that knows LSP: tower-lsp-server handlers over the format-agnostic analysis.

mod convert;
mod server;
mod transport;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tower_lsp_server::{LspService, Server};

pub use server::Backend;

/// Serves LSP over stdin/stdout until the client sends `exit` or closes stdin. The exit code is
/// 0 when `shutdown` came first, 1 otherwise (as the LSP specification asks).
pub fn serve_stdio() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("retroboard: cannot start the language server: {err}");
            return ExitCode::from(2);
        }
    };
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    runtime.block_on(async move {
        let (service, socket) = LspService::build(move |client| Backend::new(client, flag))
            .custom_method("retroboard/preview", Backend::preview)
            .finish();
        let (server_input, server_output, input, output) = transport::Transport::new().split();
        transport::Transport::spawn(input, output, tokio::io::stdin(), tokio::io::stdout());
        Server::new(server_input, server_output, socket)
            .serve(service)
            .await;
    });
    // The stdin reader may still block on a read: do not wait for it.
    runtime.shutdown_background();
    if shut_down.load(Ordering::SeqCst) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
