//! A minimal LSP client for end-to-end tests: starts the real `retroboard lsp` binary and speaks
//! JSON-RPC to it over stdio.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TIMEOUT: Duration = Duration::from_secs(20);

pub struct LspClient {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<(Value, Instant)>,
    next_id: i64,
    /// Messages read while waiting for something else.
    backlog: Vec<Value>,
    /// When the last byte of each message of `backlog` was read.
    backlog_read_at: Vec<Instant>,
    /// When the last byte of the message [`LspClient::wait_for`] last returned was read.
    last_read_at: Option<Instant>,
}

impl LspClient {
    /// Starts the server with extra environment variables.
    pub fn start_with_env(env: &[(&str, &str)]) -> LspClient {
        let mut child = Command::new(env!("CARGO_BIN_EXE_retroboard"))
            .arg("lsp")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start retroboard lsp");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
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
            child,
            stdin,
            incoming,
            next_id: 1,
            backlog: Vec::new(),
            backlog_read_at: Vec::new(),
            last_read_at: None,
        }
    }

    /// Starts the server and completes the initialize handshake, offering these position
    /// encodings; returns the initialize result.
    pub fn initialized(encodings: &[&str]) -> (LspClient, Value) {
        LspClient::initialized_with_env(encodings, &[])
    }

    pub fn initialized_with_env(encodings: &[&str], env: &[(&str, &str)]) -> (LspClient, Value) {
        let mut client = LspClient::start_with_env(env);
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": null,
                "capabilities": {"general": {"positionEncodings": encodings}},
            }),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    pub fn send(&mut self, message: &Value) {
        let body = serde_json::to_string(message).unwrap();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
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
        self.child.id()
    }

    /// Waits for the process to end (stdin stays open, as editors keep it).
    pub fn wait_exit(&mut self) -> i32 {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
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
