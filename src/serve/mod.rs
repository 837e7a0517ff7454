//! `ply serve`: a web page on 127.0.0.1 to read rules files with their diagnostics, play a
//! whole game against an agent on the board ply draws, and count perft and playouts. This
//! file is the server: it listens on the local port only, holds at most
//! [`MAX_CONNECTIONS`] connections (the oldest idle one makes room for a new one; one idle
//! for [`IDLE`] is closed), gives a request [`HEAD_TIME`] to send its head of at most
//! [`MAX_HEAD`] bytes and [`BODY_TIME`] to send its body of at most [`MAX_BODY`] bytes,
//! refuses what [`gate`] refuses, and answers at most [`IN_FLIGHT`] requests that change
//! something (an agent thinking, a game replayed, a job started) and as many that only read
//! at once (more get 503), each on a thread of its own through [`routes`], so that agents
//! thinking never keep the page from reading. docs/serve.md documents the
//! routes and these limits.
//!
//! The connections are asynchronous (hyper on tokio): an open connection costs a file
//! descriptor and a few kilobytes, not a thread, so thousands of idle or slow ones cost
//! little, and hyper refuses an oversized head (431) before it is read whole.

pub mod api;
mod assets;
mod connections;
mod folder;
mod gate;
mod jobs;
mod reply;
mod routes;

use std::convert::Infallible;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpSocket;

use connections::{Open, Ticket};
pub use folder::Folder;
pub use gate::REQUEST_HEADER;
use reply::Reply;
use routes::Site;

/// The largest request body read, in bytes.
pub const MAX_BODY: u64 = 1 << 20;
/// The largest request head (request line and headers), in bytes; a larger one gets 431.
pub const MAX_HEAD: usize = 16 << 10;
/// The most header lines a request may have (431 beyond).
const MAX_HEADERS: usize = 64;
/// Requests of each kind (changing something, only reading) answered at once; more are
/// answered 503 at once.
const IN_FLIGHT: usize = 32;
/// Connections held open at once (fewer when the process may open fewer files: see
/// [`connection_cap`]); a new one closes the oldest that is not being answered.
pub const MAX_CONNECTIONS: usize = 512;
/// File descriptors kept for everything but connections (rules files read, the runtime).
const OTHER_FILES: usize = 64;
/// A connection that does nothing for this long is closed.
pub const IDLE: Duration = Duration::from_secs(30);
/// The time a request has to send its head, from the moment the server waits for it.
pub const HEAD_TIME: Duration = Duration::from_secs(10);
/// The time a request has to send its body once its head is read.
pub const BODY_TIME: Duration = Duration::from_secs(10);

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
    runtime: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    port: u16,
    site: Arc<Site>,
}

/// What every connection's requests share.
struct Shared {
    site: Arc<Site>,
    port: u16,
    /// Requests being answered by a route: those that change something (`POST`, `DELETE`),
    /// and those that only read.
    in_flight: [AtomicUsize; 2],
}

/// Connections the system keeps waiting for the server to take (a burst of clients waits
/// there rather than being turned away).
const BACKLOG: u32 = 1024;

impl Server {
    /// Listens on 127.0.0.1:`port` (0: a free port) for the rules files of `folder`.
    pub fn bind(folder: Folder, port: u16) -> Result<Server, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .max_blocking_threads(2 * IN_FLIGHT + 4)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let listener = {
            let _inside = runtime.enter();
            let socket = TcpSocket::new_v4().and_then(|s| s.set_reuseaddr(true).map(|()| s));
            socket
                .and_then(|s| s.bind(addr).map(|()| s))
                .and_then(|s| s.listen(BACKLOG))
                .map_err(|e| format!("cannot listen on {addr}: {e}"))?
        };
        let port = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?
            .port();
        let site = Arc::new(Site {
            folder,
            jobs: Arc::default(),
        });
        Ok(Server {
            runtime,
            listener,
            port,
            site,
        })
    }

    /// The address of the page.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The folder served.
    pub fn folder(&self) -> &Folder {
        &self.site.folder
    }

    /// Answers requests until the process is stopped.
    pub fn run(self) {
        let Server {
            runtime,
            listener,
            port,
            site,
        } = self;
        runtime.block_on(serve(listener, port, site));
    }
}

/// Accepts connections for ever.
async fn serve(listener: tokio::net::TcpListener, port: u16, site: Arc<Site>) {
    let open = Open::new(connection_cap());
    let reaper = open.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            reaper.close_idle(IDLE);
        }
    });
    let shared = Arc::new(Shared {
        site,
        port,
        in_flight: [AtomicUsize::new(0), AtomicUsize::new(0)],
    });
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // No file descriptor left, or a connection gone before it was taken:
                // free one, wait a moment and go on; the server never stops for it.
                open.shed();
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let ticket = Arc::new(open.admit());
        tokio::spawn(connection(stream, ticket, shared.clone()));
    }
}

