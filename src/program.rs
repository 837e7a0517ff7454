//! The checked, name-resolved program: what the checker produces and the runner executes.
//! Every name is an index here; nothing in it refers back to the syntax tree except the
//! spans kept for runtime messages.

use crate::syntax::ast::{CellShape, PieceStyle, Span, Turn};

mod blocks;
mod conditions;
mod dice;
mod drawing;
mod effects;
mod figurines;
mod io_spec;
mod move_rule;
mod near;
mod notation;
mod sowing;
mod squares;
mod symbols;
pub use blocks::{BlockRef, BlockRow, Blocks};
pub use dice::{Dice, MAX_DICE, Roll, roll_text, total};
pub use drawing::Drawing;
pub use effects::{Effects, Taking};
pub use figurines::{FIGURINE_NAMES, Figurine};
pub use io_spec::*;
pub use near::{Holding, Near, Turns};
pub use notation::{MoveNotation, Notation, Points};
pub use sowing::Sowing;
pub use squares::{Base, SquareClass, SquareRef, Within};

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
/// The most a board of counts holds in all (and so on one square): a cell below [`GHOST`].
pub const MAX_HELD: u32 = GHOST as u32 - 1;

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
pub struct SideInfo {
    pub name: String,
    pub forward: Option<(i32, i32)>,
}

#[derive(Debug, Clone)]
pub struct Direction {
    pub name: String,
    pub dr: i32,
    pub dc: i32,
    /// `direction NAME = through A B C ...`: a round of grid cells, each leading to the
    /// next and the last to the first (`dr` and `dc` are 0); `None` for a step.
    pub route: Option<Vec<u32>>,
    /// `through ... once`: the route's last square leads nowhere.
    pub once: bool,
}

#[derive(Debug, Clone)]
pub struct Promotion {
    pub from: KindId,
    /// The kind it becomes, or several for the mover to choose from (one move each).
    pub to: Vec<KindId>,
    pub at_once: bool,
    /// `in the far N rows`: a move that starts or ends in them may promote; 0 for `on the
    /// far row` (a piece landing there).
    pub rows: u32,
    /// `optionally`: the mover may also leave the piece as it is (one more move).
    pub optional: bool,
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
        /// `past the end`: only a distance that runs past the end of the way, and the slide
        /// ends on its last square.
        past_end: bool,
    },
    /// A placement on any square `onto` allows, or, in a later part of a move, on a square
    /// reached from where the part before ended.
    Place {
        onto: CellMask,
        reach: Option<Reach>,
    },
    Jump {
        dirs: PerSide<Vec<DirId>>,
        over: CellMask,
        /// How many empty squares may lie between the piece and the one it jumps.
        before: Gap,
        /// How many empty squares may lie between the jumped piece and the landing square.
        after: Gap,
        /// A hop: the piece jumped over stays.
        hop: bool,
        /// `sideways if blocked`: for each direction of `dirs` (per side), the two at right
        /// angles to it, along which the piece lands beside the jumped one when it cannot
        /// land beyond it; empty without the clause.
        aside: PerSide<Vec<[DirId; 2]>>,
        /// What it may land on: empty squares (the default), or the first piece the gap
        /// after reaches, taken (`hop ... onto enemy`: a capture over a screen).
        onto: CellMask,
    },
    Pass,
    /// One block of the board turns (`blocks R x C`), with the pieces on it: each turn
    /// listed, on each block.
    Rotate {
        turns: Vec<Turn>,
    },
    /// A piece on any square whose cell is in `what` (never empty) is taken off the board.
    Remove {
        what: CellMask,
    },
    /// A piece goes from its square to any square whose cell is in `onto`.
    Fly {
        onto: CellMask,
    },
    /// `sow from AREA along ROUTE ...`.
    Sow(Sowing),
}

/// The fewest and the most empty squares a jump's gap may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gap {
    pub least: u32,
    pub most: u32,
}

