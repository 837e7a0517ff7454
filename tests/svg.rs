//! `ply show --svg`: the picture is well-formed XML (parsed with roxmltree) with one piece
//! per piece of the position and one arrow or ring per legal move, as `ply moves` lists them.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::Value;

fn ply(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// What `ply moves --format json` says of the case: the pieces on the board (by the number
/// of non-empty symbols) and the moves, each with its path.
fn listed(rules: &str, input: Option<&str>, case: usize) -> (usize, Vec<(String, Vec<String>)>) {
    let mut args = vec!["moves", rules];
    args.extend(input);
    args.extend(["--format", "json"]);
    let text = String::from_utf8(ply(&args)).unwrap();
    let doc: Value = serde_json::from_str(text.lines().nth(case - 1).unwrap()).unwrap();
    let pieces = doc["board"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_str().unwrap().chars())
        .filter(|c| *c != '.')
        .count();
    let moves = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let path = m["path"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            (m["move"].as_str().unwrap().to_string(), path)
        })
        .collect();
    (pieces, moves)
}

fn has_class(n: &roxmltree::Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|w| w == class))
}

/// Draws the case to a file, parses it and checks pieces and moves against `ply moves`.
fn check(rules: &str, input: Option<&str>, case: usize, squares: usize, has_moves: bool) {
    let path = std::env::temp_dir().join(format!(
        "ply-svg-{}-{}.svg",
        std::process::id(),
        rules.replace('/', "-")
    ));
    let case_arg = case.to_string();
    let mut args = vec!["show", rules];
    args.extend(input);
    args.extend(["--moves", "--svg", path.to_str().unwrap()]);
    if input.is_some() {
        args.extend(["--case", &case_arg]);
    }
    ply(&args);
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let (pieces, moves) = listed(rules, input, case);
    let all: Vec<roxmltree::Node> = doc.descendants().filter(|n| n.is_element()).collect();
    let count = |class: &str| all.iter().filter(|n| has_class(n, class)).count();
    assert_eq!(count("square"), squares, "{rules}: squares");
    assert_eq!(count("piece"), pieces, "{rules}: pieces");
    assert!(pieces > 0);
    let drawn: BTreeSet<String> = all
        .iter()
        .filter(|n| has_class(n, "move"))
        .map(|n| n.attribute("data-move").unwrap().to_string())
        .collect();
    let expected: BTreeSet<String> = moves
        .iter()
        .filter(|(m, _)| m != "pass")
        .map(|(m, _)| m.clone())
        .collect();
    assert_eq!(!expected.is_empty(), has_moves, "{rules}: moves");
    assert_eq!(drawn, expected, "{rules}: one arrow or ring per move");
    // An arrow goes through every square the move visits.
    for n in all.iter().filter(|n| n.tag_name().name() == "polyline") {
        let name = n.attribute("data-move").unwrap();
        let (_, path) = moves.iter().find(|(m, _)| m == name).unwrap();
        let points = n.attribute("points").unwrap().split_whitespace().count();
        assert_eq!(points, path.len(), "{name}");
    }
}

#[test]
fn slides_are_arrows() {
    check(
        "rules/lines-of-action.rules",
        Some("tests/golden/lines-of-action/sample.in"),
        3,
        64,
        true,
    );
}

#[test]
fn placements_are_rings() {
    check("rules/othello.rules", None, 1, 64, true);
}

#[test]
fn chains_are_arrows_through_every_landing() {
    check(
        "rules/turkish-draughts-captures.rules",
        Some("tests/golden/turkish-draughts-captures/promotion-mid-chain.in"),
        1,
        64,
        true,
    );
}

/// A 19 x 19 board, and a game with no moves at all.
#[test]
fn boards_of_any_size() {
    check(
        "rules/go-territory.rules",
        Some("tests/golden/go-territory/large-board-n19.in"),
        1,
        19 * 19,
        false,
    );
}

