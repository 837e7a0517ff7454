//! Every JSON document ply writes (`--format json` of run, moves, show, perft, playout and check, and the
//! errors on standard error) against the tables of `docs/json.md`: each field documented,
//! of the documented type, the `always` fields always there, and every documented field
//! seen at least once in these runs (so the document describes nothing ply never writes).

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

/// A documented field: its type and whether it is always present.
struct Field {
    ty: String,
    always: bool,
}

/// The tables of docs/json.md: `### NAME` and its rows.
fn schemas() -> BTreeMap<String, BTreeMap<String, Field>> {
    let doc = std::fs::read_to_string("docs/json.md").unwrap();
    let mut out: BTreeMap<String, BTreeMap<String, Field>> = BTreeMap::new();
    let mut current = None;
    for line in doc.lines() {
        if let Some(name) = line.strip_prefix("### ") {
            current = Some(name.trim().to_string());
            out.entry(name.trim().to_string()).or_default();
            continue;
        }
        let Some(name) = &current else { continue };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 5 || !cells[1].starts_with('`') {
            continue;
        }
        let field = cells[1].trim_matches('`').to_string();
        out.get_mut(name).unwrap().insert(
            field,
            Field {
                ty: cells[2].to_string(),
                always: cells[3] == "always",
            },
        );
    }
    out
}

struct Checker {
    schemas: BTreeMap<String, BTreeMap<String, Field>>,
    /// (object, field) pairs seen with a value other than null or an empty array.
    seen: BTreeSet<(String, String)>,
}

impl Checker {
    fn value(&mut self, v: &Value, ty: &str, at: &str) {
        if let Some(inner) = ty.strip_suffix(" or null") {
            if !v.is_null() {
                self.value(v, inner, at);
            }
            return;
        }
        if let Some(items) = ty.strip_prefix("array of ") {
            let item = match items {
                "strings" => "string".to_string(),
                objects => objects
                    .strip_suffix(" objects")
                    .map(|n| format!("{n} object"))
                    .unwrap_or_else(|| panic!("{at}: unknown type {ty}")),
            };
            let list = v
                .as_array()
                .unwrap_or_else(|| panic!("{at}: not an array: {v}"));
            for (i, x) in list.iter().enumerate() {
                self.value(x, &item, &format!("{at}[{i}]"));
            }
            return;
        }
        match ty {
            "number" => assert!(v.is_u64() || v.is_i64(), "{at}: not a number: {v}"),
            "decimal" => assert!(v.is_number(), "{at}: not a number: {v}"),
            "string" => assert!(v.is_string(), "{at}: not a string: {v}"),
            "boolean" => assert!(v.is_boolean(), "{at}: not a boolean: {v}"),
            object => {
                assert!(object.ends_with(" object"), "{at}: unknown type {ty}");
                self.object(v, object, at);
            }
        }
    }

    fn object(&mut self, v: &Value, name: &str, at: &str) {
        let map = v
            .as_object()
            .unwrap_or_else(|| panic!("{at}: not an object: {v}"));
        let fields: Vec<(String, String, bool)> = self
            .schemas
            .get(name)
            .unwrap_or_else(|| panic!("docs/json.md has no table `### {name}`"))
            .iter()
            .map(|(k, f)| (k.clone(), f.ty.clone(), f.always))
            .collect();
        for key in map.keys() {
            assert!(
                fields.iter().any(|(k, ..)| k == key),
                "{at}: field `{key}` of the {name} is not in docs/json.md"
            );
        }
        for (key, ty, always) in fields {
            match map.get(&key) {
                Some(x) => {
                    let empty = x.is_null() || x.as_array().is_some_and(|a| a.is_empty());
                    if !empty {
                        self.seen.insert((name.to_string(), key.clone()));
                    }
                    self.value(x, &ty, &format!("{at}.{key}"));
                }
                None => assert!(!always, "{at}: the {name} has no `{key}`"),
            }
        }
    }
}

/// Runs ply; every line of standard output is a `document`, every line of standard error
/// a diagnostic object.
fn run(c: &mut Checker, args: &[&str], document: &str, code: i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    for (stream, name) in [(&out.stdout, document), (&out.stderr, "diagnostic object")] {
        let text = String::from_utf8(stream.clone()).unwrap();
        for (i, line) in text.lines().enumerate() {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{args:?} line {}: not JSON ({e}): {line}", i + 1));
            c.object(&v, name, &format!("{args:?} line {}", i + 1));
        }
    }
}

