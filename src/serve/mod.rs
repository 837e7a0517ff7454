//! `ply serve`: a web page on 127.0.0.1 to read rules files with their diagnostics, play a
//! whole game against an agent on the board ply draws, and count perft and playouts. This
//! file is the server: it listens on the local port only, refuses requests that name
//! another host and requests that change something without the playground's own header
//! ([`REQUEST_HEADER`]) or from another origin, reads at most [`MAX_BODY`] bytes of a
//! body, and answers each request on its own thread through [`routes`]. docs/serve.md
//! documents the routes.

pub mod api;
mod assets;
mod folder;
mod jobs;
mod reply;
mod routes;

use std::io::Read;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use folder::Folder;
use reply::Reply;
use routes::Site;

/// The largest request body read, in bytes.
pub const MAX_BODY: u64 = 1 << 20;
/// Requests answered at once; more wait for their answer with 503.
const IN_FLIGHT: usize = 32;

/// What every answer says about the page: its own origin only, nothing cached.
const HEADERS: [(&str, &str); 4] = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    (
        "Content-Security-Policy",
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
    ),
];

pub struct Server {
    http: tiny_http::Server,
    port: u16,
    site: Arc<Site>,
}

impl Server {
    /// Listens on 127.0.0.1:`port` (0: a free port) for the rules files of `folder`.
    pub fn bind(folder: Folder, port: u16) -> Result<Server, String> {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let listener =
            TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let port = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?
            .port();
        let http = tiny_http::Server::from_listener(listener, None)
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let site = Arc::new(Site {
            folder,
            jobs: Arc::default(),
        });
        Ok(Server { http, port, site })
    }

    /// The address of the page.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The folder served.
    pub fn folder(&self) -> &Folder {
        &self.site.folder
    }

    /// Answers requests until the process is stopped; returns only if the listener fails.
    pub fn run(self) -> String {
        let busy = Arc::new(AtomicUsize::new(0));
        loop {
            let request = match self.http.recv() {
                Ok(r) => r,
                Err(e) => return format!("the server stopped: {e}"),
            };
            if busy.fetch_add(1, Ordering::SeqCst) >= IN_FLIGHT {
                busy.fetch_sub(1, Ordering::SeqCst);
                respond(request, Reply::error(503, "too many requests at once"));
                continue;
            }
            let (site, busy, port) = (self.site.clone(), busy.clone(), self.port);
            std::thread::spawn(move || {
                let mut request = request;
                let reply = answer(&site, port, &mut request);
                respond(request, reply);
                busy.fetch_sub(1, Ordering::SeqCst);
            });
        }
    }
}

/// The answer to one request.
fn answer(site: &Site, port: u16, request: &mut tiny_http::Request) -> Reply {
    if !names_this_host(request, port) {
        return Reply::error(
            403,
            format!("address this server as 127.0.0.1:{port} or localhost:{port}"),
        );
    }
    let method = request.method().as_str().to_string();
    if !matches!(method.as_str(), "GET" | "HEAD")
        && let Some(refused) = from_another_site(request, port)
    {
        return refused;
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut body);
    if let Err(e) = read {
        return Reply::error(400, format!("cannot read the request body: {e}"));
    }
    if body.len() as u64 > MAX_BODY {
        return Reply::error(413, format!("a request body is at most {MAX_BODY} bytes"));
    }
    let url = request.url();
    let path = url.split(['?', '#']).next().unwrap_or(url);
    routes::answer(site, &method, path, &body)
}

/// Whether the request's Host header names this server (a page of another site that
/// resolves its own name to 127.0.0.1 sends that name, and is refused).
fn names_this_host(request: &tiny_http::Request, port: u16) -> bool {
    let hosts = [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .is_some_and(|h| {
            hosts
                .iter()
                .any(|ok| h.value.as_str().eq_ignore_ascii_case(ok))
        })
}

/// The header every request that changes something carries. A page of another site cannot
/// send it without asking first (a preflight this server never grants), not even with a
/// form or a `text/plain` body.
pub const REQUEST_HEADER: &str = "X-Ply-Request";

/// A refusal when a request that changes something may come from a page of another site:
/// it lacks [`REQUEST_HEADER`], or its `Origin` is not this server.
fn from_another_site(request: &tiny_http::Request, port: u16) -> Option<Reply> {
    let header = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    if header(REQUEST_HEADER).as_deref() != Some("1") {
        return Some(Reply::error(
            403,
            format!(
                "a request that changes something carries the header `{REQUEST_HEADER}: 1` (the playground's page sends it; a page of another site cannot)"
            ),
        ));
    }
    let origin = header("Origin")?;
    let ours = ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .any(|host| origin.eq_ignore_ascii_case(&format!("http://{host}:{port}")));
    match ours {
        true => None,
        false => Some(Reply::error(
            403,
            format!("a request from the page of another site ({origin}) is refused"),
        )),
    }
}

fn respond(request: tiny_http::Request, reply: Reply) {
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    let mut headers: Vec<(&str, &str)> = HEADERS.to_vec();
    headers.push(("Content-Type", reply.content_type));
    if let Some(allow) = reply.allow {
        headers.push(("Allow", allow));
    }
    for (field, value) in headers {
        if let Ok(h) = tiny_http::Header::from_bytes(field.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    // A client that went away needs no answer.
    let _ = request.respond(response);
}