/// A move in parts (Amazons: a queen move, then an arrow shot from where it landed) is one
/// arrow for the first part and a dashed one from its end for each later part.
#[test]
fn moves_in_parts_are_an_arrow_and_dashed_parts() {
    let svg = String::from_utf8(ply(&[
        "show",
        "rules/amazons.rules",
        "--moves",
        "--limit",
        "0",
        "--svg",
        "-",
    ]))
    .unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let arrows: Vec<_> = doc.descendants().filter(|n| has_class(n, "move")).collect();
    let parts: Vec<_> = doc.descendants().filter(|n| has_class(n, "part")).collect();
    assert_eq!(arrows.len(), 2176, "one arrow per move from the start");
    assert_eq!(parts.len(), 2176, "one dashed part per move");
    for (a, p) in arrows.iter().zip(&parts) {
        assert_eq!(a.attribute("data-move"), p.attribute("data-move"));
        let last = a
            .attribute("points")
            .unwrap()
            .split(' ')
            .next_back()
            .unwrap();
        let first = p.attribute("points").unwrap().split(' ').next().unwrap();
        assert_eq!(last, first, "the shot starts where the queen landed");
        assert!(p.attribute("stroke-dasharray").is_some());
    }
}

/// The picture of a rules file's setup, parsed.
fn picture(rules: &str) -> String {
    String::from_utf8(ply(&["show", rules, "--svg", "-"])).unwrap()
}

/// The centre of each `polygon.square`, by its square's name: the mean of its corners.
fn cell_centres(doc: &roxmltree::Document) -> Vec<(String, (f64, f64))> {
    doc.descendants()
        .filter(|n| n.tag_name().name() == "polygon" && has_class(n, "square"))
        .map(|n| {
            let corners: Vec<(f64, f64)> = n
                .attribute("points")
                .unwrap()
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            let k = corners.len() as f64;
            let x = corners.iter().map(|c| c.0).sum::<f64>() / k;
            let y = corners.iter().map(|c| c.1).sum::<f64>() / k;
            (n.attribute("data-square").unwrap().to_string(), (x, y))
        })
        .collect()
}

/// Hex, whose regions join a cell to six others, is drawn as a rhombus of 121 hexagons:
/// each cell's nearest cells, all at the same distance, are exactly the six (fewer on the
/// edges) the rules make its neighbours, and no cell overlaps another.
#[test]
fn a_board_of_six_neighbours_is_drawn_in_hexagons() {
    let text = picture("rules/hex.rules");
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let cells = cell_centres(&doc);
    assert_eq!(cells.len(), 121, "one hexagon a cell");
    assert!(
        !doc.descendants()
            .any(|n| n.tag_name().name() == "rect" && has_class(&n, "square")),
        "no square cells"
    );
    let at = |name: &str| cells.iter().find(|(n, _)| n == name).unwrap().1;
    // `neighbours = up, down, left, right, up-right, down-left`, row 1 at the top.
    let name = |c: i32, r: i32| format!("{}{}", (b'A' + c as u8) as char, r + 1);
    let mut nearest = None;
    for (c, r) in (0..11).flat_map(|c| (0..11).map(move |r| (c, r))) {
        let (x, y) = at(&name(c, r));
        let steps = [(0, -1), (0, 1), (-1, 0), (1, 0), (1, -1), (-1, 1)];
        let neighbours: BTreeSet<String> = steps
            .iter()
            .map(|(dc, dr)| (c + dc, r + dr))
            .filter(|(c, r)| (0..11).contains(c) && (0..11).contains(r))
            .map(|(c, r)| name(c, r))
            .collect();
        let mut close = BTreeSet::new();
        for (other, (u, v)) in &cells {
            let d = ((u - x).powi(2) + (v - y).powi(2)).sqrt();
            if other == &name(c, r) {
                continue;
            }
            let step = *nearest.get_or_insert(d.min(48.0));
            assert!(d > step - 0.5, "{other} overlaps {}", name(c, r));
            if d < step + 0.5 {
                close.insert(other.clone());
            }
        }
        assert_eq!(close, neighbours, "the cells next to {}", name(c, r));
    }
}

