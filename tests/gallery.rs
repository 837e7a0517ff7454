//! The gallery in `docs/gallery/`: one picture per rules file in `rules/`, drawn by
//! `ply show --svg` from the file's own setup (a file that reads its positions from input is
//! drawn from the first case of its golden sample, `tests/golden/NAME/sample.in`), and
//! `docs/gallery.md` showing them all. The test draws every picture again and compares:
//! the gallery cannot go stale. After a change to the drawing, write it again with
//!
//!     GALLERY=write cargo test --release --test gallery

use std::path::{Path, PathBuf};
use std::process::Command;

/// Each rules file in `rules/`, by name, in order.
fn games() -> Vec<(String, PathBuf)> {
    let mut games: Vec<(String, PathBuf)> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    games.sort();
    games
}

/// The picture of a game, as `ply show --svg -` draws it.
fn draw(name: &str, rules: &Path) -> String {
    let sample = Path::new("tests/golden").join(name).join("sample.in");
    let mut args = vec!["show".to_string(), rules.display().to_string()];
    let reads_input = !String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["show", &rules.display().to_string()])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
            .stderr,
    )
    .unwrap()
    .is_empty();
    if reads_input {
        assert!(
            sample.exists(),
            "{name}: no setup and no {}",
            sample.display()
        );
        args.push(sample.display().to_string());
    }
    args.extend(["--svg".to_string(), "-".to_string()]);
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(&args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The page that shows the pictures.
fn page(games: &[(String, PathBuf)]) -> String {
    let mut page = String::from(
        "# Gallery\n\nEvery game in `rules/` as `ply show RULES --svg OUT.svg` draws it from \
         its setup (a file that reads its positions is drawn from the first case of its \
         sample in `tests/golden/`). Written by `GALLERY=write cargo test --release --test \
         gallery`; the test fails when a picture here is not what ply draws now.\n",
    );
    for (name, _) in games {
        page.push_str(&format!("\n## {name}\n\n![{name}](gallery/{name}.svg)\n"));
    }
    page
}

#[test]
fn the_gallery_shows_what_ply_draws_now() {
    let write = std::env::var_os("GALLERY").is_some_and(|v| v == "write");
    let dir = Path::new("docs/gallery");
    let games = games();
    let mut stale = Vec::new();
    let mut files: Vec<(PathBuf, String)> = games
        .iter()
        .map(|(name, rules)| (dir.join(format!("{name}.svg")), draw(name, rules)))
        .collect();
    files.push((PathBuf::from("docs/gallery.md"), page(&games)));
    if write {
        std::fs::create_dir_all(dir).unwrap();
        // Pictures of games no longer in rules/ go.
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if !files.iter().any(|(f, _)| *f == p) {
                std::fs::remove_file(p).unwrap();
            }
        }
    }
    for (path, text) in &files {
        if write {
            std::fs::write(path, text).unwrap();
        } else if std::fs::read_to_string(path).ok().as_ref() != Some(text) {
            stale.push(path.display().to_string());
        }
    }
    let extra: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().path())
                .filter(|p| !files.iter().any(|(f, _)| f == p))
                .map(|p| p.display().to_string())
                .collect()
        })
        .unwrap_or_default();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "the gallery is stale: {stale:?} differ from what ply draws, {extra:?} show no game in \
         rules/; write it again with GALLERY=write cargo test --release --test gallery"
    );
}
