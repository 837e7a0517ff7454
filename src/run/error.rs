//! What can stop a query about a valid position: an error of the rules at run time (a
//! number past the 64-bit range, a chain too long), or the search's budget running out.

/// A failure while answering a question about a valid position.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct RunError {
    pub message: String,
    /// The search ran out of its node, time or memory budget (exit code 5).
    pub budget: bool,
    /// Which limit of the budget it ran past, for a front end to name the setting.
    pub limit: Option<Limit>,
}

/// A limit of a search's [`Budget`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Nodes,
    Time,
    Memory,
}

impl RunError {
    pub fn new(message: impl Into<String>) -> RunError {
        RunError {
            message: message.into(),
            budget: false,
            limit: None,
        }
    }

    /// The search went past its node, time or memory budget.
    pub fn budget(message: impl Into<String>, limit: Limit) -> RunError {
        RunError {
            message: message.into(),
            budget: true,
            limit: Some(limit),
        }
    }
}

/// Limits on a search: nodes expanded, wall-clock time and the memory of the process.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    pub max_nodes: Option<u64>,
    pub deadline: Option<std::time::Instant>,
    /// Bytes the process may hold: checked before the rules are compiled for a board (by
    /// estimate) and while the search runs (what is in use, see [`crate::memory`]).
    pub max_memory: Option<u64>,
    /// Nodes expanded by every runner of a search shared between threads (each adds its
    /// count in batches); `None` for a runner searching alone.
    pub shared: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
}

impl From<crate::memory::TooMuch> for RunError {
    fn from(e: crate::memory::TooMuch) -> RunError {
        RunError::budget(e.to_string(), Limit::Memory)
    }
}

/// Stops a search whose process holds more than `limit` bytes (none: no limit).
pub fn memory_past(limit: Option<u64>) -> Result<(), RunError> {
    match crate::memory::past(limit) {
        Some(message) => Err(RunError::budget(message, Limit::Memory)),
        None => Ok(()),
    }
}

/// A count past 64 bits.
pub fn count_overflow() -> RunError {
    RunError::new("the count is larger than 18446744073709551615 (the 64-bit limit)")
}

/// A value past 64 bits.
pub fn overflow() -> RunError {
    RunError::new("a number grew past the 64-bit range")
}

/// The error for an expression the checker does not allow where it stands.
pub fn not_here<T>(what: &str) -> Result<T, RunError> {
    Err(RunError::new(format!("{what} cannot be used here")))
}
