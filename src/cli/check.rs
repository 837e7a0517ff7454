//! `ply check`: check rules files and report every error in them.

use std::path::PathBuf;

use super::load::{display, try_load};
use super::options::{Format, exit, print};
use super::report::{Reporter, to_stderr};
use crate::render::representation::Representation;

pub fn check(rep: &Reporter, files: &[PathBuf]) -> i32 {
    let mut code = exit::OK;
    let mut out = String::new();
    // In text, a line for each clean file on standard output (with its warnings, if any, on
    // standard error), and each file's errors on standard error, a blank line between one
    // file's errors or warnings and the next file.
    let mut after_errors = false;
    for (i, path) in files.iter().enumerate() {
        let name = display(path);
        let loaded = try_load(path);
        let warnings = match &loaded {
            Ok(rules) => crate::check::warnings(&rules.program),
            Err(_) => Vec::new(),
        };
        let source = loaded.as_ref().map_or("", |r| r.source.as_str());
        let problem = loaded.as_ref().err();
        if let Some(p) = &problem {
            code = code.max(super::load::exit_code(p));
        }
        match rep.format {
            Format::Text => match &problem {
                Some(p) => {
                    if i > 0 {
                        to_stderr("\n");
                    }
                    super::load::report(p, rep, &name);
                    after_errors = true;
                }
                None => {
                    let gap = if std::mem::take(&mut after_errors) {
                        "\n"
                    } else {
                        ""
                    };
                    let note = match warnings.len() {
                        0 => String::new(),
                        1 => " (1 warning)".to_string(),
                        n => format!(" ({n} warnings)"),
                    };
                    let moves = loaded
                        .as_ref()
                        .map(|r| Representation::of(&r.program, &r.source).text())
                        .unwrap_or_default();
                    if let Err(c) = print(rep, &format!("{gap}{name}: ok{note}\n{moves}")) {
                        return c.max(code);
                    }
                    if !warnings.is_empty() {
                        to_stderr(&crate::diagnostic::check_warnings(
                            rep.style, &name, source, &warnings,
                        ));
                        after_errors = true;
                    }
                }
            },
            Format::Json => {
                let mut diagnostics = problem.map(|p| p.json(&name)).unwrap_or_default();
                let ok = diagnostics.is_empty();
                diagnostics.extend(warnings.iter().map(|w| {
                    let mut j = crate::diagnostic::Json::rules(&name, source, w);
                    j.severity = "warning";
                    j
                }));
                let moves = loaded
                    .as_ref()
                    .ok()
                    .map(|r| Representation::of(&r.program, &r.source));
                out.push_str(&crate::render::json::checked_file(
                    &name,
                    ok,
                    &diagnostics,
                    moves.as_ref(),
                ));
            }
        }
    }
    match print(rep, &out) {
        Ok(()) => code,
        Err(c) => c.max(code),
    }
}