/// How a placement in a later part of a move is reached: a slide from where the part
/// before ended (an arrow shot from where a queen landed).
#[derive(Debug, Clone)]
pub struct Reach {
    pub dirs: PerSide<Vec<DirId>>,
    pub distance: Distance,
    pub over: CellMask,
}

#[derive(Debug, Clone)]
pub struct KindAction {
    /// Bit `k` set: pieces of kind `k` may make it.
    pub kinds: u32,
    pub action: Action,
    /// `where COND`: asked of each candidate step, before the move (`from`, `to` known); a
    /// condition joined by `and` is kept as its parts, each with where it is written.
    pub conditions: Vec<(Expr, Span)>,
    /// Bit `i` set: condition `i` asks nothing of the candidate (no `from`, `to` or square
    /// of the move, directly or through a let), so it has one value in a position.
    pub fixed: u64,
    /// Bit `i` set: condition `i` asks of the candidate only the block its `to` is on (`the
    /// block of to is ...`, `to is on the block ...`), so it has one value for all the
    /// candidates that land in one block of a position. Not set for a fixed condition.
    pub by_block: u64,
    /// What the action does besides moving its piece.
    pub effects: Effects,
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
    pub condition: Option<Span>,
}

/// Where a move statement's clauses are written.
#[derive(Debug, Clone, Copy, Default)]
pub struct RuleSpans {
    pub flip: Option<Span>,
    pub chain: Option<Span>,
    pub captured: Option<Span>,
    pub must_flip: Option<Span>,
    pub again: Option<Span>,
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
    /// The actions of the move's first part.
    pub actions: Vec<KindAction>,
    /// The actions of each later part (after `then`): a move takes one action of every part.
    pub then: Vec<Vec<KindAction>>,
    /// `then, if COND, ...`: per later part, the condition under which it is played (asked
    /// after the parts before it, `to` where they ended); the move ends before a part whose
    /// condition does not hold.
    pub then_if: Vec<Option<Expr>>,
    pub flip: Option<Flip>,
    pub chain: Option<Chain>,
    pub capture_at_once: bool,
    /// A placement is legal only if it flips something.
    pub must_flip: bool,
    /// `again if COND`: the same side moves again after a move of the statement when COND
    /// holds, asked when the move is over (`to` the square where it ended).
    pub again: Option<Expr>,
    /// `counts as N moves`: how many moves of a turn (`turns of ...`) a move of it uses (1
    /// unless written).
    pub cost: u8,
    /// The move a side ends its turn with before it has used all its moves (`turns of N to
    /// M moves`, N < M): a pass the rules add, never written.
    pub ends_turn: bool,
    /// `unless that leaves COND`: a move of the statement is not legal if COND holds after
    /// it (the turn passed on, `own` the side that moved).
    pub leaves_not: Vec<(Expr, Span)>,
    /// `mandatory`: when a move of such a statement is legal, only their moves are.
    pub mandatory: bool,
    pub spans: RuleSpans,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetFilter {
    Own,
    Enemy,
    /// Own pieces of one kind.
    OwnKind(KindId),
    /// Enemy pieces of one kind.
    EnemyKind(KindId),
    /// Pieces of one kind, of any side.
    Kind(KindId),
    Empty,
    Pieces,
    Squares,
    Side(SideId),
    Piece(Code),
    /// Any of several filters (`Program::unions`).
    Union(u16),
}

/// A named part of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Area {
    FarRow(Whose),
    /// `the far N rows`: the squares from which fewer than N steps forward stay on the
    /// board (N at least 2; `the far row` is N = 1).
    FarRows(u32, Whose),
    HomeRow(Whose),
    /// The `n`-th row from the side's home row (the home row is the first).
    NthRow(u32, Whose),
    Edge(Edge),
    /// The dark squares (`true`) or the light ones; the bottom-left square is dark.
    Colour(bool),
    /// A zone of the rules (`zone NAME = ...`), by its index.
    Zone(u8),
    /// A zone each side has (`zone pits of south = ...`): the zones `base`, `base + 1`, ...
    /// are the sides' parts, in side order; `whose` says which side's is meant.
    Owned {
        base: u8,
        whose: Owner,
    },
}

