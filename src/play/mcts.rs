//! Monte Carlo tree search (UCT): a tree of the positions reached from the one to move,
//! grown one node per iteration, each new node scored by a random playout from the same
//! move generator, and the move tried most often chosen.

use std::time::{Duration, Instant};

use super::game::{Choice, Game, rewards};
use crate::program::{Outcome, SideId, Stuck};
use crate::render::output::{ending, ending_known};
use crate::run::playout::{Rng, playout_from};
use crate::run::{Position, RunError, Runner};

/// How long the agent thinks about a move: the first bound reached stops it.
#[derive(Debug, Clone, Copy)]
pub struct Effort {
    pub think: Option<Duration>,
    pub playouts: Option<u64>,
}

/// The agent's choice and what the search saw.
#[derive(Debug, Clone, Copy)]
pub struct Decision {
    /// The index of the chosen move among the choices.
    pub index: usize,
    /// Playouts made.
    pub playouts: u64,
    /// The share of the chosen move's playouts that went the mover's way (0 to 1).
    pub value: f64,
}

/// How much UCT favours moves tried less often.
const EXPLORE: f64 = 1.0;

struct Node {
    pos: Position,
    /// Plies into the game.
    plies: u32,
    /// The side whose move led here.
    chooser: SideId,
    visits: u32,
    /// The sum of the chooser's rewards over the playouts through this node.
    reward: f64,
    children: Vec<u32>,
    /// Positions after the moves not yet in the tree.
    untried: Vec<Position>,
    expanded: bool,
    /// How the game ended here, if it did.
    end: Option<Outcome>,
}

impl Node {
    fn new(pos: Position, plies: u32, chooser: SideId) -> Node {
        Node {
            pos,
            plies,
            chooser,
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            end: None,
        }
    }

    fn uct(&self, parent_visits: f64) -> f64 {
        let n = f64::from(self.visits);
        self.reward / n + EXPLORE * (parent_visits.ln() / n).sqrt()
    }
}

struct Tree<'g, 'p> {
    runner: &'g mut Runner<'p>,
    nodes: Vec<Node>,
    /// The game's positions before the root, for rules against repetition.
    history: Vec<Position>,
    limit: u32,
    passes: bool,
    sides: usize,
    scratch: Vec<Position>,
    gains: Vec<f64>,
}

/// Chooses one of `choices` (the legal moves of the game's position now) by UCT.
pub fn choose(
    game: &mut Game,
    choices: &[Choice],
    effort: Effort,
    rng: &mut Rng,
) -> Result<Decision, RunError> {
    if choices.len() == 1 {
        return Ok(Decision {
            index: 0,
            playouts: 0,
            value: f64::NAN,
        });
    }
    let remembers = game.runner.engine().p.no_repeat.is_some();
    let history = if remembers {
        game.earlier().cloned().collect()
    } else {
        Vec::new()
    };
    let (plies, limit, root) = (game.plies(), game.limit(), game.position().clone());
    let p = game.runner.engine().p;
    let passes = p.game.as_ref().is_some_and(|g| g.stuck == Stuck::Pass);
    let sides = p.sides.len();
    let mut tree = Tree {
        runner: &mut game.runner,
        nodes: Vec::new(),
        history,
        limit,
        passes,
        sides,
        scratch: Vec::new(),
        gains: Vec::new(),
    };
    let mut top = Node::new(root, plies, 0);
    top.expanded = true;
    top.untried = choices.iter().rev().map(|c| c.after.clone()).collect();
    tree.nodes.push(top);
    // The root's children in the order of `choices`.
    while let Some(pos) = tree.nodes[0].untried.pop() {
        let chooser = tree.nodes[0].pos.mover;
        tree.nodes.push(Node::new(pos, plies + 1, chooser));
        let id = tree.nodes.len() as u32 - 1;
        tree.nodes[0].children.push(id);
    }
    let started = Instant::now();
    let mut made = 0u64;
    loop {
        if effort.playouts.is_some_and(|n| made >= n)
            || effort.think.is_some_and(|t| started.elapsed() >= t)
        {
            break;
        }
        tree.iterate(rng)?;
        made += 1;
    }
    let result = tree.best(made);
    game.forget_last();
    Ok(result)
}

