//! `ply serve` over HTTP: every route, path traversal refused, malformed bodies refused
//! with 4xx (and the server still answering), jobs with their progress, and edits on disk
//! seen. Each test starts its own server on a free port over a folder it makes.

#[path = "common/served.rs"]
mod served;

use serde_json::{Value, json};
use served::{Served, folder};

#[test]
fn page_and_assets() {
    let mut s = Served::start(&folder("assets"));
    let (status, headers, body) = s.raw("GET", "/", None);
    assert_eq!(status, 200);
    assert!(
        headers["content-type"].starts_with("text/html"),
        "{headers:?}"
    );
    assert!(headers["content-security-policy"].contains("default-src 'self'"));
    assert!(body.contains("<script src=\"/app.js\""), "{body}");
    for (path, kind) in [
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let (status, headers, body) = s.raw("GET", path, None);
        assert_eq!(status, 200, "{path}");
        assert!(
            headers["content-type"].starts_with(kind),
            "{path}: {headers:?}"
        );
        assert!(!body.is_empty(), "{path}");
    }
    s.check_alive();
}

#[test]
fn files_lists_the_rules_files_with_their_state() {
    let dir = folder("files");
    let mut s = Served::start(&dir);
    let (status, v) = s.get("/api/files");
    assert_eq!(status, 200, "{v}");
    // The folder served from an absolute path is named by its own name alone: the page
    // is not told the folders above it.
    assert!(dir.is_absolute());
    assert_eq!(
        v["folder"].as_str(),
        dir.file_name().and_then(|n| n.to_str()),
        "{v}"
    );
    let files = v["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["name"].as_str().unwrap()).collect();
    // Not the symbolic link leading outside, the hidden file, the text file or the folder.
    assert_eq!(
        names,
        [
            "broken.rules",
            "english-draughts.rules",
            "lines-of-action.rules",
            "othello.rules",
            "over.rules"
        ]
    );
    let state = |name: &str| {
        let f = files.iter().find(|f| f["name"] == name).unwrap();
        (f["ok"].as_bool().unwrap(), f["game"].as_bool().unwrap())
    };
    assert_eq!(state("broken.rules"), (false, false));
    assert_eq!(state("lines-of-action.rules"), (true, false));
    assert_eq!(state("othello.rules"), (true, true));
    s.check_alive();
}

#[test]
fn rules_shows_the_text_and_the_diagnostics() {
    let dir = folder("rules");
    let mut s = Served::start(&dir);
    let (status, v) = s.get("/api/rules/broken.rules");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["game"], false);
    assert!(v["text"].as_str().unwrap().contains("plaec"));
    let d = &v["diagnostics"][0];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(4), Some(3)),
        "{v}"
    );
    assert!(d["message"].as_str().unwrap().contains("plaec"), "{d}");

    let (status, v) = s.get("/api/rules/othello.rules");
    assert_eq!(status, 200);
    assert_eq!(v["diagnostics"], json!([]));
    assert_eq!(v["game"], true);
    let text = std::fs::read_to_string(dir.join("othello.rules")).unwrap();
    assert_eq!(v["text"], text);

    let (status, v) = s.get("/api/rules/lines-of-action.rules");
    assert_eq!((status, &v["game"]), (200, &json!(false)));
    assert!(v["note"].as_str().unwrap().contains("setup"), "{v}");

    let (status, v) = s.get("/api/rules/missing.rules");
    assert_eq!(status, 404, "{v}");
    s.check_alive();
}

