//! What is refused before a request reaches its route: a request that names another host
//! (a page of another site that resolves its own name to 127.0.0.1 sends that name), and a
//! request that changes something without the playground's own header or from another
//! origin.

use hyper::http::request::Parts;

use super::reply::Reply;

/// The header every request that changes something carries. A page of another site cannot
/// send it without asking first (a preflight this server never grants), not even with a
/// form or a `text/plain` body.
pub const REQUEST_HEADER: &str = "X-Ply-Request";

/// The names this server answers to, with its port after them.
const HOSTS: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// The refusal of a request, if it is refused before its route.
pub fn refusal(parts: &Parts, port: u16) -> Option<Reply> {
    if !names_this_host(parts, port) {
        return Some(Reply::error(
            403,
            format!("address this server as 127.0.0.1:{port} or localhost:{port}"),
        ));
    }
    match parts.method.as_str() {
        "GET" | "HEAD" => None,
        _ => from_another_site(parts, port),
    }
}

fn header<'a>(parts: &'a Parts, name: &str) -> Option<&'a str> {
    parts.headers.get(name).and_then(|v| v.to_str().ok())
}

/// Whether the request's Host header (and the host of an absolute address, when the
/// request line gives one) names this server.
fn names_this_host(parts: &Parts, port: u16) -> bool {
    let ours = |host: &str| {
        HOSTS
            .iter()
            .any(|ok| host.eq_ignore_ascii_case(&format!("{ok}:{port}")))
    };
    let named = parts.uri.authority().is_none_or(|a| ours(a.as_str()));
    named && header(parts, "Host").is_some_and(ours)
}

/// A refusal when a request that changes something may come from a page of another site:
/// it lacks [`REQUEST_HEADER`], or its `Origin` is not this server.
fn from_another_site(parts: &Parts, port: u16) -> Option<Reply> {
    if header(parts, REQUEST_HEADER) != Some("1") {
        return Some(Reply::error(
            403,
            format!(
                "a request that changes something carries the header `{REQUEST_HEADER}: 1` (the playground's page sends it; a page of another site cannot)"
            ),
        ));
    }
    let origin = parts.headers.get("Origin")?;
    let ours = origin.to_str().is_ok_and(|origin| {
        HOSTS
            .iter()
            .any(|host| origin.eq_ignore_ascii_case(&format!("http://{host}:{port}")))
    });
    match ours {
        true => None,
        false => Some(Reply::error(
            403,
            format!(
                "a request from the page of another site ({}) is refused",
                String::from_utf8_lossy(origin.as_bytes())
            ),
        )),
    }
}
