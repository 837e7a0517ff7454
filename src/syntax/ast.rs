//! The typed syntax tree of a rules file. Every node keeps the byte span it came from,
//! so the checker can point at it.

pub use super::ast_dice::RollDecl;
pub use super::ast_directions::{DirItem, DirectionDef, DirectionValue};
pub use super::ast_drawing::{CellShape, DrawnDetail, PieceStyle};
pub use super::ast_input::{InputItem, ReadName, ReadRange, SetupPlace, UnmovedDef, Word};
pub use super::ast_squares::{
    Area, Attacker, BlockRef, Edge, Owner, PieceWords, Row, SquareBase, SquareClass, SquareRef,
};
pub use super::span::{Name, Span, Str};

#[derive(Debug, Default)]
pub struct RulesFile {
    pub statements: Vec<Statement>,
}

#[derive(Debug)]
pub struct Statement {
    pub kind: StatementKind,
    /// The span of the statement's leading keyword.
    pub keyword: Span,
    pub span: Span,
}

#[derive(Debug)]
pub enum StatementKind {
    Board {
        rows: Dim,
        cols: Dim,
    },
    /// `blocks ROWS x COLUMNS`: the board divided into blocks of that size, from the top
    /// left, for `rotate a block`.
    Blocks {
        rows: u64,
        cols: u64,
    },
    /// `lines A B C, ...`: the board is the points on these lines, each line its points in
    /// order (a point's name as written, with where).
    Lines(Vec<Vec<Name>>),
    /// `zone NAME = SQUARE SQUARE ...`: a named part of the board (a palace, a river), asked
    /// about as `on NAME`.
    Zone {
        name: Name,
        /// `zone NAME of SIDE = ...`: the side's part of that name (its pits, its store).
        owner: Option<Name>,
        items: Vec<ZoneItem>,
    },
    /// `each square holds NAME`: every square holds a count (of seeds), not a piece.
    Holds(Name),
    Squares {
        parts: Vec<SquarePart>,
        joined: Vec<bool>,
        /// `squares numbered over the dark squares`: the dark squares are numbered 1, 2, ...
        /// row by row from the top left; `parts` is then empty.
        numbered: bool,
    },
    Sides(Vec<SideDef>),
    /// `kinds A, B, ...`, or `kinds A > B > ...` (ranked, the strongest first): the names and
    /// each separator written (`true` for `>`).
    Kinds(Vec<Name>, Vec<(bool, Span)>),
    /// `turns of N [to M] moves`: a side's turn is N to M moves in a row (it may end its
    /// turn after N; after M it ends).
    Turns {
        least: u64,
        most: u64,
    },
    /// `no turn may leave the board unchanged`.
    Unchanged,
    Pieces(Vec<PieceDef>),
    Empty(Str),
    First(Name),
    Direction(Vec<DirectionDef>),
    Directions {
        name: Name,
        /// Direction names and sets, and steps written out (`2 1`).
        members: Vec<DirItem>,
    },
    Promote {
        from: Name,
        /// One kind, or several for the mover to choose from.
        to: Vec<Name>,
        at_once: bool,
        /// `in the far N rows` (a move that starts or ends there may promote); `None` for
        /// `on the far row` (a piece that lands there).
        rows: Option<(u64, Span)>,
        /// `optionally`: the mover may also leave the piece as it is.
        optional: bool,
    },
    /// `captured pieces go to the captor's hand [, unpromoted]`, or `to their owner's hand`
    /// (`owners`).
    ToHand {
        unpromoted: bool,
        owners: bool,
        /// `to their owner's ZONE`: to that side's square of the zone, not to a hand.
        zone: Option<Name>,
    },
    /// `pieces stack`: a square holds any number of pieces of one side.
    Stacks,
    /// `drawn as intersections | hexagons | squares | pits [with STYLE]` or `drawn with
    /// STYLE`: how a picture draws the cells and the pieces; then what else it shows.
    Drawn {
        shape: Option<CellShape>,
        style: Option<PieceStyle>,
        details: Vec<DrawnDetail>,
    },
    /// `roll one die | N dice [of F faces] [, again on V or ...]`: each turn begins with a
    /// roll.
    Roll(RollDecl),
    /// `no piece may stand where it can never move`.
    Stranded,
    Let {
        name: Name,
        param: Option<Name>,
        body: Expr,
    },
    Move(Vec<MovePart>),
    Require {
        condition: Expr,
        message: Str,
    },
    Input(InputDecl),
    Output(Vec<OutStmt>),
    Setup(Setup, Option<SetupHand>),
    /// `captures are mandatory [, taking the most]`.
    CapturesMandatory {
        most: bool,
    },
    /// `identical captures [in the same order] are one move`.
    IdenticalCaptures {
        ordered: bool,
    },
    /// `no move may repeat the position before the last move | an earlier position`.
    NoRepeat {
        earlier: bool,
    },
    Game(Vec<GameClause>),
    /// `legal if COND`: asked of the position after every move.
    Legal(Expr),
    /// `moves written with "SEP" [, captures with "SEP"] [, promotions as [lowercase] symbols
    /// | promotions as "MARK"] [, drops as "MARK"]`.
    Notation {
        separator: Str,
        captures: Option<Str>,
        promotions: Option<Promotions>,
        drops: Option<Str>,
    },
}

