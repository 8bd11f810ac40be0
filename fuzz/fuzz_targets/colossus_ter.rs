//! Any bytes as a ColossusTer file: check, hover everywhere, outline, highlights and preview.
#![no_main]

use libfuzzer_sys::fuzz_target;
use retroboard::registry::FormatId;

fuzz_target!(|data: &[u8]| retroboard_fuzz::exercise(FormatId::ColossusTer, data));
