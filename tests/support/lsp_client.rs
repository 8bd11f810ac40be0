//! A minimal LSP client for end-to-end tests: speaks JSON-RPC to the real `retroboard lsp`
//! binary over stdio, or to the same server run in this process over in-memory pipes, with
//! [`Options`] (a smaller answer limit, a fault or a delay injected into a document's work).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use retroboard::lsp::Options;
use serde_json::{Value, json};

const TIMEOUT: Duration = Duration::from_secs(20);

pub struct LspClient {
    server: Server,
    stdin: Box<dyn Write + Send>,
    incoming: Receiver<(Value, Instant)>,
    next_id: i64,
    /// Messages read while waiting for something else.
    backlog: Vec<Value>,
    /// When the last byte of each message of `backlog` was read.
    backlog_read_at: Vec<Instant>,
    /// When the last byte of the message [`LspClient::wait_for`] last returned was read.
    last_read_at: Option<Instant>,
}

enum Server {
    Process(Child),
    /// The thread serving; it returns whether `shutdown` came before the end.
    InProcess(Option<JoinHandle<bool>>),
}

impl LspClient {
    /// Starts the `retroboard lsp` binary: this build's, or another build's at
    /// `RETROBOARD_BENCH_BIN` (set by hand for a bench, to measure before and after with the
    /// same client).
    pub fn start() -> LspClient {
        let other = std::env::var_os("RETROBOARD_BENCH_BIN").filter(|bin| !bin.is_empty());
        let binary = other.unwrap_or_else(|| env!("CARGO_BIN_EXE_retroboard").into());
        let mut child = Command::new(binary)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start retroboard lsp");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        LspClient::over(Server::Process(child), Box::new(stdin), stdout)
    }

    /// Starts the server in this process, on a runtime thread of its own, with `options`.
    pub fn in_process(options: Options) -> LspClient {
        let (to_server, from_client) = tokio::sync::mpsc::unbounded_channel();
        let (to_client, from_server) = channel();
        let serving = std::thread::spawn(move || serve_in_memory(options, from_client, to_client));
        LspClient::over(
            Server::InProcess(Some(serving)),
            Box::new(ToServer(to_server)),
            FromServer {
                chunks: from_server,
                chunk: Vec::new(),
                read: 0,
            },
        )
    }

