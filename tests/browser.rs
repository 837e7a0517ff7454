//! The playground page in a real headless Chromium, driven over WebDriver (chromedriver,
//! spoken to with the same HTTP client as tests/serve.rs): open Othello, click a legal
//! placement on the board, and see the board change and the agent reply; choose a draughts
//! man and see dots on its targets; place a stone on a hexagon of Hex.
//!
//! Chromium and chromedriver come from Debian's `chromium` and `chromium-driver` packages.
//! When they are missing the test installs them (apt-get as root, else `sudo -n apt-get`)
//! and fails, saying why, when it cannot: it never skips.

#[path = "common/served.rs"]
mod served;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use served::{Served, folder};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The key of an element reference in WebDriver answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// How long to wait for the page (the agent thinks half a second on a debug build).
const PATIENCE: Duration = Duration::from_secs(120);

#[test]
fn a_person_plays_othello_against_the_agent() {
    install_chromium();
    let served = Served::start(&folder("browser"));
    let driver = Driver::start();
    let page = driver.session();
    page.go(&served.url());

    page.click(&page.wait_for("#files button[data-file=\"othello.rules\"]"));
    page.wait_until("the opening's four moves are listed", |p| {
        p.count("#moves button[data-move]") == 4 && p.text("#status").contains("your move")
    });
    assert_eq!(page.count("#board .piece"), 4);
    assert_eq!(page.count("#played li"), 0);

    // Hovering a move shows why it is legal.
    page.hover(&page.find("#moves button[data-move=\"D3\"]").unwrap());
    page.wait_until("D3's explanation", |p| {
        p.text("#explain").contains("flips D4")
    });

    // Black places on D3 by clicking the square; the agent answers for white.
    page.click(&page.find("#board rect.square[data-square=\"D3\"]").unwrap());
    page.wait_until("the agent's reply", |p| {
        p.count("#played li") == 2 && p.text("#status").contains("your move")
    });
    let played: Vec<String> = (1..=2)
        .map(|i| page.text(&format!("#played li:nth-child({i})")))
        .collect();
    assert_eq!(played[0], "black D3");
    assert!(played[1].starts_with("white "), "{played:?}");
    // D3 turned D4 (5 pieces), and white's placement turned one more: 6 on the board.
    assert_eq!(page.count("#board .piece"), 6);
    assert!(page.count("#moves button[data-move]") > 0);

    // Perft from the position on the board, with its progress, as the page shows it.
    page.run("document.getElementById('depth').value = '2';", json!([]));
    page.click(&page.find("#perft").unwrap());
    page.wait_until("perft's result", |p| {
        p.text("#job-result").contains("perft(2) = ")
    });
    assert!(
        page.text("#job-status").contains("done"),
        "{}",
        page.text("#job-status")
    );

    // Editing the rules file on disk starts the game again.
    let rules = served.folder().join("othello.rules");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, text + "# edited\n").unwrap();
    page.wait_until("the game started again", |p| {
        p.text("#notice").contains("changed on disk") && p.count("#played li") == 0
    });
    assert_eq!(page.count("#board .piece"), 4);
}

/// Hex in the playground: a rhombus of 121 hexagons, and a click on one places a stone.
#[test]
fn a_person_places_a_stone_on_a_hexagon() {
    install_chromium();
    let served = Served::start(&folder("browser-hex"));
    std::fs::copy("rules/hex.rules", served.folder().join("hex.rules")).unwrap();
    let driver = Driver::start();
    let page = driver.session();
    page.go(&format!("{}#hex.rules", served.url()));
    page.wait_until("121 cells to place on", |p| {
        p.count("#moves button[data-move]") == 121 && p.text("#status").contains("your move")
    });
    assert_eq!(page.count("#board polygon.square"), 121);
    assert_eq!(page.count("#board rect.square"), 0);
    page.click(
        &page
            .find("#board polygon.square[data-square=\"F6\"]")
            .unwrap(),
    );
    page.wait_until("the agent's reply", |p| {
        p.count("#played li") == 2 && p.text("#status").contains("your move")
    });
    assert_eq!(page.text("#played li:nth-child(1)"), "red F6");
    assert_eq!(page.count("#board .piece"), 2);
}

