//! What the fuzz targets do, shared by the cargo-fuzz targets in `fuzz/fuzz_targets/` (this
//! is their library) and the bounded in-tree fuzzer `tests/fuzz.rs` (which includes this file
//! with `#[path]`, so `cargo test` needs neither nightly nor libFuzzer). Kept out of ply's
//! own `src/`: it is test code.
//!
//! - [`exercise`]: a rules file and an input through everything `ply` does with them (parse,
//!   check, every diagnostic rendered, `run`, and for whole games `perft` and `playout`);
//!   any outcome but a panic is fine.
//! - [`split_case`]: a `rules_text` case is a rules file, optionally followed by
//!   [`INPUT_MARK`] and an input for it.
//! - [`odd_rules`]: a structure-aware generator of valid-but-odd rules files, driven by bytes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// In a `rules_text` case, what follows this line is the input.
pub const INPUT_MARK: &[u8] = b"\n%%input\n";

/// The rules file and the input of a `rules_text` case.
pub fn split_case(data: &[u8]) -> (&[u8], &[u8]) {
    match data.windows(INPUT_MARK.len()).position(|w| w == INPUT_MARK) {
        Some(i) => (&data[..i + 1], &data[i + INPUT_MARK.len()..]),
        None => (data, b""),
    }
}

/// The seed corpus of a target: `fuzz/corpus/<target>` below the repository root.
pub fn corpus_dir(root: &Path, target: &str) -> PathBuf {
    root.join("fuzz/corpus").join(target)
}

/// Every file below `dir` (recursively), sorted by path; none when it does not exist.
pub fn read_dir_files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(read_dir_files(&path));
        } else if let Ok(data) = std::fs::read(&path) {
            out.push((path, data));
        }
    }
    out.sort();
    out
}

/// Every rules file of `rules/` and `rules/variants/`: (stem, path), sorted by stem.
pub fn rules_files(root: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for dir in ["rules", "rules/variants"] {
        for (path, _) in read_dir_files(&root.join(dir)) {
            if path.parent() == Some(&root.join(dir))
                && path.extension().is_some_and(|e| e == "rules")
            {
                let stem = path.file_stem().unwrap().to_string_lossy().to_string();
                out.push((stem, path));
            }
        }
    }
    out.sort();
    out
}

/// Everything ply does with a rules file and an input, as `ply check`, `ply run`, `ply
/// moves`, `ply show`, `ply perft --position` and `ply playout` would; searches have a small
/// budget.
pub fn exercise(rules: &[u8], input: &[u8]) {
    use ply::diagnostic::{self, Style};
    use ply::run::query::perft::perft_from;
    let style = Style {
        color: false,
        width: 100,
    };
    let Ok(text) = std::str::from_utf8(rules) else {
        return;
    };
    let ast = match ply::syntax::parse(text) {
        Ok(ast) => ast,
        Err(e) => {
            diagnostic::syntax_error(style, "fuzz.rules", text, &e);
            return;
        }
    };
    let program = match ply::check::check(&ast) {
        Ok(p) => p,
        Err(errors) => {
            diagnostic::check_errors(style, "fuzz.rules", text, &errors);
            return;
        }
    };
    // Small: a playout of a game that never ends (a pass always allowed) runs to it.
    let budget = || ply::run::Budget {
        max_nodes: Some(5_000),
        deadline: Some(Instant::now() + Duration::from_secs(1)),
        shared: None,
        max_memory: None,
    };
    let mut out = Vec::new();
    if let Err(ply::cases::RunFailure::Input(e)) =
        ply::cases::run_cases(&program, &mut &input[..], &mut out, budget())
    {
        diagnostic::input_error("fuzz.in", &e);
    }
    // `ply moves --explain --square` (a corner and the middle), `ply show --moves --svg`
    // and `ply run --format json` on the first cases.
    let _ = ply::cases::each_case(
        &program,
        &mut &input[..],
        &mut std::io::sink(),
        budget(),
        |runner, pos, case, out| {
            let e = runner.engine().clone();
            let g = &e.g;
            for sq in [0, g.n as u32 / 2] {
                let view = ply::render::move_view::Viewer {
                    runner: &mut *runner,
                    source: text,
                }
                .case(
                    case,
                    pos,
                    &ply::render::move_view::Show {
                        explain: true,
                        square: Some(sq),
                        limit: 200,
                    },
                )?;
                let mut shown = String::new();
                let board = ply::render::board_text::draw(&e, pos);
                ply::render::moves_text::case(&view, &board, &mut shown);
                ply::render::json::line(&view, out);
            }
            let (moves, _) = runner.move_list(pos, 200)?;
            // Every part of a picture: arrows, a last move, the board turned, a banner.
            let last: Vec<u32> = moves
                .first()
                .map_or_else(Vec::new, |m| m.iter().map(|st| st.to).collect());
            let scene = ply::render::svg::Scene {
                title: "fuzz",
                moves: Some(&moves),
                last: &last,
                bottom: Some(1),
                result: Some("fuzz"),
            };
            ply::render::svg::draw(&e, pos, &scene);
            let mut lines = ply::render::output::Lines::default();
            let mut printed = Vec::new();
            ply::render::output::write_case(runner, pos, case - 1, &mut lines, &mut printed)?;
            ply::render::json::case_lines(case, &printed, out);
            Ok(if case >= 3 {
                ply::cases::Flow::Stop
            } else {
                ply::cases::Flow::Continue
            })
        },
    );
    if program.setup.is_none() && program.game.is_none() {
        return;
    }
    for position in [None, Some(input)] {
        let (mut runner, start) = match ply::cases::game_start(&program, position) {
            Ok(x) => x,
            Err(ply::cases::RunFailure::Input(e)) => {
                diagnostic::input_error("fuzz.in", &e);
                continue;
            }
            Err(_) => continue,
        };
        runner.set_budget(budget());
        let mut c = ply::run::Compiled::new(runner, ply::run::Choice::Fastest);
        // Depth 2 counts (without making) up to moves squared positions: only when that
        // is small, so a case stays quick in a debug build.
        if perft_from(&mut c, &start, 1).is_ok_and(|n| n <= 200) {
            let _ = perft_from(&mut c, &start, 2);
        }
        let _ = ply::run::query::perft::divide_from(&mut c, &start, 1);
        if program.game.is_some() {
            let mut rng = ply::run::rng::Rng::new(input.len() as u64);
            let _ = ply::run::query::playout::playout_from(&mut c, &start, 0, &mut rng, None)
                .and_then(|played| c.runner().ending(&played.end, None));
        }
    }
}

