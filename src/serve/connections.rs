//! The connections the server holds open, at most [`Open::cap`] of them. A connection is
//! closed when it has been idle too long, and when a new one arrives at the cap the oldest
//! that is not being answered makes room: a crowd of idle or slow connections never keeps a
//! person's request out, and never costs more file descriptors than the cap.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// One open connection.
pub struct Conn {
    /// A route is answering one of its requests: it is not closed to make room.
    answering: AtomicBool,
    /// When it last did something (was accepted, sent a request, was answered), in
    /// milliseconds since the server started.
    last: AtomicU64,
    /// Told when the server closes it.
    closed: Notify,
}

impl Conn {
    /// Waits until the server closes this connection.
    pub async fn closed(&self) {
        self.closed.notified().await;
    }
}

/// The connections open, oldest first.
pub struct Open {
    cap: usize,
    started: Instant,
    conns: Mutex<(u64, BTreeMap<u64, Arc<Conn>>)>,
}

/// A connection's place among the open ones: it leaves them when dropped.
pub struct Ticket {
    pub conn: Arc<Conn>,
    id: u64,
    open: Arc<Open>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.open.lock().1.remove(&self.id);
    }
}

impl Ticket {
    /// Marks the connection as doing something now.
    pub fn touch(&self) {
        self.conn.last.store(self.open.now(), Ordering::Relaxed);
    }

    /// Marks whether a route is answering the connection's request.
    pub fn answering(&self, yes: bool) {
        self.conn.answering.store(yes, Ordering::Relaxed);
        self.touch();
    }
}

impl Open {
    pub fn new(cap: usize) -> Arc<Open> {
        Arc::new(Open {
            cap,
            started: Instant::now(),
            conns: Mutex::new((0, BTreeMap::new())),
        })
    }

    fn lock(&self) -> MutexGuard<'_, (u64, BTreeMap<u64, Arc<Conn>>)> {
        self.conns.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// How many connections are open.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.lock().1.len()
    }

    /// Takes in a new connection; at the cap, the oldest connection not being answered is
    /// closed to make room.
    pub fn admit(self: &Arc<Self>) -> Ticket {
        let conn = Arc::new(Conn {
            answering: AtomicBool::new(false),
            last: AtomicU64::new(self.now()),
            closed: Notify::new(),
        });
        let mut conns = self.lock();
        if conns.1.len() >= self.cap {
            close_oldest(&mut conns.1);
        }
        conns.0 += 1;
        let id = conns.0;
        conns.1.insert(id, conn.clone());
        Ticket {
            conn,
            id,
            open: self.clone(),
        }
    }

    /// Closes the oldest connection not being answered (when the process has no file
    /// descriptor left for a new one).
    pub fn shed(&self) {
        close_oldest(&mut self.lock().1);
    }

    /// Closes every connection that has done nothing for `idle` and is not being answered.
    pub fn close_idle(&self, idle: Duration) {
        let now = self.now();
        let idle = idle.as_millis() as u64;
        let mut conns = self.lock();
        conns.1.retain(|_, c| {
            let keep = c.answering.load(Ordering::Relaxed)
                || now.saturating_sub(c.last.load(Ordering::Relaxed)) < idle;
            if !keep {
                c.closed.notify_one();
            }
            keep
        });
    }
}

/// Closes the oldest connection that is not being answered.
fn close_oldest(conns: &mut BTreeMap<u64, Arc<Conn>>) {
    let oldest = conns
        .iter()
        .find(|(_, c)| !c.answering.load(Ordering::Relaxed))
        .map(|(&id, _)| id);
    if let Some(c) = oldest.and_then(|id| conns.remove(&id)) {
        c.closed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_cap_the_oldest_idle_connection_makes_room() {
        let open = Open::new(3);
        let tickets: Vec<Ticket> = (0..3).map(|_| open.admit()).collect();
        tickets[0].answering(true);
        let fourth = open.admit();
        assert_eq!(open.count(), 3);
        // The first is being answered: the second, the oldest idle one, was closed.
        let ids: Vec<u64> = open.lock().1.keys().copied().collect();
        assert_eq!(ids, vec![tickets[0].id, tickets[2].id, fourth.id]);
        drop(fourth);
        assert_eq!(open.count(), 2);
    }

    #[test]
    fn idle_connections_are_closed_unless_answered() {
        let open = Open::new(10);
        let (a, b) = (open.admit(), open.admit());
        a.answering(true);
        open.close_idle(Duration::ZERO);
        let ids: Vec<u64> = open.lock().1.keys().copied().collect();
        assert_eq!(ids, vec![a.id]);
        drop(b);
        assert_eq!(open.count(), 1);
    }
}
