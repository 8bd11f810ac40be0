//! A lenient stdio transport in front of tower-lsp-server, whose reader stops for good at the
//! first message it cannot decode and which handles messages concurrently, up to `exit`.
//!
//! From the client: a message with a bad header, a wrong Content-Length or a body that is not
//! JSON gets a parse error and reading goes on at the next `Content-Length` header; a body that is
//! JSON but no JSON-RPC message gets the error the spec gives (see `message`). The rest is handed
//! on in order, with two holds: nothing after `initialize` until its answer has gone out, and
//! `exit` not until every request before it is answered (each hold at most `HOLD_LIMIT`).
//!
//! From the server: whole frames, so that the transport's own errors go between them; an answer
//! over the limit is replaced by an error answer to its request, and forwarding goes on.
//!
//! To the client: tower-lsp-server's frames as it wrote them, and the notifications the server
//! writes itself ([`Notifier`]: the diagnostics, made and serialised on the check's thread), in
//! the order they come.

mod framer;
mod message;

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{
    AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream,
};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use framer::{Event, Framer};
use message::{Call, Incoming};

/// A larger message is refused rather than buffered, in either direction.
pub(crate) const MAX_MESSAGE: usize = 64 * 1024 * 1024;
/// How long a message is held back for an answer it must follow.
const HOLD_LIMIT: Duration = Duration::from_secs(10);
/// Messages held back at most; reading the client waits beyond.
const MAX_HELD: usize = 1024;

/// The pipes tower-lsp-server reads and writes, and the task that ends once all it wrote
/// has reached the client.
pub struct Streams {
    pub server_input: DuplexStream,
    pub server_output: DuplexStream,
    pub notifier: Notifier,
    pub finished: JoinHandle<()>,
}

/// Sends notifications straight to the client, past tower-lsp-server's output.
#[derive(Clone)]
pub struct Notifier {
    out: mpsc::Sender<Out>,
}

impl Notifier {
    /// Sends one whole JSON-RPC message (its body, serialised); false once the client is gone.
    pub async fn send(&self, body: &[u8]) -> bool {
        self.out.send(Out::Frame(frame(body))).await.is_ok()
    }
}