/// Hex's edges in the colours of the sides that must join them, read from its end rules:
/// red's top and bottom, blue's left and right, each the outer sides of the hexagons of
/// its row or column (22 + 22 + 21 + 21 sides round the rhombus).
#[test]
fn the_edges_a_side_must_join_are_in_its_colour() {
    let text = picture("rules/hex.rules");
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let cells = cell_centres(&doc);
    let radius = 48.0 / 3f64.sqrt();
    let edges = [
        ("top", "red", 22),
        ("bottom", "red", 22),
        ("left", "blue", 21),
        ("right", "blue", 21),
    ];
    for (edge, side, segments) in edges {
        let path = doc
            .descendants()
            .find(|n| has_class(n, "edge") && n.attribute("data-edge") == Some(edge))
            .unwrap_or_else(|| panic!("no {edge} edge"));
        assert_eq!(path.attribute("data-side"), Some(side), "{edge}");
        let d = path.attribute("d").unwrap();
        let numbers: Vec<f64> = d
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(numbers.len(), segments * 4, "{edge}: {d}");
        // Every end of every segment is a corner of a cell of the edge's row or column.
        let of_edge = |name: &str| match edge {
            "top" => name[1..] == *"1",
            "bottom" => name[1..] == *"11",
            "left" => name.starts_with('A'),
            _ => name.starts_with('K'),
        };
        for point in numbers.chunks(2) {
            let near = cells.iter().any(|(name, (x, y))| {
                of_edge(name)
                    && ((x - point[0]).powi(2) + (y - point[1]).powi(2)).sqrt() < radius + 0.5
            });
            assert!(near, "{edge}: {point:?} is on no cell of the edge");
        }
    }
}

/// The marks on the pieces tell the kinds apart as the rules file names them: chess's
/// twelve pieces are twelve drawings (a side's colour and the declared symbol: the king K,
/// Each piece is drawn as its figure. Chess: twelve figurines, one drawing for each kind of
/// each side, defined once and placed by reference; draughts: men, and kings crowned;
/// shogi: tiles of one colour, each pointing toward the side it faces, turned with the
/// board; xiangqi: discs marked with the symbols the rules declare; Othello: stones.
#[test]
fn pieces_are_drawn_as_their_figures() {
    let pieces = |args: &[&str]| -> (String, Vec<(String, String, String, String)>) {
        let text = String::from_utf8(ply(args)).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let found = doc
            .descendants()
            .filter(|n| has_class(n, "piece"))
            .map(|n| {
                let attr = |a| n.attribute(a).unwrap().to_string();
                let drawing = n
                    .descendants()
                    .find_map(|m| match m.tag_name().name() {
                        "use" => m.attribute("href").map(str::to_string),
                        "g" if has_class(&m, "tile") => {
                            m.attribute("transform").map(str::to_string)
                        }
                        _ => None,
                    })
                    .or_else(|| {
                        n.descendants()
                            .find(|m| has_class(m, "mark"))
                            .and_then(|m| m.text())
                            .map(str::to_string)
                    })
                    .unwrap_or_default();
                (
                    attr("data-side"),
                    attr("data-kind"),
                    attr("data-figure"),
                    drawing,
                )
            })
            .collect();
        (text, found)
    };
    let (text, chess) = pieces(&["show", "rules/chess.rules", "--svg", "-"]);
    let drawings: BTreeSet<&String> = chess.iter().map(|p| &p.3).collect();
    assert_eq!(drawings.len(), 12, "{drawings:?}");
    for (side, kind, figure, drawing) in &chess {
        assert_eq!(kind, figure);
        let id = drawing
            .strip_prefix('#')
            .expect("a figurine placed from its symbol");
        assert!(
            text.contains(&format!("<symbol id=\"{id}\"")),
            "{id} is defined"
        );
        // The same kind of the same side is the same drawing.
        let mut same = chess.iter().filter(|p| &p.0 == side && &p.1 == kind);
        assert!(same.all(|p| &p.3 == drawing));
    }
    let source = std::fs::read_to_string("rules/english-draughts.rules")
        .unwrap()
        .replace("\"........\"  \"w.w.w.w.\"", "\"...B....\"  \"w.w.w.w.\"");
    let kings = std::env::temp_dir().join(format!("ply-svg-kings-{}.rules", std::process::id()));
    std::fs::write(&kings, source).unwrap();
    let (_, draughts) = pieces(&["show", kings.to_str().unwrap(), "--svg", "-"]);
    let _ = std::fs::remove_file(&kings);
    let figures: BTreeSet<(&str, &str)> = draughts
        .iter()
        .map(|p| (p.1.as_str(), p.2.as_str()))
        .collect();
    assert_eq!(
        figures,
        BTreeSet::from([("man", "man"), ("king", "crowned-man")])
    );
    // Shogi: black's tiles point up, white's down; turned for white, the other way.
    let turns = |args: &[&str]| -> BTreeSet<(String, String)> {
        let (_, shogi) = pieces(args);
        assert!(shogi.iter().all(|p| p.2 == "tile"));
        shogi
            .iter()
            .map(|p| {
                (
                    p.0.clone(),
                    p.3.split("rotate(").nth(1).unwrap().to_string(),
                )
            })
            .collect()
    };
    let up = turns(&["show", "rules/shogi.rules", "--svg", "-"]);
    assert_eq!(
        up,
        BTreeSet::from([
            ("black".into(), "0)".into()),
            ("white".into(), "180)".into())
        ])
    );
    let turned = turns(&[
        "show",
        "rules/shogi.rules",
        "--bottom",
        "white",
        "--svg",
        "-",
    ]);
    assert_eq!(
        turned,
        BTreeSet::from([
            ("black".into(), "180)".into()),
            ("white".into(), "360)".into())
        ])
    );
    let (_, xiangqi) = pieces(&["show", "rules/xiangqi.rules", "--svg", "-"]);
    assert!(xiangqi.contains(&("red".into(), "general".into(), "disc".into(), "K".into())));
    assert!(xiangqi.contains(&("black".into(), "horse".into(), "disc".into(), "N".into())));
    let (_, othello) = pieces(&["show", "rules/othello.rules", "--svg", "-"]);
    assert!(othello.iter().all(|p| p.2 == "stone" && p.3.is_empty()));
}

