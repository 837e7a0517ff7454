//! What the rules file says of its input and output: the `require` lines, the items of the
//! `input` section and the lines of the `output` section, checked and name-resolved.

use super::{Code, Expr, SideId, VarId};

#[derive(Debug, Clone)]
pub struct Require {
    pub condition: Expr,
    pub message: String,
}

#[derive(Debug, Clone)]
pub enum Count {
    Const(u64),
    Var(VarId),
}

#[derive(Debug, Clone)]
pub enum InItem {
    Grid,
    /// Rows in one token, separated by the string, digits for runs of empty squares.
    PackedGrid(String),
    /// The side to move: by the words given, or by its symbol.
    Mover(Vec<(String, SideId)>),
    /// Letters saying which pieces have not moved (`-`: none of them).
    Unmoved(Vec<UnmovedLetter>),
    /// The square the last move marked, or `-`.
    Marked,
    /// The square where the last move landed, or `-`.
    LastTo,
    /// The pieces in hand: counts and symbols (`9W9B`), or `-`.
    Hand,
    /// `roll`: the faces the turn's roll shows, or `-` before the roll.
    Roll,
    /// Plies since the last capture (or move of the program's `quiet_kinds`), as a number.
    Quiet,
    /// Numbers into input variables, each in its range.
    Read(Vec<ReadVar>),
    Squares {
        count: Option<Count>,
        piece: Code,
        separator: Option<String>,
    },
    Literal(String),
}

/// An input variable a `read` item reads, and the numbers it may be (`at least`, `at most`,
/// `from ... to ...`; 0 to `i64::MAX` when the item says none).
#[derive(Debug, Clone, Copy)]
pub struct ReadVar {
    pub var: VarId,
    pub least: i64,
    pub most: i64,
}

/// One letter of an `unmoved` item: the pieces (square name, piece) it says have not moved.
#[derive(Debug, Clone)]
pub struct UnmovedLetter {
    pub letter: char,
    pub pieces: Vec<(String, Code)>,
}

#[derive(Debug, Clone)]
pub enum Repeat {
    Once,
    UntilEnd,
    UntilToken(String),
    Times(Expr),
}

#[derive(Debug, Clone)]
pub struct InputSpec {
    pub header: Vec<InItem>,
    pub repeat: Repeat,
    pub body: Vec<InItem>,
}

#[derive(Debug, Clone)]
pub enum TplPart {
    Text(String),
    Value(Expr),
    From,
    To,
    /// The whole move, in the game's notation (`B7-D7`, `C3-A5-C7`, `D1-D7/G7`).
    Move,
    /// The position, as a case of the input section writes it.
    Position,
}

#[derive(Debug, Clone)]
pub enum LineCond {
    Always,
    If(Expr),
    Otherwise,
}

#[derive(Debug, Clone)]
pub enum OutStmt {
    EachMove {
        template: Vec<TplPart>,
        sorted: bool,
    },
    Line {
        template: Vec<TplPart>,
        cond: LineCond,
    },
}

#[derive(Debug, Clone)]
pub struct OutputSpec {
    pub between: Option<Vec<TplPart>>,
    pub stmts: Vec<OutStmt>,
}