/// Whose part of an owned zone an area is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// The side looking's (`own pits`).
    Viewer,
    /// The other side's, in a game of two (`enemy pits`).
    Other,
    Side(SideId),
}

/// How many zones a rules file may name.
pub const MAX_ZONES: usize = 26;

/// Who attacks a square, for `attacked`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Attackers {
    /// Every side but the one whose piece stands there (the side looking, on an empty square).
    Others,
    /// Every side but the one looking.
    Enemies,
    Side(SideId),
}

/// Whose row an area is: a side's, or the side looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Whose {
    Side(SideId),
    Viewer,
}

pub use crate::syntax::ast::{Edge, Stuck};

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
    /// `SET on AREA [on AREA]`: members only on every one of these parts of the board (as
    /// the side looking sees them).
    pub within: Vec<Area>,
    pub adjacency: Vec<DirId>,
    /// `containing SET`: only regions with a square of the set (as the side looking sees it).
    pub containing: Option<SetFilter>,
}

/// Which regions of a spec a count or sum takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionQuery {
    pub spec: usize,
    pub border: BorderFilter,
    /// Only regions with a square on each of these areas.
    pub touching: Vec<Area>,
    /// Only regions no empty square is next to.
    pub no_liberty: bool,
    /// `with size OP N`: only regions whose size compares so with N.
    pub size: Option<(Op, u32)>,
    /// Only whether there is such a region is asked (`any regions`, `no regions`): a count
    /// may stop at 1.
    pub exists: bool,
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
    /// `SET in hand`: the pieces of the set in hand.
    CountHand(SetFilter),
    /// `seeds on SQUARE`: the count the square holds (0 off the board).
    Held(SquareRef),
    /// `seeds on AREA`: the counts of the area's squares (as the side looking sees it),
    /// added up.
    HeldOn(Area),
    /// The squares of a set on a named part of the board, or attacked.
    CountIn {
        filter: SetFilter,
        area: Option<Area>,
        /// A second part of the board the squares must also be on (`on the top row on the
        /// left edge`).
        also: Option<Area>,
        attacked: Option<Attackers>,
        /// `in a row of N along DIRS`: only pieces in such a row (see [`SquareClass::InRow`]).
        row: Option<SquareClass>,
    },
    CountOnLine(SetFilter),
    CountRegions(RegionQuery),
    RegionSum(Box<Expr>, RegionQuery),
    /// `N SET in a row along DIRS`: some run of at least `n` squares of the set.
    /// `[exactly] N SET in a row`: a run of at least N (exactly N: a run of N with no
    /// member just before or after it) along one of the directions.
    InARow {
        n: u32,
        members: SetFilter,
        dirs: Vec<DirId>,
        exactly: bool,
    },
    /// `SQUARE is CLASS`, in a `where` clause.
    SquareIs(SquareRef, SquareClass),
    /// `SQUARE is stronger than SQUARE`: both hold pieces, the first of a kind ranked above
    /// the second's (`weaker` is written with the squares swapped).
    Outranks(SquareRef, SquareRef),
    /// A set asked square by square ([`Near`]).
    CountNear(Box<Near>),
    /// `BLOCK is COND`: the condition asked of that block's squares alone (false when there
    /// is no such block).
    BlockIs(Box<(BlockRef, Expr)>),
    /// `SQUARE is on BLOCK`.
    OnBlock(Box<(SquareRef, BlockRef)>),
    /// `count blocks where COND` or `N blocks where COND in a row along DIRS`.
    Blocks(Box<Blocks>),
    Best {
        max: bool,
        body: Box<Expr>,
    },
    From,
    To,
    /// True when the given side is to move.
    ToMove(SideId),
    /// Plies since the last capture or move of a piece of the program's `quiet_kinds`.
    QuietPlies,
    /// The last N moves (at least) were passes.
    PassesInARow(u8),
    /// `the roll`: the faces the turn's roll shows, added up.
    TheRoll,
    /// `the die`: the die the move uses (`one move a die`).
    TheDie,
    /// `position repeated N times`: the position (board, side to move, what pieces remember)
    /// has come up at least N times in the game, this time included.
    Repeated(u32),
}