impl Tree<'_, '_> {
    /// One iteration: down the tree by UCT, one new node, a playout from it, and its
    /// result carried back up.
    fn iterate(&mut self, rng: &mut Rng) -> Result<(), RunError> {
        let mut path = vec![0u32];
        let mut at = 0usize;
        loop {
            if !self.nodes[at].expanded {
                self.expand(at, &path)?;
            }
            let node = &self.nodes[at];
            if node.end.is_some() {
                break;
            }
            if !node.untried.is_empty() {
                let pick = rng.below(node.untried.len() as u64) as usize;
                let node = &mut self.nodes[at];
                let pos = node.untried.swap_remove(pick);
                let (plies, chooser) = (node.plies + 1, node.pos.mover);
                self.nodes.push(Node::new(pos, plies, chooser));
                let id = self.nodes.len() as u32 - 1;
                self.nodes[at].children.push(id);
                path.push(id);
                at = id as usize;
                break;
            }
            let total = f64::from(node.visits.max(1));
            let next = node
                .children
                .iter()
                .copied()
                .max_by(|&a, &b| {
                    let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                    let score = |n: &Node| {
                        if n.visits == 0 {
                            f64::INFINITY
                        } else {
                            n.uct(total)
                        }
                    };
                    score(a).total_cmp(&score(b))
                })
                .expect("an expanded node that is not over has children");
            path.push(next);
            at = next as usize;
        }
        let outcome = match self.nodes[at].end {
            Some(o) => o,
            None => self.simulate(at, rng)?,
        };
        rewards(outcome, self.sides, &mut self.gains);
        for &id in &path {
            let node = &mut self.nodes[id as usize];
            node.visits += 1;
            node.reward += self
                .gains
                .get(node.chooser as usize)
                .copied()
                .unwrap_or(0.0);
        }
        Ok(())
    }

    /// Lists the moves of node `at` (reached by `path`), or finds that the game ends there.
    fn expand(&mut self, at: usize, path: &[u32]) -> Result<(), RunError> {
        let runner = &mut *self.runner;
        if !self.history.is_empty() {
            runner.forget_game();
            for h in &self.history {
                runner.remember(h);
            }
            for &id in &path[..path.len() - 1] {
                runner.remember(&self.nodes[id as usize].pos);
            }
        }
        self.nodes[at].expanded = true;
        let pos = &self.nodes[at].pos;
        runner.new_position();
        if self.nodes[at].plies >= self.limit || runner.end_reached(pos)?.is_some() {
            self.nodes[at].end = Some(ending(runner, pos)?.outcome);
            return Ok(());
        }
        let mut next = Vec::new();
        runner.successors(pos, &mut next)?;
        if next.is_empty() && self.passes {
            let mut passed = pos.clone();
            passed.mover = runner.next_side(pos.mover);
            passed.passes = passed.passes.saturating_add(1);
            runner.remember(pos);
            runner.successors(&passed, &mut self.scratch)?;
            if !self.scratch.is_empty() {
                next.push(passed);
            }
        }
        if next.is_empty() {
            let pos = &self.nodes[at].pos;
            self.nodes[at].end = Some(ending(runner, pos)?.outcome);
        }
        self.nodes[at].untried = next;
        Ok(())
    }

    /// A random game from node `at`, and how it ended.
    fn simulate(&mut self, at: usize, rng: &mut Rng) -> Result<Outcome, RunError> {
        let node = &self.nodes[at];
        let played = playout_from(
            self.runner,
            &node.pos,
            node.plies,
            rng,
            &mut self.scratch,
            None,
        )?;
        Ok(ending_known(self.runner, &played.end, played.end_rule)?.outcome)
    }

    /// The root's child tried most often (the better scored of equals).
    fn best(&self, made: u64) -> Decision {
        let root = &self.nodes[0];
        let mut best = 0;
        for (i, &id) in root.children.iter().enumerate() {
            let (n, b) = (
                &self.nodes[id as usize],
                &self.nodes[root.children[best] as usize],
            );
            if (n.visits, n.reward) > (b.visits, b.reward) {
                best = i;
            }
        }
        let chosen = &self.nodes[root.children[best] as usize];
        Decision {
            index: best,
            playouts: made,
            value: chosen.reward / f64::from(chosen.visits.max(1)),
        }
    }
}