/// Choices read from bytes, one byte each; past the end every choice is the first option.
/// So the empty input is a plain file, and libFuzzer's byte mutations move between files.
pub struct Choices<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Choices<'a> {
    pub fn new(data: &'a [u8]) -> Choices<'a> {
        Choices { data, at: 0 }
    }
    pub fn below(&mut self, n: usize) -> usize {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b as usize % n.max(1)
    }
    pub fn pick<'b, T>(&mut self, items: &'b [T]) -> &'b T {
        &items[self.below(items.len())]
    }
    /// True about once in `n` times (never once the bytes run out).
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == n - 1
    }
}

/// Odd directions: a long or zero step, a chain of doublings, sets that repeat themselves
/// or leave every board.
fn odd_directions(c: &mut Choices) -> String {
    let dir = *c.pick(&["0 1", "5 5", "-1 3", "40 0", "1 -1", "1048576 -1048576"]);
    let dir = if c.one_in(32) { "0 0" } else { dir };
    // A chain of directions, each the sum of the one before with itself.
    let doublings = *c.pick(&[0, 1, 3, 19, 40]);
    let mut directions = format!("direction odd = {dir}\n");
    let mut last_dir = "odd".to_string();
    for i in 0..doublings {
        directions.push_str(&format!("direction d{i} = {last_dir} + {last_dir}\n"));
        last_dir = format!("d{i}");
    }
    if c.one_in(32) {
        directions.push_str("direction loop = loop + up\n");
    }
    let set = c
        .pick(&[
            "odd, forward, orthogonal",
            "LAST",
            "odd, odd, odd",
            "distant",
            "distant, LAST, distant",
        ])
        .replace("LAST", &last_dir);
    let set = if c.one_in(32) {
        "mix, up".to_string()
    } else {
        set
    };
    directions.push_str(&format!(
        "direction distant = 1025 1025\ndirections mix = {set}\n"
    ));
    directions
}

/// A chain of lets, each using the one before; the declarations and the chain's length.
fn odd_lets(c: &mut Choices) -> (String, usize) {
    // A chain of lets, each using the one before (twice: the terms double at each step).
    let links = *c.pick(&[0, 2, 8, 10, 30, 49, 70]);
    let twice = links <= 10 || c.one_in(8);
    let op = *c.pick(&["+", "*", "-"]);
    let mut lets = "let link0 = count own pieces + 1\n".to_string();
    for i in 1..=links {
        let j = i - 1;
        let rhs = if twice {
            format!("link{j}")
        } else {
            "1".to_string()
        };
        lets.push_str(&format!("let link{i} = link{j} {op} {rhs}\n"));
    }
    if c.one_in(32) {
        lets.push_str("let selfish = selfish + 1\n");
    }
    (lets, links)
}

