//! Arbitrary text as a rules file, optionally followed by a `%%input` line and an input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (rules, input) = ply_fuzz::split_case(data);
    ply_fuzz::exercise(rules, input);
});
