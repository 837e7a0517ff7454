//! The game routes: the rules files listed, one shown with its diagnostics, and a game
//! replayed from its moves: the board, the legal moves with their explanations, and an
//! agent's reply. The routes keep no state: each request names the rules file and the moves
//! played so far, and the game is replayed from the rules file's setup (docs/serve.md).

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::folder::Folder;
use super::reply::Reply;
use crate::load::{Problem, try_load_bytes};
use crate::play::{self, Agent, Effort, Game, Status};
use crate::render::move_view::{Show, Viewer, outcome_word};
use crate::render::{board_text, moves_text, svg};
use crate::run::RunError;

/// The most moves a state lists with their explanations (the first the generator makes).
const EXPLAINED: usize = 1000;
/// The longest an agent may be asked to think, in seconds.
const MAX_THINK: f64 = 60.0;
/// How long the agent thinks when not told.
const THINK: f64 = 0.5;
/// The most bytes one agent's search tree holds on the server: with as many agents thinking
/// at once as requests are answered at once, 32 x 64 MiB = 2 GiB at most.
const AGENT_MEMORY: usize = 64 << 20;

/// A game: the rules file and the moves played so far, from its setup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameAsk {
    pub rules: String,
    #[serde(default)]
    pub moves: Vec<String>,
    /// The side the picture draws at the bottom (`/api/state`).
    #[serde(default)]
    pub bottom: Option<String>,
}

/// An agent's move in a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentAsk {
    rules: String,
    #[serde(default)]
    moves: Vec<String>,
    /// `mcts` (the default) or `random`.
    #[serde(default)]
    agent: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Seconds to think (MCTS).
    #[serde(default)]
    think: Option<f64>,
    /// Playouts to make (MCTS); the first bound reached stops it.
    #[serde(default)]
    playouts: Option<u64>,
}

/// The body of a request as `T`; 400 when it is not.
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, Reply> {
    serde_json::from_slice(body).map_err(|e| {
        Reply::error(
            400,
            format!("the request body is not what this route takes: {e}"),
        )
    })
}

/// A short text that changes when the rules file's bytes do.
pub fn version(bytes: &[u8]) -> String {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    format!("{:016x}", h.finish())
}

/// A failure of the move generator, as an answer: the rules file cannot be played (422),
/// or a search went past its budget (503).
pub fn run_failed(e: &RunError) -> Reply {
    Reply::error(if e.budget { 503 } else { 422 }, e.message.clone())
}

#[derive(Serialize)]
struct FileView {
    name: String,
    /// Whether the file checks without errors.
    ok: bool,
    /// Whether it is a whole game (a `setup` and a `game` section) that can be played.
    game: bool,
}

/// `GET /api/files`: the rules files served.
pub fn files(folder: &Folder) -> Reply {
    let names = match folder.names() {
        Ok(n) => n,
        Err(e) => return Reply::error(500, e),
    };
    let files: Vec<FileView> = names
        .into_iter()
        .map(|name| {
            let loaded = folder.read(&name).ok().and_then(|b| try_load_bytes(b).ok());
            FileView {
                ok: loaded.is_some(),
                game: loaded.is_some_and(|r| playable(&r.program).is_ok()),
                name,
            }
        })
        .collect();
    Reply::json(&serde_json::json!({ "folder": folder.shown(), "files": files }))
}

/// Whether a checked program is a whole game to play; else why not.
fn playable(p: &crate::program::Program) -> Result<(), String> {
    match (&p.setup, &p.game) {
        (Some(_), Some(_)) => Ok(()),
        _ => Err("not a whole game: a game to play needs a `setup` and a `game` section".into()),
    }
}

/// `GET /api/rules/NAME`: the text of a rules file, its version, and its diagnostics.
pub fn rules(folder: &Folder, name: &str) -> Reply {
    let bytes = match folder.read(name) {
        Ok(b) => b,
        Err(r) => return r.into(),
    };
    let version = version(&bytes);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (diagnostics, game) = match try_load_bytes(bytes) {
        Ok(r) => (Vec::new(), playable(&r.program)),
        Err(problem) => (problem.json(name), Err("the rules file has errors".into())),
    };
    Reply::json(&serde_json::json!({
        "name": name,
        "version": version,
        "text": text,
        "diagnostics": diagnostics,
        "game": game.is_ok(),
        "note": game.err(),
    }))
}

/// `GET /api/version/NAME`: the version of a rules file alone, for the page to poll.
pub fn version_of(folder: &Folder, name: &str) -> Reply {
    match folder.read(name) {
        Ok(b) => Reply::json(&serde_json::json!({ "name": name, "version": version(&b) })),
        Err(r) => r.into(),
    }
}

