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

use message::{Call, Incoming};

const HEADER: &[u8] = b"content-length:";
/// A larger message is refused rather than buffered, in either direction.
const MAX_MESSAGE: usize = 64 * 1024 * 1024;
/// Longer header blocks are not headers.
const MAX_HEADER: usize = 8 * 1024;
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
/// transport's own, to `stdout`.
pub fn start(
    stdin: impl AsyncRead + Unpin + Send + 'static,
    stdout: impl AsyncWrite + Unpin + Send + 'static,
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
    tokio::spawn(read_server(from_server, out_tx, outstanding, max_answer()));
    Streams {
        server_input,
        server_output,
        notifier,
        finished: tokio::spawn(write_client(stdout, out_rx)),
    }
}

/// The largest answer sent; test builds take a smaller one from `RETROBOARD_TEST_MAX_ANSWER`.
fn max_answer() -> usize {
    #[cfg(debug_assertions)]
    if let Some(max) = std::env::var("RETROBOARD_TEST_MAX_ANSWER")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return max;
    }
    MAX_MESSAGE
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

/// Where `needle` (lower case) starts in `haystack` from `from` on, ignoring ASCII case.
fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let last = needle.len() - 1;
    let mut at = from + last;
    while at < haystack.len() {
        // Look for the needle's last byte, then compare the rest.
        let offset = haystack[at..].iter().position(|b| *b == needle[last])?;
        at += offset;
        if haystack[at - last..at].eq_ignore_ascii_case(&needle[..last]) {
            return Some(at - last);
        }
        at += 1;
    }
    None
}

/// Follows a JSON text's nesting as its bytes arrive, to tell where its first object (or array)
/// ends, each byte looked at once.
#[derive(Default)]
struct Nesting {
    seen: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// The text does not start with an object or array.
    flat: bool,
}

impl Nesting {
    /// Looks at `text` past what was seen; the end of the first value once it is there.
    fn feed(&mut self, text: &[u8]) -> Option<usize> {
        while !self.flat && self.seen < text.len() {
            let byte = text[self.seen];
            self.seen += 1;
            if self.in_string {
                match byte {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' if self.depth > 0 => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Some(self.seen);
                    }
                }
                _ if self.depth > 0 || byte.is_ascii_whitespace() => {}
                _ => self.flat = true,
            }
        }
        None
    }
}

/// The frame being read: where its body starts and how long it says it is.
struct Body {
    start: usize,
    length: usize,
    nesting: Nesting,
    /// Where the body's first value ends, once seen.
    value_end: Option<usize>,
    /// Blanks after that value, looked at up to here.
    blank_to: usize,
    /// The first value ended before the body but no header follows it.
    ends_early: bool,
}

/// What the client's bytes come to, one at a time.
#[derive(Debug)]
enum Event {
    Message(Incoming),
    /// A malformed frame or stray bytes: answer this parse error.
    Malformed(&'static str),
}

/// Cuts the client's bytes into messages, resynchronising after malformed ones. Every byte is
/// looked at a bounded number of times, whatever the text holds (`work` counts them).
#[derive(Default)]
struct Framer {
    buffer: Vec<u8>,
    /// How much of `buffer` is handled.
    start: usize,
    body: Option<Body>,
    /// Inside a run of bytes outside any message (answered once).
    in_garbage: bool,
    work: usize,
}

impl Framer {
    fn push(&mut self, bytes: &[u8]) {
        if self.start > 0 {
            self.buffer.drain(..self.start);
            self.start = 0;
        }
        self.buffer.extend_from_slice(bytes);
    }