/// Starts the tasks that clean `stdin` into the server and copy its answers, with the
/// transport's own, to `stdout`; a larger answer than `max_answer` becomes an error.
pub fn start(
    stdin: impl AsyncRead + Unpin + Send + 'static,
    stdout: impl AsyncWrite + Unpin + Send + 'static,
    max_answer: usize,
) -> Streams {
    let (to_server, server_input) = tokio::io::duplex(1 << 16);
    let (server_output, from_server) = tokio::io::duplex(1 << 16);
    let (out_tx, out_rx) = mpsc::channel(64);
    let outstanding = Arc::new(watch::Sender::new(Outstanding::default()));
    tokio::spawn(read_client(
        stdin,
        to_server,
        out_tx.clone(),
        outstanding.clone(),
    ));
    let notifier = Notifier {
        out: out_tx.clone(),
    };
    tokio::spawn(read_server(from_server, out_tx, outstanding, max_answer));
    Streams {
        server_input,
        server_output,
        notifier,
        finished: tokio::spawn(write_client(stdout, out_rx)),
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let header = format!("Content-Length: {}\r\n\r\n", body.len());
    let mut out = Vec::with_capacity(header.len() + body.len());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(body);
    out
}

fn parse_error(detail: &str) -> Vec<u8> {
    let message = format!("Parse error: {detail}");
    message::error(&serde_json::Value::Null, message::PARSE_ERROR, &message)
}

/// The client's requests handed to the server and not yet answered, by id (as JSON text).
#[derive(Default)]
struct Outstanding(HashMap<String, usize>);

impl Outstanding {
    fn add(&mut self, id: &str) {
        *self.0.entry(id.to_string()).or_default() += 1;
    }

    fn answered(&mut self, id: &str) {
        if let Some(count) = self.0.get_mut(id) {
            *count -= 1;
            if *count == 0 {
                self.0.remove(id);
            }
        }
    }
}

/// What goes to the client.
enum Out {
    Frame(Vec<u8>),
    /// The server's output has ended and all of it has been sent.
    ServerClosed,
}

/// When held messages may go on: after `initialize` until its answer; `exit` until every
/// request before it is answered.
#[derive(Default)]
struct Holds {
    initialize: Option<(String, Instant)>,
    exit: Option<Instant>,
}

impl Holds {
    /// Until when `next` waits, if it must.
    fn wait(&mut self, next: &Call, outstanding: &Outstanding) -> Option<Instant> {
        let now = Instant::now();
        if let Some((id, deadline)) = &self.initialize {
            if outstanding.0.contains_key(id) && now < *deadline {
                return Some(*deadline);
            }
            self.initialize = None;
        }
        if next.method == "exit" {
            let deadline = *self.exit.get_or_insert(now + HOLD_LIMIT);
            if !outstanding.0.is_empty() && now < deadline {
                return Some(deadline);
            }
        }
        None
    }
}

async fn read_client(
    mut stdin: impl AsyncRead + Unpin,
    mut to_server: DuplexStream,
    out: mpsc::Sender<Out>,
    outstanding: Arc<watch::Sender<Outstanding>>,
) {
    let mut framer = Framer::default();
    let mut held: VecDeque<Call> = VecDeque::new();
    let mut holds = Holds::default();
    let mut answers = outstanding.subscribe();
    let mut chunk = vec![0u8; 1 << 16];
    let mut input_open = true;
    loop {
        let mut deadline = None;
        while let Some(call) = held.front() {
            deadline = holds.wait(call, &outstanding.borrow());
            if deadline.is_some() {
                break;
            }
            let Some(call) = held.pop_front() else { break };
            if let Some(id) = &call.id {
                // Before the server can answer it.
                outstanding.send_modify(|o| o.add(id));
                if call.method == "initialize" {
                    holds.initialize = Some((id.clone(), Instant::now() + HOLD_LIMIT));
                }
            }
            if to_server.write_all(&frame(&call.body)).await.is_err() || call.method == "exit" {
                return; // the server reads no more
            }
        }
        if !input_open && held.is_empty() {
            return; // the server sees its input close
        }
        let waiting = deadline.unwrap_or_else(Instant::now);
        tokio::select! {
            read = stdin.read(&mut chunk), if input_open && held.len() < MAX_HELD => match read {
                Ok(0) | Err(_) => input_open = false,
                Ok(n) => {
                    framer.push(&chunk[..n]);
                    while let Some(event) = framer.next() {
                        match event {
                            Event::Message(Incoming::Call(call)) => held.push_back(call),
                            Event::Message(Incoming::Answer(body)) => {
                                // Answers to the server's requests are never held.
                                if to_server.write_all(&frame(&body)).await.is_err() {
                                    return;
                                }
                            }
                            Event::Message(Incoming::Refused(body)) => {
                                let _ = out.send(Out::Frame(frame(&body))).await;
                            }
                            Event::Message(Incoming::NotJson) => {}
                            Event::Malformed(why) => {
                                let _ = out.send(Out::Frame(frame(&parse_error(why)))).await;
                            }
                        }
                    }
                }
            },
            _ = answers.changed(), if deadline.is_some() => {}
            _ = tokio::time::sleep_until(waiting), if deadline.is_some() => {}
            else => return,
        }
    }
}

/// Reads the server's frames (tower-lsp-server writes `Content-Length: N\r\n\r\n` and the body),
/// notes which requests are answered, and replaces an answer over `max_answer` bytes by an error; nothing it writes can stop the
/// forwarding.
async fn read_server(
    from_server: DuplexStream,
    out: mpsc::Sender<Out>,
    outstanding: Arc<watch::Sender<Outstanding>>,
    max_answer: usize,
) {
    let refused = |id: &str, length: usize| {
        let mb = |n: usize| n as f64 / (1024.0 * 1024.0);
        let why = format!(
            "the answer is {:.1} MB, over the limit of {:.1} MB: Retroboard does not send it",
            mb(length),
            mb(max_answer)
        );
        let id = serde_json::from_str(id).unwrap_or(serde_json::Value::Null);
        frame(&message::error(&id, message::INTERNAL_ERROR, &why))
    };
    let mut reader = tokio::io::BufReader::with_capacity(1 << 16, from_server);
    while let Some(length) = read_length(&mut reader).await {
        let (frame_out, id) = if length <= max_answer {
            let mut body = vec![0; length];
            if reader.read_exact(&mut body).await.is_err() {
                break;
            }
            let id = answered_id(&body, &body);
            (Some(frame(&body)), id)
        } else {
            let Some((head, tail)) = skip_body(&mut reader, length).await else {
                break;
            };
            let id = answered_id(&head, &tail);
            let refused = id.as_deref().map(|id| refused(id, length));
            if refused.is_none() {
                eprintln!("retroboard: a message of {length} bytes to the client was dropped");
            }
            (refused, id)
        };
        if let Some(id) = id {
            outstanding.send_modify(|o| o.answered(&id));
        }
        if let Some(frame) = frame_out {
            // A client that stopped reading must not stop the server: keep draining.
            let _ = out.send(Out::Frame(frame)).await;
        }
    }
    let _ = out.send(Out::ServerClosed).await;
}

/// The Content-Length of the server's next frame; none at the end of its output.
async fn read_length(reader: &mut (impl AsyncBufReadExt + Unpin)) -> Option<usize> {
    let mut length = None;
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line).await.ok()? == 0 {
            return None;
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim();
        if line.is_empty() {
            return length;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().ok();
        }
    }
}