    fn over(
        server: Server,
        stdin: Box<dyn Write + Send>,
        stdout: impl Read + Send + 'static,
    ) -> LspClient {
        let (tx, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        LspClient {
            server,
            stdin,
            incoming,
            next_id: 1,
            backlog: Vec::new(),
            backlog_read_at: Vec::new(),
            last_read_at: None,
        }
    }

    /// Starts the binary and completes the initialize handshake, offering these position
    /// encodings; returns the initialize result.
    pub fn initialized(encodings: &[&str]) -> (LspClient, Value) {
        LspClient::start().handshake(encodings)
    }

    /// [`LspClient::initialized`], the server in this process with `options`.
    #[allow(dead_code)] // for the tests that inject faults or delays
    pub fn initialized_in_process(encodings: &[&str], options: Options) -> (LspClient, Value) {
        LspClient::in_process(options).handshake(encodings)
    }

    fn handshake(mut self, encodings: &[&str]) -> (LspClient, Value) {
        let result = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": {"general": {"positionEncodings": encodings}},
            }),
        );
        self.notify("initialized", json!({}));
        (self, result)
    }

    pub fn send(&mut self, message: &Value) {
        let body = serde_json::to_string(message).unwrap();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response; returns `result` (panics on an error).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let mut response = self.request_raw(method, params);
        if let Some(error) = response.get("error") {
            panic!("{method} failed: {error}");
        }
        // Taken, not copied: a timed request's answer may be a 100 KB outline.
        response["result"].take()
    }

    /// Sends a request and returns the whole response message.
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.start_request(method, params);
        self.response(id)
    }

    /// Sends a request without waiting for its response; returns its id.
    pub fn start_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// Waits for the response to request `id` (the whole message).
    pub fn response(&mut self, id: i64) -> Value {
        self.wait_for(|m| m["id"] == json!(id) && m.get("method").is_none())
    }

    /// Waits for the first message (new or already read) that matches.
    pub fn wait_for(&mut self, mut matches: impl FnMut(&Value) -> bool) -> Value {
        if let Some(i) = self.backlog.iter().position(&mut matches) {
            self.last_read_at = Some(self.backlog_read_at.remove(i));
            return self.backlog.remove(i);
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok((message, read_at)) if matches(&message) => {
                    self.last_read_at = Some(read_at);
                    return message;
                }
                Ok((message, read_at)) => {
                    self.backlog.push(message);
                    self.backlog_read_at.push(read_at);
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "no matching message within {TIMEOUT:?}; got {:#?}",
                        self.backlog
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server closed its output; got {:#?}", self.backlog)
                }
            }
        }
    }

    /// When the last byte of the message [`LspClient::wait_for`] (and so `request`,
    /// `response`, `diagnostics`) last returned was read, before the client parsed it: the
    /// moment the answer was there.
    #[allow(dead_code)] // for the benches
    pub fn last_read_at(&self) -> Instant {
        self.last_read_at.expect("a message was read")
    }

    /// Messages read while waiting for others, not yet matched.
    #[allow(dead_code)] // for the tests that check what was not published
    pub fn unread(&self) -> &[Value] {
        &self.backlog
    }

    /// Waits for `publishDiagnostics` of `uri` at `version`; returns its diagnostics.
    pub fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let message = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"].get("version").and_then(Value::as_i64) == version
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    pub fn open(&mut self, uri: &str, language_id: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {
                "uri": uri, "languageId": language_id, "version": version, "text": text,
            }}),
        );
    }

    /// Sends one incremental change: replace `range` ([line, character] pairs) with `text`.
    pub fn change(&mut self, uri: &str, version: i64, range: [[u32; 2]; 2], text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{
                    "range": {
                        "start": {"line": range[0][0], "character": range[0][1]},
                        "end": {"line": range[1][0], "character": range[1][1]},
                    },
                    "text": text,
                }],
            }),
        );
    }

    /// `shutdown`, then `exit`; returns the process exit code.
    pub fn shutdown(mut self) -> i32 {
        let result = self.request("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.notify("exit", Value::Null);
        self.wait_exit()
    }

    /// The server's process id.
    #[allow(dead_code)] // for the benchmark
    pub fn pid(&self) -> u32 {
        match &self.server {
            Server::Process(child) => child.id(),
            Server::InProcess(_) => panic!("the server runs in this process"),
        }
    }

    /// Waits for the server to end (stdin stays open, as editors keep it); returns its exit
    /// code (in process, the one the binary would have: 0 when `shutdown` came first, else 1).
    pub fn wait_exit(&mut self) -> i32 {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match &mut self.server {
                Server::Process(child) => {
                    if let Some(status) = child.try_wait().unwrap() {
                        return status.code().unwrap_or(-1);
                    }
                }
                Server::InProcess(serving) => {
                    if serving.as_ref().is_some_and(|s| s.is_finished()) {
                        let shut_down = serving.take().unwrap().join().expect("the server ran");
                        return if shut_down { 0 } else { 1 };
                    }
                }
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for LspClient {
    /// The process is killed; the server in process ends at the end of its input (`stdin`,
    /// dropped with the client).
    fn drop(&mut self) {
        if let Server::Process(child) = &mut self.server {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Runs the server over in-memory pipes until it ends: what `from_client` brings is its input,
/// what it writes goes to `to_client`. Returns whether `shutdown` came first.
fn serve_in_memory(
    options: Options,
    mut from_client: tokio::sync::mpsc::UnboundedReceiver<Vec<u8>>,
    to_client: Sender<Vec<u8>>,
) -> bool {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let shut_down = runtime.block_on(async move {
        let (mut to_server, server_input) = tokio::io::duplex(1 << 16);
        let (server_output, mut from_server) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            while let Some(bytes) = from_client.recv().await {
                if to_server.write_all(&bytes).await.is_err() {
                    break;
                }
            }
        });
        let forward = tokio::spawn(async move {
            let mut chunk = vec![0; 1 << 16];
            while let Ok(read @ 1..) = from_server.read(&mut chunk).await {
                if to_client.send(chunk[..read].to_vec()).is_err() {
                    break;
                }
            }
        });
        let shut_down = retroboard::lsp::serve_with(server_input, server_output, options).await;
        // What the server wrote last (the answer to `shutdown`) still reaches the client.
        let _ = tokio::time::timeout(Duration::from_secs(5), forward).await;
        shut_down
    });
    // Work still running (a delay the test injected) is not waited for.
    runtime.shutdown_background();
    shut_down
}

/// The server's input in process, written from the test's thread.
struct ToServer(tokio::sync::mpsc::UnboundedSender<Vec<u8>>);

impl Write for ToServer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .send(bytes.to_vec())
            .map_err(|_| std::io::ErrorKind::BrokenPipe)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The server's output in process, read as a stream.
struct FromServer {
    chunks: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    read: usize,
}

impl Read for FromServer {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.read == self.chunk.len() {
            match self.chunks.recv() {
                Ok(chunk) => (self.chunk, self.read) = (chunk, 0),
                Err(_) => return Ok(0), // the server's output ended
            }
        }
        let n = buf.len().min(self.chunk.len() - self.read);
        buf[..n].copy_from_slice(&self.chunk[self.read..self.read + n]);
        self.read += n;
        Ok(n)
    }
}

/// The work on a document holding `marker` first waits `delay` (less once cancelled), so a
/// test can hold a request or a check in flight however fast the real work becomes.
#[allow(dead_code)] // for the tests that hold work in flight
pub fn delaying(marker: &'static str, delay: Duration) -> Options {
    Options {
        injection: Some(std::sync::Arc::new(move |document, cancelled| {
            if document.text().contains(marker) {
                let until = Instant::now() + delay;
                while Instant::now() < until && !cancelled() {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
        })),
        ..Options::default()
    }
}

/// The work on a document holding `marker` panics.
#[allow(dead_code)] // for the tests that inject a fault
pub fn panicking(marker: &'static str) -> Options {
    Options {
        injection: Some(std::sync::Arc::new(move |document, _| {
            if document.text().contains(marker) {
                panic!("injected fault");
            }
        })),
        ..Options::default()
    }
}

/// The next message and when its last byte was read.
fn read_message(reader: &mut impl BufRead) -> Option<(Value, Instant)> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length:") {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    let read_at = Instant::now();
    Some((serde_json::from_slice(&body).ok()?, read_at))
}

/// A `file://` URI for a path (need not exist).
/// The `file:` URI of an absolute path, percent-encoded as editors send it (the server answers
/// with URIs in that form, so a raw space would never match).
pub fn file_uri(path: &str) -> String {
    let mut uri = String::from("file://");
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

/// The actions an element of a `retroboard/preview` answer's source map offers: its indices
/// into the answer's `actions` table, looked up.
#[allow(dead_code)] // for the tests that read a preview's actions
pub fn offered(preview: &Value, element: &Value) -> Vec<Value> {
    let table = preview["actions"].as_array().unwrap();
    element["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| table[i.as_u64().unwrap() as usize].clone())
        .collect()
}
