//! Progress of long work on standard error: a bar of first moves counted (perft) or games
//! played (playouts), their rate and the time left, drawn only when standard error is a
//! terminal and the output is text.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::options::Format;
use super::report::Reporter;
use super::threads::Progress;

/// Runs `work`, drawing `progress` (counted in `unit`s) on standard error while it runs
/// when that is a terminal; the bar is cleared at the end.
pub fn shown<T>(rep: &Reporter, unit: &str, progress: &Progress, work: impl FnOnce() -> T) -> T {
    if rep.format != Format::Text || !std::io::stderr().is_terminal() {
        return work();
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| draw(unit, progress, &finished));
        let out = work();
        finished.store(true, Ordering::Relaxed);
        out
    })
}

/// Redraws the bar ten times a second until `finished`; nothing for the first half second
/// (a quick search shows no bar).
fn draw(unit: &str, progress: &Progress, finished: &AtomicBool) {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(&format!(
        "{{bar:30}} {{pos}}/{{len}} {unit}, {{msg}}, {{elapsed}} gone, about {{eta}} left"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    let started = std::time::Instant::now();
    let mut ticks = 0;
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        ticks += 1;
        if ticks < 5 {
            continue;
        }
        let done = progress.done.load(Ordering::Relaxed);
        bar.set_length(progress.total.load(Ordering::Relaxed));
        bar.set_position(done);
        let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!("{rate:.0}/s"));
    }
    bar.finish_and_clear();
}
