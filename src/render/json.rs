//! The JSON documents ply writes with `--format json`, one per line (JSON Lines). Their
//! fields are documented in `docs/json.md`; a field is only ever added, never renamed.

use serde::Serialize;

use super::representation::Representation;
use crate::diagnostic::Json as Diagnostic;

/// Appends `value` as one line of JSON.
pub fn line(value: &impl Serialize, out: &mut Vec<u8>) {
    // Writing plain structs of strings and numbers to memory cannot fail.
    let _ = serde_json::to_writer(&mut *out, value);
    out.push(b'\n');
}

/// `ply run`: the lines one case printed.
pub fn case_lines(case: usize, text: &[u8], out: &mut Vec<u8>) {
    #[derive(Serialize)]
    struct Case<'a> {
        case: usize,
        lines: Vec<std::borrow::Cow<'a, str>>,
    }
    // Every line the template writes ends with a newline.
    let lines = match text.strip_suffix(b"\n") {
        None => Vec::new(),
        Some(text) => text
            .split(|&b| b == b'\n')
            .map(String::from_utf8_lossy)
            .collect(),
    };
    line(&Case { case, lines }, out);
}

/// `ply check`: one rules file and its errors.
pub fn checked_file(
    file: &str,
    ok: bool,
    diagnostics: &[Diagnostic],
    moves: Option<&Representation>,
) -> String {
    #[derive(Serialize)]
    struct Checked<'a> {
        file: &'a str,
        ok: bool,
        diagnostics: &'a [Diagnostic],
        #[serde(skip_serializing_if = "Option::is_none")]
        moves: Option<&'a Representation>,
    }
    let mut out = Vec::new();
    line(
        &Checked {
            file,
            ok,
            diagnostics,
            moves,
        },
        &mut out,
    );
    String::from_utf8_lossy(&out).into_owned()
}

/// `ply perft`: the count, and with `--divide` the count after each first move.
#[derive(Serialize)]
pub struct Perft {
    pub depth: u32,
    /// What a ply is: `whole moves` or `single actions`.
    pub counts: &'static str,
    pub count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<DivideLine>>,
    /// With `--chance`: the sequences on average over the rolls of dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<f64>,
    /// With `--endings`: the games that end within the depth, by result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endings: Option<Vec<EndingLine>>,
}

#[derive(Serialize)]
pub struct EndingLine {
    pub result: String,
    pub games: u64,
}

#[derive(Serialize)]
pub struct DivideLine {
    #[serde(rename = "move")]
    pub mv: String,
    pub count: u64,
}
