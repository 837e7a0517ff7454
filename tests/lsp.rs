//! `ply lsp` driven through its protocol, as an editor drives it: the real binary on pipes,
//! messages framed with Content-Length. Each test waits for answers by id; nothing here is
//! timed (the answer times of a 5,000-line file are a benchmark: `benches/lsp.py`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// Long enough for a loaded machine; a server that says nothing for this long has hung.
const PATIENCE: Duration = Duration::from_secs(120);

const URI: &str = "file:///work/game.rules";

const GAME: &str = "\
board 8 x 8
sides black \"X\" forward up, white \"O\" forward down
kinds man, king
direction jumpy = up + up
let mine of s = count s pieces
let lead = mine of black - mine of white
move
  man: step along forward, jumpy
  onto empty
input repeat until end grid mover
output \"{lead}\"
";

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications received while waiting for a response.
    notifications: Vec<Value>,
}

fn read_message(r: &mut impl BufRead) -> Option<Value> {
    let mut length = 0;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            length = v.parse().ok()?;
        }
    }
    let mut body = vec![0; length];
    r.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ply starts");
        let stdout = child.stdout.take().expect("a stdout pipe");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(m) = read_message(&mut r) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        let mut c = Client {
            stdin: child.stdin.take(),
            child,
            messages: rx,
            next_id: 0,
            notifications: Vec::new(),
        };
        let caps = c.request("initialize", json!({ "capabilities": {} }));
        assert_eq!(caps["capabilities"]["hoverProvider"], true, "{caps}");
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("ply reads");
        stdin.flush().expect("ply reads");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn receive(&mut self) -> Value {
        self.messages
            .recv_timeout(PATIENCE)
            .expect("ply answers in time")
    }

    /// The whole response (result or error) to a request.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.receive();
            if m["id"] == id {
                return m;
            }
            self.notifications.push(m);
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let r = self.call(method, params);
        assert!(r.get("error").is_none(), "{method}: {r}");
        r["result"].clone()
    }

    /// The next diagnostics published for the file.
    fn diagnostics(&mut self) -> Value {
        loop {
            let m = if self.notifications.is_empty() {
                self.receive()
            } else {
                self.notifications.remove(0)
            };
            if m["method"] == "textDocument/publishDiagnostics" {
                return m["params"].clone();
            }
        }
    }

    fn open(&mut self, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": URI, "languageId": "ply", "version": 1, "text": text } }),
        );
        self.diagnostics()
    }

    fn change(&mut self, version: i32, changes: Value) -> Value {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": URI, "version": version }, "contentChanges": changes }),
        );
        self.diagnostics()
    }

    fn at(&mut self, method: &str, line: u32, character: u32, extra: Value) -> Value {
        let mut params = json!({
            "textDocument": { "uri": URI },
            "position": { "line": line, "character": character },
        });
        if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
            p.extend(e.clone());
        }
        self.request(method, params)
    }

    /// The text of the hover on a word of [`GAME`] (see [`pos`]).
    fn hover_text(&mut self, word: &str, nth: usize, offset: u32) -> String {
        let (l, ch) = pos(GAME, word, nth, offset);
        let h = self.at("textDocument/hover", l, ch, json!({}));
        h["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// `shutdown`, `exit`, and the exit code.
    fn stop(mut self) -> i32 {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        let status = self.child.wait().expect("ply exits");
        status.code().expect("an exit code, not a signal")
    }
}

/// The line and column (from 0) of the `nth` occurrence of `word` in `text`, plus `offset`
/// characters into it.
fn pos(text: &str, word: &str, nth: usize, offset: u32) -> (u32, u32) {
    let at = text
        .match_indices(word)
        .nth(nth)
        .expect("the word is there")
        .0;
    let line = text[..at].matches('\n').count() as u32;
    let col = (at - text[..at].rfind('\n').map_or(0, |i| i + 1)) as u32;
    (line, col + offset)
}

fn messages(diags: &Value) -> Vec<String> {
    diags["diagnostics"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|d| d["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn diagnostics_follow_the_edits() {
    let mut c = Client::start();
    let clean = c.open(GAME);
    assert_eq!(clean["diagnostics"], json!([]), "{clean}");
    // A syntax error: the message and help of `ply check`, at its place.
    let broken = GAME.replace("input repeat", "inptu repeat");
    let d = c.change(2, json!([{ "text": broken }]));
    assert_eq!(d["version"], 2);
    let all = d["diagnostics"].as_array().expect("a list").clone();
    assert_eq!(all.len(), 1, "{d}");
    assert!(
        all[0]["message"]
            .as_str()
            .unwrap()
            .contains("unknown section `inptu`"),
        "{d}"
    );
    assert!(
        all[0]["message"]
            .as_str()
            .unwrap()
            .contains("did you mean `input`?"),
        "{d}"
    );
    assert_eq!(all[0]["code"], "syntax");
    let (line, col) = pos(&broken, "inptu", 0, 0);
    assert_eq!(
        all[0]["range"]["start"],
        json!({ "line": line, "character": col })
    );
    assert_eq!(
        all[0]["range"]["end"],
        json!({ "line": line, "character": col + 5 })
    );
    // Edited while still broken: an incremental change elsewhere.
    let d = c.change(
        3,
        json!([{ "range": { "start": { "line": 0, "character": 6 }, "end": { "line": 0, "character": 7 } }, "text": "9" }]),
    );
    assert!(messages(&d)[0].contains("unknown section `inptu`"), "{d}");
    // Fixed: no diagnostics.
    let (line, col) = pos(&broken, "inptu", 0, 0);
    let d = c.change(
        4,
        json!([{ "range": { "start": { "line": line, "character": col }, "end": { "line": line, "character": col + 5 } }, "text": "input" }]),
    );
    assert_eq!(d["diagnostics"], json!([]), "{d}");
    // Semantic errors: every one at once, each with its help.
    let wrong = GAME
        .replace("step along forward, jumpy", "step along forwrd, jumpy")
        .replace("mine of white", "mine of whte");
    let d = c.change(5, json!([{ "text": wrong }]));
    let m = messages(&d);
    assert_eq!(m.len(), 2, "{d}");
    assert!(
        m.iter()
            .any(|m| m.contains("unknown side `whte`") && m.contains("did you mean `white`?")),
        "{m:?}"
    );
    assert!(
        m.iter().any(|m| m.contains("unknown direction `forwrd`")),
        "{m:?}"
    );
    assert!(d["diagnostics"][0]["code"] == "rules");
    assert_eq!(c.stop(), 0);
}

/// A file opened with a syntax error: its diagnostic, and keywords still documented.
#[test]
fn a_file_opened_broken() {
    let mut c = Client::start();
    let broken = GAME.replace("onto empty", "onto empty or nothing");
    let d = c.open(&broken);
    let m = messages(&d);
    assert_eq!(m.len(), 1, "{d}");
    assert!(m[0].starts_with("expected"), "{m:?}");
    assert!(m[0].contains("found `nothing`"), "{m:?}");
    let (l, ch) = pos(&broken, "nothing", 0, 0);
    assert_eq!(
        d["diagnostics"][0]["range"]["start"],
        json!({ "line": l, "character": ch })
    );
    // The message and help of `ply check`, word for word.
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("lsp-broken.rules");
    std::fs::write(&file, &broken).expect("a temporary file");
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["check", "--format", "json"])
        .arg(&file)
        .output()
        .expect("ply check runs");
    let checked: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let e = &checked["diagnostics"][0];
    let expected = match e["help"].as_str() {
        Some(h) => format!("{}\nhelp: {h}", e["message"].as_str().unwrap_or_default()),
        None => e["message"].as_str().unwrap_or_default().to_string(),
    };
    assert_eq!(m[0], expected);
    let text = c.hover_text("onto", 0, 1);
    assert!(text.contains("onto"), "{text}");
    assert_eq!(c.stop(), 0);
}

/// Changes sent faster than they are checked: the answers and the last diagnostics are
/// about the last text.
#[test]
fn a_burst_of_changes() {
    let mut c = Client::start();
    c.open(GAME);
    let mut burst = String::new();
    for version in 2..=21 {
        let text = if version % 2 == 0 {
            GAME.replace("input", "inptu")
        } else {
            GAME.to_string()
        };
        let body = json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": { "uri": URI, "version": version },
            "contentChanges": [{ "text": text }] } })
        .to_string();
        burst.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    }
    let stdin = c.stdin.as_mut().expect("stdin open");
    stdin.write_all(burst.as_bytes()).expect("ply reads");
    let h = c.hover_text("lead", 1, 0);
    assert!(h.starts_with("let `lead`"), "{h}");
    let published: Vec<Value> = c
        .notifications
        .iter()
        .filter(|m| m["method"] == "textDocument/publishDiagnostics")
        .map(|m| m["params"].clone())
        .collect();
    let last = published.last().expect("diagnostics before the answer");
    assert_eq!(last["version"], 21, "{last}");
    assert_eq!(last["diagnostics"], json!([]), "{last}");
    let versions: Vec<i64> = published
        .iter()
        .filter_map(|p| p["version"].as_i64())
        .collect();
    assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
    assert_eq!(c.stop(), 0);
}

