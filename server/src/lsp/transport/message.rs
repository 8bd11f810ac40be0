//! A client's message judged by the JSON-RPC 2.0 rules before tower-lsp-server sees it. Its
//! reader stops for good at the first body it cannot decode, so it is given only messages it
//! decodes, written out again in one canonical form; everything else is answered here.

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INTERNAL_ERROR: i64 = -32603;

/// What a client's message body comes to.
#[derive(Debug)]
pub enum Incoming {
    /// Not JSON at all: the framing may be wrong.
    NotJson,
    /// A request or notification for the server, in canonical form.
    Call(Call),
    /// An answer to one of the server's requests, in canonical form.
    Answer(Vec<u8>),
    /// Not for the server: send this error to the client.
    Refused(Vec<u8>),
}

#[derive(Debug)]
pub struct Call {
    pub method: String,
    /// The id's JSON text; none for a notification.
    pub id: Option<String>,
    pub body: Vec<u8>,
}

/// Judges a body as a JSON-RPC message. A lone UTF-16 surrogate escape (JavaScript's
/// `JSON.stringify` writes them) is first replaced by U+FFFD, in place, so that an edit carrying
/// one still reaches the document.
pub fn judge(body: &mut [u8]) -> Incoming {
    if nested_deeper_than(body, MAX_DEPTH) {
        let message = format!("Parse error: the message is nested more than {MAX_DEPTH} deep");
        return Incoming::Refused(error(&Value::Null, PARSE_ERROR, &message));
    }
    repair_lone_surrogates(body);
    let Ok(text) = std::str::from_utf8(body) else {
        return Incoming::Refused(error(
            &Value::Null,
            PARSE_ERROR,
            "Parse error: the body is not UTF-8",
        ));
    };
    match serde_json::from_str::<Top>(text) {
        Err(_) => Incoming::NotJson,
        Ok(Top::Other) => Incoming::Refused(invalid(&Value::Null, "the message is not an object")),
        Ok(Top::Object(envelope)) => envelope.judge(),
    }
}

/// How deep a message may nest its arrays and objects: well inside serde_json's recursion
/// limit (128), past which tower-lsp-server's reader stops for good. No LSP message comes near.
const MAX_DEPTH: usize = 100;

