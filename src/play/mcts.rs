//! Monte Carlo tree search (UCT): a tree of the positions reached from the one to move,
//! grown one node per iteration, each new node scored by a random playout from the same
//! move generator, and the move tried most often chosen.
//!
//! The tree keeps to a memory bound ([`Effort::memory`]): a node keeps the moves not yet
//! tried from it as their indices, and the position after one is made when it is first
//! tried. Once the tree holds as many bytes as the bound allows, it stops growing and the
//! search goes on from its leaves: each iteration still ends in a playout, scored along the
//! path through the tree.

use std::time::{Duration, Instant};

use super::game::{Choice, Game, rewards};
use crate::dispatch;
use crate::program::{Outcome, SideId};
use crate::run::query::playout::{ending_of, max_plies, playout};
use crate::run::rng::Rng;
use crate::run::{Generator, Position, RunError};

/// How long the agent thinks about a move: the first bound reached stops it.
#[derive(Debug, Clone, Copy)]
pub struct Effort {
    pub think: Option<Duration>,
    pub playouts: Option<u64>,
    /// How many plies expectiminimax looks ahead (its `playouts` score each position there).
    pub depth: Option<u32>,
    /// The most bytes the MCTS tree holds ([`MEMORY`] when not given).
    pub memory: Option<usize>,
}

/// The most bytes an MCTS tree holds when [`Effort::memory`] is not given.
pub const MEMORY: usize = 256 << 20;

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

impl Decision {
    /// The one move there is, chosen without a search.
    pub fn forced() -> Decision {
        Decision {
            index: 0,
            playouts: 0,
            value: f64::NAN,
        }
    }
}

/// How much UCT favours moves tried less often.
const EXPLORE: f64 = 1.0;

struct Node<S> {
    state: S,
    /// Plies into the game.
    plies: u32,
    /// The side whose move led here.
    chooser: SideId,
    visits: u32,
    /// The sum of the chooser's rewards over the playouts through this node.
    reward: f64,
    children: Vec<u32>,
    /// The indices of the moves not yet in the tree, in the generator's order of children.
    untried: Vec<u32>,
    expanded: bool,
    /// The position waits for a roll: its children are the roll's outcomes, one drawn at
    /// random each time the search passes (no side chooses there).
    chance: bool,
    /// How the game ended here, if it did.
    end: Option<Outcome>,
}

impl<S> Node<S> {
    fn new(state: S, plies: u32, chooser: SideId) -> Node<S> {
        Node {
            state,
            plies,
            chooser,
            visits: 0,
            reward: 0.0,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            chance: false,
            end: None,
        }
    }

    fn uct(&self, parent_visits: f64) -> f64 {
        let n = f64::from(self.visits);
        self.reward / n + EXPLORE * (parent_visits.ln() / n).sqrt()
    }
}

struct Tree<'g, G, S> {
    g: &'g mut G,
    nodes: Vec<Node<S>>,
    /// The game's positions before the root, for rules against repetition.
    history: Vec<S>,
    /// The rules forbid repeating a position: the positions on the way to a node are
    /// remembered before its moves are found.
    remembers: bool,
    limit: u32,
    sides: usize,
    gains: Vec<f64>,
    /// The bytes the tree holds beside `nodes` itself: the states' heap memory and the
    /// nodes' lists.
    held: usize,
    /// The most bytes the tree may hold ([`Effort::memory`]).
    memory: usize,
}

/// Chooses one of `choices` (the legal moves of the game's position now) by UCT.
pub fn choose(
    game: &mut Game,
    choices: &[Choice],
    effort: Effort,
    rng: &mut Rng,
) -> Result<Decision, RunError> {
    if choices.len() == 1 {
        return Ok(Decision::forced());
    }
    let remembers = game.engine().p.no_repeat.is_some() || game.engine().t.repetition;
    let history: Vec<Position> = match remembers {
        true => game.earlier().cloned().collect(),
        false => Vec::new(),
    };
    let at = Root {
        pos: game.position().clone(),
        plies: game.counted(),
        limit: game.limit(),
        history,
        remembers,
    };
    let result = dispatch!(&mut game.compiled, g => search(g, &at, choices, effort, rng));
    game.forget_last();
    result
}

/// Where the search starts: the game's position now, the plies played to it, the game's
/// ply limit, and the positions before it (for rules against repetition).
struct Root {
    pos: Position,
    plies: u32,
    limit: u32,
    history: Vec<Position>,
    remembers: bool,
}

/// [`choose`] on the representation `G`.
fn search<'p, G: Generator<'p>>(
    g: &mut G,
    root: &Root,
    choices: &[Choice],
    effort: Effort,
    rng: &mut Rng,
) -> Result<Decision, RunError> {
    let history = root.history.iter().map(|p| g.state(p)).collect();
    let top_state = g.state(&root.pos);
    let sides = g.engine().p.sides.len();
    let mut tree = Tree {
        g,
        nodes: Vec::with_capacity(choices.len() + 1),
        history,
        remembers: root.remembers,
        limit: root.limit,
        sides,
        gains: Vec::new(),
        held: 0,
        memory: effort.memory.unwrap_or(MEMORY),
    };
    let plies = root.plies;
    let mut top = Node::new(top_state, plies, 0);
    top.expanded = true;
    let chooser = root.pos.mover;
    tree.add(top);
    // The root's children in the order of `choices`, made whatever the bound: the search
    // chooses among them.
    for c in choices {
        let state = tree.g.state(&c.after);
        let plies = plies + tree.g.engine().toward_limit(chooser, tree.g.mover(&state));
        let id = tree.add(Node::new(state, plies, chooser));
        tree.nodes[0].children.push(id);
    }
    tree.held += tree.nodes[0].children.capacity() * size_of::<u32>();
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
    Ok(tree.best(made))
}

