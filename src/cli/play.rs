//! `ply play`: a whole game in the terminal, each side played by a person (typing moves on
//! standard input), a random agent or the MCTS agent. The board is drawn after every move
//! with the move's squares marked; the result line ends the game.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::Path;
use std::time::Duration;

use super::load::{display, load};
use super::options::exit;
use super::positions::{game_start, search_failed};
use super::report::Reporter;
use crate::diagnostic::Kind;
use crate::play::{Agent, Choice, Effort, Game, Status, choose};
use crate::program::{Outcome, Program, SideId};
use crate::run::query::playout::{max_plies, unfinished};

/// The longest line `ply play` reads from a person (a move, a command): longer ones are
/// skipped, not kept in memory.
const MAX_LINE: usize = 4096;
use crate::render::move_view::{MoveView, Show, Viewer, cite, clause};
use crate::render::{board_text, moves_text};
use crate::run::outcome::Ending;
use crate::run::{Choice as Representation, Compiled, RunError};

/// What `ply play` is asked.
pub struct Ask<'a> {
    pub position: Option<&'a Path>,
    /// `SIDE=AGENT` as given.
    pub agents: &'a [String],
    pub seed: u64,
    pub think: Option<f64>,
    pub playouts: Option<u64>,
    /// `--depth`: how far expectiminimax looks.
    pub depth: Option<u32>,
    /// `--memory`: the most bytes the MCTS tree holds.
    pub memory: Option<usize>,
    /// Which representation of the rules the agents play on.
    pub choice: Representation,
}

/// The help a person gets with `help`.
const HELP: &str = "\
  a move as the list writes it (or its number in the list, or its first and last squares)
  ?             list the legal moves
  explain MOVE  the rules behind a move
  undo          take back your last move and the replies to it
  quit          stop the game here
";

/// How the game loop stops early.
enum Stop {
    /// Standard input ended or the person quit.
    Left,
    /// Output failed or the search did; the exit code.
    Code(i32),
}

struct Session<'a, 'p> {
    rep: &'a Reporter,
    source: &'a str,
    game: Game<'p>,
    agents: Vec<Agent>,
    effort: Effort,
    seed: u64,
    /// Draws the rolls no person enters.
    dice: crate::run::rng::Rng,
    input: Box<dyn BufRead + 'a>,
    /// Standard input is a terminal (no echo of what was typed).
    terminal: bool,
}

pub fn play(rep: &Reporter, rules: &Path, ask: &Ask) -> i32 {
    let loaded = match load(rep, rules) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let p = &loaded.program;
    if p.game.is_none() {
        let name = display(rules);
        let msg = format!("{name}: the rules file has no `game` section, so it cannot be played");
        rep.error(Kind::Usage, Some(&name), &msg);
        return exit::USAGE;
    }
    let agents = match agents(p, ask.agents) {
        Ok(a) => a,
        Err(msg) => {
            rep.error(Kind::Usage, None, &msg);
            return exit::USAGE;
        }
    };
    let effort = match effort(ask.think, ask.playouts, ask.depth) {
        Ok(e) => Effort {
            memory: ask.memory,
            ..e
        },
        Err(msg) => {
            rep.error(Kind::Usage, None, &msg);
            return exit::USAGE;
        }
    };
    if agents.contains(&Agent::Mcts) && unstated(p) {
        let name = display(rules);
        let message = format!(
            "{name}: some ends of the game do not say who wins (a `result` line with only a \
text); the MCTS agent counts them as draws, so it plays without knowing what to aim for. Write \
the outcome: `result white wins if ...`"
        );
        rep.warning(Kind::Rules, Some(&name), &message);
    }
    let (runner, start) = match game_start(rep, p, rules, (ask.position, None)) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let game = match Game::new(Compiled::new(runner, ask.choice), start) {
        Ok(g) => g,
        Err(e) => return search_failed(rep, &e),
    };
    let stdin = std::io::stdin();
    let mut s = Session {
        rep,
        source: &loaded.source,
        game,
        agents,
        effort,
        seed: ask.seed,
        dice: crate::run::rng::Rng::new(ask.seed ^ 0xD1CE),
        terminal: stdin.is_terminal(),
        input: Box::new(stdin.lock()),
    };
    match s.run() {
        Ok(()) | Err(Stop::Left) => exit::OK,
        Err(Stop::Code(code)) => code,
    }
}

