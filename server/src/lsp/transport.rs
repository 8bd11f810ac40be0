//! A lenient stdio transport in front of tower-lsp-server, whose framed reader stops for good
//! at the first malformed message. Here a message with a bad header, a wrong Content-Length or
//! a body that is not JSON is answered with a JSON-RPC parse error, and reading goes on at the
//! next `Content-Length` header.

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc;

const HEADER: &[u8] = b"content-length:";
/// A larger message is refused rather than buffered.
const MAX_MESSAGE: usize = 64 * 1024 * 1024;
/// Longer header blocks are not headers.
const MAX_HEADER: usize = 8 * 1024;

/// Pipes for the language server: it reads clean frames from the first and writes to the
/// second; `run` moves bytes between them and the real input and output.
pub struct Transport {
    pub server_input: DuplexStream,
    pub server_output: DuplexStream,
    input: DuplexStream,
    output: DuplexStream,
}

impl Transport {
    pub fn new() -> Transport {
        let (input, server_input) = tokio::io::duplex(1 << 16);
        let (server_output, output) = tokio::io::duplex(1 << 16);
        Transport {
            server_input,
            server_output,
            input,
            output,
        }
    }

    /// Starts the tasks that clean `stdin` into the server and copy its answers, with the parse
    /// errors, to `stdout`.
    pub fn spawn(
        input: DuplexStream,
        output: DuplexStream,
        stdin: impl AsyncRead + Unpin + Send + 'static,
        stdout: impl AsyncWrite + Unpin + Send + 'static,
    ) {
        let (frames_tx, frames_rx) = mpsc::unbounded_channel::<Vec<u8>>();
        tokio::spawn(read_client(stdin, input, frames_tx.clone()));
        tokio::spawn(read_server(output, frames_tx));
        tokio::spawn(write_client(stdout, frames_rx));
    }

    pub fn split(self) -> (DuplexStream, DuplexStream, DuplexStream, DuplexStream) {
        (
            self.server_input,
            self.server_output,
            self.input,
            self.output,
        )
    }
}

impl Default for Transport {
    fn default() -> Self {
        Transport::new()
    }
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn parse_error(detail: &str) -> Vec<u8> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32700, "message": format!("Parse error: {detail}")},
    });
    frame(body.to_string().as_bytes())
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
        .map(|i| i + from)
}

/// What the start of the buffer holds.
enum Next {
    /// A well-formed frame of this many bytes.
    Frame(usize),
    /// A malformed message: answer it, then drop this many bytes.
    Bad(&'static str, usize),
    /// Blanks before the next header: drop them.
    Skip(usize),
    /// Other bytes before the next header: drop them, answering once per run.
    Garbage(usize),
    NeedMore,
}

/// Whether `bytes` are one JSON object, checked without building it (a `didOpen` of a large file
/// holds its whole text).
fn is_json_object(bytes: &[u8]) -> bool {
    bytes.trim_ascii_start().first() == Some(&b'{')
        && serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok()
}

/// What the start of `buffer` holds. `searched`: how much of it an earlier call already looked
/// through for a next header while waiting for a body, so that a large message arriving in many
/// reads is not searched again from its start after each (which made reading it quadratic).
fn next(buffer: &[u8], searched: usize) -> Next {
    let Some(start) = find(buffer, HEADER, 0) else {
        // Keep a possible partial header at the end.
        let keep = HEADER.len().min(buffer.len());
        let drop = buffer.len() - keep;
        return match drop {
            0 => Next::NeedMore,
            _ if buffer[..drop].iter().all(u8::is_ascii_whitespace) => Next::Skip(drop),
            _ => Next::Garbage(drop),
        };
    };
    if start > 0 {
        return if buffer[..start].iter().all(u8::is_ascii_whitespace) {
            Next::Skip(start)
        } else {
            Next::Garbage(start)
        };
    }
    let Some(header_end) = find(buffer, b"\r\n\r\n", 0) else {
        return if buffer.len() > MAX_HEADER {
            Next::Bad("header too long", 1)
        } else {
            Next::NeedMore
        };
    };
    let headers = String::from_utf8_lossy(&buffer[..header_end]);
    let length = headers.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse::<usize>().ok())?
    });
    let body_start = header_end + 4;
    let Some(length) = length.filter(|l| *l <= MAX_MESSAGE) else {
        return Next::Bad("Content-Length missing, invalid or too large", body_start);
    };
    let Some(body) = buffer.get(body_start..body_start + length) else {
        // A length larger than the message makes the reader wait for bytes that never come: when
        // a whole JSON object is followed by the next header, the length was wrong.
        let mut from = body_start.max(searched.saturating_sub(HEADER.len()));
        while let Some(next_header) = find(buffer, HEADER, from) {
            if is_json_object(&buffer[body_start..next_header]) {
                return Next::Bad("Content-Length larger than the message", next_header);
            }
            from = next_header + 1;
        }
        return Next::NeedMore;
    };
    if is_json_object(body) {
        return Next::Frame(body_start + length);
    }
    // A wrong length swallows (part of) the next message: resume at the next header inside.
    let resume =
        find(buffer, HEADER, 1).map_or(body_start + length, |next| next.min(body_start + length));
    Next::Bad(
        "the body is not a JSON object (wrong Content-Length?)",
        resume,
    )
}