    /// The next message or error, or none until more bytes come.
    fn next(&mut self) -> Option<Event> {
        loop {
            let event = match self.body.take() {
                None => self.header(),
                Some(body) => self.body(body),
            };
            match event {
                Step::Event(event) => return Some(event),
                Step::Again => {}
                Step::NeedMore => return None,
            }
        }
    }

    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.buffer.len());
    }

    fn header(&mut self) -> Step {
        let view = &self.buffer[self.start..];
        let Some(at) = find(view, HEADER, 0) else {
            self.work += view.len();
            // Keep what may be the start of a header.
            let drop = view.len().saturating_sub(HEADER.len() - 1);
            return self.skip(drop).unwrap_or(Step::NeedMore);
        };
        self.work += at + HEADER.len();
        if let Some(step) = self.skip(at) {
            return step;
        }
        self.in_garbage = false;
        let view = &self.buffer[self.start..];
        let searched = &view[..view.len().min(MAX_HEADER)];
        self.work += searched.len();
        let Some(end) = find(searched, b"\r\n\r\n", 0) else {
            if searched.len() < MAX_HEADER {
                return Step::NeedMore;
            }
            self.consume(1);
            return Step::Event(Event::Malformed("header too long"));
        };
        let headers = String::from_utf8_lossy(&view[..end]);
        let length = headers.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.trim()
                .eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        });
        let start = end + 4;
        match length.filter(|l| *l <= MAX_MESSAGE) {
            None => {
                self.consume(start);
                Step::Event(Event::Malformed(
                    "Content-Length missing, invalid or too large",
                ))
            }
            Some(length) => {
                self.body = Some(Body {
                    start,
                    length,
                    nesting: Nesting::default(),
                    value_end: None,
                    blank_to: 0,
                    ends_early: false,
                });
                Step::Again
            }
        }
    }

    /// Drops `n` bytes before a header: blanks quietly, anything else with one error per run.
    fn skip(&mut self, n: usize) -> Option<Step> {
        if n == 0 {
            return None;
        }
        let view = &self.buffer[self.start..self.start + n];
        let blank = view.iter().all(u8::is_ascii_whitespace);
        self.consume(n);
        if blank || self.in_garbage {
            return Some(Step::Again);
        }
        self.in_garbage = true;
        Some(Step::Event(Event::Malformed("bytes outside a message")))
    }

    fn body(&mut self, mut body: Body) -> Step {
        let end = body.start + body.length;
        let available = self.buffer.len() - self.start;
        if available >= end {
            self.work += body.length;
            let body_bytes = self.start + body.start..self.start + end;
            let incoming = message::judge(&mut self.buffer[body_bytes]);
            if !matches!(incoming, Incoming::NotJson) {
                self.consume(end);
                return Step::Event(Event::Message(incoming));
            }
        }
        // A length larger than the message makes the reader wait for bytes that never come:
        // when the body's object is followed by the next header, the length was wrong.
        if let Some(header) = self.header_after_value(&mut body) {
            self.consume(header);
            return Step::Event(Event::Malformed("Content-Length larger than the message"));
        }
        if available < end || self.header_may_cross(end) {
            self.body = Some(body);
            return Step::NeedMore;
        }
        // A wrong length swallows (part of) the next message: resume at a header inside.
        let reach = (self.start + end + HEADER.len()).min(self.buffer.len());
        let resume = find(&self.buffer[self.start..reach], HEADER, 1)
            .filter(|at| *at < end)
            .unwrap_or(end);
        self.work += resume;
        self.consume(resume);
        Step::Event(Event::Malformed(
            "the body is not JSON (wrong Content-Length?)",
        ))
    }

    /// Where a header starts right after the body's first object, if one does: followed as the
    /// bytes arrive, each looked at once.
    fn header_after_value(&mut self, body: &mut Body) -> Option<usize> {
        let view = &self.buffer[self.start..];
        if body.value_end.is_none() {
            let seen = body.nesting.seen;
            body.value_end = body
                .nesting
                .feed(&view[body.start..])
                .map(|e| body.start + e);
            self.work += body.nesting.seen - seen;
            body.blank_to = body.value_end?;
        }
        if body.ends_early {
            return None;
        }
        let blanks = view[body.blank_to..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        self.work += blanks;
        body.blank_to += blanks;
        let next = view.get(body.blank_to..body.blank_to + HEADER.len())?;
        if next.eq_ignore_ascii_case(HEADER) {
            return Some(body.blank_to);
        }
        body.ends_early = true;
        None
    }

    /// Whether the bytes up to `end` (from `start`) may end with the start of a header that
    /// the bytes not yet read would complete.
    fn header_may_cross(&self, end: usize) -> bool {
        let view = &self.buffer[self.start..];
        (end.saturating_sub(HEADER.len() - 1)..end).any(|at| {
            let known = &view[at..view.len().min(at + HEADER.len())];
            known.len() < HEADER.len() && known.eq_ignore_ascii_case(&HEADER[..known.len()])
        })
    }
}

