//! A malformed input, located: which case, which line and column, what was expected.

use super::reader::Loc;

#[derive(Debug, Clone, thiserror::Error)]
#[error("case {case}, line {}, column {}: {message}", loc.line, loc.col)]
pub struct InputError {
    /// 1-based case number (0 for the input's header, before the first case).
    pub case: usize,
    pub loc: Loc,
    pub message: String,
}
