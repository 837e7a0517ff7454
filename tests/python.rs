//! The Python package (`python/`): built with maturin into a fresh virtual environment under
//! the target folder, with what its tests need (`python/requirements-test.txt`: OpenSpiel,
//! PettingZoo, Ray, pytest), then its tests run with pytest (`python/tests/`). Nothing is installed
//! outside that environment; a machine without Python 3 and its `venv` module fails the test,
//! saying so: it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `cmd`, panicking with its output when it fails.
fn run(what: &str, cmd: &mut Command) {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start {cmd:?}: {e}"));
    if !out.status.success() {
        panic!(
            "{what} failed ({}):\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A virtual environment with the test requirements, made once per target folder (pip
/// checks the pins again on every run, quickly).
fn environment(root: &Path) -> PathBuf {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-venv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        let system = std::env::var("PLY_PYTHON").unwrap_or_else(|_| "python3".into());
        run(
            "making a virtual environment (needs Python 3 with its venv module; PLY_PYTHON \
             names another interpreter)",
            Command::new(system).args(["-m", "venv"]).arg(&venv),
        );
    }
    run(
        "installing the test requirements",
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "-q",
                "--disable-pip-version-check",
                "-r",
            ])
            .arg(root.join("python/requirements-test.txt")),
    );
    venv
}

#[test]
fn the_python_package_builds_and_passes_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let venv = environment(root);
    let bin = venv.join("bin");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Its own target folder: the one this test runs from is cargo's, locked while it runs.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-target");
    run(
        "building the package (maturin develop)",
        Command::new(bin.join("maturin"))
            .args(["develop", "-q"])
            .current_dir(root.join("python"))
            .env("VIRTUAL_ENV", &venv)
            .env("PATH", &path)
            .env("CARGO_TARGET_DIR", &target),
    );
    run(
        "the package's tests (pytest python/tests)",
        Command::new(bin.join("python"))
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "python/tests",
            ])
            .current_dir(root)
            .env("PATH", &path)
            // ply.distributed's tests compare with the command line built with them.
            .env("PLY_BIN", env!("CARGO_BIN_EXE_ply"))
            // A local Ray cluster reports nothing anywhere.
            .env("RAY_USAGE_STATS_ENABLED", "0"),
    );
}
