"""Tries the installed wheel as a modder would: run by `.ci/wheel.sh` with the Python of a fresh
virtual environment the wheel was installed into, and a PATH of that environment and the system
only (no cargo, no build folder).

    python try_wheel.py --version 0.1.0 --examples ../../examples

Prints one line per check and `checks: N passed, M failed`; exits 1 if any failed.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

TIMEOUT = 30  # seconds for any one run: a check of the examples takes well under one
# What `retroboard check examples` ends with: the seven examples are clean.
SUMMARY = "checked 7 files: 0 errors, 0 warnings, 0 notes"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", required=True, help="the version Cargo.toml gives the crate")
    parser.add_argument("--examples", required=True, help="the repository's examples folder")
    args = parser.parse_args()

    results = []

    def check(name, run):
        try:
            detail = run()
            results.append(True)
            print(f"ok   {name}" + (f": {detail}" if detail else ""))
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check runs
            results.append(False)
            print(f"FAIL {name}: {error}")

    found = {}

    def on_path():
        binary = shutil.which("retroboard")
        expect(binary is not None, f"no retroboard on PATH ({os.environ.get('PATH')})")
        bin_dir = os.path.join(sys.prefix, "bin")
        expect(
            os.path.dirname(os.path.realpath(binary)) == os.path.realpath(bin_dir),
            f"retroboard on PATH is {binary}, not the one pip put in {bin_dir}",
        )
        found["binary"] = binary
        return binary

    def version():
        out = run(["retroboard", "--version"])
        expect(out.returncode == 0, f"exit status {out.returncode}: {out.stderr}")
        expect(out.stdout == f"retroboard {args.version}\n", f"printed {out.stdout!r}")
        return out.stdout.strip()

    def check_examples():
        # In a copy, so that nothing the check might write lands in the repository.
        with tempfile.TemporaryDirectory() as tmp:
            examples = os.path.join(tmp, "examples")
            shutil.copytree(args.examples, examples)
            out = run(["retroboard", "check", "--format", "json", "examples"], cwd=tmp)
            expect(out.returncode == 0, f"exit status {out.returncode}: {out.stderr}{out.stdout[:400]}")
            findings = json.loads(out.stdout)
            errors = [f for f in findings if f["severity"] == "error"]
            expect(not errors, f"errors in the examples: {errors}")
            # And as a modder reads it: every file with the format it was read as, then a summary.
            text = run(["retroboard", "check", "--verbose", "examples"], cwd=tmp)
            expect(text.returncode == 0, f"exit status {text.returncode}: {text.stderr}")
            for name in os.listdir(examples):
                expect(name in text.stdout, f"{name} is not in the report: {text.stdout}")
            last = text.stdout.strip().splitlines()[-1]
            expect(last == SUMMARY, f"the last line is {last!r}, not {SUMMARY!r}")
            return last

    def lsp():
        server = subprocess.Popen(
            ["retroboard", "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        # A server that stops answering fails the check instead of stalling it.
        watchdog = threading.Timer(TIMEOUT, server.kill)
        watchdog.start()
        try:
            send(server, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                          "params": {"processId": None, "rootUri": None, "capabilities": {}}})
            reply = receive(server)
            expect(reply.get("id") == 1 and "result" in reply, f"initialize answered {reply}")
            info = reply["result"].get("serverInfo", {})
            expect(info == {"name": "retroboard", "version": args.version}, f"serverInfo {info}")
            capabilities = reply["result"]["capabilities"]
            for capability in ["textDocumentSync", "hoverProvider", "documentFormattingProvider"]:
                expect(capability in capabilities, f"no {capability} in {sorted(capabilities)}")
            send(server, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
            # A peg board without its header line gets that finding.
            send(server, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": "file:///tmp/Broken.brd", "languageId": "peg-brd", "version": 1,
                "text": "; peg solitaire board\n...\n.o.\n..\n"}}})
            while True:
                message = receive(server)
                if message.get("method") == "textDocument/publishDiagnostics":
                    break
            codes = [d.get("code") for d in message["params"]["diagnostics"]]
            expect(codes == ["peg/header"], f"the board without a header got {message}")
            send(server, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
            while True:
                reply = receive(server)
                if reply.get("id") == 2:
                    break
            expect(reply.get("result", "missing") is None, f"shutdown answered {reply}")
            send(server, {"jsonrpc": "2.0", "method": "exit"})
            status = server.wait(timeout=TIMEOUT)
            expect(status == 0, f"the server exited with {status}")
            return f"{info['name']} {info['version']}, {len(capabilities)} capabilities, diagnostics {codes}"
        finally:
            watchdog.cancel()
            if server.poll() is None:
                server.kill()
                server.wait()

    check("retroboard on PATH is the wheel's", on_path)
    check("retroboard --version", version)
    check("retroboard check examples", check_examples)
    check("retroboard lsp: initialize, a finding, shutdown and exit over stdio", lsp)

    passed = sum(results)
    failed = len(results) - passed
    print(f"checks: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def run(command, cwd=None):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)


def send(server, message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    server.stdin.flush()


def receive(server):
    """One message, framed by its Content-Length header."""
    length = None
    while True:
        line = server.stdout.readline()
        if not line:
            raise AssertionError(f"the server closed its output: {server.stderr.read().decode(errors='replace')}")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    expect(length is not None, "a message without Content-Length")
    return json.loads(server.stdout.read(length))


if __name__ == "__main__":
    main()