#[test]
fn hovers_on_keywords_and_names() {
    let mut c = Client::start();
    c.open(GAME);
    let text = c.hover_text("step", 0, 2);
    let docs = std::fs::read_to_string("docs/language.md").expect("the reference");
    assert!(
        text.contains("step along DIRECTIONS [onto CELLS]"),
        "{text}"
    );
    assert!(
        docs.contains("A slide of exactly one square"),
        "the reference changed"
    );
    assert!(text.contains("A slide of exactly one square"), "{text}");
    // A name: its declaration.
    let text = c.hover_text("jumpy", 1, 1);
    assert!(
        text.starts_with("direction `jumpy`, declared on line 4"),
        "{text}"
    );
    assert!(text.contains("direction jumpy = up + up"), "{text}");
    let h = c.hover_text("lead", 1, 0);
    assert!(h.contains("let lead = mine of black"), "{h}");
    // Nothing on a number.
    let h = c.at("textDocument/hover", 0, 6, json!({}));
    assert_eq!(h, Value::Null);
    assert_eq!(c.stop(), 0);
}

#[test]
fn definitions_references_and_renames() {
    let mut c = Client::start();
    c.open(GAME);
    // The use of `black` in a let goes to the side.
    let (l, ch) = pos(GAME, "black", 1, 2);
    let def = c.at("textDocument/definition", l, ch, json!({}));
    let (dl, dc) = pos(GAME, "black", 0, 0);
    assert_eq!(def["uri"], URI);
    assert_eq!(
        def["range"]["start"],
        json!({ "line": dl, "character": dc })
    );
    // A let's parameter is its own name.
    let (l, ch) = pos(GAME, "count s", 0, 6);
    let def = c.at("textDocument/definition", l, ch, json!({}));
    let (dl, dc) = pos(GAME, "of s", 0, 3);
    assert_eq!(
        def["range"]["start"],
        json!({ "line": dl, "character": dc })
    );
    // References of a let, with and without its declaration.
    let (l, ch) = pos(GAME, "mine", 0, 0);
    let refs = c.at(
        "textDocument/references",
        l,
        ch,
        json!({ "context": { "includeDeclaration": true } }),
    );
    assert_eq!(refs.as_array().map(Vec::len), Some(3), "{refs}");
    let refs = c.at(
        "textDocument/references",
        l,
        ch,
        json!({ "context": { "includeDeclaration": false } }),
    );
    assert_eq!(refs.as_array().map(Vec::len), Some(2), "{refs}");
    // A kind.
    let (l, ch) = pos(GAME, "man", 1, 0);
    let def = c.at("textDocument/definition", l, ch, json!({}));
    assert_eq!(def["range"]["start"]["line"], 2);
    // Rename a side: every place it is written.
    let (l, ch) = pos(GAME, "white", 0, 0);
    let edit = c.at("textDocument/rename", l, ch, json!({ "newName": "blanc" }));
    let edits = edit["changes"][URI].as_array().expect("edits").clone();
    assert_eq!(edits.len(), 2, "{edit}");
    assert!(edits.iter().all(|e| e["newText"] == "blanc"));
    // Not to a reserved word, an invalid name or a name the file has.
    for bad in ["slide", "2x", "a b", "black", "up"] {
        let r = c.call(
            "textDocument/rename",
            json!({ "textDocument": { "uri": URI }, "position": { "line": l, "character": ch }, "newName": bad }),
        );
        assert!(r["error"]["message"].as_str().is_some(), "{bad}: {r}");
    }
    // A built-in direction has no declaration and cannot be renamed.
    let (l, ch) = pos(GAME, "up", 1, 0);
    let r = c.call(
        "textDocument/prepareRename",
        json!({ "textDocument": { "uri": URI }, "position": { "line": l, "character": ch } }),
    );
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("built-in direction"),
        "{r}"
    );
    assert_eq!(
        c.at("textDocument/definition", l, ch, json!({})),
        Value::Null
    );
    assert_eq!(c.stop(), 0);
}

fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| i["label"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn completion_of_keywords_and_names() {
    let mut c = Client::start();
    c.open(GAME);
    // After `step`, only `along`.
    let (l, ch) = pos(GAME, "step", 0, 5);
    let items = c.at("textDocument/completion", l, ch, json!({}));
    assert_eq!(labels(&items), ["along"]);
    // Typing a new statement: the file is broken, the names of the last good text stay.
    let text = format!("{GAME}move slide along ");
    let d = c.change(2, json!([{ "text": text }]));
    assert!(!messages(&d).is_empty());
    let last = text.lines().count() as u32 - 1;
    let items = c.at("textDocument/completion", last, 17, json!({}));
    let l = labels(&items);
    assert!(
        l.contains(&"jumpy".to_string()) && l.contains(&"diagonal".to_string()),
        "{l:?}"
    );
    assert!(
        !l.contains(&"lead".to_string()),
        "a let is no direction: {l:?}"
    );
    // Between statements: the statement keywords.
    let items = c.at("textDocument/completion", 3, 0, json!({}));
    let l = labels(&items);
    assert!(
        l.contains(&"move".to_string()) && l.contains(&"let".to_string()),
        "{l:?}"
    );
    // In an expression: lets and sides too.
    let text = format!("{GAME}require lead ");
    c.change(3, json!([{ "text": format!("{GAME}require ") }]));
    let items = c.at(
        "textDocument/completion",
        text.lines().count() as u32 - 1,
        8,
        json!({}),
    );
    let l = labels(&items);
    assert!(
        l.contains(&"lead".to_string()) && l.contains(&"count".to_string()),
        "{l:?}"
    );
    assert_eq!(c.stop(), 0);
}

#[test]
fn outline_of_a_file() {
    let mut c = Client::start();
    c.open(GAME);
    let syms = c.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let names = labels_of(&syms, "name");
    assert_eq!(
        names,
        [
            "board",
            "sides",
            "kinds",
            "direction",
            "mine",
            "lead",
            "move 1",
            "input",
            "output"
        ]
    );
    let sides = &syms[1]["children"];
    assert_eq!(labels_of(sides, "name"), ["black", "white"]);
    assert_eq!(c.stop(), 0);
}

fn labels_of(v: &Value, key: &str) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|i| i[key].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn unknown_methods_and_bad_parameters() {
    let mut c = Client::start();
    let r = c.call("textDocument/frobnicate", json!({}));
    assert_eq!(r["error"]["code"], -32601, "{r}");
    let r = c.call("textDocument/hover", json!({ "nonsense": 1 }));
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("invalid parameters"),
        "{r}"
    );
    // A document never opened: no answer, no failure.
    let h = c.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": "file:///nowhere.rules" }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(h, Value::Null);
    assert_eq!(c.stop(), 0);
}

