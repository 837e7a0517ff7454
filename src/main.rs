/// Every allocation goes through a counter, so that `--max-memory` can read what the process
/// holds (see `ply::memory`); it sets no limit of its own (an allocation it refused would
/// abort the process instead of stopping the run with its message).
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// The stack the command runs on. Chains of jumps (up to `run::runner::MAX_CHAIN`), perft
/// plies and nested expressions recurse; this leaves room for all of them in any build.
const STACK: usize = 256 << 20;

fn main() {
    ply::memory::set_meter(|| ALLOCATOR.allocated());
    let code = match std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(ply::cli::main)
    {
        // A panic has printed its message already; 101 is Rust's exit code for one.
        Ok(worker) => worker.join().unwrap_or(101),
        Err(_) => ply::cli::main(),
    };
    std::process::exit(code);
}