impl Expr {
    /// True if `f` holds for this expression or one inside it.
    pub fn any(&self, f: &dyn Fn(&Expr) -> bool) -> bool {
        if f(self) {
            return true;
        }
        match self {
            Expr::Neg(x) | Expr::Not(x) | Expr::RegionSum(x, _) | Expr::Best { body: x, .. } => {
                x.any(f)
            }
            Expr::CountMoves(Some(x)) => x.any(f),
            Expr::BlockIs(b) => b.1.any(f),
            Expr::Blocks(b) => b.cond.any(f),
            Expr::Bin(_, a, b) => a.any(f) || b.any(f),
            Expr::Int(_)
            | Expr::Var(_)
            | Expr::Let(_)
            | Expr::Size
            | Expr::CountMoves(None)
            | Expr::CountSet(_)
            | Expr::CountHand(_)
            | Expr::Held(_)
            | Expr::HeldOn(_)
            | Expr::CountIn { .. }
            | Expr::CountOnLine(_)
            | Expr::CountRegions(_)
            | Expr::InARow { .. }
            | Expr::SquareIs(..)
            | Expr::Outranks(..)
            | Expr::CountNear(_)
            | Expr::OnBlock(_)
            | Expr::From
            | Expr::To
            | Expr::ToMove(_)
            | Expr::QuietPlies
            | Expr::PassesInARow(_)
            | Expr::TheRoll
            | Expr::TheDie
            | Expr::Repeated(_) => false,
        }
    }
}

/// Who a finished game went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win(SideId),
    Loss(SideId),
    Draw,
    /// A `result` line that does not say.
    Unstated,
}

/// `OUTCOME [TEXT] if COND`: the game ends, before the side to move moves, when the
/// condition holds.
#[derive(Debug, Clone)]
pub struct EndRule {
    pub outcome: Outcome,
    pub text: Vec<TplPart>,
    pub condition: Expr,
    /// The whole clause, for `ply moves` to quote.
    pub span: Span,
}

/// `result [OUTCOME] [TEXT] [if COND | otherwise]`: how a game that ended another way (no
/// moves, the ply limit) is reported.
#[derive(Debug, Clone)]
pub struct ResultLine {
    pub outcome: Outcome,
    pub text: Vec<TplPart>,
    pub cond: LineCond,
}

/// How whole games are played (perft, playouts).
#[derive(Debug, Clone)]
pub struct GameRules {
    /// Where the `game` section starts.
    pub span: Span,
    /// What a side with no legal move does, and where that is written.
    pub stuck: Stuck,
    pub stuck_span: Option<Span>,
    /// Playouts stop after this many plies (turns, with `stop_turns`).
    pub stop_after: Option<u32>,
    /// Where `stop after` is written.
    pub stop_span: Option<Span>,
    /// `stop after N turns`: the limit counts turns (a turn ends when another side moves).
    pub stop_turns: bool,
    /// `may end between parts [if COND]`: where it is written, and COND. The end conditions
    /// are asked after each part of a move in parts too (where COND holds), and a move stops
    /// where the game is over.
    pub between_parts: Option<(Span, Option<Expr>)>,
    /// The conditions that end a game, in order.
    pub ends: Vec<EndRule>,
    /// How a finished game is reported: the first line whose condition holds.
    pub results: Vec<ResultLine>,
}