/// A rules file with odd parameters (tiny and large boards, boards sized by the input,
/// zero, negative and huge distances and directions, direction sets that are empty on the
/// board or repeat themselves, long and self-referencing chains of definitions), and an
/// input for it. Most of them check; a few are meant not to (a definition using itself).
pub fn odd_rules(c: &mut Choices) -> (String, Vec<u8>) {
    let sized_by_input = c.one_in(4);
    let rows: usize = *c.pick(&[8, 1, 1, 2, 3, 26, 40, 1024]);
    let cols: usize = *c.pick(&[8, 1, 2, 3, 26, 33, 1024]);
    let (board, notation) = if sized_by_input {
        ("n x n".to_string(), "row number, column number")
    } else if rows <= 26 && cols <= 26 {
        (format!("{rows} x {cols}"), "column letter + row number")
    } else {
        (format!("{rows} x {cols}"), "row number, column number")
    };
    let directions = odd_directions(c);
    let (lets, links) = odd_lets(c);
    let distance = c
        .pick(&[
            "0",
            "1",
            "7",
            "count pieces on line",
            "count enemy pieces on line * 3",
            "count empty squares",
            "0 - 3",
            "count own pieces - 100",
            "LINK",
            "(((((((((1)))))))))",
        ])
        .replace("LINK", &format!("link{links}"));
    let over = *c.pick(&[
        "empty",
        "empty or own",
        "own or enemy",
        "empty or own or enemy",
    ]);
    let onto = *c.pick(&["empty", "enemy", "empty or enemy", "own"]);
    let jump_gap = *c.pick(&[
        "",
        ", any gap before",
        ", any gap before, any gap after",
        ", gap after at most 2",
        ", gap before at most 0",
    ]);
    let chain = *c.pick(&[
        "",
        "continue while possible",
        "continue optionally, never straight back",
        "continue while possible, until promoted",
    ]);
    let captured = *c.pick(&[
        "captured pieces leave at once",
        "captured pieces leave at end of move",
    ]);
    let flip = *c.pick(&[
        "",
        "flip enemy runs closed by own along all, cascading",
        "flip enemy runs closed by own along odd",
        "flip enemy runs closed by own along mix",
    ]);
    let by = *c.pick(&["orthogonal", "all", "odd", "diagonal", "mix", "distant"]);
    let question = c
        .pick(&[
            "\"{count moves}\"",
            "\"{count moves where no enemy pieces}\"",
            "\"{max over moves of count own pieces}\" if not no moves",
            "\"{sum of size * size over regions of empty squares by BY bordered only by b}\"",
            "\"{count regions of pieces by BY bordered by nothing} {lead of a}\"",
            "each move \"{from}>{to}\", sorted",
            "\"{LINK}\"",
            "\"{(((((((((((((((((((((count own pieces)))))))))))))))))))))}\"",
        ])
        .replace("BY", by)
        .replace("LINK", &format!("link{links}"));
    let mut game = c
        .pick(&[
            "",
            "game\n  no moves: pass\n  stop after 3 plies\n  result \"{lead of a}\"\n",
            "game\n  no moves: end\n  result \"x\" if no moves\n",
        ])
        .to_string();
    if !game.is_empty() && !sized_by_input && rows * cols <= 4096 && c.below(4) > 0 {
        let row = |piece: &str| format!(" \"{piece}{}\"", ".".repeat(cols - 1));
        let middle = (2..rows).map(|_| row(".")).collect::<String>();
        let last = if rows > 1 { row("B") } else { String::new() };
        game = format!("setup{}{middle}{last}\n{game}", row("A"));
    }
    let (read, input_rows, input_cols) = if sized_by_input {
        let n = *c.pick(&[3usize, 1, 0, 1025, 2]);
        ("read n\n    ".to_string(), n, n)
    } else {
        (String::new(), rows, cols)
    };
    let rules = format!(
        "board {board}
squares {notation}
sides a forward down, b forward up
kinds man, king
pieces \"A\" a man, \"K\" a king, \"B\" b man, \"Q\" b king
{directions}promote man to king on the far row
let lead of S = count S pieces - count pieces + count S king pieces
{lets}move
  man: slide along mix, distance {distance}, over {over}, onto {onto}
  king: jump along all over enemy{jump_gap}
  {chain}
  {captured}
move
  place onto empty
  {flip}
move pass
{game}input
  repeat until end
    {read}grid
    mover
output
  {question}
"
    );
    let mut input = Vec::new();
    for _ in 0..1 + c.below(3) {
        if sized_by_input {
            input.extend_from_slice(format!("{input_rows}\n").as_bytes());
        }
        // Big boards get a short input (a few cells, then ends of lines): the reader must
        // report it, not fill it.
        let (r, w) = if input_rows * input_cols > 4096 {
            (2, 3)
        } else {
            (input_rows, input_cols)
        };
        for _ in 0..r {
            for _ in 0..w {
                input.push(*c.pick(b"...ABKQ"));
            }
            input.push(b'\n');
        }
        input.extend_from_slice(if c.below(2) == 0 { b"a\n" } else { b"B\n" });
    }
    (rules, input)
}
