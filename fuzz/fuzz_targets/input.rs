//! Arbitrary bytes as the input of a rules file of `rules/` or `rules/variants/`: the one
//! whose stem `PLY_FUZZ_RULES` names (with its corpus `fuzz/corpus/input/<stem>`), or else
//! every one of them in turn.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

fn rules() -> &'static [Vec<u8>] {
    static RULES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    RULES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let wanted = std::env::var("PLY_FUZZ_RULES").ok();
        let files: Vec<Vec<u8>> = ply_fuzz::rules_files(&root)
            .into_iter()
            .filter(|(stem, _)| wanted.as_ref().is_none_or(|w| w == stem))
            .map(|(_, path)| std::fs::read(path).expect("a rules file"))
            .collect();
        assert!(
            !files.is_empty(),
            "PLY_FUZZ_RULES names no rules file: {wanted:?}"
        );
        files
    })
}

fuzz_target!(|data: &[u8]| {
    for rules in rules() {
        ply_fuzz::exercise(rules, data);
    }
});
