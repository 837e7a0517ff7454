//! `ply check`: check rules files and report every error in them.

use std::path::PathBuf;

use super::load::{display, try_load};
use super::options::{Format, exit, print};
use super::report::Reporter;

pub fn check(rep: &Reporter, files: &[PathBuf]) -> i32 {
    let mut code = exit::OK;
    let mut out = String::new();
    for path in files {
        let name = display(path);
        let problem = try_load(path).err();
        if let Some(p) = &problem {
            code = code.max(p.exit_code());
        }
        match rep.format {
            Format::Text => {
                if let Some(p) = &problem {
                    p.report(rep, &name);
                }
            }
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
