//! `ply serve`: the playground page on 127.0.0.1 for a folder of rules files (or one file).

use std::path::Path;

use super::options::{exit, print};
use super::report::{Reporter, to_stderr};
use crate::diagnostic::Kind;
use crate::serve::{Folder, Server};

pub fn serve(rep: &Reporter, path: &Path, port: u16) -> i32 {
    let folder = match Folder::open(path) {
        Ok(f) => f,
        Err(msg) => {
            rep.error(Kind::Io, Some(&path.display().to_string()), &msg);
            return exit::FAILURE;
        }
    };
    let server = match Server::bind(folder, port) {
        Ok(s) => s,
        Err(msg) => {
            rep.error(Kind::Io, None, &msg);
            return exit::FAILURE;
        }
    };
    // The first line of standard output is the address, for people and for programs.
    if let Err(code) = print(rep, &format!("ply serve: {}\n", server.url())) {
        return code;
    }
    to_stderr(&format!(
        "serving the rules files of {} on 127.0.0.1 only; Ctrl-C stops\n",
        server.folder().shown()
    ));
    server.run();
    exit::OK
}