/// How a move writes the kind a piece is promoted to.
#[derive(Debug, Clone)]
pub enum Promotions {
    /// The new kind's symbol (`true`: in lowercase): `e7e8q`.
    Symbols(bool),
    /// A mark, whatever the kind: `7c7b+`.
    Mark(Str),
}

/// The start position of a whole game.
#[derive(Debug)]
pub enum Setup {
    /// `setup empty`: the board starts empty.
    Empty,
    /// One string per board row, one symbol per square.
    Rows(Vec<Str>),
    /// `SIDE [KIND] on "SQUARE", ...`
    Places(Vec<SetupPlace>),
}

/// `each side has N [KIND] in hand`, after a setup.
#[derive(Debug)]
pub struct SetupHand {
    pub count: u64,
    pub kind: Option<Name>,
    pub span: Span,
}

#[derive(Debug)]
pub enum GameClause {
    /// What a side with no legal move does: pass (`true`) or end the game.
    Stuck { then: Stuck, span: Span },
    /// `stop after N plies | turns` (`true`: turns).
    StopAfter(u64, bool, Span),
    /// `may end between parts [if COND]`: the end conditions are also asked after each part
    /// of a move in parts (where COND holds); a move stops at a part after which the game is
    /// over.
    BetweenParts(Option<Box<Expr>>, Span),
    /// `result [OUTCOME] [TEMPLATE] [if COND | otherwise]`: how a game that ended is reported.
    Result {
        outcome: Option<Outcome>,
        template: Option<Template>,
        condition: LineCondition,
        span: Span,
    },
    /// `OUTCOME [TEMPLATE] if COND`: the game ends when the condition holds.
    End {
        outcome: Outcome,
        template: Option<Template>,
        condition: Box<Expr>,
        span: Span,
    },
}

/// What a side with no legal move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stuck {
    /// It passes (the game ends if the other side cannot move either).
    Pass,
    /// The game ends; `result` lines say how.
    End,
    /// The game ends and the side lost.
    Lose,
    /// The game ends in a draw.
    Draw,
}

/// Who a finished game went to.
#[derive(Debug, Clone)]
pub enum Outcome {
    Draw(Span),
    Wins(Name),
    Loses(Name),
}

#[derive(Debug, Clone)]
pub enum Dim {
    Fixed(u64, Span),
    Var(Name),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    Row,
    Column,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Letter,
    Number,
}

#[derive(Debug, Clone, Copy)]
pub struct SquarePart {
    pub axis: Axis,
    pub style: Style,
    /// `from the bottom`: counted from the bottom row up.
    pub from_bottom: bool,
    /// `from the right`: counted from the right column leftwards.
    pub from_right: bool,
    /// The span of `from the ...`, when written.
    pub from_span: Option<Span>,
    /// `lowercase letter`.
    pub lowercase: bool,
    pub span: Span,
}

#[derive(Debug)]
pub struct SideDef {
    pub name: Name,
    pub symbol: Option<Str>,
    pub forward: Option<Name>,
}

#[derive(Debug)]
pub struct PieceDef {
    pub symbol: Str,
    pub side: Name,
    pub kind: Option<Name>,
}

// ---- moves ----

