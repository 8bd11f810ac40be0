//! Any bytes as any format, the first byte picking the format (its index in the registry):
//! check, hover and completion everywhere, outline, highlights, formatting and preview.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((format, file)) = retroboard_fuzz::split_format(data) {
        retroboard_fuzz::exercise(format, file);
    }
});