#[test]
fn a_person_moves_a_piece_in_draughts() {
    install_chromium();
    let served = Served::start(&folder("browser-draughts"));
    let driver = Driver::start();
    let page = driver.session();
    page.go(&format!("{}#english-draughts.rules", served.url()));
    page.wait_until("the opening's seven moves", |p| {
        p.count("#moves button[data-move]") == 7 && p.text("#status").contains("your move")
    });
    // The piece on 11, then the empty square 15.
    page.click(&page.find("#board .piece[data-square=\"11\"]").unwrap());
    page.wait_until("11 selected, 15 and 16 its targets", |p| {
        p.count("#board rect.square.selected[data-square=\"11\"]") == 1
            && p.count("#board rect.square.target") == 2
            && p.count("#board circle.target-dot") == 2
    });
    page.click(&page.find("#board rect.square[data-square=\"15\"]").unwrap());
    page.wait_until("the agent's reply", |p| {
        p.count("#played li") == 2 && p.text("#status").contains("your move")
    });
    assert_eq!(page.text("#played li:nth-child(1)"), "black 11-15");
    assert!(page.text("#played li:nth-child(2)").starts_with("white "));
    assert_eq!(page.count("#board .piece"), 24);
}

/// Every game in rules/ as a person sees it in the playground: the board drawn, every piece
/// `ply show` draws there and rendered inside the board (a figurine's symbol found, not an
/// empty box); chess with twelve distinct figurines, Go on 9 + 9 lines with its stones on
/// the points where they cross, Hex in 121 hexagons. With PLY_SCREENSHOTS=DIR it also
/// saves the boards of a chess game mid-game, a Go game after captures and a Hex game won,
/// as PNG files in DIR.
#[test]
fn every_game_is_drawn_as_its_players_know_it() {
    install_chromium();
    let served = Served::start(&folder("browser-all"));
    let mut games: Vec<String> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rules"))
        .collect();
    games.sort();
    for name in &games {
        std::fs::copy(format!("rules/{name}"), served.folder().join(name)).unwrap();
    }
    let driver = Driver::start();
    let page = driver.session();
    page.go(&served.url());
    let mut drawn = 0;
    for name in &games {
        // What ply show draws from the setup; a file without one is not a game to play.
        let shown = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["show", &format!("rules/{name}"), "--svg", "-"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        if !shown.status.success() {
            continue;
        }
        let picture = String::from_utf8(shown.stdout).unwrap();
        let pieces = picture.matches(r##"<g class="piece""##).count();
        // A rules file without a game to play (positions read from input) has no board.
        let button = format!("#files button[data-file=\"{name}\"]");
        let found = page.wait_for(&button);
        if page.text(&button).contains("no game") {
            continue;
        }
        page.click(&found);
        let board = format!("#board[data-file=\"{name}\"] svg");
        page.wait_until(&format!("{name} drawn"), |p| p.count(&board) == 1);
        page.wait_until(&format!("{name}'s pieces"), |p| {
            p.count("#board .piece") == pieces
        });
        // Every piece has a size and lies inside the picture; every figurine found its symbol.
        let bad = page.run(
            r##"const svg = document.querySelector("#board svg").getBoundingClientRect();
               const bad = [];
               for (const p of document.querySelectorAll("#board .piece")) {
                 const r = p.getBoundingClientRect();
                 const inside = r.left >= svg.left - 1 && r.right <= svg.right + 1
                   && r.top >= svg.top - 1 && r.bottom <= svg.bottom + 1;
                 if (r.width < 8 || r.height < 8 || !inside) bad.push(p.dataset.square);
                 for (const u of p.querySelectorAll("use")) {
                   const target = document.querySelector(u.getAttribute("href"));
                   if (!target || u.getBBox().width < 8) bad.push(p.dataset.square + " " + u.getAttribute("href"));
                 }
               }
               return bad;"##,
            json!([]),
        );
        assert_eq!(bad, json!([]), "{name}: pieces not rendered");
        drawn += 1;
    }
    assert!(drawn >= 20, "only {drawn} games drawn");

    // Chess: twelve distinct drawings, each of one kind of one side.
    open(&page, "chess.rules");
    page.wait_until("chess", |p| p.count("#board .piece") == 32);
    let kinds = page.run(
        r##"const seen = {};
           for (const p of document.querySelectorAll("#board .piece")) {
             seen[p.querySelector("use").getAttribute("href")] = p.dataset.side + " " + p.dataset.kind;
           }
           return Object.keys(seen).length + " " + new Set(Object.values(seen)).size;"##,
        json!([]),
    );
    assert_eq!(kinds, "12 12");

    // Go: 9 + 9 lines, each stone's centre where a row's line and a column's line cross.
    open(&page, "go.rules");
    page.wait_until("Go's lines", |p| p.count("#board line.line") == 18);
    play(&page, "e5 d5 d4 c5 d6 e6 c6 f5 b5 e4 c4");
    page.wait_until("Go after a capture", |p| p.count("#board .piece") == 10);
    let off = page.run(
        r##"const xs = new Set(), ys = new Set();
           for (const l of document.querySelectorAll("#board line.line")) {
             const r = l.getBoundingClientRect();
             if (r.width < 2) xs.add(Math.round(r.left + r.width / 2));
             else ys.add(Math.round(r.top + r.height / 2));
           }
           const off = [];
           for (const p of document.querySelectorAll("#board .piece")) {
             const r = p.getBoundingClientRect();
             const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
             const near = (set, v) => [...set].some((w) => Math.abs(w - v) <= 1);
             if (!near(xs, x) || !near(ys, y)) off.push(p.dataset.square);
           }
           return [xs.size, ys.size, off];"##,
        json!([]),
    );
    assert_eq!(off, json!([9, 9, []]));
    screenshot(&page, "go-captures");

    open(&page, "chess.rules");
    page.wait_until("chess", |p| p.count("#board .piece") == 32);
    play(&page, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6");
    page.wait_until("chess mid-game", |p| p.count("#board .piece") == 30);
    screenshot(&page, "chess-mid-game");

    // Hex: 121 hexagons, and red's chain from the top edge to the bottom one wins.
    open(&page, "hex.rules");
    page.wait_until("Hex", |p| p.count("#board polygon.square") == 121);
    let moves: Vec<String> = (1..=11)
        .flat_map(|r| [format!("F{r}"), format!("A{r}")])
        .take(21)
        .collect();
    play(&page, &moves.join(" "));
    page.wait_until("red's win", |p| {
        p.text("#board .result").contains("Red wins") && p.count("#board .piece") == 21
    });
    screenshot(&page, "hex-won");
}

/// Opens a rules file of the playground's list and waits until its board is drawn (the
/// board of the game shown before may have as many pieces).
fn open(page: &Page, name: &str) {
    page.click(&page.wait_for(&format!("#files button[data-file=\"{name}\"]")));
    let board = format!("#board[data-file=\"{name}\"] svg");
    page.wait_until(&format!("{name} drawn"), |p| p.count(&board) == 1);
}

/// Plays `moves` in the playground, both sides played by the person.
fn play(page: &Page, moves: &str) {
    page.run(
        r##"document.getElementById("human").value = "both";
           game.moves = arguments[0].split(" ");
           refresh();"##,
        json!([moves]),
    );
}

/// With PLY_SCREENSHOTS=DIR, the board as a PNG file DIR/NAME.png.
fn screenshot(page: &Page, name: &str) {
    let Some(dir) = std::env::var_os("PLY_SCREENSHOTS") else {
        return;
    };
    let board = page.find("#board svg").unwrap();
    let png = page.command("GET", &format!("/element/{board}/screenshot"), None);
    let bytes = base64::Engine::decode(
        &base64::engine::general_purpose::STANDARD,
        png.as_str().unwrap(),
    )
    .expect("WebDriver sends a PNG in base64");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(Path::new(&dir).join(format!("{name}.png")), bytes).unwrap();
}

/// Installs Chromium and chromedriver from Debian's packages when they are missing.
fn install_chromium() {
    // One test installs while the others wait (apt-get takes a lock of its own).
    static INSTALLING: Mutex<()> = Mutex::new(());
    let _one = INSTALLING.lock().unwrap_or_else(|p| p.into_inner());
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return;
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let sudo: &[&str] = if root { &[] } else { &["sudo", "-n"] };
    let steps: [&[&str]; 2] = [
        &["apt-get", "update", "-q"],
        &[
            "apt-get",
            "install",
            "-y",
            "-q",
            "chromium",
            "chromium-driver",
        ],
    ];
    for step in steps {
        let command: Vec<&str> = sudo.iter().chain(step).copied().collect();
        let out = Command::new(command[0])
            .args(&command[1..])
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdin(Stdio::null())
            .output();
        let why = match out {
            Ok(o) if o.status.success() => continue,
            Ok(o) => format!(
                "{}\n{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            ),
            Err(e) => e.to_string(),
        };
        panic!(
            "the browser test needs Debian's chromium and chromium-driver packages, and \
             `{}` failed (run as root, or with password-less sudo, or install them by hand):\n{why}",
            command.join(" ")
        );
    }
    assert!(
        Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists(),
        "chromium and chromium-driver were installed, but {CHROMIUM} or {CHROMEDRIVER} is missing"
    );
}

/// A chromedriver process, stopped when dropped.
struct Driver {
    child: Child,
    base: String,
    http: ureq::Agent,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let http = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(PATIENCE))
            .build()
            .into();
        let driver = Driver {
            child,
            base: format!("http://127.0.0.1:{port}"),
            http,
        };
        let deadline = Instant::now() + PATIENCE;
        loop {
            let ready = driver
                .http
                .get(format!("{}/status", driver.base))
                .call()
                .ok()
                .and_then(|mut r| r.body_mut().read_json::<Value>().ok())
                .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                return driver;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A WebDriver command: its `value`, or a panic with the driver's error.
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.base);
        let response = match body {
            Some(b) => self.http.post(&url).send_json(b),
            None if method == "DELETE" => self.http.delete(&url).call(),
            None => self.http.get(&url).call(),
        };
        let mut response = response.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let status = response.status().as_u16();
        let v: Value = response
            .body_mut()
            .read_json()
            .expect("WebDriver answers JSON");
        assert_eq!(status, 200, "{method} {path}: {v}");
        v["value"].clone()
    }

    /// A new headless Chromium with a fresh profile.
    fn session(&self) -> Page<'_> {
        static SESSIONS: AtomicUsize = AtomicUsize::new(0);
        let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("ply-browser-profile-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}});
        let v = self.command("POST", "/session", Some(caps));
        let id = v["sessionId"].as_str().expect("a session id").to_string();
        Page {
            driver: self,
            id,
            profile,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser session on the page.
struct Page<'d> {
    driver: &'d Driver,
    id: String,
    profile: std::path::PathBuf,
}

impl Page<'_> {
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.id);
        self.driver.command(method, &path, body)
    }

    fn go(&self, url: &str) {
        self.command("POST", "/url", Some(json!({ "url": url })));
    }

    fn run(&self, script: &str, args: Value) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// The first element `css` selects, if any.
    fn find(&self, css: &str) -> Option<String> {
        let found = self.command(
            "POST",
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        );
        found[0][ELEMENT].as_str().map(str::to_string)
    }

    fn count(&self, css: &str) -> usize {
        let n = self.run(
            "return document.querySelectorAll(arguments[0]).length;",
            json!([css]),
        );
        n.as_u64().unwrap_or(0) as usize
    }

    /// The text of the first element `css` selects ("" when there is none).
    fn text(&self, css: &str) -> String {
        let t = self.run(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
            json!([css]),
        );
        t.as_str().unwrap_or("").to_string()
    }

    fn click(&self, element: &str) {
        self.command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// Moves the mouse over an element.
    fn hover(&self, element: &str) {
        let origin = json!({ ELEMENT: element });
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "origin": origin, "x": 0, "y": 0}]}]});
        self.command("POST", "/actions", Some(actions));
    }

    fn wait_for(&self, css: &str) -> String {
        let mut found = None;
        self.wait_until(css, |p| {
            found = p.find(css);
            found.is_some()
        });
        found.unwrap_or_default()
    }

    /// Waits until `ready` holds, panicking with what the page shows after [`PATIENCE`].
    fn wait_until(&self, what: &str, mut ready: impl FnMut(&Self) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !ready(self) {
            assert!(
                Instant::now() < deadline,
                "waited {PATIENCE:?} for {what}; the page at {} says: status {:?}, notice {:?}",
                self.run("return location.href + ' ' + document.readyState + ' ' + document.body.innerText.slice(0, 300);", json!([])),
                self.text("#status"),
                self.text("#notice")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Page<'_> {
    fn drop(&mut self) {
        let path = format!("{}/session/{}", self.driver.base, self.id);
        let _ = self.driver.http.delete(&path).call();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