#[derive(Debug)]
pub enum MovePart {
    Action {
        /// The kinds written before the action (`gold, silver: ...`); empty for every kind.
        kinds: Vec<Name>,
        action: Action,
        /// The whole part, the kind prefix included.
        span: Span,
        /// Written after `then`: it starts the next part of the move.
        then: bool,
        /// `then, if COND, ACTION`: the part is played only when COND holds after the parts
        /// before it; otherwise the move ends before it.
        guard: Option<Expr>,
    },
    /// `where COND`: a condition on the action before it.
    Where {
        condition: Expr,
        span: Span,
    },
    /// `unless that leaves COND`: no move of the statement may leave a position where COND
    /// holds (asked with the turn passed on, `own` the side that moved).
    LeavesNot(Box<Expr>, Span),
    /// `marking the squares passed`: the action marks the squares it passes.
    Marking(Span),
    /// `taking SQUARE | REGIONS`: the action also takes the piece on that square, or every
    /// piece of those regions.
    Taking(Box<TakingWords>, Span),
    /// `moving SQUARE to SQUARE`: the action also moves the piece on one square to another.
    Moving(Box<SquareRef>, Box<SquareRef>, Span),
    /// `claiming regions of ...`: the action also puts a piece like its own on every square
    /// of those regions.
    Claiming(Box<Regions>, Span),
    /// `again if COND`: after a move of the statement, the same side moves again when COND
    /// holds (asked when the move is over).
    Again(Expr, Span),
    /// `counts as N moves`: each move of the statement uses N moves of a turn.
    Counts(u64, Span),
    /// `mandatory`: when a move of such a statement is legal, only their moves are.
    Mandatory(Span),
    /// `pushing along DIRS [onto CELLS]`: the piece on `to` is first pushed one square along
    /// one of the directions, onto CELLS (default empty).
    Pushing {
        dirs: Vec<Name>,
        onto: Option<Cells>,
        span: Span,
    },
    /// `pulling SET`: a piece of the set next to `from` follows the moving piece into `from`.
    Pulling(Box<SquareSet>, Span),
    Flip {
        dirs: Vec<Name>,
        cascading: bool,
        span: Span,
    },
    Continue {
        must: bool,
        no_turning_back: bool,
        until_promoted: bool,
        span: Span,
    },
    MustFlip(Span),
    Captured {
        at_once: bool,
        span: Span,
    },
}

#[derive(Debug)]
pub struct Action {
    pub kind: ActionKind,
    pub span: Span,
}

#[derive(Debug)]
pub enum ActionKind {
    Slide {
        dirs: Vec<Name>,
        options: Vec<SlideOption>,
    },
    Step {
        dirs: Vec<Name>,
        onto: Option<Cells>,
    },
    /// `place [along DIRS] [distance ...] [over ...] [onto ...]`.
    Place {
        along: Vec<Name>,
        options: Vec<SlideOption>,
    },
    /// `jump` or `hop` (a jump that leaves the piece jumped over).
    Jump {
        dirs: Vec<Name>,
        over: Cells,
        gaps: Vec<GapOption>,
        hop: bool,
        /// `sideways if blocked`: where the piece cannot land beyond, it lands beside.
        sideways: Option<Span>,
        /// `onto CELLS`: what it may land on beyond the piece jumped (default `empty`).
        onto: Option<Cells>,
    },
    Pass,
    /// `rotate a block a quarter turn either way | ... clockwise | ... anticlockwise |
    /// a half turn [or ...]`: the pieces of one block of the board turn with it.
    Rotate(Vec<Turn>),
    /// `remove CELLS`: a piece on any square is taken off the board.
    Remove(Cells),
    /// `fly [onto CELLS]`: a piece goes to any square of the board in CELLS.
    Fly(Option<Cells>),
    /// `sow from AREA along DIR [, skipping from | AREA]...`: the count on a square of the
    /// area is taken up and dropped one by one on the squares after it.
    Sow(Box<Sowing>),
}

/// `sow from AREA along DIR [, skipping from | AREA]...`.
#[derive(Debug)]
pub struct Sowing {
    pub from: Area,
    pub along: Name,
    pub skipping: Vec<Skipped>,
}

/// What a sowing passes without dropping on it.
#[derive(Debug, Clone)]
pub enum Skipped {
    /// `skipping from`: the square sown from.
    From(Span),
    Area(Area),
}

/// How far, and which way, a block turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    Clockwise,
    Anticlockwise,
    Half,
}

impl Turn {
    /// Each turn, at its index (`Turn as usize`).
    pub const ALL: [Turn; 3] = [Turn::Clockwise, Turn::Anticlockwise, Turn::Half];

    /// As a move is written: `cw`, `ccw`, `half`.
    pub fn suffix(self) -> &'static str {
        match self {
            Turn::Clockwise => "cw",
            Turn::Anticlockwise => "ccw",
            Turn::Half => "half",
        }
    }

    /// In words: `a quarter turn clockwise`.
    pub fn words(self) -> &'static str {
        match self {
            Turn::Clockwise => "a quarter turn clockwise",
            Turn::Anticlockwise => "a quarter turn anticlockwise",
            Turn::Half => "a half turn",
        }
    }
}

#[derive(Debug)]
pub enum SlideOption {
    Distance(Expr),
    Over(Cells),
    Onto(Cells),
    /// `past the end`: a distance past the end of the way ends on its last square.
    PastEnd(Span),
}