enum Step {
    Event(Event),
    Again,
    NeedMore,
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

    /// What a framer makes of `input` given in pieces of `piece` bytes.
    fn events(input: &[u8], piece: usize) -> (Vec<String>, Framer) {
        let mut framer = Framer::default();
        let mut out = Vec::new();
        for chunk in input.chunks(piece) {
            framer.push(chunk);
            while let Some(event) = framer.next() {
                out.push(match event {
                    Event::Message(Incoming::Call(call)) => {
                        String::from_utf8_lossy(&call.body).into_owned()
                    }
                    Event::Message(Incoming::Refused(body)) => {
                        format!("refused {}", String::from_utf8_lossy(&body))
                    }
                    Event::Message(other) => format!("{other:?}"),
                    Event::Malformed(why) => format!("bad: {why}"),
                });
            }
        }
        (out, framer)
    }

    fn ok(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn call(method: &str) -> String {
        format!("{{\"jsonrpc\":\"2.0\",\"method\":\"{method}\"}}")
    }

    #[test]
    fn resynchronises_after_every_kind_of_garbage() {
        let input = format!(
            "{}garbage{}Content-Length: 3\r\n\r\n{}Content-Length: 99\r\n\r\n{}{}Content-Length: x\r\n\r\n{}\
             content-length: 7\r\nContent-Type: application/vscode-jsonrpc\r\nX: y\r\n\r\n[1,2,3]",
            ok(&call("a")),
            ok(&call("b")),
            ok(&call("c")),
            call("x"),
            ok(&call("d")),
            ok(&call("e")),
        );
        for piece in [1, 7, 64, input.len()] {
            assert_eq!(
                events(input.as_bytes(), piece).0,
                [
                    call("a"),
                    "bad: bytes outside a message".to_string(),
                    call("b"),
                    "bad: the body is not JSON (wrong Content-Length?)".to_string(),
                    call("c"),
                    "bad: Content-Length larger than the message".to_string(),
                    call("d"),
                    "bad: Content-Length missing, invalid or too large".to_string(),
                    call("e"),
                    "refused {\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: the message is not an object\"}}".to_string(),
                ],
                "in pieces of {piece}"
            );
        }
    }

    #[test]
    fn a_message_read_in_pieces_is_read_as_a_whole_one() {
        // A large text holding what looks like a header, then a message after it.
        let text = "x".repeat(5000) + "Content-Length: 2" + &"y".repeat(5000);
        let body = format!("{{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":\"{text}\"}}");
        let whole = format!("{}{}", ok(&body), ok(&call("next")));
        for piece in [1, 7, 64, 4096, whole.len()] {
            assert_eq!(
                events(whole.as_bytes(), piece).0,
                [body.clone(), call("next")],
                "in pieces of {piece}"
            );
        }
        // A length too large is still found out once the next message has come.
        let long = format!(
            "Content-Length: {}\r\n\r\n{body}\r\n{}",
            body.len() + 100,
            ok(&call("next"))
        );
        for piece in [1, 7, 64, 4096, long.len()] {
            assert_eq!(
                events(long.as_bytes(), piece).0,
                [
                    "bad: Content-Length larger than the message".to_string(),
                    call("next")
                ],
                "in pieces of {piece}"
            );
        }
    }

    /// Reading was quadratic in a text full of `Content-Length:` (each one made the reader parse
    /// the body again from its start): 10 MB took 130 s.
    #[test]
    fn reading_is_linear_whatever_the_text_holds() {
        let text = "Content-Length: 2\\r\\n\\r\\n{}".repeat(4 * 1024 * 1024 / 28);
        let body = format!("{{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":\"{text}\"}}");
        let input = format!("{}{}", ok(&body), ok(&call("next")));
        for piece in [4096, 1 << 16] {
            let (events, framer) = events(input.as_bytes(), piece);
            assert_eq!(events.len(), 2, "in pieces of {piece}");
            assert!(
                framer.work <= 3 * input.len(),
                "{} bytes looked at for {} in pieces of {piece}",
                framer.work,
                input.len()
            );
        }
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