/// Whether the JSON text `body` nests arrays and objects more than `limit` deep (brackets in
/// strings aside): looked at byte by byte, without recursion, whatever its depth.
fn nested_deeper_than(body: &[u8], limit: usize) -> bool {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &byte in body {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// A JSON-RPC error message.
pub fn error(id: &Value, code: i64, message: &str) -> Vec<u8> {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
        .to_string()
        .into_bytes()
}

fn invalid(id: &Value, why: &str) -> Vec<u8> {
    error(id, INVALID_REQUEST, &format!("Invalid Request: {why}"))
}

/// The members of a message object; `params` and `result` are kept as their text.
#[derive(Default)]
struct Envelope<'a> {
    jsonrpc: Option<Value>,
    method: Option<Value>,
    id: Option<Value>,
    params: Option<&'a RawValue>,
    result: Option<&'a RawValue>,
    error: Option<&'a RawValue>,
    repeated: Option<String>,
}

/// An error object as tower-lsp-server takes it (it refuses unknown members).
#[derive(serde::Deserialize, serde::Serialize)]
struct ErrorObject {
    code: i64,
    message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<Value>,
}

impl Envelope<'_> {
    /// The id as a reply can name it: a string or an integer (as LSP has them), else null.
    fn readable_id(&self) -> Value {
        match &self.id {
            Some(id @ Value::String(_)) => id.clone(),
            Some(id @ Value::Number(n)) if n.is_i64() => id.clone(),
            _ => Value::Null,
        }
    }

    fn judge(self) -> Incoming {
        let id = self.readable_id();
        if self.jsonrpc.as_ref().and_then(Value::as_str) != Some("2.0") {
            return Incoming::Refused(invalid(&id, "\"jsonrpc\" must be \"2.0\""));
        }
        if let Some(key) = &self.repeated {
            return Incoming::Refused(invalid(&id, &format!("\"{key}\" is given twice")));
        }
        if self.id.is_some() && id.is_null() {
            let why = "an id must be a string or an integer";
            return Incoming::Refused(invalid(&id, why));
        }
        let id_text = self.id.is_some().then(|| id.to_string());
        match &self.method {
            Some(Value::String(method)) => {
                if self.result.is_some() || self.error.is_some() {
                    let why = "a request has no \"result\" or \"error\"";
                    return Incoming::Refused(invalid(&id, why));
                }
                if method.starts_with("$/") && !id.is_null() {
                    // tower-lsp-server ignores `$/` messages, requests too: answer them here.
                    let message = format!("Method not found: {method}");
                    return Incoming::Refused(error(&id, METHOD_NOT_FOUND, &message));
                }
                let params = self.params.map_or("", |p| p.get());
                let mut body = Vec::with_capacity(params.len() + method.len() + 64);
                body.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"method\":");
                body.extend_from_slice(Value::String(method.clone()).to_string().as_bytes());
                if let Some(id) = &id_text {
                    body.extend_from_slice(b",\"id\":");
                    body.extend_from_slice(id.as_bytes());
                }
                if self.params.is_some() {
                    body.extend_from_slice(b",\"params\":");
                    body.extend_from_slice(params.as_bytes());
                }
                body.push(b'}');
                Incoming::Call(Call {
                    method: method.clone(),
                    id: id_text,
                    body,
                })
            }
            Some(_) => Incoming::Refused(invalid(&id, "\"method\" must be a string")),
            None if id.is_null() => Incoming::Refused(invalid(&id, "no \"method\"")),
            None => match (self.result, self.error) {
                (None, None) => Incoming::Refused(invalid(&id, "no \"method\"")),
                (Some(result), None) => Incoming::Answer(
                    format!(
                        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{}}}",
                        result.get()
                    )
                    .into_bytes(),
                ),
                (result, error) => {
                    // A malformed answer still ends the server's wait for it, as an error.
                    let object = match (result, error) {
                        (None, Some(error)) => {
                            serde_json::from_str::<ErrorObject>(error.get()).ok()
                        }
                        _ => None,
                    };
                    let object = object.unwrap_or_else(|| {
                        eprintln!("retroboard: the client's answer to request {id} is malformed");
                        ErrorObject {
                            code: INVALID_REQUEST,
                            message: "the client's answer was not a valid JSON-RPC response"
                                .to_string(),
                            data: None,
                        }
                    });
                    let body = serde_json::json!({"jsonrpc": "2.0", "id": id, "error": object});
                    Incoming::Answer(body.to_string().into_bytes())
                }
            },
        }
    }
}

/// A JSON text: an object's members, or anything else.
enum Top<'a> {
    Object(Box<Envelope<'a>>),
    Other,
}

impl<'de> Deserialize<'de> for Top<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TopVisitor)
    }
}

struct TopVisitor;

impl<'de> Visitor<'de> for TopVisitor {
    type Value = Top<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top<'de>, A::Error> {
        let mut envelope = Envelope::default();
        while let Some(key) = map.next_key::<String>()? {
            let fresh = match key.as_str() {
                "jsonrpc" => put(&mut envelope.jsonrpc, map.next_value()?),
                "method" => put(&mut envelope.method, map.next_value()?),
                "id" => put(&mut envelope.id, map.next_value()?),
                "params" => put(&mut envelope.params, map.next_value()?),
                "result" => put(&mut envelope.result, map.next_value()?),
                "error" => put(&mut envelope.error, map.next_value()?),
                _ => map.next_value::<IgnoredAny>().map(|_| true)?,
            };
            if !fresh && envelope.repeated.is_none() {
                envelope.repeated = Some(key);
            }
        }
        Ok(Top::Object(Box::new(envelope)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Top<'de>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Top::Other)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }

    fn visit_str<E>(self, _: &str) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }

    fn visit_unit<E>(self) -> Result<Top<'de>, E> {
        Ok(Top::Other)
    }
}

/// Keeps the first value of a member; false when it was given before.
fn put<T>(slot: &mut Option<T>, value: T) -> bool {
    let fresh = slot.is_none();
    if fresh {
        *slot = Some(value);
    }
    fresh
}

