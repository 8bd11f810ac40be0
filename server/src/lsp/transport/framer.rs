//! The client's bytes cut into messages: a malformed frame is answered with a parse error and
//! reading goes on at the next `Content-Length` header.

use super::MAX_MESSAGE;
use super::message::{self, Incoming};

const HEADER: &[u8] = b"content-length:";
/// Longer header blocks are not headers.
const MAX_HEADER: usize = 8 * 1024;

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
pub(crate) enum Event {
    Message(Incoming),
    /// A malformed frame or stray bytes: answer this parse error.
    Malformed(&'static str),
}

/// Cuts the client's bytes into messages, resynchronising after malformed ones. Every byte is
/// looked at a bounded number of times, whatever the text holds (`work` counts them).
#[derive(Default)]
pub(crate) struct Framer {
    buffer: Vec<u8>,
    /// How much of `buffer` is handled.
    start: usize,
    body: Option<Body>,
    /// Inside a run of bytes outside any message (answered once).
    in_garbage: bool,
    work: usize,
}

impl Framer {
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        if self.start > 0 {
            self.buffer.drain(..self.start);
            self.start = 0;
        }
        self.buffer.extend_from_slice(bytes);
    }

    /// The next message or error, or none until more bytes come.
    pub(crate) fn next(&mut self) -> Option<Event> {
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
}