/// The connections to hold at once: [`MAX_CONNECTIONS`], or fewer when the process may open
/// fewer files than that and [`OTHER_FILES`] (Linux says how many in /proc/self/limits), so
/// that taking a connection never fails for want of a file descriptor.
fn connection_cap() -> usize {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let files = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3)?.parse::<usize>().ok());
    match files {
        Some(n) => n.saturating_sub(OTHER_FILES).clamp(8, MAX_CONNECTIONS),
        None => MAX_CONNECTIONS,
    }
}

/// Serves one connection until the client closes it, it breaks a limit, or the server
/// closes it to make room or because it is idle.
async fn connection(stream: tokio::net::TcpStream, ticket: Arc<Ticket>, shared: Arc<Shared>) {
    let conn = ticket.conn.clone();
    let service = hyper::service::service_fn(move |request| {
        let (ticket, shared) = (ticket.clone(), shared.clone());
        async move { Ok::<_, Infallible>(answer(request, &ticket, shared).await) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIME)
        .max_buf_size(MAX_HEAD)
        .max_headers(MAX_HEADERS);
    let served = http.serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        _ = served => {}
        () = conn.closed() => {}
    }
}

/// The answer to one request.
async fn answer(
    request: Request<Incoming>,
    ticket: &Ticket,
    shared: Arc<Shared>,
) -> Response<Full<Bytes>> {
    ticket.touch();
    let (parts, body) = request.into_parts();
    if let Some(refused) = gate::refusal(&parts, shared.port) {
        return response(refused);
    }
    let body = match read_body(body).await {
        Ok(b) => b,
        Err(refused) => return response(refused),
    };
    let kind = usize::from(matches!(parts.method.as_str(), "GET" | "HEAD"));
    if shared.in_flight[kind].fetch_add(1, Ordering::SeqCst) >= IN_FLIGHT {
        shared.in_flight[kind].fetch_sub(1, Ordering::SeqCst);
        return response(Reply::error(503, "too many requests at once"));
    }
    let method = parts.method.as_str().to_string();
    let path = parts.uri.path().to_string();
    ticket.answering(true);
    let work = shared.clone();
    // A route may think for seconds: it runs on a thread of its own, which counts itself
    // out when it is done (even when the client has gone by then).
    let reply = tokio::task::spawn_blocking(move || {
        let reply = routes::answer(&work.site, &method, &path, &body);
        work.in_flight[kind].fetch_sub(1, Ordering::SeqCst);
        reply
    })
    .await
    .unwrap_or_else(|_| Reply::error(500, "the answer failed"));
    ticket.answering(false);
    response(reply)
}

/// A request's body: at most [`MAX_BODY`] bytes within [`BODY_TIME`]. A larger body is
/// read on to [`DRAINED`] bytes and dropped, so that the client, still sending, reads the
/// 413 rather than a connection cut under it.
async fn read_body(body: Incoming) -> Result<Bytes, Reply> {
    match tokio::time::timeout(BODY_TIME, collect(body)).await {
        Ok(Ok(Some(bytes))) => Ok(bytes),
        Ok(Ok(None)) => Err(Reply::error(
            413,
            format!("a request body is at most {MAX_BODY} bytes"),
        )),
        Ok(Err(e)) => Err(Reply::error(
            400,
            format!("cannot read the request body: {e}"),
        )),
        Err(_) => Err(Reply::error(
            408,
            format!(
                "the request body did not arrive within {} seconds",
                BODY_TIME.as_secs()
            ),
        )),
    }
}

/// The bytes of a body past which a body over [`MAX_BODY`] is no longer read.
const DRAINED: u64 = 16 << 20;

/// The body's bytes, or `None` when it is over [`MAX_BODY`].
async fn collect(mut body: Incoming) -> Result<Option<Bytes>, hyper::Error> {
    let (mut kept, mut seen) = (Vec::new(), 0u64);
    while let Some(frame) = body.frame().await {
        let Ok(data) = frame?.into_data() else {
            continue;
        };
        seen += data.len() as u64;
        if seen <= MAX_BODY {
            kept.extend_from_slice(&data);
        } else if seen > DRAINED {
            break;
        }
    }
    Ok((seen <= MAX_BODY).then(|| Bytes::from(kept)))
}

fn response(reply: Reply) -> Response<Full<Bytes>> {
    let mut builder = Response::builder().status(reply.status);
    for (field, value) in HEADERS {
        builder = builder.header(field, value);
    }
    builder = builder.header("Content-Type", reply.content_type);
    if let Some(allow) = reply.allow {
        builder = builder.header("Allow", allow);
    }
    builder
        .body(Full::new(Bytes::from(reply.body)))
        .unwrap_or_else(|_| {
            let mut broken = Response::new(Full::new(Bytes::from_static(b"")));
            *broken.status_mut() = hyper::StatusCode::INTERNAL_SERVER_ERROR;
            broken
        })
}
