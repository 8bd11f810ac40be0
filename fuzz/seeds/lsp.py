#!/usr/bin/env python3
"""Seeds for the `lsp` fuzz target, written to the folder given as argument: client sessions of
raw frames, one per malformed message shape or message order the server must survive
(tests/lsp_abuse.rs has each as an end-to-end test).

A session is `ClientSession` of fuzz/src/lib.rs as `arbitrary` 1.x reads it: a byte for `utf8`,
then per step a byte 1 and the step, then a byte 0. A step here is always `ClientStep::Raw`
(variant 9 of 11, chosen by a little-endian u32 x with x * 11 >> 32 == 9), whose bytes are each
preceded by a byte 1 and end with a byte 0. The target adds `initialize` and `initialized`
before and `exit` after, all sent at once."""

import json
import sys
from pathlib import Path

RAW_VARIANT = (9 * 2**32 + 10) // 11
assert RAW_VARIANT * 11 >> 32 == 9


def session(*steps: bytes) -> bytes:
    out = bytearray([1])
    for step in steps:
        out += bytes([1]) + RAW_VARIANT.to_bytes(4, "little")
        for byte in step:
            out += bytes([1, byte])
        out.append(0)
    out.append(0)
    return bytes(out)


def frame(body) -> bytes:
    if not isinstance(body, (bytes, str)):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


URI = "file:///nonexistent/0/colossus-ter/Fuzz.ter"
TER = "T black Tower false 0 Anything 3 Centaur 3 Gargoyle 3 Ogre -1 Titan\n"
OPEN = frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": URI, "languageId": "colossus-ter", "version": 1, "text": TER}}})
HOVER = frame({"jsonrpc": "2.0", "id": 900, "method": "textDocument/hover", "params": {
    "textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}})
CHANGE = frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
    "textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"range": {
        "start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 13}},
        "text": "Tower"}]}})
HOVER_MEMBERS = ('"method":"textDocument/hover","params":{"textDocument":{"uri":"%s"},'
                 '"position":{"line":0,"character":0}}' % URI)

# Bodies that are JSON but no JSON-RPC message, and other shapes of item 1 of issue #19.
BODIES = {
    "empty-object": "{}",
    "array": "[1,2,3]",
    "number": "7",
    "id-true": '{"jsonrpc":"2.0","id":true,%s}' % HOVER_MEMBERS,
    "id-object": '{"jsonrpc":"2.0","id":{"a":1},%s}' % HOVER_MEMBERS,
    "id-array": '{"jsonrpc":"2.0","id":[1],%s}' % HOVER_MEMBERS,
    "id-fraction": '{"jsonrpc":"2.0","id":1.5,%s}' % HOVER_MEMBERS,
    "id-null": '{"jsonrpc":"2.0","id":null,%s}' % HOVER_MEMBERS,
    "id-huge": '{"jsonrpc":"2.0","id":18446744073709551616,%s}' % HOVER_MEMBERS,
    "jsonrpc-1.0": '{"jsonrpc":"1.0","id":41,%s}' % HOVER_MEMBERS,
    "jsonrpc-missing": '{"id":"no-version",%s}' % HOVER_MEMBERS,
    "method-number": '{"jsonrpc":"2.0","id":42,"method":7}',
    "method-missing": '{"jsonrpc":"2.0","id":43}',
    "request-with-result": '{"jsonrpc":"2.0","id":44,"result":1,%s}' % HOVER_MEMBERS,
    "id-twice": '{"jsonrpc":"2.0","id":45,"id":46,%s}' % HOVER_MEMBERS,
    "dollar-request": '{"jsonrpc":"2.0","id":47,"method":"$/unknown","params":{}}',
    "answer": '{"jsonrpc":"2.0","id":90,"result":[{"x":1}]}',
    "answer-error-extra": '{"jsonrpc":"2.0","id":"91","error":{"code":1,"message":"m","extra":2}}',
    "answer-error-string": '{"jsonrpc":"2.0","id":92,"error":"not an object"}',
    "answer-both": '{"jsonrpc":"2.0","id":93,"result":1,"error":{"code":1,"message":"m"}}',
    "lone-surrogate-open": '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":'
    '{"textDocument":{"uri":"%s","languageId":"colossus-ter","version":3,"text":"T b\\ud83d x\\udc00"}}}'
    % URI.replace("Fuzz.ter", "S.ter"),
    "lone-surrogate-change": '{"jsonrpc":"2.0","method":"textDocument/didChange","params":'
    '{"textDocument":{"uri":"%s","version":3},"contentChanges":[{"range":{"start":'
    '{"line":0,"character":1},"end":{"line":0,"character":1}},"text":"\\ud83d"}]}}' % URI,
    "deep-nesting": '{"jsonrpc":"2.0","method":"x","params":%s%s}' % ("[" * 200, "]" * 200),
    # Nesting past serde_json's limit of 128, at the top and as a request's params (#38).
    "deep-top": "[" * 129 + "]" * 129,
    "deep-objects": '{"jsonrpc":"2.0","id":51,"method":"textDocument/hover","params":%s%s}'
    % ('{"a":' * 1000, "}" * 1000),
    "preview-bad-seed": '{"jsonrpc":"2.0","id":52,"method":"workspace/executeCommand","params":'
    '{"command":"retroboard.preview","arguments":["%s",{"deal":-1}]}}' % URI,
}
RAW = {
    "invalid-utf8": frame(b'{"jsonrpc":"2.0","id":48,"method":"x\xff\xfe"}'),
    "headers": b"content-length: 38\r\nContent-Type: application/vscode-jsonrpc\r\nX: 1\r\n\r\n"
    b'{"jsonrpc":"2.0","id":49,"method":"x"}',
    "length-short": b"Content-Length: 3\r\n\r\n" + HOVER,
    "length-long": b"Content-Length: 999\r\n\r\n{}\r\n" + HOVER,
    "garbage": b"garbage\r\n" + HOVER + b"\x00\xff",
    "content-length-text": frame({"jsonrpc": "2.0", "id": 50, "method": "retroboard/nothing",
                                  "params": {"text": "Content-Length: 2\r\n\r\n{}" * 30}}),
}
# Message order (item 5): what comes after `shutdown`, and requests right before `exit`.
ORDER = {
    "shutdown-pipelined": [OPEN, HOVER, frame({"jsonrpc": "2.0", "id": 60, "method": "shutdown"}),
                           HOVER],
    "requests-before-exit": [OPEN] + [HOVER] * 4 + [frame({"jsonrpc": "2.0", "id": 61,
        "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}})],
    # Many large answers in flight at once, none of which may be lost (#38).
    "symbols-pipelined": [OPEN] + [frame({"jsonrpc": "2.0", "id": 100 + n,
        "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}})
        for n in range(80)],
    "initialize-twice": [frame({"jsonrpc": "2.0", "id": 62, "method": "initialize",
                                "params": {"capabilities": {}}}), OPEN, HOVER],
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, body in BODIES.items():
        (out / f"seed-{name}").write_bytes(session(OPEN, frame(body), HOVER, CHANGE))
    for name, raw in RAW.items():
        (out / f"seed-{name}").write_bytes(session(OPEN, raw, HOVER, CHANGE))
    for name, steps in ORDER.items():
        (out / f"seed-{name}").write_bytes(session(*steps))


if __name__ == "__main__":
    main()