/// Which square contents a condition accepts.
#[derive(Debug, Clone, Copy)]
pub struct Cells {
    pub empty: bool,
    pub own: bool,
    pub enemy: bool,
    pub span: Span,
}

#[derive(Debug, Clone, Copy)]
pub struct GapOption {
    pub after: bool,
    /// `None` = any number of empty squares.
    pub at_most: Option<u64>,
    /// `gap before N`: exactly N, not at most N.
    pub exact: bool,
    pub span: Span,
}

// ---- expressions ----

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
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
pub enum ExprKind {
    Int(i64),
    Ref {
        name: Name,
        arg: Option<Name>,
    },
    Size,
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    CountMoves(Option<Box<Expr>>),
    CountSet(SquareSet),
    CountRegions(Box<Regions>),
    Best {
        max: bool,
        body: Box<Expr>,
    },
    RegionSum {
        body: Box<Expr>,
        regions: Box<Regions>,
    },
    NoMoves,
    NoSet(SquareSet),
    /// `no regions of ...`: no region of the kind asked for.
    NoRegions(Box<Regions>),
    AnySet(SquareSet),
    /// `N passes in a row`: the last N moves were passes.
    PassesInARow(u64),
    /// `position repeated N times`: the position has come up N times in the game.
    Repeated(u64),
    /// `any regions of ...`: some region of the kind asked for.
    AnyRegions(Box<Regions>),
    ToMove(Name),
    /// `plies without capture [or KIND move]`: plies since the last capture (or move of a
    /// piece of those kinds).
    PliesWithout(Vec<Name>),
    /// `the roll`: the dice rolled this turn, added up.
    TheRoll,
    /// `the die`: the die a move uses (`one move a die`).
    TheDie,
    /// `N SET in a row along DIRS`.
    /// `[exactly] N SET in a row along DIRS`.
    InARow {
        n: u64,
        set: Box<SquareSet>,
        dirs: Vec<Name>,
        exactly: bool,
    },
    /// `SQUARE is [not] CLASS`.
    SquareTest {
        at: Box<SquareRef>,
        negated: bool,
        class: SquareClass,
    },
    /// `BLOCK is [not] NAME` (or a condition in brackets): the condition, asked of the
    /// block's squares alone.
    BlockTest {
        block: Box<BlockRef>,
        negated: bool,
        cond: Box<Expr>,
    },
    /// `count blocks where COND`, `any blocks ...`, `no blocks ...` (as a count compared
    /// with 0: `Some(true)` any, `Some(false)` no).
    CountBlocks(Box<Expr>, Option<bool>),
    /// `seeds on SQUARE | AREA`: the count a square holds, or the counts of a part of the
    /// board added up; `no seeds on ...` (`none`): that sum is 0.
    Held {
        name: Name,
        at: Box<HeldAt>,
        none: bool,
    },
    /// `[exactly] N blocks where COND in a row along DIRS`.
    BlocksInARow {
        n: u64,
        cond: Box<Expr>,
        dirs: Vec<Name>,
        exactly: bool,
    },
}

/// One part of a `zone` statement: a square by its name, or a pattern of rows and columns.
#[derive(Debug, Clone)]
pub enum ZoneItem {
    Square(Name),
    /// `[odd | even] rows x [odd | even] columns`: every square whose row and column
    /// numbers (counted from 1 as the `squares` statement counts them) have that parity
    /// (`Some(true)` odd, `Some(false)` even, `None` any).
    Pattern {
        rows: Option<bool>,
        cols: Option<bool>,
        span: Span,
    },
}

#[derive(Debug, Clone)]
pub struct SquareSet {
    pub base: SetBase,
    /// `BASE or BASE ...`: more sets whose squares belong to this one too.
    pub more: Vec<SetBase>,
    pub on_line: bool,
    /// `in hand`: the pieces in the side's hand, not on the board.
    pub in_hand: bool,
    /// `in a row of N along DIRS`: only the pieces that are in such a row.
    pub row: Option<Box<Row>>,
    /// `on AREA`: only the squares of a named part of the board.
    pub area: Option<Box<Area>>,
    /// `on AREA on AREA`: only the squares of both parts (a corner).
    pub also: Option<Box<Area>>,
    /// `attacked [by ...]`: only the squares a move of the attackers could capture on.
    pub attacked: Option<Option<Attacker>>,
    /// `isolated SET`: only pieces with no piece of their own side next to them.
    pub isolated: bool,
    /// `stronger than SQUARE`, `next to SQUARE`: what the set asks of other squares.
    pub near: Option<Box<NearWords>>,
    pub span: Span,
}

