//! The real language server, in memory, under any sequence of client messages and raw bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|session: retroboard_fuzz::ClientSession| retroboard_fuzz::serve_session(session));
