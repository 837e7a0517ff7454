/// The stack the command runs on. Chains of jumps (up to `run::runner::MAX_CHAIN`), perft
/// plies and nested expressions recurse; this leaves room for all of them in any build.
const STACK: usize = 256 << 20;

fn main() {
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