/// `holding N`, `holding N to M`, `holding N or M`, `holding N or more`: the counts a square
/// may hold.
#[derive(Debug, Clone, Copy)]
pub struct Holding {
    pub least: u64,
    /// The most (`u64::MAX`: `or more`).
    pub most: u64,
    /// `N or M`: only the two counts, not those between.
    pub either: bool,
    pub span: Span,
}

/// Where the counts a `held` expression adds up stand: one square, or a part of the board.
#[derive(Debug, Clone)]
pub enum HeldAt {
    Square(SquareRef),
    Area(Area),
}

/// What a set asks of the squares of a move.
#[derive(Debug, Clone)]
pub struct NearWords {
    /// `stronger than SQUARE` (`true`) or `weaker than SQUARE`: only pieces ranked so.
    pub strength: Option<(bool, SquareRef)>,
    /// `next to SQUARE`: only the squares next to that one.
    pub next_to: Option<SquareRef>,
    /// `holding N [to M | or M | or more]`: only squares holding such a count.
    pub holding: Option<Holding>,
    /// `in a run from SQUARE along DIR`: only the squares met from that one along the
    /// direction before the first square not in the set.
    pub run: Option<(SquareRef, Name)>,
    /// `in the column of SQUARE` (`true`) or `in the row of SQUARE`: only the squares of
    /// that square's column (row).
    pub line: Option<(bool, SquareRef)>,
    /// `behind SQUARE along DIR`: only the squares from which the direction leads to it.
    pub behind: Option<(SquareRef, Name)>,
    /// `on SQUARE`: only that square.
    pub on_square: Option<SquareRef>,
}

#[derive(Debug, Clone)]
pub enum SetBase {
    /// `own [KIND] pieces`.
    Own(Option<Name>),
    /// `enemy [KIND] pieces`.
    Enemy(Option<Name>),
    Empty,
    Pieces,
    Squares,
    Side {
        side: Name,
        kind: Option<Name>,
    },
}

#[derive(Debug, Clone)]
pub struct Regions {
    pub of: SquareSet,
    pub by: Vec<Name>,
    pub border: Option<Border>,
    /// `containing SET`: only regions with a square of the set.
    pub containing: Option<SquareSet>,
    /// `touching AREA and AREA ...`: only regions with a square on each.
    pub touching: Vec<Area>,
    /// `with no empty neighbour`: only regions no empty square is next to.
    pub no_liberty: bool,
    /// `with size OP N`: only regions whose number of squares compares so with N.
    pub size: Option<(BinOp, u64)>,
    pub span: Span,
}

/// What a `taking` clause takes.
#[derive(Debug, Clone)]
pub enum Taken {
    /// `taking SQUARE [and SQUARE ...]`.
    Squares(Vec<SquareRef>),
    Regions(Box<Regions>),
    /// `taking SET`: every piece of the set, after the step.
    Set(Box<SquareSet>),
}

/// A `taking` clause: what it takes, where counts taken go (`into own store`), and when.
#[derive(Debug, Clone)]
pub struct TakingWords {
    pub taken: Taken,
    pub into: Option<Area>,
    /// `if COND`: asked after the action, before the taking; without it, nothing is taken.
    pub when: Option<Expr>,
    /// `unless that leaves COND`: asked after the taking, which is undone when it holds.
    pub unless: Option<Expr>,
}

#[derive(Debug, Clone)]
pub enum Border {
    Only(Name),
    Any(Name),
    Nothing,
}

// ---- input / output ----

#[derive(Debug)]
pub struct InputDecl {
    pub header: Vec<InputItem>,
    pub repeat: Option<Repeat>,
}

#[derive(Debug)]
pub struct Repeat {
    pub until: RepeatUntil,
    pub body: Vec<InputItem>,
    pub span: Span,
}

#[derive(Debug)]
pub enum RepeatUntil {
    End,
    Token(Str),
    Times(Expr),
}

#[derive(Debug)]
pub enum OutStmt {
    Between(Template),
    EachMove {
        template: Template,
        sorted: bool,
    },
    Line {
        template: Template,
        condition: LineCondition,
    },
}

#[derive(Debug)]
pub enum LineCondition {
    Always,
    If(Box<Expr>),
    Otherwise(Span),
}

#[derive(Debug)]
pub struct Template {
    pub parts: Vec<TemplatePart>,
    pub span: Span,
}

#[derive(Debug)]
pub enum TemplatePart {
    Text(String),
    Hole(Expr),
    /// `{move}`: the move a line is about, in the game's notation.
    Move(Span),
    /// `{position}`: the position, as a case of the input section writes it.
    Position(Span),
}