/// Replaces each `\uD800`–`\uDFFF` escape that is not half of a pair by `\ufffd` (as long), so
/// that serde_json, which refuses them, reads the text.
pub fn repair_lone_surrogates(body: &mut [u8]) -> usize {
    let hex = |body: &[u8], at: usize| -> Option<u16> {
        let digits = std::str::from_utf8(body.get(at..at + 4)?).ok()?;
        u16::from_str_radix(digits, 16).ok()
    };
    let high = |unit: u16| (0xD800..0xDC00).contains(&unit);
    let low = |unit: u16| (0xDC00..0xE000).contains(&unit);
    let mut repaired = 0;
    let mut i = 0;
    while let Some(offset) = body
        .get(i..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\\'))
    {
        let at = i + offset;
        if body.get(at + 1) != Some(&b'u') {
            i = at + 2; // any other escape, `\\` included
            continue;
        }
        i = at + 6;
        let Some(unit) = hex(body, at + 2) else {
            continue;
        };
        let paired =
            body.get(at + 6..at + 8) == Some(&b"\\u"[..]) && hex(body, at + 8).is_some_and(low);
        if high(unit) && paired {
            i = at + 12;
            continue;
        }
        if high(unit) || low(unit) {
            body[at + 2..at + 6].copy_from_slice(b"fffd");
            repaired += 1;
        }
    }
    repaired
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(body: &str) -> String {
        let mut bytes = body.as_bytes().to_vec();
        match judge(&mut bytes) {
            Incoming::NotJson => "not JSON".to_string(),
            Incoming::Call(call) => format!(
                "call {} {:?}: {}",
                call.method,
                call.id,
                String::from_utf8_lossy(&call.body)
            ),
            Incoming::Answer(body) => format!("answer {}", String::from_utf8_lossy(&body)),
            Incoming::Refused(body) => format!("refused {}", String::from_utf8_lossy(&body)),
        }
    }

    #[test]
    fn every_shape_is_judged_as_json_rpc_says() {
        let cases = [
            (
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"a\":[1]}}",
                "call m Some(\"1\"): {\"jsonrpc\":\"2.0\",\"method\":\"m\",\"id\":1,\"params\":{\"a\":[1]}}",
            ),
            (
                "{\"method\":\"m\",\"jsonrpc\":\"2.0\",\"x\":{}}",
                "call m None: {\"jsonrpc\":\"2.0\",\"method\":\"m\"}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"result\":null}",
                "answer {\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"result\":null}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":1,\"message\":\"m\",\"extra\":2}}",
                "answer {\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":1,\"message\":\"m\"}}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":\"bad\"}",
                "answer {\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32600,\"message\":\"the client's answer was not a valid JSON-RPC response\"}}",
            ),
            (
                "{}",
                "refused {\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: \\\"jsonrpc\\\" must be \\\"2.0\\\"\"}}",
            ),
            (
                "[1,2]",
                "refused {\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: the message is not an object\"}}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"m\"}",
                "refused {\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: an id must be a string or an integer\"}}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":7}",
                "refused {\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: \\\"method\\\" must be a string\"}}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\",\"id\":8}",
                "refused {\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: \\\"id\\\" is given twice\"}}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"$/m\"}",
                "refused {\"jsonrpc\":\"2.0\",\"id\":\"x\",\"error\":{\"code\":-32601,\"message\":\"Method not found: $/m\"}}",
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"method\":\"$/m\"}",
                "call $/m None: {\"jsonrpc\":\"2.0\",\"method\":\"$/m\"}",
            ),
            ("{\"jsonrpc\":", "not JSON"),
        ];
        for (body, expected) in cases {
            assert_eq!(judged(body), expected, "{body}");
        }
        let mut not_utf8 = b"{\"jsonrpc\":\"2.0\",\"method\":\"m\xff\"}".to_vec();
        assert!(
            matches!(judge(&mut not_utf8), Incoming::Refused(b) if b.starts_with(b"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700"))
        );
    }

    #[test]
    fn a_message_nested_past_the_limit_is_a_parse_error() {
        let nested = |depth: usize| {
            format!(
                "{{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{}\"[{{\"{}}}",
                "[".repeat(depth - 1),
                "]".repeat(depth - 1)
            )
        };
        // The brackets in the string do not count.
        assert!(judged(&nested(MAX_DEPTH)).starts_with("call m None"));
        assert_eq!(
            judged(&nested(MAX_DEPTH + 1)),
            "refused {\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the message is nested more than 100 deep\"}}"
        );
    }

    #[test]
    fn lone_surrogates_become_replacement_characters_and_pairs_stay() {
        let mut text = br#""\ud83d \ud83d\ude00 \\ud83d \udE00x \uD83D\u0041 \u12""#.to_vec();
        assert_eq!(repair_lone_surrogates(&mut text), 3);
        assert_eq!(
            String::from_utf8(text).unwrap(),
            r#""\ufffd \ud83d\ude00 \\ud83d \ufffdx \ufffd\u0041 \u12""#
        );
    }
}
