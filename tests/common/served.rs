//! A `ply serve` process for a test: a folder of rules files made for it, the server on a
//! free port (read from the first line it prints), and an HTTP client (ureq) to ask it.
//! Used by tests/serve.rs and tests/browser.rs through `#[path]`.

#![allow(dead_code)] // each test binary uses a part

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A rules file with a syntax error on line 4, column 3.
pub const BROKEN: &str = "board 8 x 8\nsides black \"X\", white \"O\"\nmove\n  plaec onto empty\n";

/// A whole game that is over before it starts (no empty square to place on).
pub const OVER: &str = "board 1 x 2\nsides black \"X\", white \"O\"\nsetup black on \"A1\" white on \"B1\"\nmove\n  place onto empty\ngame\n  no moves: draw\n";

/// A fresh folder for the test `name`: three rules files of `rules/`, a broken one, a game
/// that is over, and what must never be served: a text file, a hidden rules file, a folder
/// with a rules file in it, and a symbolic link to a file outside.
pub fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for rules in ["othello", "english-draughts", "lines-of-action"] {
        let from = Path::new("rules").join(format!("{rules}.rules"));
        std::fs::copy(&from, dir.join(format!("{rules}.rules"))).unwrap();
    }
    std::fs::write(dir.join("broken.rules"), BROKEN).unwrap();
    std::fs::write(dir.join("over.rules"), OVER).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a rules file\n").unwrap();
    std::fs::copy("rules/othello.rules", dir.join(".hidden.rules")).unwrap();
    std::fs::copy("rules/othello.rules", dir.join("sub/inner.rules")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("/etc/passwd", dir.join("link.rules")).unwrap();
    dir
}

/// A running `ply serve`, stopped (and its folder removed) when dropped.
pub struct Served {
    child: Child,
    folder: PathBuf,
    base: String,
    port: u16,
    agent: ureq::Agent,
}

impl Served {
    /// `ply serve PATH --port 0`, once it has said where it listens.
    pub fn start(path: &Path) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
        command.arg("serve").arg(path).args(["--port", "0"]);
        Served::spawn(command, path)
    }

    /// [`Served::start`] in a process that may open at most `files` files (a shell's
    /// `ulimit -n`).
    pub fn start_with_files(path: &Path, files: u32) -> Served {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -n {files} && exec \"$0\" serve \"$1\" --port 0"
            ))
            .arg(env!("CARGO_BIN_EXE_ply"))
            .arg(path);
        Served::spawn(command, path)
    }

    fn spawn(mut command: Command, path: &Path) -> Served {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ply serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .trim()
            .strip_prefix("ply serve: ")
            .unwrap_or_else(|| panic!("ply serve's first line names its address: {line:?}"));
        let base = url.trim_end_matches('/').to_string();
        let port = base.rsplit(':').next().unwrap().parse().unwrap();
        assert!(base.starts_with("http://127.0.0.1:"), "{base}");
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .allow_non_standard_methods(true)
            .timeout_global(Some(Duration::from_secs(300)))
            .build()
            .into();
        Served {
            child,
            folder: if path.is_dir() {
                path.to_path_buf()
            } else {
                path.parent().unwrap().to_path_buf()
            },
            base,
            port,
            agent,
        }
    }

    pub fn url(&self) -> String {
        format!("{}/", self.base)
    }

    /// The server's process number.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The folder served.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Status, headers (names in lower case) and body text of `method` on `path`.
    pub fn raw(
        &self,
        method: &str,
        path: &str,
        body: Option<&[u8]>,
    ) -> (u16, HashMap<String, String>, String) {
        let request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("Content-Type", "application/json")
            .header("X-Ply-Request", "1")
            .body(body.unwrap_or_default().to_vec())
            .unwrap();
        self.send(request)
    }

    /// Status and body text of `method` on `path` with exactly these headers (besides the
    /// Host header).
    pub fn with_headers(
        &self,
        (method, path, body): (&str, &str, &[u8]),
        headers: &[(&str, &str)],
    ) -> (u16, String) {
        let mut request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let (status, _, text) = self.send(request.body(body.to_vec()).unwrap());
        (status, text)
    }

    fn send(
        &self,
        request: ureq::http::Request<Vec<u8>>,
    ) -> (u16, HashMap<String, String>, String) {
        let mut response = self.agent.run(request).expect("ply serve answers");
        let headers = response
            .headers()
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_lowercase(),
                    v.to_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        let status = response.status().as_u16();
        let body = response
            .body_mut()
            .with_config()
            .limit(64 << 20)
            .read_to_string()
            .unwrap();
        (status, headers, body)
    }

    /// Status and body (JSON, or the text as a JSON string) of `method` on `path`.
    pub fn request(&self, method: &str, path: &str, body: Option<&[u8]>) -> (u16, Value) {
        let (status, _, text) = self.raw(method, path, body);
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        self.request("GET", path, None)
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.request("POST", path, Some(body.to_string().as_bytes()))
    }

    /// The status of a GET of `path` with the Host header `host`.
    pub fn with_host(&self, path: &str, host: &str) -> u16 {
        let request = ureq::http::Request::builder()
            .method("GET")
            .uri(format!("{}{path}", self.base))
            .header("Host", host)
            .body(Vec::new())
            .unwrap();
        self.send(request).0
    }

    /// The status of `method` on `path` sent exactly as written (`..` and `//` kept).
    pub fn raw_path(&self, method: &str, path: &str) -> u16 {
        self.request(method, path, None).0
    }

    /// Polls job `id` until it has finished; its last view.
    pub fn finish_job(&self, id: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(300);
        loop {
            let (status, v) = self.get(&format!("/api/jobs/{id}"));
            assert_eq!(status, 200, "{v}");
            if v["state"] != "running" {
                return v;
            }
            assert!(Instant::now() < deadline, "job {id} still running: {v}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Panics if the server has stopped.
    pub fn check_alive(&mut self) {
        let status = self.child.try_wait().unwrap();
        assert!(status.is_none(), "ply serve stopped: {status:?}");
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if self.folder.starts_with(std::env::temp_dir()) {
            let _ = std::fs::remove_dir_all(&self.folder);
        }
    }
}