/// Runs `ply lsp` on these bytes; its exit code and standard error.
fn run_raw(input: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    // ply may stop reading early: a write that fails then is expected.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("ply exits");
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn garbage_on_standard_input() {
    let body = |s: &str| format!("Content-Length: {}\r\n\r\n{s}", s.len());
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            b"hello, server\n".to_vec(),
            "expected a header such as `Content-Length: 52`",
        ),
        (body("{not json").into_bytes(), "is not a JSON-RPC request"),
        (body("[1, 2]").into_bytes(), "is not a JSON-RPC request"),
        (
            b"Content-Length: 99999999999999999999\r\n\r\n".to_vec(),
            "Content-Length is not a number",
        ),
        (
            b"Content-Length: 500\r\n\r\n{}".to_vec(),
            "the input ended inside a message",
        ),
        (vec![0xff; 100_000], "a header line is longer than"),
    ];
    for (input, expected) in cases {
        let (code, stderr) = run_raw(&input);
        assert_eq!(code, 4, "{expected}: {stderr}");
        assert!(stderr.contains(expected), "{expected}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // The input ends without `exit`: exit code 1 and why.
    let (code, stderr) = run_raw(b"");
    assert_eq!(code, 1);
    assert!(
        stderr.contains("the input ended without `shutdown` and `exit`"),
        "{stderr}"
    );
    let exit = body(r#"{"jsonrpc":"2.0","method":"exit"}"#);
    let (code, stderr) = run_raw(exit.as_bytes());
    assert_eq!(code, 1);
    assert!(stderr.contains("`exit` came before `shutdown`"), "{stderr}");
}