/// Reads past a body without keeping it; returns its first and last bytes (where the kind of
/// message and the id are).
async fn skip_body(
    reader: &mut (impl AsyncReadExt + Unpin),
    length: usize,
) -> Option<(Vec<u8>, Vec<u8>)> {
    // Room for a long string id at the end.
    const ENDS: usize = 4096;
    let (mut head, mut tail) = (Vec::new(), Vec::new());
    let mut chunk = vec![0u8; 1 << 16];
    let mut left = length;
    while left > 0 {
        let n = reader.read(&mut chunk[..left.min(1 << 16)]).await.ok()?;
        if n == 0 {
            return None;
        }
        left -= n;
        let read = &chunk[..n];
        if head.len() < ENDS {
            head.extend_from_slice(&read[..read.len().min(ENDS - head.len())]);
        }
        tail.extend_from_slice(read);
        if tail.len() > 2 * ENDS {
            tail.drain(..tail.len() - ENDS);
        }
    }
    Some((head, tail))
}

/// The id a server frame answers, as JSON text, from its first and last bytes: tower-lsp-server
/// writes `{"jsonrpc":"2.0","result"` (or `"error"`) first and `,"id":ID}` last.
fn answered_id(head: &[u8], tail: &[u8]) -> Option<String> {
    let is_answer = [
        &b"{\"jsonrpc\":\"2.0\",\"result\":"[..],
        b"{\"jsonrpc\":\"2.0\",\"error\":",
    ]
    .iter()
    .any(|start| head.starts_with(start));
    if !is_answer {
        return None;
    }
    // A `,"id":` inside a string would have its quote escaped: the last one is the member.
    const KEY: &[u8] = b",\"id\":";
    let at = tail.windows(KEY.len()).rposition(|w| w == KEY)?;
    let id = tail.get(at + KEY.len()..tail.len().checked_sub(1)?)?;
    let id: serde_json::Value = serde_json::from_slice(id).ok()?;
    (id.is_string() || id.is_i64()).then(|| id.to_string())
}

async fn write_client(mut stdout: impl AsyncWrite + Unpin, mut frames: mpsc::Receiver<Out>) {
    let mut open = true;
    while let Some(Out::Frame(frame)) = frames.recv().await {
        // Once the client is gone, still take every frame, so that no sender waits.
        open = open && stdout.write_all(&frame).await.is_ok() && stdout.flush().await.is_ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn answers_are_told_from_their_ends_as_tower_lsp_server_writes_them() {
        use tower_lsp_server::jsonrpc::{Id, Request, Response};
        let answers = [
            Response::from_ok(
                Id::Number(7),
                serde_json::json!({"id": 1, "x": ",\"id\":3}"}),
            ),
            Response::from_error(
                Id::String("a,\"id\":\"b".to_string()),
                tower_lsp_server::jsonrpc::Error::internal_error(),
            ),
        ];
        let ids: Vec<_> = answers
            .iter()
            .map(|a| {
                let body = serde_json::to_vec(a).unwrap();
                answered_id(&body, &body[body.len().saturating_sub(40)..])
            })
            .collect();
        assert_eq!(
            ids,
            [
                Some("7".to_string()),
                Some("\"a,\\\"id\\\":\\\"b\"".to_string())
            ]
        );
        let request = Request::build("workspace/configuration").id(3).finish();
        let body = serde_json::to_vec(&request).unwrap();
        assert_eq!(answered_id(&body, &body), None);
    }

    #[tokio::test]
    async fn an_answer_over_the_limit_becomes_an_error_and_forwarding_goes_on() {
        let (mut server, from_server) = tokio::io::duplex(1 << 16);
        let (out_tx, mut out_rx) = mpsc::channel(64);
        let outstanding = Arc::new(watch::Sender::new(Outstanding::default()));
        outstanding.send_modify(|o| o.add("1"));
        tokio::spawn(read_server(from_server, out_tx, outstanding.clone(), 100));
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"result\":\"{}\",\"id\":1}}",
            "x".repeat(300_000)
        );
        let note = "{\"jsonrpc\":\"2.0\",\"method\":\"n\"}";
        let small = "{\"jsonrpc\":\"2.0\",\"result\":null,\"id\":2}";
        for body in [&big, note, small] {
            server.write_all(&frame(body.as_bytes())).await.unwrap();
        }
        drop(server);
        let mut got = Vec::new();
        while let Some(Out::Frame(frame)) = out_rx.recv().await {
            got.push(String::from_utf8(frame).unwrap());
        }
        let error = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,\"message\":\
                     \"the answer is 0.3 MB, over the limit of 0.0 MB: Retroboard does not send it\"}}";
        assert_eq!(got, [ok(error), ok(note), ok(small)]);
        assert!(outstanding.borrow().0.is_empty());
    }
}
