//! `ply lsp`: a Language Server Protocol server for rules files over standard input and
//! output. It reports `ply check`'s diagnostics as the file is edited, documents keywords
//! from the language reference, and knows every name of the file: hovers, definitions,
//! references, renames, completion of keywords and names, and the outline.
//!
//! One concept per file: the framing of messages (`transport.rs`), the loop and its
//! lifecycle (`server.rs`), open files and their diagnostics (`document.rs`), positions
//! (`position.rs`), the table of names (`symbols.rs`), hovers (`hover.rs`), definitions,
//! references, renames and the outline (`navigation.rs`), and completion
//! (`completion.rs`).

mod completion;
mod document;
mod hover;
mod navigation;
mod position;
mod server;
mod symbols;
mod transport;

pub use server::{End, serve};
pub use transport::Failure;
