//! The layout of `src/` keeps its shape: no file over 800 lines, no allowance for a function
//! of too many arguments (it takes the context that holds them instead), and no import loop
//! between the files of a folder or between the folders and files beside each other at any
//! level. Imports are read as text: every `crate::...` and `super::...` path in the code,
//! `use` lines (with their braces) and paths written inline alike, resolved to the file that
//! defines the module they name; a file's unit tests are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, as paths relative to `src/` (`run/general/walk.rs`).
fn sources(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(root).unwrap().to_path_buf());
        }
    }
}

/// The code of a file without its comments, string literals (a path in a doc comment or a
/// message is not an import) and unit tests (`#[cfg(test)]`, at the end of a file: a test
/// may use any part of the crate).
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.trim() == "#[cfg(test)]" {
            break;
        }
        let mut in_string = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_string && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' {
                in_string = !in_string;
            } else if !in_string {
                kept.push(c);
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The module path of a file (`run/general/walk.rs` is `run::general::walk`, a `mod.rs` is
/// its folder's module, `lib.rs` the crate).
fn module_of(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The file that defines the module `path` names, or the longest prefix of it that is one.
fn file_of(src: &Path, path: &[String]) -> Option<PathBuf> {
    for len in (1..=path.len()).rev() {
        let dir: PathBuf = path[..len].iter().collect();
        for candidate in [dir.with_extension("rs"), dir.join("mod.rs")] {
            if src.join(&candidate).is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(&format!("{prefix}{}", p.trim())))
        .collect()
}

/// The paths a file's code names: its `use` trees expanded, and paths written inline.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let tail = &rest[at + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            // `path as name`: the path is what is imported.
            let tree: String = tail[..end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .split(',')
                .map(|p| p.split(" as ").next().unwrap_or(p))
                .collect::<Vec<_>>()
                .join(",");
            out.extend(expand(&tree.replace(' ', "")));
        }
        rest = &tail[end.min(tail.len())..];
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b':') {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            out.push(code[at..end].trim_end_matches(':').to_string());
        }
    }
    out
}

/// The files each file of `src/` imports.
fn imports(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = Vec::new();
    sources(src, src, &mut files);
    let mut graph = BTreeMap::new();
    for file in files {
        let text = code(&std::fs::read_to_string(src.join(&file)).unwrap());
        let here = module_of(&file);
        let is_mod = matches!(
            file.file_name().and_then(|n| n.to_str()),
            Some("mod.rs" | "lib.rs" | "main.rs")
        );
        let mut to = BTreeSet::new();
        for path in paths(&text) {
            let mut segments: Vec<String> = path.split("::").map(str::to_string).collect();
            let mut base = match segments.first().map(String::as_str) {
                Some("crate") => Vec::new(),
                Some("super") => {
                    // `super` of a file is its folder's module; of a mod.rs, the one above.
                    let mut b = here.clone();
                    b.pop();
                    if is_mod {
                        b.pop();
                    }
                    b
                }
                _ => continue,
            };
            segments.remove(0);
            while segments.first().is_some_and(|s| s == "super") {
                base.pop();
                segments.remove(0);
            }
            segments.retain(|s| s != "self" && !s.is_empty());
            base.extend(segments);
            if let Some(target) = file_of(src, &base)
                && target != file
            {
                to.insert(target);
            }
        }
        graph.insert(file, to);
    }
    graph
}

/// A cycle in `edges`, if there is one, as the nodes around it.
fn cycle(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    fn visit(
        n: &PathBuf,
        edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<PathBuf, u8>,
        stack: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        state.insert(n.clone(), 1);
        stack.push(n.clone());
        for m in edges.get(n).into_iter().flatten() {
            match state.get(m) {
                Some(1) => {
                    let from = stack.iter().position(|s| s == m).unwrap_or(0);
                    return Some(stack[from..].to_vec());
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(m, edges, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(n.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in edges.keys() {
        if !state.contains_key(n) {
            let mut stack = Vec::new();
            if let Some(c) = visit(n, edges, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_file_is_too_long_and_no_function_takes_too_many_arguments() {
    let src = Path::new("src");
    let mut files = Vec::new();
    sources(src, src, &mut files);
    assert!(files.len() > 50, "{} files under src/", files.len());
    for file in files {
        let text = std::fs::read_to_string(src.join(&file)).unwrap();
        let lines = text.lines().count();
        assert!(lines <= 800, "src/{}: {lines} lines", file.display());
        assert!(
            !text.contains("too_many_arguments"),
            "src/{}: a function that needs many things takes the context that holds them",
            file.display()
        );
    }
}

#[test]
fn no_import_loops_between_files_or_folders() {
    let graph = imports(Path::new("src"));
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(edges > 200, "only {edges} imports read");
    assert_eq!(cycle(&graph), None, "files that import each other");
    // At every folder, its children (files and folders) as rooms: an import from inside one
    // child to inside another is an arrow between them.
    let mut folders: BTreeSet<PathBuf> = BTreeSet::new();
    for file in graph.keys() {
        let mut dir = file.parent();
        while let Some(d) = dir {
            folders.insert(d.to_path_buf());
            dir = d.parent();
        }
    }
    for folder in folders {
        let child = |f: &Path| -> Option<PathBuf> {
            let rest = f.strip_prefix(&folder).ok()?;
            let first = rest.components().next()?;
            Some(folder.join(first))
        };
        let mut rooms: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for (from, tos) in &graph {
            // A folder's own mod.rs stands for the folder: its declarations are not arrows.
            if from.parent() == Some(&folder) && from.ends_with("mod.rs") {
                continue;
            }
            let Some(a) = child(from) else { continue };
            for to in tos {
                if to.parent() == Some(&folder) && to.ends_with("mod.rs") {
                    continue;
                }
                if let Some(b) = child(to).filter(|b| *b != a) {
                    rooms.entry(a.clone()).or_default().insert(b);
                }
            }
        }
        assert_eq!(
            cycle(&rooms),
            None,
            "the rooms of src/{} import each other",
            folder.display()
        );
    }
}
