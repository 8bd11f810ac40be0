//! Any bytes as a ColossusVar file: check, hover and completion everywhere, outline, highlights and preview.
#![no_main]

use libfuzzer_sys::fuzz_target;
use retroboard::formats::FormatId;

fuzz_target!(|data: &[u8]| retroboard_fuzz::exercise(FormatId::ColossusVar, data));