#[test]
fn state_replays_the_moves_played() {
    let mut s = Served::start(&folder("state"));
    let (status, v) = s.post("/api/state", &json!({"rules": "othello.rules"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["sides"], json!(["black", "white"]));
    assert_eq!(moves_of(&v), ["D3", "C4", "F5", "E6"]);
    assert_eq!(v["moves"][0]["squares"], json!(["D3"]));
    let explain = v["moves"][0]["explain"].as_str().unwrap();
    assert!(explain.starts_with("D3  flips D4"), "{explain}");
    assert!(explain.contains("(line "), "{explain}");
    assert_eq!(pieces(&v), 4);

    let (status, v) = s.post(
        "/api/state",
        &json!({"rules": "othello.rules", "moves": ["d3", "3"]}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["plies"], 2);
    assert_eq!(
        v["played"][0],
        json!({"side": "black", "move": "D3", "squares": ["D3"]})
    );
    assert_eq!(v["played"][1]["side"], "white");
    assert_eq!(v["to_move"], "black");
    assert_eq!(pieces(&v), 6);
    assert!(v["over"].is_null());
    // The picture shades the last move's squares.
    let svg = v["svg"].as_str().unwrap();
    let last = v["played"][1]["squares"][0].as_str().unwrap();
    assert!(
        svg.contains(&format!(r#"class="last" data-square="{last}""#)),
        "{svg}"
    );

    // The side drawn at the bottom, by name: turned for white, A1 is at the right.
    let x_of = |v: &Value| -> f64 {
        let svg = v["svg"].as_str().unwrap();
        let at = svg.find(r#"data-square="A1" x=""#).expect("A1 drawn") + 21;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    let (_, upright) = s.post("/api/state", &json!({"rules": "othello.rules"}));
    let (status, turned) = s.post(
        "/api/state",
        &json!({"rules": "othello.rules", "bottom": "white"}),
    );
    assert_eq!(status, 200, "{turned}");
    assert!(x_of(&turned) > x_of(&upright));
    let (status, v) = s.post(
        "/api/state",
        &json!({"rules": "othello.rules", "bottom": "purple"}),
    );
    assert_eq!(status, 400, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("no side is named `purple` (the sides: black, white)"),
        "{v}"
    );

    // A move by its first and last squares; a capture chain written out.
    let (status, v) = s.post(
        "/api/state",
        &json!({"rules": "english-draughts.rules", "moves": ["11-15", "23/19", "8-11"]}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["played"][1]["move"], "23-19");
    assert_eq!(v["played"][2]["move"], "8-11");
    assert_eq!(v["to_move"], "white");

    let (status, v) = s.post("/api/state", &json!({"rules": "over.rules"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["over"]["result"], "Draw");
    assert_eq!(v["over"]["outcome"], "draw");
    assert!(v["to_move"].is_null());
    assert_eq!(v["moves"], json!([]));
    s.check_alive();
}

#[test]
fn a_move_that_is_not_legal_is_refused_with_the_reason() {
    let mut s = Served::start(&folder("illegal"));
    let (status, v) = s.post(
        "/api/state",
        &json!({"rules": "othello.rules", "moves": ["D3", "A1"]}),
    );
    assert_eq!(status, 422, "{v}");
    let error = v["error"].as_str().unwrap();
    assert!(error.starts_with("move 2 `A1`: "), "{error}");
    assert!(error.contains("no legal move from or onto A1"), "{error}");

    let (status, v) = s.post(
        "/api/state",
        &json!({"rules": "othello.rules", "moves": ["nonsense"]}),
    );
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("is not a move"),
        "{v}"
    );

    let (status, v) = s.post(
        "/api/state",
        &json!({"rules": "over.rules", "moves": ["A1"]}),
    );
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("the game is over"),
        "{v}"
    );

    // A rules file with errors answers its diagnostics; one without a game says so.
    let (status, v) = s.post("/api/state", &json!({"rules": "broken.rules"}));
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["diagnostics"][0]["line"], 4);
    let (status, v) = s.post("/api/state", &json!({"rules": "lines-of-action.rules"}));
    assert_eq!(status, 422, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("not a whole game"),
        "{v}"
    );
    // The browser's user has no command line: no message names an option of one.
    assert!(!v["error"].as_str().unwrap().contains("--"), "{v}");
    s.check_alive();
}

#[test]
fn the_agent_replies_with_a_legal_move() {
    let mut s = Served::start(&folder("agent"));
    let (_, state) = s.post(
        "/api/state",
        &json!({"rules": "othello.rules", "moves": ["D3"]}),
    );
    let legal = moves_of(&state);
    // Bounded by playouts alone (the time is ample), so the same seed gives the same move.
    let ask =
        json!({"rules": "othello.rules", "moves": ["D3"], "playouts": 200, "seed": 5, "think": 60});
    let (status, v) = s.post("/api/agent", &ask);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["agent"], "mcts");
    let first = v["move"].as_str().unwrap().to_string();
    assert!(legal.contains(&first), "{first} not in {legal:?}");
    assert!(v["playouts"].as_u64().unwrap() <= 200, "{v}");
    // The same seed and moves give the same move.
    let (_, again) = s.post("/api/agent", &ask);
    assert_eq!(again["move"], first.as_str());

    let random = json!({"rules": "othello.rules", "moves": ["D3"], "agent": "random"});
    let (status, v) = s.post("/api/agent", &random);
    assert_eq!(status, 200, "{v}");
    assert!(legal.contains(&v["move"].as_str().unwrap().to_string()));

    for bad in [
        json!({"rules": "othello.rules", "agent": "human"}),
        json!({"rules": "othello.rules", "agent": "genius"}),
        json!({"rules": "othello.rules", "think": -1}),
        json!({"rules": "othello.rules", "think": 1000}),
        json!({"rules": "othello.rules", "playouts": 0}),
    ] {
        let (status, v) = s.post("/api/agent", &bad);
        assert_eq!(status, 400, "{bad}: {v}");
    }
    let (status, v) = s.post("/api/agent", &json!({"rules": "over.rules"}));
    assert_eq!(status, 409, "{v}");
    s.check_alive();
}

#[test]
fn the_version_changes_when_the_file_does() {
    let dir = folder("version");
    let mut s = Served::start(&dir);
    let (status, v) = s.get("/api/version/othello.rules");
    assert_eq!(status, 200, "{v}");
    let before = v["version"].as_str().unwrap().to_string();
    let (_, rules) = s.get("/api/rules/othello.rules");
    assert_eq!(rules["version"], before.as_str());
    let (_, same) = s.get("/api/version/othello.rules");
    assert_eq!(same["version"], before.as_str());

    let path = dir.join("othello.rules");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("# edited\n");
    std::fs::write(&path, &text).unwrap();
    let (_, after) = s.get("/api/version/othello.rules");
    assert_ne!(after["version"], before.as_str());
    let (_, rules) = s.get("/api/rules/othello.rules");
    assert!(rules["text"].as_str().unwrap().ends_with("# edited\n"));

    std::fs::remove_file(&path).unwrap();
    let (status, _) = s.get("/api/version/othello.rules");
    assert_eq!(status, 404);
    s.check_alive();
}

#[test]
fn perft_and_playout_jobs_report_progress_and_results() {
    let mut s = Served::start(&folder("jobs"));
    let perft = json!({"rules": "othello.rules", "kind": "perft", "depth": 4});
    let (status, v) = s.post("/api/jobs", &perft);
    assert_eq!(status, 202, "{v}");
    let done = s.finish_job(v["id"].as_u64().unwrap());
    assert_eq!(done["result"]["count"], 244, "{done}");
    assert_eq!(done["result"]["divide"].as_array().unwrap().len(), 4);
    // Othello's 4 first moves are too few to share: the job's items are the 12 openings of
    // two moves.
    assert_eq!((&done["done"], &done["total"]), (&json!(12), &json!(12)));

    // From the position after the moves played.
    let after = json!({"rules": "othello.rules", "moves": ["D3"], "kind": "perft", "depth": 2});
    let (_, v) = s.post("/api/jobs", &after);
    let done = s.finish_job(v["id"].as_u64().unwrap());
    assert_eq!(done["result"]["count"], 14, "{done}");

    // Playouts tally as `ply playout` does with the same seed.
    let playout = json!({"rules": "othello.rules", "kind": "playout", "games": 12, "seed": 3});
    let (status, v) = s.post("/api/jobs", &playout);
    assert_eq!(status, 202, "{v}");
    let done = s.finish_job(v["id"].as_u64().unwrap());
    assert_eq!((&done["done"], &done["total"]), (&json!(12), &json!(12)));
    let mut tally: Vec<String> = done["result"]["tally"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| format!("{}: {}", t["result"].as_str().unwrap(), t["games"]))
        .collect();
    tally.sort();
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_ply"))
        .args([
            "playout",
            "rules/othello.rules",
            "--games",
            "12",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    let mut expected: Vec<String> = String::from_utf8(cli.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("by outcome"))
        .map(str::to_string)
        .collect();
    expected.sort();
    assert_eq!(tally, expected);
    s.check_alive();
}

#[test]
fn long_jobs_can_be_stopped_and_four_run_at_once() {
    let mut s = Served::start(&folder("stop"));
    let long = json!({"rules": "othello.rules", "kind": "perft", "depth": 14});
    let mut ids = Vec::new();
    for _ in 0..4 {
        let (status, v) = s.post("/api/jobs", &long);
        assert_eq!(status, 202, "{v}");
        ids.push(v["id"].as_u64().unwrap());
    }
    let (status, v) = s.post("/api/jobs", &long);
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("4 at most"), "{v}");
    for id in &ids {
        let (status, v) = s.get(&format!("/api/jobs/{id}"));
        assert_eq!((status, &v["state"]), (200, &json!("running")), "{v}");
        let (status, v) = s.request("DELETE", &format!("/api/jobs/{id}"), None);
        assert_eq!(status, 202, "{v}");
    }
    for id in ids {
        let stopped = s.finish_job(id);
        assert_eq!(stopped["state"], "stopped", "{stopped}");
        assert!(stopped["result"].is_null());
    }

    for (path, want) in [("/api/jobs/999", 404), ("/api/jobs/abc", 404)] {
        assert_eq!(s.get(path).0, want, "{path}");
    }
    for bad in [
        json!({"rules": "othello.rules", "kind": "dance"}),
        json!({"rules": "othello.rules", "kind": "perft"}),
        json!({"rules": "othello.rules", "kind": "perft", "depth": 65}),
        json!({"rules": "othello.rules", "kind": "playout", "games": 0}),
        json!({"rules": "othello.rules", "kind": "perft", "depth": -1}),
    ] {
        let (status, v) = s.post("/api/jobs", &bad);
        assert_eq!(status, 400, "{bad}: {v}");
    }
    let wrong = json!({"rules": "othello.rules", "moves": ["A1"], "kind": "perft", "depth": 1});
    assert_eq!(s.post("/api/jobs", &wrong).0, 422);
    s.check_alive();
}

#[test]
fn paths_outside_the_folder_are_refused() {
    let dir = folder("traversal");
    let mut s = Served::start(&dir);
    for path in [
        "/api/rules/..%2F..%2FCargo.toml",
        "/api/rules/%2e%2e%2fCargo.toml",
        "/api/rules/%2e%2e",
        "/api/rules/..",
        "/api/rules/%2Fetc%2Fpasswd",
        "/api/rules/..%5Cothello.rules",
        "/api/version/..%2Fothello.rules",
        "/api/rules/link.rules",
        "/api/rules/notes.txt",
        "/api/rules/.hidden.rules",
        "/api/rules/sub",
        "/api/rules/sub%2Finner.rules",
        "/%2e%2e/Cargo.toml",
    ] {
        let (status, body) = s.request("GET", path, None);
        assert_eq!(status, 403, "{path}: {body}");
        assert!(!body.to_string().contains("root:"), "{path}");
    }
    for rules in [
        "../othello.rules",
        "/etc/passwd",
        "sub/inner.rules",
        "link.rules",
    ] {
        let (status, v) = s.post("/api/state", &json!({"rules": rules}));
        assert_eq!(status, 403, "{rules}: {v}");
    }
    // Paths a client sends without resolving the dots.
    for path in [
        "/api/rules/../../Cargo.toml",
        "/api/rules//etc/passwd",
        "/../Cargo.toml",
    ] {
        let status = s.raw_path("GET", path);
        assert_eq!(status, 403, "{path}");
    }
    s.check_alive();
}

#[test]
fn one_rules_file_serves_that_file_alone() {
    let dir = folder("one");
    let mut s = Served::start(&dir.join("othello.rules"));
    let (_, v) = s.get("/api/files");
    assert_eq!(v["files"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["files"][0]["name"], "othello.rules");
    assert_eq!(s.get("/api/rules/othello.rules").0, 200);
    assert_eq!(s.get("/api/rules/broken.rules").0, 404);
    s.check_alive();
}

#[test]
fn malformed_requests_get_4xx_and_the_server_goes_on() {
    let mut s = Served::start(&folder("malformed"));
    let bodies: [&[u8]; 10] = [
        b"",
        b"{",
        b"[]",
        b"null",
        b"{\"rules\": 3}",
        b"{\"moves\": []}",
        b"{\"rules\": \"othello.rules\", \"moves\": \"D3\"}",
        b"{\"rules\": \"othello.rules\", \"moves\": [1, 2]}",
        b"{\"rules\": \"othello.rules\", \"surprise\": 1}",
        b"\xff\xfe{\"rules\": \"othello.rules\"}",
    ];
    for route in ["/api/state", "/api/agent", "/api/jobs"] {
        for body in bodies {
            let (status, v) = s.request("POST", route, Some(body));
            assert_eq!(
                status,
                400,
                "{route} {:?}: {v}",
                String::from_utf8_lossy(body)
            );
            assert!(v["error"].is_string(), "{v}");
        }
    }
    let big = vec![b' '; 2 << 20];
    assert_eq!(s.request("POST", "/api/state", Some(&big)).0, 413);

    for (method, path, allow) in [
        ("GET", "/api/state", "POST"),
        ("POST", "/api/files", "GET"),
        ("PUT", "/api/jobs/1", "GET, DELETE"),
        ("DELETE", "/api/rules/othello.rules", "GET"),
        ("POST", "/", "GET"),
    ] {
        let (status, headers, _) = s.raw(method, path, Some(b"{}"));
        assert_eq!(status, 405, "{method} {path}");
        assert_eq!(headers["allow"], allow, "{method} {path}");
    }
    for path in ["/api/nothing", "/nothing.js", "/api", "/api/rules/"] {
        assert_eq!(s.get(path).0, 404, "{path}");
    }
    for path in ["/api/rules/%zz.rules", "/api/rules/%ff.rules"] {
        assert_eq!(s.get(path).0, 400, "{path}");
    }
    // A page of another site that resolved its name to 127.0.0.1 is refused.
    assert_eq!(s.with_host("/api/files", "evil.example"), 403);
    assert_eq!(
        s.with_host("/api/files", &format!("localhost:{}", s.port())),
        200
    );
    assert_eq!(s.get("/api/files").0, 200);
    s.check_alive();
}

/// The moves of a state, as written.
fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// The pieces drawn on a state's board.
fn pieces(state: &Value) -> usize {
    state["svg"]
        .as_str()
        .unwrap()
        .matches("class=\"piece\"")
        .count()
}

/// A rules file swapped again and again between a file of the folder and a link to a file
/// outside it, while it is asked for: the file outside is never read (the file is opened
/// first, and what was opened is checked).
#[cfg(unix)]
#[test]
fn a_file_swapped_for_a_link_is_never_read_outside() {
    let dir = folder("swap");
    let secret = dir.with_extension("secret.rules");
    std::fs::write(&secret, "SECRET OUTSIDE THE FOLDER\n").unwrap();
    let mut s = Served::start(&dir);
    let target = dir.join("swap.rules");
    std::fs::copy("rules/othello.rules", &target).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let swapper = {
        let (stop, target, secret) = (stop.clone(), target.clone(), secret.clone());
        let inside = std::fs::read("rules/othello.rules").unwrap();
        std::thread::spawn(move || {
            let mut swaps = 0u32;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = std::fs::remove_file(&target);
                std::os::unix::fs::symlink(&secret, &target).unwrap();
                let _ = std::fs::remove_file(&target);
                std::fs::write(&target, &inside).unwrap();
                swaps += 1;
            }
            swaps
        })
    };
    let mut served = 0;
    for _ in 0..3000 {
        let (status, body) = s.request("GET", "/api/rules/swap.rules", None);
        assert!(!body.to_string().contains("SECRET"), "{status}: {body}");
        served += (status == 200) as u32;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    let _ = std::fs::remove_file(&secret);
    assert!(swaps > 100, "only {swaps} swaps");
    assert!(served > 0, "the file was never served between swaps");
    s.check_alive();
}

#[test]
fn a_game_with_dice_rolls_from_its_moves() {
    let dir = folder("dice");
    std::fs::copy("rules/maedn.rules", dir.join("maedn.rules")).unwrap();
    let mut s = Served::start(&dir);
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..30 {
        let ask = json!({"rules": "maedn.rules", "moves": moves});
        let (status, v) = s.post("/api/state", &ask);
        assert_eq!(status, 200, "{v}");
        if !v["over"].is_null() {
            break;
        }
        // The roll follows from the moves: asked again, the same roll and the same moves.
        let roll = v["roll"].as_str().unwrap().to_string();
        assert!(("1"..="6").contains(&roll.as_str()), "{v}");
        let (_, again) = s.post("/api/state", &ask);
        assert_eq!(again["roll"], v["roll"]);
        assert_eq!(moves_of(&again), moves_of(&v));
        // The agent plays one of them.
        let ask = json!({"rules": "maedn.rules", "moves": moves, "agent": "random"});
        let (status, reply) = s.post("/api/agent", &ask);
        assert_eq!(status, 200, "{reply}");
        let played = reply["move"].as_str().unwrap().to_string();
        assert!(moves_of(&v).contains(&played), "{played} not in {v}");
        moves.push(played);
    }
    assert_eq!(moves.len(), 30, "a random game of this length does not end");
    s.check_alive();
}

/// A page of another site can make a browser send a `text/plain` POST or a DELETE without
/// asking first: such a request must not start jobs, agents or games. Every request that
/// changes something carries the playground's own header, and an `Origin` other than this
/// server is refused; reading stays open.
#[test]
fn a_page_of_another_site_cannot_start_anything() {
    let mut s = Served::start(&folder("cross-site"));
    let body = br#"{"rules": "othello.rules"}"#;
    let origin = format!("http://127.0.0.1:{}", s.port());
    for (method, path) in [
        ("POST", "/api/state"),
        ("POST", "/api/agent"),
        ("POST", "/api/jobs"),
        ("DELETE", "/api/jobs/1"),
    ] {
        // A form or a fetch without preflight: text/plain, no header of ours.
        let (status, text) = s.with_headers(
            (method, path, body),
            &[
                ("Content-Type", "text/plain"),
                ("Origin", "http://evil.example"),
            ],
        );
        assert_eq!(status, 403, "{method} {path}: {text}");
        assert!(text.contains("X-Ply-Request: 1"), "{text}");
        // Our header (which a page of another site cannot send unasked) from another origin.
        let (status, text) = s.with_headers(
            (method, path, body),
            &[("X-Ply-Request", "1"), ("Origin", "http://evil.example")],
        );
        assert_eq!(status, 403, "{method} {path}: {text}");
        assert!(
            text.contains("another site (http://evil.example)"),
            "{text}"
        );
    }
    // The playground's own page: the header, its own origin (or none, as a script sends).
    for origin in [Some(origin.as_str()), None] {
        let mut headers = vec![("X-Ply-Request", "1"), ("Content-Type", "application/json")];
        headers.extend(origin.map(|o| ("Origin", o)));
        let (status, text) = s.with_headers(("POST", "/api/state", body), &headers);
        assert_eq!(status, 200, "{origin:?}: {text}");
    }
    // Reading needs nothing.
    let (status, _) = s.with_headers(("GET", "/api/files", b""), &[]);
    assert_eq!(status, 200);
    s.check_alive();
}

/// Sends `head` (a request line and header lines, without the blank line that ends a head)
/// on a connection of its own and returns the answer's status line.
fn status_line_of(port: u16, head: &[u8]) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    // The server may answer and close before the whole head is sent.
    let _ = stream
        .write_all(head)
        .and_then(|()| stream.write_all(b"\r\n"));
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    text.lines().next().unwrap_or("").to_string()
}

#[cfg(target_os = "linux")]
#[test]
fn crowds_of_idle_and_slow_connections_do_not_keep_requests_out() {
    use std::io::Write;
    use std::net::TcpStream;
    // The server may open 128 files: it holds at most 64 connections. Ten times as many
    // connections, idle or sending their head a few bytes at a time, stay open here.
    let mut s = Served::start_with_files(&folder("crowd"), 128);
    let port = s.port();
    let mut crowd = Vec::new();
    for i in 0..640 {
        let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
        if i % 2 == 1 {
            c.write_all(b"GET /api/files HTTP/1.1\r\nHo").unwrap();
        }
        crowd.push(c);
    }
    for _ in 0..10 {
        let (status, v) = s.get("/api/files");
        assert_eq!(status, 200, "{v}");
    }
    let files = std::fs::read_dir(format!("/proc/{}/fd", s.pid()))
        .unwrap()
        .count();
    assert!(files <= 128, "the server has {files} files open");
    // A head larger than the limit, or with too many lines, is refused.
    let host =
        format!("GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    let big = format!("{host}X-Big: {}\r\n", "a".repeat(100_000));
    assert!(status_line_of(port, big.as_bytes()).contains(" 431 "));
    let mut many = host.clone();
    for i in 0..200 {
        many.push_str(&format!("X-{i}: 1\r\n"));
    }
    assert!(status_line_of(port, many.as_bytes()).contains(" 431 "));
    assert!(status_line_of(port, host.as_bytes()).contains(" 200 "));
    drop(crowd);
    s.check_alive();
}

#[test]
fn a_game_that_never_ends_holds_nothing_up() {
    let dir = folder("endless");
    std::fs::copy(
        "tests/cmd/endless-forever.rules",
        dir.join("endless-forever.rules"),
    )
    .unwrap();
    let mut s = Served::start(&dir);
    // Every rollout of the agent is stopped by the run's limit of plies: it answers.
    let ask = json!({"rules": "endless-forever.rules", "playouts": 3, "think": 60});
    let (status, v) = s.post("/api/agent", &ask);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["playouts"], 3, "{v}");
    // A playout job finishes, each game counted as unfinished.
    let job = json!({"rules": "endless-forever.rules", "kind": "playout", "games": 4});
    let (status, v) = s.post("/api/jobs", &job);
    assert_eq!(status, 202, "{v}");
    let done = s.finish_job(v["id"].as_u64().unwrap());
    assert_eq!(done["state"], "done", "{done}");
    let tally = done["result"]["tally"].as_array().unwrap();
    let unfinished = tally
        .iter()
        .find(|t| t["result"].as_str().unwrap().starts_with("unfinished"))
        .unwrap_or_else(|| panic!("{done}"));
    assert_eq!(
        (&unfinished["games"], &unfinished["outcome"]),
        (&json!(4), &json!("unstated"))
    );
    s.check_alive();
}