/// Loads the rules file `name` from `bytes`, starts its game from the setup, plays `moves`
/// and calls `then` with the game and the rules file's text. A move that is not legal, a
/// rules file with errors or without a game, is a 422 with the reason.
pub fn replay<T>(
    name: &str,
    bytes: Vec<u8>,
    moves: &[String],
    then: impl FnOnce(&mut Game, &str) -> Result<T, Reply>,
) -> Result<T, Reply> {
    let rules = try_load_bytes(bytes).map_err(|p| has_errors(name, &p))?;
    playable(&rules.program).map_err(|m| Reply::error(422, format!("{name}: {m}")))?;
    let (runner, start) = crate::cases::game_start(&rules.program, None)
        .map_err(|e| Reply::error(422, format!("{name}: the setup: {e}")))?;
    let compiled = crate::run::Compiled::new(runner, crate::run::Choice::Fastest);
    let mut game = Game::new(compiled, start).map_err(|e| run_failed(&e))?;
    for (i, text) in moves.iter().enumerate() {
        let at = |why: &str| Reply::error(422, format!("move {} `{text}`: {why}", i + 1));
        game.roll_from_moves(DICE_SEED)
            .map_err(|e| run_failed(&e))?;
        match game.status().map_err(|e| run_failed(&e))? {
            Status::Over(end) => return Err(at(&format!("the game is over: {}", end.text))),
            Status::ToMove(choices) => {
                let found = game.find(&choices, text).map_err(|why| at(&why))?;
                if let Some(c) = choices.into_iter().nth(found) {
                    game.play(c);
                }
            }
        }
    }
    game.roll_from_moves(DICE_SEED)
        .map_err(|e| run_failed(&e))?;
    then(&mut game, &rules.source)
}

/// The most random games expectiminimax may score a position by, here.
const MAX_LEAF_PLAYOUTS: u64 = 64;

/// The seed of the rolls of dice the server draws: a game's rolls follow from its moves.
const DICE_SEED: u64 = 0xD1CE;

/// 422 for a rules file with errors, with its diagnostics.
fn has_errors(name: &str, p: &Problem) -> Reply {
    Reply::json_status(
        422,
        &serde_json::json!({
            "error": format!("{name} has errors"),
            "diagnostics": p.json(name),
        }),
    )
}

#[derive(Serialize)]
struct MoveInfo {
    #[serde(rename = "move")]
    text: String,
    /// The squares it visits: where it starts, then each landing (one for a placement).
    squares: Vec<String>,
    /// What `ply moves --explain` says of it.
    explain: String,
}

#[derive(Serialize)]
struct PlayedInfo {
    side: String,
    #[serde(rename = "move")]
    text: String,
    squares: Vec<String>,
}

#[derive(Serialize)]
struct Over {
    result: String,
    outcome: &'static str,
    side: Option<String>,
}

#[derive(Serialize)]
struct StateView {
    rules: String,
    version: String,
    sides: Vec<String>,
    /// The side to move; none when the game is over.
    to_move: Option<String>,
    plies: u32,
    played: Vec<PlayedInfo>,
    moves: Vec<MoveInfo>,
    over: Option<Over>,
    /// In a game with dice: the roll the side to move has (drawn from the moves played).
    #[serde(skip_serializing_if = "Option::is_none")]
    roll: Option<String>,
    svg: String,
}

/// `POST /api/state`: the game after the moves played.
pub fn state(folder: &Folder, body: &[u8]) -> Reply {
    let ask: GameAsk = match parse(body) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let bytes = match folder.read(&ask.rules) {
        Ok(b) => b,
        Err(r) => return r.into(),
    };
    let version = version(&bytes);
    let found = replay(&ask.rules, bytes, &ask.moves, |game, source| {
        let sides = &game.engine().p.sides;
        let bottom = match &ask.bottom {
            None => None,
            Some(name) => match sides.iter().position(|s| s.name == *name) {
                Some(i) => Some(i as u8),
                None => {
                    let names: Vec<&str> = sides.iter().map(|s| s.name.as_str()).collect();
                    let why = format!(
                        "no side is named `{name}` (the sides: {})",
                        names.join(", ")
                    );
                    return Err(Reply::error(400, why));
                }
            },
        };
        view(game, source, bottom).map_err(|e| run_failed(&e))
    });
    match found {
        Ok(mut v) => {
            v.rules = ask.rules;
            v.version = version;
            Reply::json(&v)
        }
        Err(r) => r,
    }
}

