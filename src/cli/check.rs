//! `ply check`: check rules files and report every error in them.

use std::path::PathBuf;

use super::load::{display, try_load};
use super::options::{Format, exit, print};
use super::report::{Reporter, to_stderr};

pub fn check(rep: &Reporter, files: &[PathBuf]) -> i32 {
    let mut code = exit::OK;
    let mut out = String::new();
    // In text, a line for each clean file on standard output, and each file's errors on
    // standard error, a blank line between one file's errors and the next file.
    let mut after_errors = false;
    for (i, path) in files.iter().enumerate() {
        let name = display(path);
        let problem = try_load(path).err();
        if let Some(p) = &problem {
            code = code.max(p.exit_code());
        }
        match rep.format {
            Format::Text => match &problem {
                Some(p) => {
                    if i > 0 {
                        to_stderr("\n");
                    }
                    p.report(rep, &name);
                    after_errors = true;
                }
                None => {
                    let gap = if std::mem::take(&mut after_errors) {
                        "\n"
                    } else {
                        ""
                    };
                    if let Err(c) = print(rep, &format!("{gap}{name}: ok\n")) {
                        return c.max(code);
                    }
                }
            },
            Format::Json => {
                let diagnostics = problem.map(|p| p.json(&name)).unwrap_or_default();
                out.push_str(&crate::render::json::checked_file(&name, &diagnostics));
            }
        }
    }
    match print(rep, &out) {
        Ok(()) => code,
        Err(c) => c.max(code),
    }
}
