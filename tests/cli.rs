//! Diagnostic golden tests: each `tests/cmd/<name>.toml` runs the real `ply` binary and
//! checks its exact stdout, stderr (`<name>.stdout`, `<name>.stderr`) and exit code.
//! Bless after reviewing the new messages: `TRYCMD=overwrite cargo test --test cli`.

#[test]
fn cli_cases() {
    trycmd::TestCases::new().case("tests/cmd/*.toml");
}