async fn read_client(
    mut stdin: impl AsyncRead + Unpin,
    mut to_server: DuplexStream,
    answers: mpsc::UnboundedSender<Vec<u8>>,
) {
    let mut buffer = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut in_garbage = false;
    let mut searched = 0;
    loop {
        loop {
            match next(&buffer, searched) {
                Next::Frame(len) => {
                    in_garbage = false;
                    if to_server.write_all(&buffer[..len]).await.is_err() {
                        return;
                    }
                    buffer.drain(..len);
                }
                Next::Garbage(drop) => {
                    if !in_garbage {
                        let _ = answers.send(parse_error("bytes outside a message"));
                        in_garbage = true;
                    }
                    buffer.drain(..drop.min(buffer.len()));
                }
                Next::Bad(why, drop) => {
                    let _ = answers.send(parse_error(why));
                    buffer.drain(..drop.min(buffer.len()));
                }
                Next::Skip(drop) => {
                    buffer.drain(..drop.min(buffer.len()));
                }
                Next::NeedMore => {
                    searched = buffer.len();
                    break;
                }
            }
            searched = 0; // the buffer lost its start
        }
        match stdin.read(&mut chunk).await {
            Ok(0) | Err(_) => return, // end of input: the server sees its input close
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}

/// Reads whole frames from the server, so that parse errors are written between them.
async fn read_server(mut from_server: DuplexStream, frames: mpsc::UnboundedSender<Vec<u8>>) {
    let mut buffer = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut searched = 0;
    loop {
        while let Next::Frame(len) = next(&buffer, searched) {
            if frames.send(buffer.drain(..len).collect()).is_err() {
                return;
            }
            searched = 0;
        }
        searched = buffer.len();
        match from_server.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buffer.extend_from_slice(&chunk[..n]),
        }
    }
}

async fn write_client(
    mut stdout: impl AsyncWrite + Unpin,
    mut frames: mpsc::UnboundedReceiver<Vec<u8>>,
) {
    while let Some(frame) = frames.recv().await {
        if stdout.write_all(&frame).await.is_err() || stdout.flush().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(mut input: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            match next(input, 0) {
                Next::Frame(n) => {
                    out.push(format!(
                        "frame {}",
                        String::from_utf8_lossy(&input[..n])
                            .split("\r\n\r\n")
                            .nth(1)
                            .unwrap_or("")
                    ));
                    input = &input[n..];
                }
                Next::Bad(why, n) => {
                    out.push(format!("bad: {why}"));
                    input = &input[n..];
                }
                Next::Skip(n) => input = &input[n..],
                Next::Garbage(n) => {
                    out.push("garbage".to_string());
                    input = &input[n..];
                }
                Next::NeedMore => return out,
            }
        }
    }

    #[test]
    fn resynchronises_after_every_kind_of_garbage() {
        let ok = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
        let input = format!(
            "{}garbage{}Content-Length: 3\r\n\r\n{}Content-Length: 99\r\n\r\n{{}}{}Content-Length: x\r\n\r\n{}",
            ok("{\"a\":1}"),
            ok("{\"b\":2}"),
            ok("{\"c\":3}"),
            ok("{\"d\":4}"),
            ok("{\"e\":5}")
        );
        assert_eq!(
            kinds(input.as_bytes()),
            [
                "frame {\"a\":1}",
                "garbage",
                "frame {\"b\":2}",
                "bad: the body is not a JSON object (wrong Content-Length?)",
                "frame {\"c\":3}",
                "bad: Content-Length larger than the message",
                "frame {\"d\":4}",
                "bad: Content-Length missing, invalid or too large",
                "frame {\"e\":5}",
            ]
        );
    }

    /// Feeds `input` in pieces of `piece` bytes as `read_client` does, remembering how far an
    /// earlier call searched, and says what the first message came to.
    fn first_in_pieces(input: &[u8], piece: usize) -> String {
        let (mut buffer, mut searched) = (Vec::new(), 0);
        for chunk in input.chunks(piece) {
            buffer.extend_from_slice(chunk);
            match next(&buffer, searched) {
                Next::Frame(n) => return format!("frame of {n} bytes"),
                Next::Bad(why, n) => return format!("bad after {n} bytes: {why}"),
                Next::NeedMore => searched = buffer.len(),
                Next::Skip(_) | Next::Garbage(_) => return "skip".to_string(),
            }
        }
        "need more".to_string()
    }

    #[test]
    fn a_message_read_in_pieces_is_read_as_a_whole_one() {
        // A large text holding what looks like a header, then a message after it.
        let text = "x".repeat(5000) + "Content-Length: 2" + &"y".repeat(5000);
        let body = format!("{{\"text\":\"{text}\"}}");
        let message = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        let whole = format!("{message}Content-Length: 2\r\n\r\n{{}}");
        for piece in [1, 7, 64, 4096, whole.len()] {
            assert_eq!(
                first_in_pieces(whole.as_bytes(), piece),
                format!("frame of {} bytes", message.len()),
                "in pieces of {piece}"
            );
        }
        // A length too large is still found out once the next message has come.
        let long = format!(
            "Content-Length: {}\r\n\r\n{body}Content-Length: 2\r\n\r\n{{}}",
            body.len() + 100
        );
        for piece in [1, 7, 64, 4096, long.len()] {
            assert_eq!(
                first_in_pieces(long.as_bytes(), piece),
                format!(
                    "bad after {} bytes: Content-Length larger than the message",
                    message.len()
                ),
                "in pieces of {piece}"
            );
        }
    }
}