/// The plies a run (random playouts, agents' rollouts, self-play) plays of one game at most
/// unless told otherwise, on a board of `squares` squares: 100,000, or ten for each square of
/// a larger board. A game its rules have not ended by then is stopped unfinished.
pub fn run_ply_cap(squares: usize) -> u32 {
    let squares = u32::try_from(squares).unwrap_or(u32::MAX);
    100_000u32.max(squares.saturating_mul(10))
}

#[derive(Debug, Clone)]
pub struct Program {
    pub rows: Dim,
    pub cols: Dim,
    /// `blocks R x C`: the board's blocks, rows and columns each.
    pub blocks: Option<(u32, u32)>,
    /// `lines ...`: the board is the points on these lines, not every square of the grid.
    pub points: Option<Points>,
    /// `zone NAME = ...`: the named parts of the board, each its name and the grid cells
    /// (row * columns + column) it covers, at most [`MAX_ZONES`].
    pub zones: Vec<(String, Vec<u32>)>,
    /// The filters a `SetFilter::Union` joins (`empty squares or pawn pieces`).
    pub unions: Vec<Vec<SetFilter>>,
    /// The game keeps pieces in hand (its setup gives some, or its input reads them): every
    /// placement takes its piece from the mover's hand.
    pub hands: bool,
    /// `captured pieces go to the captor's hand`: `Some(unpromoted)`, where `unpromoted`
    /// says a promoted piece goes back as the kind it was promoted from.
    pub to_hand: Option<bool>,
    /// `captured pieces go to their owner's hand`: to the hand of the side the piece is of.
    pub hand_owners: bool,
    /// `captured pieces go to their owner's ZONE`: for each side, the grid cell of its one
    /// square of the zone, where its pieces taken go (instead of a hand).
    pub capture_to: Option<Vec<u32>>,
    /// `pieces stack`: a square holds any number of pieces of one side; a move takes one.
    pub stacks: bool,
    /// `drawn as ...`: how pictures draw the cells (else they tell from the board).
    pub drawn: Option<CellShape>,
    /// `drawn with STYLE`: how pictures draw the pieces.
    pub figures: Option<PieceStyle>,
    /// `drawn ..., DETAIL`: what else pictures show.
    pub drawing: Drawing,
    /// `no piece may stand where it can never move`.
    pub stranded: bool,
    /// `each side has N [KIND] in hand`: the pieces in hand at the setup.
    pub hand_setup: Vec<(Code, u32)>,
    /// `each square holds NAME`: every square holds a count of NAME (its cell is the
    /// count), and no piece.
    pub held: Option<String>,
    pub notation: Notation,
    pub sides: Vec<SideInfo>,
    pub kinds: Vec<String>,
    /// Input symbols: each symbol (one to three characters: `P`, `+P`, `Q~`) and the cell it
    /// stands for.
    pub symbols: Vec<(String, Code)>,
    pub first: SideId,
    pub directions: Vec<Direction>,
    pub promotions: Vec<Promotion>,
    pub lets: Vec<Expr>,
    pub moves: Vec<MoveRule>,
    pub requires: Vec<Require>,
    /// The input section (a whole game with a `setup` may have none).
    pub input: Option<InputSpec>,
    pub output: Option<OutputSpec>,
    pub vars: Vec<String>,
    pub regions: Vec<RegionSpec>,
    /// Where the input section starts, for messages about the input as a whole.
    pub input_span: Span,
    /// The start position: each square and the piece on it.
    pub setup: Option<Vec<(u32, Code)>>,
    pub game: Option<GameRules>,
    /// When some step captures, only capturing steps are legal.
    pub captures_mandatory: bool,
    /// `legal if COND`: asked of the position after every move (own: the side that moved),
    /// with where it is written.
    pub legal: Vec<(Expr, Span)>,
    /// `plies without capture or KIND move`: bit `k` set, a move of kind `k` restarts the
    /// count (as a capture does).
    pub quiet_kinds: u32,
    pub move_notation: MoveNotation,
    /// Where `captures are mandatory` is written.
    pub captures_mandatory_span: Option<Span>,
    /// `captures are mandatory, taking the most`: only the moves that take the most pieces
    /// are legal.
    pub captures_most: bool,
    /// `identical captures are one move`: moves with the same start and end squares that
    /// leave the same position are one move.
    pub identical_one: bool,
    /// Where `identical captures are one move` is written.
    pub identical_span: Option<Span>,
    /// `identical captures in the same order are one move`: only moves that also took their
    /// pieces in the same order are one move.
    pub identical_ordered: bool,
    /// `no move may repeat ...`: which earlier positions a move may not bring back.
    pub no_repeat: Option<Repetition>,
    /// `kinds A > B > ...`: the kinds are ranked, the first the strongest.
    pub ranked: bool,
    /// `turns of N [to M] moves`.
    pub turns: Option<Turns>,
    /// `no turn may leave the board unchanged`, where it is written.
    pub unchanged: Option<Span>,
    /// The directions `next to` and `isolated` look along (up, down, left, right), when the
    /// rules ask.
    pub adjacent: Vec<DirId>,
    /// Where the `no move may repeat` statement is written.
    pub no_repeat_span: Option<Span>,
    /// `roll ...`: each turn begins with a roll of these dice.
    pub dice: Option<Dice>,
}