/// The view of the game now (`rules` and `version` left for the caller), its picture with
/// `bottom` at the bottom.
fn view(game: &mut Game, source: &str, bottom: Option<u8>) -> Result<StateView, RunError> {
    let e = game.engine().clone();
    let square_names = |squares: &[u32]| -> Vec<String> {
        squares
            .iter()
            .map(|&s| e.g.names[s as usize].to_string())
            .collect()
    };
    let sides = e.p.sides.iter().map(|s| s.name.clone()).collect();
    let played = game
        .played()
        .iter()
        .map(|p| PlayedInfo {
            side: game.side_name(p.side).to_string(),
            text: p.text.clone(),
            squares: square_names(&p.squares),
        })
        .collect();
    let pos = game.position().clone();
    let mover = game.side_name(game.mover()).to_string();
    let (moves, over, title) = match game.status()? {
        Status::Over(end) => {
            let (outcome, side) = outcome_word(end.outcome);
            let over = Over {
                side: side.map(|s| game.side_name(s).to_string()),
                outcome,
                result: end.text.clone(),
            };
            (Vec::new(), Some(over), format!("game over: {}", end.text))
        }
        Status::ToMove(choices) => {
            let mut viewer = Viewer {
                runner: game.runner(),
                source,
            };
            let show = Show {
                explain: true,
                square: None,
                limit: EXPLAINED,
            };
            let case = viewer.case(1, &pos, &show)?;
            let moves = choices
                .iter()
                .map(|c| MoveInfo {
                    explain: explanation(&case.moves, &c.text, &mover),
                    text: c.text.clone(),
                    squares: square_names(&c.squares),
                })
                .collect();
            let roll = board_text::roll_note(&e, &pos);
            (moves, None, format!("{mover} to move{roll}"))
        }
    };
    let last = game
        .played()
        .last()
        .map(|p| p.squares.clone())
        .unwrap_or_default();
    let scene = svg::Scene {
        title: &title,
        moves: None,
        last: &last,
        bottom,
        result: over.as_ref().map(|o| o.result.as_str()),
    };
    let svg = svg::draw(&e, &pos, &scene);
    Ok(StateView {
        rules: String::new(),
        version: String::new(),
        sides,
        to_move: over.is_none().then_some(mover),
        plies: game.plies(),
        played,
        moves,
        roll: (e.p.dice.is_some() && pos.rolled()).then(|| crate::program::roll_text(&pos.roll)),
        over,
        svg,
    })
}

/// What `ply moves --explain` says of the move `text`, without the first indent.
fn explanation(views: &[crate::render::move_view::MoveView], text: &str, mover: &str) -> String {
    if text == "pass" && views.is_empty() {
        return format!("pass: {mover} has no legal move and passes");
    }
    let Some(m) = views.iter().find(|m| m.notation == text) else {
        return String::new();
    };
    let mut out = String::new();
    moves_text::one_move(m, &mut out);
    out.lines()
        .map(|l| l.strip_prefix("  ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `POST /api/agent`: the move an agent plays in the game after the moves played.
pub fn agent(folder: &Folder, body: &[u8]) -> Reply {
    let ask: AgentAsk = match parse(body) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let agent = match ask.agent.as_deref().unwrap_or("mcts").parse::<Agent>() {
        Ok(Agent::Human) => {
            return Reply::error(400, "the agent is mcts, random or expectiminimax");
        }
        Ok(a) => a,
        Err(e) => return Reply::error(400, e),
    };
    let think = ask.think.unwrap_or(THINK);
    if !(think > 0.0 && think <= MAX_THINK) {
        return Reply::error(
            400,
            format!("think is seconds, more than 0 and at most {MAX_THINK}"),
        );
    }
    if ask.playouts == Some(0) {
        return Reply::error(400, "playouts is at least 1");
    }
    // Expectiminimax knows no time bound: its work is bounded by what it is asked.
    if agent == Agent::Expectiminimax && ask.playouts.is_some_and(|n| n > MAX_LEAF_PLAYOUTS) {
        return Reply::error(
            400,
            format!("expectiminimax scores a position by at most {MAX_LEAF_PLAYOUTS} playouts"),
        );
    }
    let effort = Effort {
        think: Some(Duration::from_secs_f64(think)),
        playouts: ask.playouts,
        depth: None,
        memory: Some(AGENT_MEMORY),
    };
    let bytes = match folder.read(&ask.rules) {
        Ok(b) => b,
        Err(r) => return r.into(),
    };
    let seed = ask.seed.unwrap_or(1);
    let started = Instant::now();
    let found = replay(&ask.rules, bytes, &ask.moves, |game, _| {
        let choices = match game.status().map_err(|e| run_failed(&e))? {
            Status::Over(end) => {
                return Err(Reply::error(409, format!("the game is over: {}", end.text)));
            }
            Status::ToMove(c) => c,
        };
        let (index, decision) =
            play::choose(agent, game, &choices, effort, seed).map_err(|e| run_failed(&e))?;
        let text = choices
            .get(index)
            .map(|c| c.text.clone())
            .unwrap_or_default();
        Ok(serde_json::json!({
            "move": text,
            "agent": agent.to_string(),
            "playouts": decision.map(|d| d.playouts),
            "value": decision.map(|d| d.value),
            "seconds": started.elapsed().as_secs_f64(),
        }))
    });
    match found {
        Ok(v) => Reply::json(&v),
        Err(r) => r,
    }
}