/// A picture of a game played on: the last move's squares shaded, the pieces in hand beside
/// the board with their counts, the board turned for the side asked for, and the result
/// across a finished game.
#[test]
fn a_game_played_on_shows_its_last_move_hands_and_result() {
    let doc_of = |args: &[&str]| String::from_utf8(ply(args)).unwrap();
    // Shogi, the bishops exchanged: each side holds one.
    let text = doc_of(&[
        "show",
        "rules/shogi.rules",
        "--after",
        "7g7f 3c3d 8h2b+ 3a2b",
        "--svg",
        "-",
    ]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let last: BTreeSet<&str> = doc
        .descendants()
        .filter(|n| has_class(n, "last"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(last, BTreeSet::from(["3a", "2b"]));
    let hands: BTreeSet<(&str, &str, &str)> = doc
        .descendants()
        .filter(|n| has_class(n, "in-hand"))
        .map(|n| {
            let side = n.parent().unwrap().attribute("data-side").unwrap();
            (
                side,
                n.attribute("data-kind").unwrap(),
                n.attribute("data-count").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        hands,
        BTreeSet::from([("black", "bishop", "1"), ("white", "bishop", "1")])
    );
    // Chess, turned for black: h1 in the top left corner, a8 in the bottom right.
    let text = doc_of(&[
        "show",
        "rules/chess.rules",
        "--bottom",
        "black",
        "--svg",
        "-",
    ]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let corner = |name: &str| -> (f64, f64) {
        let n = doc
            .descendants()
            .find(|n| has_class(n, "square") && n.attribute("data-square") == Some(name))
            .unwrap();
        let at = |a| n.attribute(a).unwrap().parse::<f64>().unwrap();
        (at("x"), at("y"))
    };
    let (h1, a8) = (corner("h1"), corner("a8"));
    assert!(h1.0 < a8.0 && h1.1 < a8.1, "h1 {h1:?}, a8 {a8:?}");
    // Fool's mate: the result in a strip below the board, covering no square.
    let text = doc_of(&[
        "show",
        "rules/chess.rules",
        "--after",
        "f2f3 e7e5 g2g4 d8h4",
        "--svg",
        "-",
    ]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let banner = doc
        .descendants()
        .find(|n| has_class(n, "result"))
        .expect("a banner");
    let words: String = banner.descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains("Black wins"), "{words}");
    let top = |n: roxmltree::Node| n.attribute("y").unwrap().parse::<f64>().unwrap();
    let strip = banner.children().find(|n| n.has_tag_name("rect")).unwrap();
    let lowest = doc
        .descendants()
        .filter(|n| has_class(n, "square"))
        .map(|n| top(n) + n.attribute("height").unwrap().parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    assert!(
        top(strip) >= lowest,
        "the banner at {} covers the board down to {lowest}",
        top(strip)
    );
}

/// Go, `drawn as intersections`: a board of 9 + 9 lines and no square cells drawn, each
/// stone's centre on the point where its row's line and its column's line cross.
#[test]
fn go_is_drawn_on_the_intersections_of_its_lines() {
    let text = String::from_utf8(ply(&[
        "show",
        "rules/go-territory.rules",
        "tests/golden/go-territory/nested-rings.in",
        "--svg",
        "-",
    ]))
    .unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let num = |n: &roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let lines: Vec<(f64, f64, f64, f64)> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "line" && has_class(n, "line"))
        .map(|n| (num(&n, "x1"), num(&n, "y1"), num(&n, "x2"), num(&n, "y2")))
        .collect();
    let across: Vec<f64> = lines.iter().filter(|l| l.1 == l.3).map(|l| l.1).collect();
    let down: Vec<f64> = lines.iter().filter(|l| l.0 == l.2).map(|l| l.0).collect();
    assert_eq!(
        (across.len(), down.len()),
        (11, 11),
        "a line a row, a line a column"
    );
    assert_eq!(across.len() + down.len(), lines.len());
    let stones: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| has_class(n, "piece"))
        .map(|n| {
            let c = n
                .children()
                .find(|c| c.tag_name().name() == "circle")
                .unwrap();
            (num(&c, "cx"), num(&c, "cy"))
        })
        .collect();
    assert_eq!(stones.len(), 48);
    for (x, y) in stones {
        assert!(
            down.contains(&x) && across.contains(&y),
            "a stone at {x},{y} off the points"
        );
    }
    assert!(
        !doc.descendants()
            .any(|n| has_class(&n, "square") && n.attribute("fill") != Some("transparent")),
        "no square drawn"
    );
}

/// What the `drawn` details add, as a player would look for it. Kalah: twelve round pits
/// and two stores, each filling its column (the other square of that column not drawn).
/// Quoridor: 9 x 9 squares with narrow grooves between them, and a wall's three pieces
/// joined into one bar two squares and a groove long. Xiangqi: each palace crossed by its
/// two diagonals, and the river breaking the seven inner files' lines. Dots and boxes:
/// nine dots, twelve lines, four boxes.
#[test]
fn boards_show_what_their_players_know() {
    let num = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let text = picture("rules/kalah.rules");
    let doc = roxmltree::Document::parse(&text).unwrap();
    let class_of = |name: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-square") == Some(name) && has_class(n, "square"))
            .map(|n| n.attribute("class").unwrap().to_string())
    };
    assert_eq!(class_of("B1").as_deref(), Some("square pit"));
    assert_eq!(class_of("A2").as_deref(), Some("square pit store"));
    assert_eq!(class_of("H1").as_deref(), Some("square pit store"));
    assert_eq!(class_of("A1"), None, "a store's column has only the store");
    assert_eq!(class_of("H2"), None);
    let stores: Vec<_> = doc
        .descendants()
        .filter(|n| has_class(n, "store"))
        .collect();
    let pits = doc.descendants().filter(|n| has_class(n, "pit")).count();
    assert_eq!((pits, stores.len()), (14, 2));
    let pit = doc
        .descendants()
        .find(|n| has_class(n, "pit") && n.attribute("data-square") == Some("B1"))
        .unwrap();
    let pit_height = 2.0 * num(pit, "r");
    for store in &stores {
        assert!(
            num(*store, "height") > 2.0 * pit_height,
            "a store spans both rows"
        );
    }
    let counts = doc.descendants().filter(|n| has_class(n, "count")).count();
    assert_eq!(counts, 12, "four seeds in each pit, none in the stores");

    // Quoridor: a wall along the row grooves above the second row of squares.
    let text = String::from_utf8(ply(&[
        "show",
        "rules/quoridor.rules",
        "--after",
        "G2/H2/I2",
        "--svg",
        "-",
    ]))
    .unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let count = |class: &str| doc.descendants().filter(|n| has_class(n, class)).count();
    assert_eq!(count("post"), 64);
    assert_eq!(count("groove"), 2 * 8 * 9);
    let squares = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("square"))
        .count();
    assert_eq!(squares, 81);
    let mut bars: Vec<(f64, f64, f64, f64)> = doc
        .descendants()
        .filter(|n| has_class(n, "bar"))
        .map(|n| (num(n, "x"), num(n, "y"), num(n, "width"), num(n, "height")))
        .collect();
    bars.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(bars.len(), 3, "{bars:?}");
    for pair in bars.windows(2) {
        assert!(
            (pair[0].0 + pair[0].2 - pair[1].0).abs() < 0.2,
            "joined: {pair:?}"
        );
        assert!((pair[0].1 - pair[1].1).abs() < 0.2, "in one line: {pair:?}");
    }
    let length = bars[2].0 + bars[2].2 - bars[0].0;
    assert!((length - (2.0 * 48.0 + 48.0 * 0.3)).abs() < 0.5, "{length}");

    // Xiangqi: two palaces crossed, and the river.
    let text = picture("rules/xiangqi.rules");
    let doc = roxmltree::Document::parse(&text).unwrap();
    let count = |class: &str| doc.descendants().filter(|n| has_class(n, class)).count();
    assert_eq!(count("diagonal"), 4);
    assert_eq!(count("river"), 1);
    // Ten ranks; the two edge files whole, the seven others broken by the river.
    assert_eq!(count("line"), 10 + 2 + 7 * 2);

    // Connect Four: the 42 holes of its frame.
    let text = picture("rules/connect-four.rules");
    let doc = roxmltree::Document::parse(&text).unwrap();
    let pits = doc.descendants().filter(|n| has_class(n, "pit")).count();
    assert_eq!(pits, 42);

    // Dots and boxes: dots, lines and boxes.
    let text = picture("rules/dots-and-boxes.rules");
    let doc = roxmltree::Document::parse(&text).unwrap();
    let count = |class: &str| doc.descendants().filter(|n| has_class(n, class)).count();
    assert_eq!((count("post"), count("groove")), (9, 12));

    // Backgammon: 24 points as triangles, the bar and the trays as strips (G and N, both
    // rows), a stack of five a line of five checkers from the base.
    let text = picture("rules/backgammon.rules");
    let doc = roxmltree::Document::parse(&text).unwrap();
    let named = |class: &str| -> Vec<&str> {
        let mut names: Vec<&str> = doc
            .descendants()
            .filter(|n| has_class(n, class))
            .filter_map(|n| n.attribute("data-square"))
            .collect();
        names.sort_unstable();
        names
    };
    assert_eq!(named("triangle").len(), 24);
    assert_eq!(named("strip"), ["G1", "G2", "N1", "N2"]);
    assert!(named("triangle").iter().all(|n| !n.starts_with(['G', 'N'])));
    let stack = doc
        .descendants()
        .find(|n| has_class(n, "piece") && n.attribute("data-square") == Some("A1"))
        .unwrap();
    let mut ys: Vec<f64> = stack
        .descendants()
        .filter(|n| n.has_tag_name("circle") || n.has_tag_name("use"))
        .filter_map(|n| n.attribute("cy").and_then(|v| v.parse().ok()))
        .collect();
    ys.dedup();
    assert_eq!(ys.len(), 5, "five checkers: {ys:?}");
}