/// Which earlier positions a move may not bring back (a move that leaves the board as it
/// was, a pass, always may).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repetition {
    /// The position before the last move (simple ko).
    BeforeLast,
    /// Any position of the game so far (superko).
    Earlier,
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
    /// Every expression of the program (lets, distances, conditions, lines, results).
    pub fn expressions(&self) -> impl Iterator<Item = &Expr> {
        let actions = self
            .moves
            .iter()
            .flat_map(|m| m.actions.iter().chain(m.then.iter().flatten()));
        let from_actions = actions.flat_map(|a| {
            let distance = match &a.action {
                Action::Slide {
                    distance: Distance::Expr(e),
                    ..
                } => Some(e),
                _ => None,
            };
            a.conditions.iter().map(|(e, _)| e).chain(distance)
        });
        fn conds(c: &LineCond) -> Option<&Expr> {
            match c {
                LineCond::If(e) => Some(e),
                _ => None,
            }
        }
        fn values(t: &[TplPart]) -> Vec<&Expr> {
            t.iter()
                .filter_map(|p| match p {
                    TplPart::Value(e) => Some(e),
                    _ => None,
                })
                .collect()
        }
        let mut more: Vec<&Expr> = (self.moves.iter())
            .flat_map(|m| m.leaves_not.iter().map(|(e, _)| e))
            .collect();
        if let Some(g) = &self.game {
            for end in &g.ends {
                more.push(&end.condition);
                more.extend(values(&end.text));
            }
            for r in &g.results {
                more.extend(conds(&r.cond));
                more.extend(values(&r.text));
            }
        }
        if let Some(o) = &self.output {
            for st in &o.stmts {
                match st {
                    OutStmt::EachMove { template, .. } => more.extend(values(template)),
                    OutStmt::Line { template, cond } => {
                        more.extend(conds(cond));
                        more.extend(values(template));
                    }
                }
            }
        }
        self.lets
            .iter()
            .chain(from_actions)
            .chain(self.legal.iter().map(|(e, _)| e))
            .chain(self.requires.iter().map(|r| &r.condition))
            .chain(more)
    }

    /// The actions of part `part` of a move (0 is the first).
    pub fn part(&self, rule: u16, part: u8) -> &[KindAction] {
        let r = &self.moves[rule as usize];
        match part {
            0 => &r.actions,
            p => &r.then[p as usize - 1],
        }
    }
}
