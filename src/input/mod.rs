//! Reading input: bytes to located tokens ([`reader`]), a refilled window over a stream
//! ([`stream`]), the rules file's input section applied to them ([`case_reader`]), giving
//! a [`setup::Setup`] per case, which validation turns into a position or a located error.

pub mod case_reader;
mod grid;
mod input_error;
mod position_items;
pub mod reader;
pub mod setup;
pub mod stream;

pub use input_error::{InputError, quote, quote_char};
