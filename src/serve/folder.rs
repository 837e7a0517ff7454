//! The folder `ply serve` serves: which names are rules files in it, and reading one. A
//! name is a plain file name ending in `.rules` (no folder, no `..`, nothing absolute);
//! the file must be a regular file directly in the folder, also once symbolic links are
//! followed. A file is opened before it is checked, and what was opened is checked, so a
//! name swapped for a link between the two reads nothing outside. Nothing else is ever read.

use std::path::{Path, PathBuf};

use crate::load::describe_io;

/// Why a name is not served: a name that is not allowed (403), or no such rules file (404).
#[derive(Debug)]
pub enum Refusal {
    Forbidden(String),
    NotFound(String),
}

/// The served folder.
#[derive(Debug)]
pub struct Folder {
    /// The folder, canonical.
    dir: PathBuf,
    /// Its own name, without the folders above it (which a browser is not told), for
    /// messages and the page.
    shown: String,
    /// When `ply serve` was given one rules file: its name, the only file served.
    only: Option<String>,
}

impl Folder {
    /// The folder at `path`, or the folder of the rules file at `path` serving only it.
    pub fn open(path: &Path) -> Result<Folder, String> {
        let shown = path.display().to_string();
        let canonical = path
            .canonicalize()
            .map_err(|e| format!("cannot serve {shown}: {}", describe_io(&e)))?;
        if canonical.is_dir() {
            return Ok(Folder {
                shown: own_name(&canonical),
                dir: canonical,
                only: None,
            });
        }
        let name = canonical
            .file_name()
            .and_then(|n| n.to_str())
            .map(str::to_string);
        let (Some(dir), Some(name)) = (canonical.parent(), name) else {
            return Err(format!("cannot serve {shown}: not a folder or a file"));
        };
        allowed(&name).map_err(|r| match r {
            Refusal::Forbidden(m) | Refusal::NotFound(m) => format!("cannot serve {shown}: {m}"),
        })?;
        Ok(Folder {
            dir: dir.to_path_buf(),
            shown: own_name(dir),
            only: Some(name),
        })
    }

    /// The folder's own name (`rules`), never the folders above it.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The names of the rules files served, sorted.
    pub fn names(&self) -> Result<Vec<String>, String> {
        if let Some(only) = &self.only {
            return Ok(vec![only.clone()]);
        }
        let entries = std::fs::read_dir(&self.dir)
            .map_err(|e| format!("cannot list {}: {}", self.shown, describe_io(&e)))?;
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| self.path(n).is_ok())
            .collect();
        names.sort();
        Ok(names)
    }

    /// The path of the rules file `name`, once it is known to be one served.
    pub fn path(&self, name: &str) -> Result<PathBuf, Refusal> {
        allowed(name)?;
        let missing = || Refusal::NotFound(format!("there is no rules file `{name}` here"));
        if self.only.as_deref().is_some_and(|only| only != name) {
            return Err(missing());
        }
        let path = self.dir.join(name).canonicalize().map_err(|_| missing())?;
        if path.parent() != Some(self.dir.as_path()) {
            return Err(Refusal::Forbidden(format!(
                "`{name}` leads outside the served folder"
            )));
        }
        if !path.is_file() {
            return Err(missing());
        }
        Ok(path)
    }

    /// The bytes of the rules file `name`. The file is opened first, then what was opened
    /// is checked: a regular file, the very file (same device and inode) that `name` leads
    /// to inside the folder. A name swapped for a link to a file outside between a check and
    /// an open can then never be read.
    pub fn read(&self, name: &str) -> Result<Vec<u8>, Refusal> {
        use std::io::Read;
        allowed(name)?;
        let cannot = |e: std::io::Error| {
            Refusal::NotFound(format!("cannot read `{name}`: {}", describe_io(&e)))
        };
        let mut file = std::fs::File::open(self.dir.join(name)).map_err(cannot)?;
        let opened = file.metadata().map_err(cannot)?;
        let path = self.path(name)?;
        if !opened.is_file() || !same_file(&opened, &path) {
            return Err(Refusal::Forbidden(format!(
                "`{name}` changed while it was opened: it is not read"
            )));
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(cannot)?;
        Ok(bytes)
    }
}

/// Whether `name` may name a served file: a plain file name ending in `.rules`.
fn allowed(name: &str) -> Result<(), Refusal> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':', '\0'])
        && !Path::new(name).is_absolute();
    if !plain {
        return Err(Refusal::Forbidden(format!(
            "`{name}` is not the plain name of a file in the served folder"
        )));
    }
    if !name.ends_with(".rules") {
        return Err(Refusal::Forbidden(format!(
            "`{name}` is not a rules file: only .rules files are served"
        )));
    }
    Ok(())
}

/// Whether the file opened (`opened`, its metadata) is the one at `path` now.
#[cfg(unix)]
fn same_file(opened: &std::fs::Metadata, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    // `path` is canonical: its last part is the file itself, never a link. Asked without
    // following links, a link put there since (to a file outside) is not the file.
    std::fs::symlink_metadata(path).is_ok_and(|m| {
        m.file_type().is_file() && (m.dev(), m.ino()) == (opened.dev(), opened.ino())
    })
}

/// Whether the file opened is the one at `path` now: without inode numbers, by its length
/// and time of change.
#[cfg(not(unix))]
fn same_file(opened: &std::fs::Metadata, path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|m| m.len() == opened.len() && m.modified().ok() == opened.modified().ok())
}

/// The last part of a canonical folder's path (`rules` for `/home/ann/ply/rules`), or `/`.
fn own_name(dir: &Path) -> String {
    dir.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("/")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_rules_names_are_allowed() {
        for ok in ["game.rules", "my game.rules", "a..b.rules"] {
            assert!(allowed(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "..",
            ".",
            "../x.rules",
            "/etc/passwd",
            "/x.rules",
            "a/b.rules",
            "a\\b.rules",
            "C:x.rules",
            ".hidden.rules",
            "x.txt",
            "x\0.rules",
        ] {
            assert!(
                matches!(allowed(bad), Err(Refusal::Forbidden(_))),
                "{bad:?}"
            );
        }
    }
}
