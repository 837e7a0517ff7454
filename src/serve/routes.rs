//! Which route a request goes to: the page and its assets, the game routes ([`super::api`])
//! and the jobs ([`super::jobs`]). A path is split at `/` before its segments are decoded,
//! so an encoded `%2F` stays inside a name (and is refused there); a `.` or `..` segment is
//! refused wherever it is.

use std::sync::Arc;

use super::assets;
use super::folder::Folder;
use super::jobs::Jobs;
use super::reply::Reply;
use super::{api, assets::Asset};

/// What the routes share.
pub struct Site {
    pub folder: Folder,
    pub jobs: Arc<Jobs>,
}

enum Route {
    Asset(&'static Asset),
    Files,
    Rules(String),
    Version(String),
    State,
    Agent,
    Jobs,
    Job(String),
}

impl Route {
    /// The methods the route answers.
    fn allow(&self) -> &'static str {
        match self {
            Route::Asset(_) | Route::Files | Route::Rules(_) | Route::Version(_) => "GET",
            Route::State | Route::Agent | Route::Jobs => "POST",
            Route::Job(_) => "GET, DELETE",
        }
    }
}

/// Answers `method` on `path` (without its query) with `body`.
pub fn answer(site: &Site, method: &str, path: &str, body: &[u8]) -> Reply {
    let route = match route(path) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let (folder, jobs) = (&site.folder, &site.jobs);
    match (method, route) {
        ("GET" | "HEAD", Route::Asset(a)) => Reply::new(200, a.content_type, a.body),
        ("GET", Route::Files) => api::files(folder),
        ("GET", Route::Rules(name)) => api::rules(folder, &name),
        ("GET", Route::Version(name)) => api::version_of(folder, &name),
        ("POST", Route::State) => api::state(folder, body),
        ("POST", Route::Agent) => api::agent(folder, body),
        ("POST", Route::Jobs) => jobs.start(folder, body),
        ("GET", Route::Job(id)) => jobs.get(&id),
        ("DELETE", Route::Job(id)) => jobs.stop(&id),
        (_, route) => Reply::method_not_allowed(route.allow()),
    }
}

/// The route of a path; 400 for a segment that is not valid percent-encoded UTF-8, 403 for
/// `.` or `..`, 404 for no route.
fn route(path: &str) -> Result<Route, Reply> {
    let raw: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let mut segments = Vec::with_capacity(raw.len());
    for s in raw {
        let s = decode(s)
            .ok_or_else(|| Reply::error(400, "the path is not valid UTF-8 percent-encoding"))?;
        if s == "." || s == ".." {
            return Err(Reply::error(
                403,
                "a path with `.` or `..` in it is refused",
            ));
        }
        segments.push(s);
    }
    let parts: Vec<&str> = segments.iter().map(String::as_str).collect();
    let named = |name: &str| -> Result<String, Reply> {
        match name {
            "" => Err(Reply::error(404, "give a rules file's name")),
            _ => Ok(name.to_string()),
        }
    };
    match parts.as_slice() {
        [file] => assets::find(file)
            .map(Route::Asset)
            .ok_or_else(|| not_found(path)),
        ["api", "files"] => Ok(Route::Files),
        ["api", "rules", name] => named(name).map(Route::Rules),
        ["api", "version", name] => named(name).map(Route::Version),
        ["api", "rules" | "version", ..] => Err(Reply::error(
            403,
            "a rules file is named by its plain name in the served folder",
        )),
        ["api", "state"] => Ok(Route::State),
        ["api", "agent"] => Ok(Route::Agent),
        ["api", "jobs"] => Ok(Route::Jobs),
        ["api", "jobs", id] => Ok(Route::Job(id.to_string())),
        _ => Err(not_found(path)),
    }
}

fn not_found(path: &str) -> Reply {
    Reply::error(404, format!("no such page or route: {path}"))
}

/// A path segment with its `%XX` escapes decoded; `None` when an escape is malformed or the
/// result is not UTF-8.
fn decode(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = segment.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_decoded_after_splitting() {
        assert_eq!(decode("a%20b").as_deref(), Some("a b"));
        assert_eq!(decode("%2e%2E").as_deref(), Some(".."));
        assert_eq!(decode("..%2Fetc").as_deref(), Some("../etc"));
        assert_eq!(decode("%"), None);
        assert_eq!(decode("%zz"), None);
        assert_eq!(decode("%ff"), None);
        assert_eq!(decode("%e2%82"), None);
    }

    #[test]
    fn dot_segments_and_nested_names_are_refused() {
        for path in [
            "/..",
            "/api/rules/..",
            "/api/rules/%2e%2e",
            "/api/../api/files",
            "/api/rules/../Cargo.toml",
            "/api/rules//etc/passwd",
            "/api/version/a/b.rules",
        ] {
            let status = route(path).err().map(|r| r.status);
            assert_eq!(status, Some(403), "{path}");
        }
        assert!(
            matches!(route("/api/rules/%2Fetc%2Fpasswd"), Ok(Route::Rules(n)) if n == "/etc/passwd")
        );
        assert!(matches!(route("/nothing"), Err(r) if r.status == 404));
        assert!(matches!(route("/api/rules/a%zz"), Err(r) if r.status == 400));
    }
}