/// Whether a way the game can end does not say who won.
fn unstated(p: &Program) -> bool {
    p.game.as_ref().is_some_and(|g| {
        g.results.iter().any(|r| r.outcome == Outcome::Unstated)
            || g.ends.iter().any(|e| e.outcome == Outcome::Unstated)
    })
}

/// Each side's agent: as `--agent SIDE=AGENT` says, else the first side human and the
/// others MCTS.
fn agents(p: &Program, asked: &[String]) -> Result<Vec<Agent>, String> {
    let mut out: Vec<Option<Agent>> = vec![None; p.sides.len()];
    let names: Vec<&str> = p.sides.iter().map(|s| s.name.as_str()).collect();
    for a in asked {
        let Some((side, agent)) = a.split_once('=') else {
            return Err(format!(
                "--agent {a}: write SIDE=AGENT, e.g. --agent {}=random",
                names[0]
            ));
        };
        let Some(i) = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(side.trim()))
        else {
            return Err(format!(
                "--agent {a}: there is no side `{side}`; the sides are {}",
                names.join(", ")
            ));
        };
        if out[i].is_some() {
            return Err(format!(
                "--agent {a}: the agent of {} is given twice",
                names[i]
            ));
        }
        out[i] = Some(
            agent
                .trim()
                .parse()
                .map_err(|e| format!("--agent {a}: {e}"))?,
        );
    }
    Ok(out
        .into_iter()
        .enumerate()
        .map(|(i, a)| a.unwrap_or(if i == 0 { Agent::Human } else { Agent::Mcts }))
        .collect())
}

