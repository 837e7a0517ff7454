//! Golden folders, as `ply test` and the golden tests of `cargo test` read them. A golden
//! folder holds cases, each an input `<case>.in` and the expected output `<case>.out`; its
//! rules file is the one `.rules` file beside them, or else `<folder name>.rules` under a
//! `rules/` folder of the folder's parents (`tests/golden/my-game/` uses
//! `rules/my-game.rules` or `rules/variants/my-game.rules`). A case whose output differs is
//! shown as a unified diff.

use std::path::{Path, PathBuf};

/// The rules file of the golden folder `dir`: the one `.rules` file in it, or else
/// `<folder name>.rules` under a `rules/` folder of `dir` or of one of its parents. The
/// error says why there is none, naming the folder.
pub fn rules_for_folder(dir: &Path) -> Result<PathBuf, String> {
    let beside: Vec<PathBuf> = files_in(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    let stem = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match &beside[..] {
        [one] => Ok(one.clone()),
        [] => rules_under_parents(dir, &stem).ok_or_else(|| {
            format!(
                "{}: no rules file beside the cases, and no {stem}.rules under a rules/ folder above it",
                dir.display()
            )
        }),
        _ => Err(format!(
            "{}: more than one rules file beside the cases; keep one per folder",
            dir.display()
        )),
    }
}

/// `<stem>.rules` anywhere under the `rules/` folder of `dir` or of one of its parents (at
/// most four folders down), the nearest `rules/` first. The path is named from `dir`:
/// `tests/golden/x` finds `rules/x.rules`, `../golden/x` finds `../../rules/x.rules`.
fn rules_under_parents(dir: &Path, stem: &str) -> Option<PathBuf> {
    fn search(dir: &Path, file: &str, depth: usize) -> Option<PathBuf> {
        let here = dir.join(file);
        if here.is_file() {
            return Some(here);
        }
        if depth == 0 {
            return None;
        }
        files_in(dir)
            .into_iter()
            .filter(|p| p.is_dir())
            .find_map(|sub| search(&sub, file, depth - 1))
    }
    let file = format!("{stem}.rules");
    // Search the real parents (`..` in `dir` included), and name what is found from `dir`.
    let real = std::fs::canonicalize(dir).ok()?;
    real.ancestors().enumerate().find_map(|(up, a)| {
        let found = search(&a.join("rules"), &file, 4)?;
        let below = found.strip_prefix(a).ok()?;
        let mut path = dir.to_path_buf();
        for _ in 0..up {
            path.push("..");
        }
        Some(tidy(&path.join(below)))
    })
}

/// The entries of `dir`, sorted; none if it cannot be read.
pub(crate) fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// `a/b/../c` as `a/c`, without looking at the file system.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match (c, out.last()) {
            (Component::CurDir, _) => {}
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    out.iter().collect()
}

/// A unified diff of the expected and the actual output, with three lines of context;
/// `want` and `got` name the two sides in its header.
pub fn diff(expected: &[u8], actual: &[u8], want: &str, got: &str) -> String {
    let (e, a) = (
        String::from_utf8_lossy(expected),
        String::from_utf8_lossy(actual),
    );
    let text = similar::TextDiff::from_lines(e.as_ref(), a.as_ref());
    let mut unified = text.unified_diff();
    let shown = unified.context_radius(3).header(want, got).to_string();
    if shown.trim().is_empty() {
        "the outputs differ only in bytes that are not UTF-8\n".to_string()
    } else {
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_drops_what_dot_dot_undoes() {
        assert_eq!(
            tidy(Path::new("tests/golden/x/../../../rules/x.rules")),
            PathBuf::from("rules/x.rules")
        );
        assert_eq!(
            tidy(Path::new("../golden/x/../../../rules/x.rules")),
            PathBuf::from("../../rules/x.rules")
        );
    }

    #[test]
    fn diff_shows_the_changed_lines_with_their_context() {
        let shown = diff(b"a\nb\nc\n", b"a\nB\nc\n", "want", "got");
        assert_eq!(
            shown,
            "--- want\n+++ got\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
        );
        assert_eq!(
            diff(&[0xff], &[0xfe], "want", "got"),
            "the outputs differ only in bytes that are not UTF-8\n"
        );
    }
}
