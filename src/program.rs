//! The checked, name-resolved program: what the checker produces and the runner executes.
//! Every name is an index here; nothing in it refers back to the syntax tree except the
//! spans kept for runtime messages.

use crate::syntax::ast::{Axis, Span, Style};

pub type SideId = u8;
pub type KindId = u8;
pub type DirId = u16;
pub type VarId = usize;
pub type LetId = usize;

/// A cell value: 0 = empty, `1 + side * kinds + kind` = a piece.
pub type Code = u8;
pub const EMPTY: Code = 0;
/// A piece captured during a move that stays on the board until the move ends.
pub const GHOST: Code = 255;

/// Cell classes relative to a side, as bits of a [`CellMask`].
pub const C_EMPTY: u8 = 1;
pub const C_OWN: u8 = 2;
pub const C_ENEMY: u8 = 4;
pub const C_GHOST: u8 = 8;
pub type CellMask = u8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dim {
    Fixed(u32),
    Var(VarId),
}

#[derive(Debug, Clone)]
pub struct Notation {
    /// Each part: which coordinate, written how; `joined[i]` says part `i + 1` is glued to
    /// part `i` in one token (`B7`) rather than written as a separate token (`2 7`).
    pub parts: Vec<(Axis, Style)>,
    pub joined: Vec<bool>,
}

#[derive(Debug, Clone)]
pub struct SideInfo {
    pub name: String,
    pub forward: Option<(i32, i32)>,
}

#[derive(Debug, Clone)]
pub struct Direction {
    pub name: String,
    pub dr: i32,
    pub dc: i32,
}

#[derive(Debug, Clone, Copy)]
pub struct Promotion {
    pub from: KindId,
    pub to: KindId,
    pub at_once: bool,
}

/// Per-side lists of absolute direction ids (relative names like `forward` differ by side).
pub type PerSide<T> = Vec<T>;

#[derive(Debug, Clone)]
pub enum Distance {
    Const(u32),
    /// As far as the squares passed over allow.
    Unlimited,
    /// The number of squares matching the filter on the whole line through the piece.
    LineCount(SetFilter),
    Expr(Expr),
}

#[derive(Debug, Clone)]
pub enum Action {
    Slide {
        dirs: PerSide<Vec<DirId>>,
        distance: Distance,
        over: CellMask,
        onto: CellMask,
    },
    Place {
        onto: CellMask,
    },
    Jump {
        dirs: PerSide<Vec<DirId>>,
        over: CellMask,
        before: u32,
        after: u32,
    },
    Pass,
}

#[derive(Debug, Clone)]
pub struct KindAction {
    /// Bit `k` set: pieces of kind `k` may make it.
    pub kinds: u32,
    pub action: Action,
    /// Where it is written (the kind prefix included), for explanations.
    pub span: Span,
    pub clauses: ClauseSpans,
}

/// Where an action's clauses are written (`None`: not written, the default applies).
#[derive(Debug, Clone, Copy, Default)]
pub struct ClauseSpans {
    pub distance: Option<Span>,
    pub over: Option<Span>,
    pub onto: Option<Span>,
}

/// Where a move statement's clauses are written.
#[derive(Debug, Clone, Copy, Default)]
pub struct RuleSpans {
    pub flip: Option<Span>,
    pub chain: Option<Span>,
    pub captured: Option<Span>,
    pub must_flip: Option<Span>,
}

#[derive(Debug, Clone)]
pub struct Flip {
    pub dirs: PerSide<Vec<DirId>>,
    pub cascading: bool,
}

#[derive(Debug, Clone, Copy)]
pub struct Chain {
    pub must: bool,
    pub no_turning_back: bool,
    /// A promotion ends the chain (and the move) where it happens.
    pub until_promoted: bool,
}

#[derive(Debug, Clone)]
pub struct MoveRule {
    pub actions: Vec<KindAction>,
    pub flip: Option<Flip>,
    pub chain: Option<Chain>,
    pub capture_at_once: bool,
    /// A placement is legal only if it flips something.
    pub must_flip: bool,
    pub spans: RuleSpans,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetFilter {
    Own,
    Enemy,
    Empty,
    Pieces,
    Squares,
    Side(SideId),
    Piece(Code),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BorderFilter {
    All,
    Only(SideId),
    Touches(SideId),
    Nothing,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionSpec {
    pub members: SetFilter,
    pub adjacency: Vec<DirId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

#[derive(Debug, Clone)]
pub enum Expr {
    Int(i64),
    Var(VarId),
    Let(LetId),
    Size,
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    CountMoves(Option<Box<Expr>>),
    CountSet(SetFilter),
    CountOnLine(SetFilter),
    CountRegions(usize, BorderFilter),
    RegionSum(Box<Expr>, usize, BorderFilter),
    Best {
        max: bool,
        body: Box<Expr>,
    },
    From,
    To,
    /// True when the given side is to move.
    ToMove(SideId),
}

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
    Mover,
    Read(Vec<VarId>),
    Squares {
        count: Option<Count>,
        piece: Code,
        separator: Option<String>,
    },
    Literal(String),
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

/// How whole games are played (perft, playouts).
#[derive(Debug, Clone)]
pub struct GameRules {
    /// A side with no legal move passes (else the game ends).
    pub stuck_pass: bool,
    /// Playouts stop after this many plies.
    pub stop_after: Option<u32>,
    /// How a finished game is reported: the first line whose condition holds.
    pub results: Vec<(Vec<TplPart>, LineCond)>,
}

#[derive(Debug, Clone)]
pub struct Program {
    pub rows: Dim,
    pub cols: Dim,
    pub notation: Notation,
    pub sides: Vec<SideInfo>,
    pub kinds: Vec<String>,
    /// Input symbols: each character and the cell it stands for.
    pub symbols: Vec<(char, Code)>,
    pub first: SideId,
    pub directions: Vec<Direction>,
    pub promotions: Vec<Promotion>,
    pub lets: Vec<Expr>,
    pub moves: Vec<MoveRule>,
    pub requires: Vec<Require>,
    pub input: InputSpec,
    pub output: OutputSpec,
    pub vars: Vec<String>,
    pub regions: Vec<RegionSpec>,
    /// Where the input section starts, for messages about the input as a whole.
    pub input_span: Span,
    /// The start position: each square and the piece on it.
    pub setup: Option<Vec<(u32, Code)>>,
    pub game: Option<GameRules>,
    /// When some step captures, only capturing steps are legal.
    pub captures_mandatory: bool,
    /// Where `captures are mandatory` is written.
    pub captures_mandatory_span: Option<Span>,
}

impl Program {
    pub fn code(&self, side: SideId, kind: KindId) -> Code {
        1 + side * self.kinds.len() as u8 + kind
    }
    pub fn side_of(&self, code: Code) -> SideId {
        (code - 1) / self.kinds.len() as u8
    }
    pub fn kind_of(&self, code: Code) -> KindId {
        (code - 1) % self.kinds.len() as u8
    }
    pub fn piece_codes(&self) -> usize {
        self.sides.len() * self.kinds.len()
    }
}