/// How long MCTS thinks: `--think` seconds and/or `--playouts` per move; one second when
/// neither is given. How far expectiminimax looks: `--depth`.
fn effort(think: Option<f64>, playouts: Option<u64>, depth: Option<u32>) -> Result<Effort, String> {
    let think = match think {
        Some(t) if !(t.is_finite() && t > 0.0 && t <= 86_400.0) => {
            return Err(format!(
                "--think {t}: give a number of seconds above 0 (at most 86400)"
            ));
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None if playouts.is_none() => Some(Duration::from_secs(1)),
        None => None,
    };
    if playouts == Some(0) {
        return Err("--playouts 0: the agent needs at least one playout a move".to_string());
    }
    if depth == Some(0) || depth.is_some_and(|d| d > 8) {
        return Err("--depth: expectiminimax looks 1 to 8 plies ahead".to_string());
    }
    Ok(Effort {
        think,
        playouts,
        depth,
        memory: None,
    })
}

impl Session<'_, '_> {
    fn say(&self, text: &str) -> Result<(), Stop> {
        let mut out = std::io::stdout().lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Stop::Left),
            Err(e) => {
                let msg = format!("writing the output failed: {e}");
                self.rep.error(Kind::Io, None, &msg);
                Err(Stop::Code(exit::FAILURE))
            }
        }
    }

    fn failed(&self, e: &RunError) -> Stop {
        Stop::Code(search_failed(self.rep, e))
    }

    fn name(&self, side: SideId) -> String {
        self.game.side_name(side).to_string()
    }

    fn run(&mut self) -> Result<(), Stop> {
        let who: Vec<String> = (0..self.agents.len())
            .map(|s| format!("{} {}", self.name(s as SideId), self.agents[s]))
            .collect();
        self.say(&format!("{}\n", who.join(", ")))?;
        self.board()?;
        loop {
            self.roll()?;
            let status = self.game.status().map_err(|e| self.failed(&e))?;
            let choices = match status {
                Status::Over(ending) => return self.over(&ending),
                // A game its rules let go on for ever stops where every run stops it.
                Status::ToMove(_) if self.game.plies() >= max_plies(self.game.engine()) => {
                    let plies = self.game.plies();
                    let text = unfinished(plies).text;
                    return self.say(&format!("game over after {plies} plies: {text}\n"));
                }
                Status::ToMove(c) => c,
            };
            let side = self.game.mover();
            let agent = self.agents[side as usize];
            let forced_pass = choices.len() == 1 && choices[0].text == "pass";
            let i = if agent == Agent::Human && forced_pass {
                self.say(&format!(
                    "{} has no other move and passes\n",
                    self.name(side)
                ))?;
                0
            } else if agent == Agent::Human {
                match self.human(&choices)? {
                    Some(i) => i,
                    None => continue,
                }
            } else {
                self.agent(agent, &choices)?
            };
            let text = choices[i].text.clone();
            if agent == Agent::Human && !forced_pass {
                self.say(&format!("{} plays {text}\n", self.name(side)))?;
            }
            self.game
                .play(choices.into_iter().nth(i).expect("a listed move"));
            self.board()?;
        }
    }

    /// Makes the turn's roll when the position waits for one: a person presses Enter to
    /// roll or types the roll; an agent's is drawn.
    fn roll(&mut self) -> Result<(), Stop> {
        let n = self.game.waits_for_roll().map_err(|e| self.failed(&e))?;
        if n == 0 {
            return Ok(());
        }
        let side = self.game.mover();
        let texts = self.game.roll_texts();
        let opening = self.game.opening();
        let mut i = self.dice.below(n as u64) as usize;
        if self.agents[side as usize] == Agent::Human {
            let who = match opening {
                true => "the first roll, a die for each side in side order,".to_string(),
                false => self.name(side),
            };
            loop {
                let first = &texts[0];
                let last = &texts[n - 1];
                self.say(&format!(
                    "{who} to roll: press Enter, or type the roll ({first} to {last}): "
                ))?;
                let Some(line) = self.read_line()? else {
                    return Err(Stop::Left);
                };
                if line.is_empty() {
                    break;
                }
                match texts.iter().position(|t| *t == line) {
                    Some(typed) => {
                        i = typed;
                        break;
                    }
                    None => self.say(&format!("`{line}` is no roll of these dice\n"))?,
                }
            }
        }
        self.game.roll(i);
        // The first roll of `first roll one die each` decides who begins.
        if !opening {
            return self.say(&format!("{} rolls {}\n", self.name(side), texts[i]));
        }
        let begins = self.name(self.game.mover());
        self.say(&format!(
            "first roll {} (a die each): {begins} begins\n",
            texts[i]
        ))
    }

    /// The board now, the last move's squares marked.
    fn board(&self) -> Result<(), Stop> {
        let marks = self
            .game
            .played()
            .last()
            .map_or(&[][..], |p| p.squares.as_slice());
        let e = self.game.engine();
        let mut text = String::new();
        for line in board_text::draw_marked(e, self.game.position(), marks) {
            text.push_str(&format!("  {line}\n"));
        }
        self.say(&text)
    }

    fn over(&self, ending: &Ending) -> Result<(), Stop> {
        let p = self.game.engine().p;
        let (plies, counted) = (self.game.plies(), self.game.counted());
        let how = if counted >= self.game.limit() {
            match p.game.as_ref().is_some_and(|g| g.stop_turns) {
                true => format!(", the game stops after {counted} turns"),
                false => format!(", the game stops after {plies} plies"),
            }
        } else {
            let span = match (ending.rule, &p.game) {
                (Some(i), Some(g)) => Some(g.ends[i].span),
                (None, Some(g)) => g.stuck_span,
                _ => None,
            };
            span.map_or(String::new(), |s| {
                format!(", by {}", cite(&clause(self.source, s, "")))
            })
        };
        self.say(&format!(
            "game over after {plies} plies: {}{how}\n",
            ending.text
        ))
    }

    /// An agent's move.
    fn agent(&mut self, agent: Agent, choices: &[Choice]) -> Result<usize, Stop> {
        let side = self.game.mover();
        let (i, decision) = choose(agent, &mut self.game, choices, self.effort, self.seed)
            .map_err(|e| self.failed(&e))?;
        let mut line = format!("{} ({agent}) plays {}", self.name(side), choices[i].text);
        if let Some(d) = decision.filter(|d| d.playouts > 0) {
            let seen = match agent {
                Agent::Expectiminimax => "expects",
                _ => "scored",
            };
            let through = match agent {
                Agent::Expectiminimax => "",
                _ => " in those through it",
            };
            line.push_str(&format!(
                " after {} playouts ({} {seen} {:.0}%{through})",
                d.playouts,
                self.name(side),
                d.value * 100.0
            ));
        }
        self.say(&format!("{line}\n"))?;
        Ok(i)
    }

    /// A line from standard input, without its line end; `None` at the end of input. A
    /// line longer than [`MAX_LINE`] bytes is read no further than that: the rest of it is
    /// skipped, and it is answered as too long.
    fn read_line(&mut self) -> Result<Option<String>, Stop> {
        let mut buf = Vec::new();
        let read = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf);
        match read {
            Ok(0) => Ok(None),
            Ok(n) if n > MAX_LINE => {
                self.skip_line()?;
                let msg = format!("a line of more than {MAX_LINE} bytes: it was skipped");
                self.say(&format!("{msg}\n"))?;
                Ok(Some(String::new()))
            }
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).trim().to_string();
                if !self.terminal {
                    self.say(&format!("{line}\n"))?;
                }
                Ok(Some(line))
            }
            Err(e) => {
                let msg = format!("cannot read standard input: {e}");
                self.rep.error(Kind::Io, Some("<stdin>"), &msg);
                Err(Stop::Code(exit::FAILURE))
            }
        }
    }

    /// Skips standard input to the end of the line it is in.
    fn skip_line(&mut self) -> Result<(), Stop> {
        loop {
            let (done, used) = match self.input.fill_buf() {
                Ok([]) => return Ok(()),
                Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => (true, i + 1),
                    None => (false, buf.len()),
                },
                Err(e) => {
                    let msg = format!("cannot read standard input: {e}");
                    self.rep.error(Kind::Io, Some("<stdin>"), &msg);
                    return Err(Stop::Code(exit::FAILURE));
                }
            };
            self.input.consume(used);
            if done {
                return Ok(());
            }
        }
    }

    /// What the person at the board types: a move (its index), or `None` when the
    /// position changed (undo) and the turn starts again.
    fn human(&mut self, choices: &[Choice]) -> Result<Option<usize>, Stop> {
        let side = self.name(self.game.mover());
        loop {
            let moves = match choices.len() {
                1 => "1 move".to_string(),
                n => format!("{n} moves"),
            };
            self.say(&format!("{side} to move ({moves}, ? lists them)> "))?;
            let Some(line) = self.read_line()? else {
                self.say(&format!(
                    "\nend of input: the game stops unfinished after {} plies\n",
                    self.game.plies()
                ))?;
                return Err(Stop::Left);
            };
            let (word, rest) = line.split_once(' ').unwrap_or((&line, ""));
            match word {
                "" => {}
                "?" | "moves" => self.list(choices)?,
                "help" => self.say(HELP)?,
                "quit" | "exit" => {
                    self.say(&format!(
                        "the game stops unfinished after {} plies\n",
                        self.game.plies()
                    ))?;
                    return Err(Stop::Left);
                }
                "undo" => {
                    if self.undo()? {
                        return Ok(None);
                    }
                }
                "explain" => self.explain(choices, rest.trim())?,
                _ => match self.game.find(choices, &line) {
                    Ok(i) => return Ok(Some(i)),
                    Err(why) => {
                        let rule = self.turned_down(&line)?;
                        self.say(&format!("{why}{rule}\n"))?;
                    }
                },
            }
        }
    }

    /// The rule that turned down a move as typed, when the generator tried it: `; turned
    /// down: REASON; CLAUSE`. Empty when it was never a candidate.
    fn turned_down(&mut self, typed: &str) -> Result<String, Stop> {
        // A number is read as a move's number in the list, not as a square.
        if typed.trim().parse::<usize>().is_ok() {
            return Ok(String::new());
        }
        let Some(&sq) = self.game.squares_named(typed).first() else {
            return Ok(String::new());
        };
        let typed: String = typed.split_whitespace().collect();
        let pos = self.game.position().clone();
        let show = Show {
            explain: false,
            square: Some(sq),
            limit: 0,
        };
        let view = Viewer {
            runner: self.game.runner(),
            source: self.source,
        }
        .case(1, &pos, &show)
        .map_err(|e| self.failed(&e))?;
        let found = view
            .rejected
            .iter()
            .flatten()
            .find(|r| r.candidate.eq_ignore_ascii_case(&typed));
        Ok(found.map_or(String::new(), |r| {
            let clause = r
                .clause
                .as_ref()
                .map_or(String::new(), |c| format!("; {}", cite(c)));
            format!(" ({}{clause})", r.reason)
        }))
    }

    /// Takes back the last human move and the replies to it; false when there is none.
    fn undo(&mut self) -> Result<bool, Stop> {
        let human = |g: &Game, a: &[Agent]| {
            g.played()
                .iter()
                .any(|p| a[p.side as usize] == Agent::Human)
        };
        if !human(&self.game, &self.agents) {
            self.say("nothing to undo: no move of yours has been played\n")?;
            return Ok(false);
        }
        let mut taken = Vec::new();
        while let Some(last) = self.game.played().last() {
            let by_human = self.agents[last.side as usize] == Agent::Human;
            taken.push(last.text.clone());
            self.game.undo();
            if by_human {
                break;
            }
        }
        taken.reverse();
        self.say(&format!("took back {}\n", taken.join(", ")))?;
        self.board()?;
        Ok(true)
    }

    /// The views of the moves now, explained or not.
    fn views(&mut self, explain: bool) -> Result<Vec<MoveView>, Stop> {
        let pos = self.game.position().clone();
        let show = Show {
            explain,
            square: None,
            limit: usize::MAX,
        };
        let view = Viewer {
            runner: self.game.runner(),
            source: self.source,
        }
        .case(1, &pos, &show);
        let view = view.map_err(|e| self.failed(&e))?;
        Ok(view.moves)
    }

    fn list(&mut self, choices: &[Choice]) -> Result<(), Stop> {
        let views = self.views(false)?;
        let mut text = String::new();
        for (i, c) in choices.iter().enumerate() {
            let notes = views
                .iter()
                .find(|v| v.notation == c.text)
                .map(moves_text::notes)
                .unwrap_or_default();
            let sep = if notes.is_empty() { "" } else { "  " };
            text.push_str(&format!("  {:>3}. {}{sep}{notes}\n", i + 1, c.text));
        }
        self.say(&text)
    }

    fn explain(&mut self, choices: &[Choice], typed: &str) -> Result<(), Stop> {
        if typed.is_empty() {
            let example = choices.first().map_or("pass", |c| c.text.as_str());
            return self.say(&format!("explain which move? e.g. explain {example}\n"));
        }
        let i = match self.game.find(choices, typed) {
            Ok(i) => i,
            Err(why) => return self.say(&format!("{why}\n")),
        };
        let views = self.views(true)?;
        let mut text = String::new();
        match views.iter().find(|v| v.notation == choices[i].text) {
            Some(v) => moves_text::one_move(v, &mut text),
            None => text.push_str(&format!("  {}: a pass, the only move\n", choices[i].text)),
        }
        self.say(&text)
    }
}