impl<'p, G: Generator<'p>> Tree<'_, G, G::State> {
    /// One iteration: down the tree by UCT, one new node, a playout from it, and its
    /// result carried back up.
    fn iterate(&mut self, rng: &mut Rng) -> Result<(), RunError> {
        let mut path = vec![0u32];
        let mut at = 0usize;
        loop {
            if !self.nodes[at].expanded {
                if self.full() {
                    // The tree has stopped growing: the playout starts at this leaf.
                    break;
                }
                self.expand(at, &path)?;
            }
            let node = &self.nodes[at];
            if node.end.is_some() {
                break;
            }
            if node.chance {
                let next = node.children[rng.below(node.children.len() as u64) as usize];
                path.push(next);
                at = next as usize;
                continue;
            }
            if !node.untried.is_empty() {
                if self.full() {
                    break;
                }
                let pick = rng.below(node.untried.len() as u64) as usize;
                let k = self.nodes[at].untried.swap_remove(pick);
                self.recall(&path);
                let node = &self.nodes[at];
                let state = self.g.play_nth(&node.state, k as usize)?;
                let chooser = self.g.mover(&node.state);
                let plies =
                    node.plies + self.g.engine().toward_limit(chooser, self.g.mover(&state));
                let id = self.add(Node::new(state, plies, chooser));
                let children = &mut self.nodes[at].children;
                let before = children.capacity();
                children.push(id);
                self.held += (children.capacity() - before) * size_of::<u32>();
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
                    let score = |n: &Node<G::State>| {
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

    /// How many nodes the tree may hold with the bytes it holds beside them, the next node's
    /// state counted as large as the last one's.
    fn room(&self) -> usize {
        let state = self
            .nodes
            .last()
            .map_or(0, |n| self.g.state_bytes(&n.state));
        let spare = self.memory.saturating_sub(self.held + state);
        spare / size_of::<Node<G::State>>()
    }

    /// The tree holds as many bytes as its bound allows: it grows no more.
    fn full(&self) -> bool {
        self.nodes.len() >= self.room()
    }

    /// Adds `node` to the tree and counts its memory; its id. The list of nodes grows as a
    /// vector does, by doubling, but not past the room the bound leaves.
    fn add(&mut self, node: Node<G::State>) -> u32 {
        if self.nodes.len() == self.nodes.capacity() {
            let len = self.nodes.len();
            let grown = (len * 2).max(16).min(self.room()).max(len + 1);
            self.nodes.reserve_exact(grown - len);
        }
        self.held += self.g.state_bytes(&node.state) - size_of::<G::State>();
        self.nodes.push(node);
        self.nodes.len() as u32 - 1
    }

    /// Remembers the game's positions on the way to the last node of `path` (the game's
    /// before the root, then the nodes before it), for rules against repetition.
    fn recall(&mut self, path: &[u32]) {
        if !self.remembers {
            return;
        }
        let g = &mut *self.g;
        g.forget_game();
        for h in &self.history {
            g.remember(h);
        }
        for &id in &path[..path.len() - 1] {
            g.remember(&self.nodes[id as usize].state);
        }
    }

    /// Counts the moves of node `at` (reached by `path`), or finds that the game ends there.
    fn expand(&mut self, at: usize, path: &[u32]) -> Result<(), RunError> {
        self.recall(path);
        self.nodes[at].expanded = true;
        let node = &self.nodes[at];
        let rolls = match node.plies < self.limit {
            true => self.g.outcomes(&node.state)?,
            false => 0,
        };
        if rolls > 0 {
            // Each outcome of the roll is a child, as likely as another.
            let (plies, chooser) = (node.plies, node.chooser);
            for i in 0..rolls {
                let state = self.g.rolled(&self.nodes[at].state, i);
                let id = self.add(Node::new(state, plies, chooser));
                self.nodes[at].children.push(id);
            }
            self.held += self.nodes[at].children.capacity() * size_of::<u32>();
            self.nodes[at].chance = true;
            return Ok(());
        }
        let mut moves = 0;
        if node.plies < self.limit && self.g.end(&node.state)?.is_none() {
            moves = self.g.count(&node.state)?;
        }
        if moves == 0 {
            let g = &mut *self.g;
            let pos = g.position(&self.nodes[at].state);
            let end = g.ending(&pos, None);
            g.recycle(pos);
            self.nodes[at].end = Some(end?.outcome);
            return Ok(());
        }
        let Ok(moves) = u32::try_from(moves) else {
            return Err(RunError::new(format!(
                "a position has {moves} legal moves, more than the MCTS agent can keep"
            )));
        };
        // Tried last to first, each drawn at random.
        let untried: Vec<u32> = (0..moves).rev().collect();
        self.held += untried.capacity() * size_of::<u32>();
        self.nodes[at].untried = untried;
        Ok(())
    }

    /// A random game from node `at`, and how it ended.
    fn simulate(&mut self, at: usize, rng: &mut Rng) -> Result<Outcome, RunError> {
        let node = &self.nodes[at];
        let cap = max_plies(self.g.engine());
        let played = playout(self.g, (&node.state, node.plies, cap), rng, None)?;
        Ok(ending_of(self.g, played)?.outcome)
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
