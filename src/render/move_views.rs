//! The values `ply moves` shows of a position's moves (see `move_view.rs`, which builds them):
//! written as text by `moves_text.rs` and as JSON (`docs/json.md`).

use serde::Serialize;

/// A piece of the rules file: its text (comments dropped, spaces collapsed) and its line.
#[derive(Debug, Clone, Serialize)]
pub struct Clause {
    pub text: String,
    pub line: usize,
}

#[derive(Debug, Serialize)]
pub struct CaseView {
    pub case: usize,
    /// The side to move, and the symbol its pieces have in the input.
    pub to_move: String,
    pub symbol: String,
    /// The board, one string per row from the top, one symbol per square.
    pub board: Vec<String>,
    /// When the rules file has an input section: the position as a case of it writes it
    /// (as `{position}` writes it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// In a game that keeps hands: the pieces in hand, as a `hand` input item writes them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// In a game whose rules ask `last to`: the square where the last move landed, `-` before
    /// any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_to: Option<String>,
    /// In a game with dice: the turn's roll (`4`, `3-5`), which the moves are of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roll: Option<String>,
    /// How many legal moves there are.
    pub move_count: u64,
    /// When the game is over in this position: how it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_over: Option<GameOverView>,
    /// The moves listed: all of them, or the first `--limit` the generator makes.
    pub moves: Vec<MoveView>,
    /// With `--square`: the square, and what was turned down there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected: Option<Vec<RejectedView>>,
}

/// A finished game: its result, who it went to, and the clause of the rules file that ended
/// it (an end rule, or `no moves: ...`).
#[derive(Debug, Serialize)]
pub struct GameOverView {
    pub result: String,
    /// `win`, `loss`, `draw`, or `unstated` for a `result` line that does not say.
    pub outcome: &'static str,
    /// The side that won or lost, for a win or a loss.
    pub side: Option<String>,
    pub clause: Option<Clause>,
}

/// One part of a move in parts (`then`): where it starts and ends, the squares it stands on.
#[derive(Debug, Serialize)]
pub struct PartView {
    pub from: Option<String>,
    pub to: Option<String>,
    pub path: Vec<String>,
    /// A part that turns a block: which block, and how (`block 2 (D1-F3), a quarter turn
    /// clockwise`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct MoveView {
    /// The move in the game's notation: `B7-D7`, `C3-A5-C7`, `D3`, `pass`.
    #[serde(rename = "move")]
    pub notation: String,
    pub from: Option<String>,
    pub to: Option<String>,
    /// Every square the piece stands on, from the first to the last (of the first part, in a
    /// move in parts).
    pub path: Vec<String>,
    /// For a move in parts (`then`): each part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<PartView>>,
    pub captures: Vec<String>,
    /// A second piece the move pushed or pulled: where it stood and where it went (left out
    /// when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<[String; 2]>,
    pub flips: Vec<String>,
    /// The squares a `claiming` clause put a piece on.
    pub claims: Vec<String>,
    /// The move's `again if` holds after it: the same side moves again.
    pub again: bool,
    /// The kind the piece became, if the move promoted it.
    pub promotion: Option<String>,
    /// With `--explain`: each step and the clauses behind it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepView>>,
    /// With `--explain`, for a chain of jumps: why it ended where it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain_end: Option<String>,
    /// With `--explain`, for a move in parts that stopped before its last part: why (the
    /// game is over, and the rules let it end between parts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct StepView {
    /// The action that made the step, as written.
    pub action: Clause,
    /// `slide`, `place`, `jump`, `pass` or `rotate`.
    pub kind: &'static str,
    /// For `rotate`: the block and the turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub direction: Option<String>,
    /// How many squares the piece went.
    pub distance: u32,
    /// The distance clause that decided it, and how it worked out here.
    pub distance_rule: Option<Clause>,
    pub distance_reason: Option<String>,
    /// The squares passed on the way (not the one jumped over).
    pub passed: Vec<String>,
    /// The square taken, and the symbol of the piece that stood there.
    pub captured: Option<String>,
    pub captured_piece: Option<String>,
    /// The pieces a `taking` clause took besides: each square and the symbol of its piece
    /// (left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub taken: Vec<TakenView>,
    /// A second piece the step pushed or pulled (left out when none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<SecondView>,
    /// The runs of enemy pieces the step turned, in the order they turned.
    pub flips: Vec<FlipView>,
    pub flip_rule: Option<Clause>,
    /// The kind the piece became as it landed.
    pub promoted_to: Option<String>,
}

/// A second piece a step moved: `pushed` or `pulled`, its symbol, where it stood and went.
#[derive(Debug, Serialize)]
pub struct SecondView {
    pub how: &'static str,
    pub piece: String,
    pub from: String,
    pub to: String,
}

#[derive(Debug, Serialize)]
pub struct TakenView {
    pub square: String,
    pub piece: String,
}

#[derive(Debug, Serialize)]
pub struct FlipView {
    /// The square the run was seen from: the square played or a piece turned before.
    pub from: String,
    pub direction: String,
    pub squares: Vec<String>,
    /// The mover's piece at the far end of the run.
    pub closed_by: String,
}

#[derive(Debug, Serialize)]
pub struct RejectedView {
    /// The step turned down: `B3-B6`, `B3 up` when it has no landing square, `B3` for a
    /// placement.
    pub candidate: String,
    pub direction: Option<String>,
    /// The distance the slide asked for, when it asked for one.
    pub distance: Option<u32>,
    pub action: Clause,
    pub reason: String,
    /// The clause that turned it down, when one did.
    pub clause: Option<Clause>,
}