#[test]
fn every_document_matches_docs_json() {
    let mut c = Checker {
        schemas: schemas(),
        seen: BTreeSet::new(),
    };
    assert!(c.schemas.len() >= 12, "the tables of docs/json.md");
    let json = ["--format", "json"];
    let with = |args: &[&'static str]| -> Vec<&'static str> {
        args.iter().copied().chain(json).collect::<Vec<_>>()
    };
    run(
        &mut c,
        &with(&[
            "run",
            "rules/lines-of-action.rules",
            "tests/golden/lines-of-action/sample.in",
        ]),
        "run document",
        0,
    );
    for (rules, input, square) in [
        (
            "rules/lines-of-action.rules",
            "tests/golden/lines-of-action/sample.in",
            "B3",
        ),
        (
            "rules/tothello.rules",
            "tests/golden/tothello/cascade-chain.in",
            "C1",
        ),
        (
            "rules/turkish-draughts-captures.rules",
            "tests/golden/turkish-draughts-captures/promotion-mid-chain.in",
            "D3",
        ),
        (
            "rules/english-draughts.rules",
            "tests/cmd/moves-mandatory.txt",
            "10",
        ),
        (
            "rules/othello.rules",
            "tests/perft/othello-forced-pass.txt",
            "A1",
        ),
        (
            "tests/cmd/go-capture.rules",
            "tests/cmd/go-capture.txt",
            "c4",
        ),
        // A placement that wins before its turn of a block, and turns of blocks.
        (
            "rules/pentago.rules",
            "tests/perft/pentago-five-at-once.txt",
            "E1",
        ),
        // Pushes and pulls of a second piece, in a turn of several moves.
        ("rules/arimaa.rules", "tests/cmd/arimaa-push-pull.txt", "d4"),
        // A move sent to a block by the square the last one landed on.
        (
            "rules/ultimate-tic-tac-toe.rules",
            "tests/cmd/ultimate-moves.txt",
            "B2",
        ),
    ] {
        if !std::path::Path::new(input).exists() {
            continue;
        }
        run(
            &mut c,
            &with(&["moves", rules, input, "--explain", "--square", square]),
            "moves document",
            0,
        );
    }
    // A draw in Go; pieces in hand on a board of points on lines, and moves that end before a
    // part; moves that claim squares and a side that moves again; a finished game; moves in
    // parts.
    for args in [
        &[
            "moves",
            "rules/go-territory.rules",
            "tests/golden/go-territory/draw.in",
        ][..],
        &[
            "moves",
            "rules/nine-mens-morris.rules",
            "fuzz/corpus/input/nine-mens-morris/moving.in",
            "--explain",
        ],
        &[
            "moves",
            "rules/dots-and-boxes.rules",
            "fuzz/corpus/input/dots-and-boxes/sample.in",
        ],
        &[
            "moves",
            "rules/connect-four.rules",
            "tests/cmd/moves-game-over.txt",
        ],
        &["moves", "rules/amazons.rules", "--limit", "3"],
    ] {
        run(&mut c, &with(args), "moves document", 0);
    }
    // Perft with each first move, and with the games that end within the depth.
    for args in [
        &["perft", "rules/othello.rules", "--depth", "2", "--divide"][..],
        &[
            "perft",
            "rules/dots-and-boxes.rules",
            "--depth",
            "4",
            "--endings",
            "--position",
            "tests/cmd/dots-and-boxes-endings.txt",
        ],
    ] {
        run(&mut c, &with(args), "perft document", 0);
    }
    show_and_playout(&mut c);
    run(
        &mut c,
        &with(&[
            "check",
            "tests/cmd/duplicates.rules",
            "tests/cmd/unknown-names.rules",
            "rules/othello.rules",
            "rules/chess.rules",
            "rules/go-territory.rules",
        ]),
        "check document",
        3,
    );
    run(
        &mut c,
        &with(&[
            "run",
            "rules/lines-of-action.rules",
            "tests/cmd/loa-short-line.txt",
        ]),
        "run document",
        4,
    );
    // Every documented field was written at least once.
    let mut missing = Vec::new();
    for (name, fields) in &c.schemas {
        for key in fields.keys() {
            if !c.seen.contains(&(name.clone(), key.clone())) {
                missing.push(format!("{name}.{key}"));
            }
        }
    }
    assert!(missing.is_empty(), "never seen with a value: {missing:?}");
}

/// The documents of `ply show` and `ply playout`.
fn show_and_playout(c: &mut Checker) {
    let with = |args: &[&'static str]| -> Vec<&'static str> {
        args.iter()
            .copied()
            .chain(["--format", "json"])
            .collect::<Vec<_>>()
    };
    run(
        c,
        &with(&["show", "rules/othello.rules", "--moves", "--limit", "1"]),
        "show document",
        0,
    );
    run(
        c,
        &with(&[
            "show",
            "rules/connect-four.rules",
            "tests/cmd/moves-game-over.txt",
            "--svg",
            "-",
        ]),
        "show document",
        0,
    );
    // Stopped by its budget: the games finished, marked partial.
    run(
        c,
        &with(&[
            "playout",
            "rules/chess.rules",
            "--games",
            "100",
            "--max-nodes",
            "20000",
            "--threads",
            "1",
        ]),
        "playout document",
        5,
    );
    run(
        c,
        &with(&["playout", "rules/go.rules", "--games", "4", "--stats"]),
        "playout document",
        0,
    );
    run(
        c,
        &with(&[
            "playout",
            "tests/cmd/three-squares-stopped.rules",
            "--games",
            "3",
        ]),
        "playout document",
        0,
    );
}
