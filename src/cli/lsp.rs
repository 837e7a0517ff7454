//! `ply lsp`: the language server on standard input and output, with its exit code.

use super::options::exit;
use super::report::to_stderr;
use crate::lsp::{End, Failure, serve};

pub fn lsp() -> i32 {
    let mut stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    match serve(&mut stdin, stdout.lock()) {
        Ok(End::Clean) => exit::OK,
        Ok(End::Abrupt(why)) => {
            to_stderr(&format!("error: ply lsp: {why}\n"));
            exit::FAILURE
        }
        Err(Failure::Io(message)) => {
            to_stderr(&format!("error: ply lsp: {message}\n"));
            exit::FAILURE
        }
        Err(Failure::Malformed(message)) => {
            to_stderr(&format!(
                "error: ply lsp: standard input is not the Language Server Protocol: {message}\n"
            ));
            exit::INPUT
        }
    }
}
