//! The command line: the clap definition of `ply` and its subcommands, and the dispatcher
//! that runs one. Each subcommand has its own file; the options and helpers they share are
//! in [`options`]. Exit codes are documented in `--help` ([`options::exit`]).

mod check;
mod golden;
pub(crate) mod load;
mod lsp;
mod moves;
pub mod options;
mod perft;
mod play;
pub(crate) mod playout;
mod positions;
mod progress;
mod report;
mod run;
mod serve;
mod show;

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::diagnostic::Style;
use crate::run::query::threads;
use options::{Color, Counting, Format, FormatArg, Limits, Representation, exit, print};
use report::Reporter;

const AFTER_HELP: &str = "\
Examples:
  ply run game.rules board.txt                answer every case in board.txt
  ply run game.rules < cases.txt              read the cases from standard input
  ply check rules/*.rules                     check rules files, print every error
  ply moves game.rules board.txt --explain    every legal move, and why
  ply show game.rules board.txt --svg b.svg   a picture of the first case
  ply perft game.rules --depth 8              count move sequences from the setup
  ply playout game.rules --games 1000 --seed 3
  ply play game.rules                         play the first side against the MCTS agent
  ply test tests/golden                       run golden folders, diff what differs
  ply serve rules                             a playground page for the rules files
  ply completions bash                        a completion script for bash
  ply man > ply.1                             the manual page
  ply lsp                                     the language server editors start

Exit codes:
  0  success
  1  any other failure (a file cannot be read, a count overflows, ...)
  2  usage error (unknown option, missing argument)
  3  the rules file has errors
  4  the input is malformed
  5  a search went past --max-nodes, --timeout or --max-memory";

/// The deepest perft: each ply is a level of recursion.
const MAX_PERFT_DEPTH: i64 = 10_000;

#[derive(Parser, Debug)]
#[command(name = "ply", version, about = "Check, compile and run board-game rules files", after_help = AFTER_HELP)]
pub struct Cli {
    /// When to colour diagnostics (NO_COLOR in the environment means never for `auto`)
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer every case of the input as the rules file says, printing exactly its output
    #[command(
        after_help = "Examples:\n  ply run game.rules cases.txt\n  cat cases.txt | ply run game.rules -"
    )]
    Run {
        /// The rules file
        rules: PathBuf,
        /// The input file; `-` or nothing reads standard input
        input: Option<PathBuf>,
        #[command(flatten)]
        limits: Limits,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Check rules files and report every error in them
    #[command(after_help = "Examples:\n  ply check game.rules\n  ply check rules/*.rules")]
    Check {
        /// The rules files
        #[arg(required = true)]
        rules: Vec<PathBuf>,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Draw each case's board and list every legal move of the side to move
    #[command(
        after_help = "Moves are written in the game's square notation (B7-D7, a chain as \
C3-A5-C7, a placement as its square, pass), in board order, each with the squares it \
captures and flips. Without INPUT, the rules file's setup is shown if it has one.\n\n\
Examples:\n  ply moves game.rules board.txt\n  ply moves game.rules board.txt --explain\n  \
ply moves game.rules board.txt --square B3\n  ply moves game.rules --format json"
    )]
    Moves {
        /// The rules file
        rules: PathBuf,
        /// The input file; `-` reads standard input; without it, the rules file's setup
        /// (or standard input when it has none)
        input: Option<PathBuf>,
        /// With each move, the clauses that made it: action, direction, distance and how it
        /// was worked out, squares passed, captures, flips in order
        #[arg(long)]
        explain: bool,
        /// Also list the candidate moves from (or placements on) this square that the rules
        /// turned down, each with the clause that turned it down
        #[arg(long, value_name = "SQUARE")]
        square: Option<String>,
        /// List at most N moves per case (the first the generator makes); 0 lists all
        #[arg(long, value_name = "N", default_value_t = 1000)]
        limit: usize,
        #[command(flatten)]
        limits: Limits,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Draw one case's board as an SVG picture (or as text), optionally with its moves
    #[command(
        after_help = "The picture has the game's row and column names, each piece as its figure \
(a figurine, stone, tile or marked disc: see `drawn with` in docs/language.md), the pieces in \
hand beside the board, the last move of --after shaded, the result across a finished game and, \
with --moves, an arrow per legal move (a chain through every square it lands on, a placement \
as a ring). Without --svg the board is \
drawn as text on standard output. Without INPUT, the rules file's setup is drawn if it has one.\n\n\
Examples:\n  ply show game.rules board.txt --svg board.svg\n  \
ply show game.rules board.txt --case 3 --moves --svg moves.svg\n  ply show game.rules --moves\n  \
ply show game.rules --after \"e2e4 e7e5 g1f3\" --bottom black --svg game.svg"
    )]
    Show {
        /// The rules file
        rules: PathBuf,
        /// The input file; `-` reads standard input; without it, the rules file's setup
        /// (or standard input when it has none)
        input: Option<PathBuf>,
        /// Write an SVG picture to this file (`-`: standard output)
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Draw every legal move of the side to move as an arrow
        #[arg(long)]
        moves: bool,
        /// Draw at most N moves (the first the generator makes); 0 draws all
        #[arg(long, value_name = "N", default_value_t = 1000)]
        limit: usize,
        /// Which case of the input to draw, counting from 1
        #[arg(long, default_value_t = 1, value_parser = case_number)]
        case: u64,
        /// Play these moves (in the game's notation, separated by spaces) from the case's
        /// position first; the picture marks the squares of the last
        #[arg(long, value_name = "MOVES", value_delimiter = ' ', num_args = 1..)]
        after: Vec<String>,
        /// Draw this side at the bottom of the picture (by default the side whose pieces go
        /// up the board, or the first side)
        #[arg(long, value_name = "SIDE")]
        bottom: Option<String>,
        #[command(flatten)]
        limits: Limits,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Count the move sequences of exactly DEPTH plies from the start position
    #[command(
        after_help = "The count is the last line of standard output; --divide first prints each first \
move with its count. Time and leaves per second go to standard error, with what was counted: \
whole moves (a turn, with all its parts and jumps) or, with --count actions, single actions \
(each part of a move in parts and each jump of a chain is a ply, as oracles that split a turn \
count). The first moves are shared among the threads; the count does not depend on how many \
there are.\n\n\
Examples:\n  ply perft game.rules --depth 6\n  ply perft game.rules --depth 4 --divide\n  \
ply perft game.rules --depth 3 --position board.txt\n  ply perft game.rules --depth 6 --threads 1\n  \
ply perft game.rules --depth 6 --general\n  ply perft game.rules --depth 3 --count actions\n  \
ply perft tic-tac-toe.rules --depth 9 --endings\n  \
ply perft big-board.rules --depth 2 --max-memory 1G"
    )]
    Perft {
        /// The rules file
        rules: PathBuf,
        /// How many plies deep to count (at most 10000)
        #[arg(long, short, value_parser = clap::value_parser!(u32).range(..=MAX_PERFT_DEPTH))]
        depth: u32,
        /// Start from the first case of this file (read with the rules file's input format)
        /// instead of the rules file's setup
        #[arg(long)]
        position: Option<PathBuf>,
        /// Print each first move with its count before the total
        #[arg(long)]
        divide: bool,
        /// Also count the games that end within DEPTH whole moves, by result (on one
        /// thread, after the perft)
        #[arg(long, conflicts_with = "count")]
        endings: bool,
        /// In a game with dice: also count the sequences on average over the rolls (each
        /// outcome weighted by its chance), and the branching a ply that gives (on one thread)
        #[arg(long, conflicts_with = "count")]
        chance: bool,
        /// Threads to count on, each taking the next first move (default: one per core)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
        /// What a ply is: a whole move (every part and jump of it), a single action (each
        /// part of a move in parts, each jump of a chain, counted on one thread), or a whole
        /// turn (the moves a side makes before the next side moves). Default: turns for rules
        /// with `turns of ...`, else moves
        #[arg(long, value_enum)]
        count: Option<Counting>,
        #[command(flatten)]
        representation: Representation,
        #[command(flatten)]
        limits: Limits,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Play random games from the start position and print the tally of results
    #[command(
        after_help = "Each game picks uniformly among the legal moves until the game ends; the \
same seed gives the same tally, on any number of threads (each game has its own seed). \
A game the rules have not ended after --max-plies plies is stopped and counted as \
unfinished, so a game that can go on for ever never holds the run up. \
Plies per game and games per second go to standard error.\n\n\
Examples:\n  ply playout game.rules --games 1000\n  ply playout game.rules --games 500 --seed 7\n  \
ply playout game.rules --games 100 --max-plies 500\n  \
ply playout game.rules --games 1000 --threads 1\n  ply playout game.rules --games 10000 --stats\n  \
ply playout game.rules --games 1000 --stats --format json"
    )]
    Playout {
        /// The rules file
        rules: PathBuf,
        /// How many games to play
        #[arg(long, short)]
        games: u64,
        /// The random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from the first case of this file instead of the rules file's setup
        #[arg(long)]
        position: Option<PathBuf>,
        /// Threads to play on, each taking the next game (default: one per core); the tally
        /// is the same for any number
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
        threads: Option<u32>,
        /// Also each result's share with its 95% confidence interval, the first side's wins,
        /// the games' lengths, the legal moves a position and the games the ply limit stopped
        #[arg(long)]
        stats: bool,
        /// The most plies of one game: a game its rules have not ended by then is stopped and
        /// counted as unfinished (default: 100000, or 10 per square on a larger board)
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        max_plies: Option<u32>,
        #[command(flatten)]
        representation: Representation,
        #[command(flatten)]
        limits: Limits,
        #[command(flatten)]
        format: FormatArg,
    },
    /// Play a whole game in the terminal: people type moves, agents answer
    #[command(
        after_help = "Each side is played by a person typing moves (human), a uniformly random \
agent (random), Monte Carlo tree search (mcts) or expectiminimax (expectiminimax: every move \
looked at --depth plies ahead, each roll of dice as the average of its outcomes, a position \
there scored by --playouts random games, the moves not reached when --think runs out left \
aside; for small games and games with dice): by default the \
first side is human and the others are mcts. The board is drawn after every move, the move's squares in brackets. A person \
types a move as the game writes it (D3, e2e4, 32-28), its number in the list, or its first and \
last squares; `?` lists the moves, `explain MOVE` shows the rules behind one, `undo` takes back \
the last move of a person and the replies to it, `quit` stops. In a game with dice each turn \
begins with its roll: a person presses Enter to roll or types the roll (4, 3-5); an agent's is \
drawn from the seed. Standard input that is not a \
terminal is read line by line and echoed, so a game can be scripted; the end of input stops \
the game. The same seed and the same moves give the same agent replies when --playouts \
bounds the search.\n\n\
Examples:\n  ply play game.rules\n  \
ply play game.rules --agent white=mcts --agent black=human --think 2\n  \
ply play game.rules --agent white=mcts --think 60 --memory 1024\n  \
ply play game.rules --agent white=mcts --agent black=random --playouts 500 --seed 4\n  \
ply play game.rules --agent white=expectiminimax --depth 2 --playouts 8\n  \
printf 'D3\\nundo\\nC4\\n' | ply play game.rules --playouts 100"
    )]
    Play {
        /// The rules file (it needs a `game` section)
        rules: PathBuf,
        /// Start from the first case of this file instead of the rules file's setup
        #[arg(long)]
        position: Option<PathBuf>,
        /// Who plays a side: SIDE=human, SIDE=random, SIDE=mcts or SIDE=expectiminimax (repeat
        /// for each side)
        #[arg(long, value_name = "SIDE=AGENT")]
        agent: Vec<String>,
        /// The random seed of the agents
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seconds the MCTS agent thinks about a move (default 1 unless --playouts is given)
        #[arg(long, value_name = "SECONDS")]
        think: Option<f64>,
        /// Playouts the MCTS agent makes for a move (with --think, the first bound reached
        /// stops it); reproducible, unlike a time bound
        #[arg(long, value_name = "N")]
        playouts: Option<u64>,
        /// Plies of moves the expectiminimax agent looks ahead, rolls of dice not counted
        /// (default 2; its --playouts, default 8, score each position there)
        #[arg(long, value_name = "N")]
        depth: Option<u32>,
        /// Megabytes the MCTS agent may keep in its search tree (default 256); once full, the tree stops
        /// growing and the search goes on from its leaves
        #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
        memory: Option<u32>,
        #[command(flatten)]
        representation: Representation,
    },
    /// Run golden folders: each <case>.in through its rules file, compared with <case>.out
    #[command(
        after_help = "A golden folder holds cases, each an input <case>.in and the expected \
output <case>.out. Its rules file is the one .rules file beside the cases, or else \
<folder name>.rules under a rules/ folder above it (tests/golden/my-game/ uses \
rules/my-game.rules or rules/variants/my-game.rules). A folder without cases is \
searched for golden folders. A case that differs is shown as a unified diff; the exit code \
is 1 if any case failed.\n\n\
Examples:\n  ply test                          every golden folder under tests/golden\n  \
ply test tests/golden/my-game     one golden folder\n  \
ply test my-game/ --bless         write ply's output as the expected one"
    )]
    Test {
        /// Golden folders, or folders holding them (default: tests/golden)
        dirs: Vec<PathBuf>,
        /// Write ply's output to <case>.out instead of comparing (check it first!)
        #[arg(long)]
        bless: bool,
        #[command(flatten)]
        limits: Limits,
    },
    /// Print the manual page of ply (roff, for man) or of one of its commands
    #[command(after_help = "Examples:\n  \
mkdir -p ~/.local/share/man/man1 && ply man > ~/.local/share/man/man1/ply.1 && man ply\n  \
ply man perft > ~/.local/share/man/man1/ply-perft.1\n  \
ply man | man -l -")]
    Man {
        /// The command whose page to print (the page of ply itself without it)
        command: Option<String>,
    },
    /// A playground page on 127.0.0.1: rules files and their errors, games against an agent
    #[command(
        after_help = "The page lists the rules files of the folder (or the one file given), shows \
one as text with its diagnostics, draws a whole game's board to play on against Monte Carlo \
tree search (click a piece then where it goes, or a square to place on; hover a move to see \
why it is legal) and counts perft and random playouts from the position on the board, with \
their progress. Editing the rules file on disk starts the page's game again. The server \
listens on 127.0.0.1 only, reads nothing but the folder's .rules files, and runs until \
stopped (Ctrl-C). The first line of standard output is the page's address.\n\n\
Examples:\n  ply serve rules                   the rules files of rules/, on port 8080\n  \
ply serve my-game.rules           that file alone\n  \
ply serve . --port 0              any free port (the address says which)"
    )]
    Serve {
        /// A folder of rules files, or one rules file
        #[arg(value_name = "RULES-OR-FOLDER", default_value = ".")]
        path: PathBuf,
        /// The port on 127.0.0.1 to listen on; 0 picks a free one
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Serve the Language Server Protocol on standard input and output, for editors
    #[command(
        after_help = "An editor starts `ply lsp` and speaks the protocol to it over its \
standard input and output: diagnostics as you type (those of `ply check`), hovers with the \
language reference, go to definition, references, rename, completion and the outline of \
.rules files. editors/vscode/README.md shows how to set up VS Code, Neovim and Helix.\n\n\
Exit codes: 0 after `shutdown` and `exit`; 1 when `exit` comes without `shutdown` or \
standard input ends first; 4 when standard input is not the protocol (the message says \
what was wrong).\n\n\
Examples:\n  ply lsp                             started by an editor\n  \
nvim: vim.lsp.start({ name = 'ply', cmd = { 'ply', 'lsp' } })"
    )]
    Lsp,
    /// Print a completion script for a shell
    #[command(after_help = "Examples:\n  \
ply completions bash > ~/.local/share/bash-completion/completions/ply\n  \
ply completions zsh > ~/.zfunc/_ply\n  \
ply completions fish > ~/.config/fish/completions/ply.fish")]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// `ply man [COMMAND]`: the manual page, made from the same definitions as `--help`.
fn man(rep: &Reporter, command: Option<&str>) -> i32 {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    cmd.build();
    let page = match command {
        None => cmd,
        Some(name) => match cmd.find_subcommand(name) {
            Some(sub) => sub.clone().version(env!("CARGO_PKG_VERSION")),
            None => {
                let names: Vec<&str> = cmd
                    .get_subcommands()
                    .map(clap::Command::get_name)
                    .filter(|n| *n != "help")
                    .collect();
                let msg = format!(
                    "man {name}: there is no command `{name}`; the commands are {}",
                    names.join(", ")
                );
                rep.error(crate::diagnostic::Kind::Usage, None, &msg);
                return exit::USAGE;
            }
        },
    };
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(page).render(&mut out) {
        rep.error(crate::diagnostic::Kind::Io, None, &format!("man: {e}"));
        return exit::FAILURE;
    }
    match print(rep, &String::from_utf8_lossy(&out)) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}

/// A case number for `--case`: cases count from 1.
fn case_number(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("cases count from 1 (the first case is --case 1)".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::USAGE
            } else {
                exit::OK
            };
            let _ = e.print();
            return code;
        }
    };
    let color = cli.color.wanted(
        std::env::var_os("NO_COLOR").as_deref(),
        std::io::stderr().is_terminal(),
    );
    command(cli.command, Style { color, width: 100 })
}

/// Runs one command with diagnostics in `style`; the exit code.
fn command(command: Command, style: Style) -> i32 {
    let rep = |format: FormatArg| Reporter {
        style,
        format: format.format,
    };
    // The commands without --format.
    let plain = &Reporter {
        style,
        format: Format::Text,
    };
    match command {
        Command::Run {
            rules,
            input,
            limits,
            format,
        } => run::run(&rep(format), &rules, input.as_deref(), limits),
        Command::Perft {
            rules,
            depth,
            position,
            divide,
            endings,
            chance,
            threads,
            count,
            representation,
            limits,
            format,
        } => perft::perft(
            &rep(format),
            &rules,
            perft::Ask {
                depth,
                position: position.as_deref(),
                divide,
                endings,
                chance,
                threads: threads::count(threads.map(|n| n as usize)),
                choice: representation.choice(),
                unit: count.map(Counting::unit),
            },
            limits,
        ),
        Command::Playout {
            rules,
            games,
            seed,
            position,
            threads,
            stats,
            max_plies,
            representation,
            limits,
            format,
        } => playout::playout(
            &rep(format),
            &rules,
            playout::Ask {
                games,
                seed,
                position: position.as_deref(),
                threads: threads::count(threads.map(|n| n as usize)),
                stats,
                choice: representation.choice(),
                max_plies,
            },
            limits,
        ),
        Command::Play {
            rules,
            position,
            agent,
            seed,
            think,
            playouts,
            depth,
            memory,
            representation,
        } => play::play(
            plain,
            &rules,
            &play::Ask {
                position: position.as_deref(),
                agents: &agent,
                seed,
                think,
                playouts,
                depth,
                memory: memory.map(|mb| (mb as usize) << 20),
                choice: representation.choice(),
            },
        ),
        Command::Check { rules, format } => check::check(&rep(format), &rules),
        Command::Serve { path, port } => serve::serve(plain, &path, port),
        Command::Lsp => lsp::lsp(),
        Command::Test {
            dirs,
            bless,
            limits,
        } => golden::test(plain, &dirs, bless, limits),
        Command::Man { command } => man(plain, command.as_deref()),
        Command::Completions { shell } => completions(plain, shell),
        Command::Show {
            rules,
            input,
            svg,
            moves,
            limit,
            case,
            after,
            bottom,
            limits,
            format,
        } => show::show(
            &rep(format),
            &rules,
            input.as_deref(),
            &show::Picture {
                svg: svg.as_deref(),
                moves,
                limit: if limit == 0 { usize::MAX } else { limit },
                case: usize::try_from(case).unwrap_or(usize::MAX),
                after: &after,
                bottom: bottom.as_deref(),
            },
            limits,
        ),
        Command::Moves {
            rules,
            input,
            explain,
            square,
            limit,
            limits,
            format,
        } => moves::moves(
            &rep(format),
            &rules,
            input.as_deref(),
            &moves::Options {
                explain,
                square,
                limit: if limit == 0 { usize::MAX } else { limit },
            },
            limits,
        ),
    }
}

/// `ply completions SHELL`: the completion script of the shell, printed.
fn completions(plain: &Reporter, shell: clap_complete::Shell) -> i32 {
    use clap::CommandFactory;
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "ply", &mut out);
    let text = String::from_utf8_lossy(&out);
    match print(plain, &text) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }
}
