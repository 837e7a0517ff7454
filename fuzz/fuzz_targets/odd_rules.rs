//! Bytes as the choices of the generator of valid-but-odd rules files.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (rules, input) = ply_fuzz::odd_rules(&mut ply_fuzz::Choices::new(data));
    ply_fuzz::exercise(rules.as_bytes(), &input);
});
