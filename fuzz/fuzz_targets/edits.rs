//! A document edited keystroke by keystroke ends where a fresh parse of its final text is.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|session: retroboard_fuzz::EditSession| retroboard_fuzz::edit_session(session));
