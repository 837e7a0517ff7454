#!/usr/bin/env python3
"""Whole games side by side: ply against RBG's compiled reasoners and hand-written ones.

    python3 benches/rbg.py --mirrors /work/.mirror            # build what is missing, then time
    python3 benches/rbg.py --games go,chess --runs 5          # some games, more runs

Run from the project root after `cargo build --release`. RBG's reasoners are C++ programs
compiled from the Regular Boardgames project's sources: its compiler (uicus/rbg2cpp with
uicus/rbgParser), its games (marekesz/rbgGames) and the hand-written reasoners
(WoojtekP/rbgGameSpecificReasoners). Bring those four repositories onto the machine as bare
mirrors (folders `OWNER+NAME`, each holding `repo` or the git directory itself) and pass their
parent folder with --mirrors: the reasoners missing under --rbg (default $PLY_RBG, else
$TMPDIR/ply-rbg) are built there with g++ (needs make and libboost-dev; nothing is written
into the project).

For every game both have, it runs, alternating, `ply perft` against RBG's perft at one depth
(the counts must agree, else the run fails) and `ply playout` against RBG's random simulation
(the same number of games), on one thread each (ply gets `--threads 1`), and prints the fastest
run of each as a Markdown table, with the ratios ply/RBG and ply/hand-written (below 1.0 ply is
faster) and the average game length each played (a check that both play the same game).
The issue's targets are marked: perft at most 0.5x RBG, playouts at most 0.33x RBG and within
1.5x of a hand-written reasoner.

ply's perft counts the last ply from the move list (bulk counting); RBG's and the
hand-written perft play every move, so read perft together with playouts, where all three play
every move. Times are whole-process wall clock (start-up included: a few milliseconds).

Where RBG's game differs from the rules file in `rules/`, the table's game is the rules file
with the edits listed in VARIANTS, written to a temporary file: RBG's Go is 19 x 19 with no
ko rule and 722 turns at most; ply's is 9 x 9 with simple ko. RBG's chess does not draw a
position with too little material to mate; ply's does.
Exit status: 0, or 1 if a count differs or a program fails.
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, time

# rules stem: (RBG game, hand-written game or None, perft depth, playouts). The playouts of the
# fast games are enough to take most of a second: fewer are timed mostly as start-up.
GAMES = {
    "othello": ("reversi", "reversi", 9, 20000),
    "english-draughts": ("englishDraughts", "english_draughts", 10, 50000),
    "breakthrough": ("breakthrough", "breakthrough", 6, 20000),
    "connect-four": ("connect4", "connect4", 9, 1000000),
    "chess": ("chess", None, 5, 2000),
    "amazons": ("amazons", None, 2, 3000),
    "hex": ("hex", None, 3, 30000),
    "international-draughts": ("internationalDraughts", None, 7, 2000),
    "go": ("go", None, 2, 200),
    "nine-mens-morris": ("theMillGame", None, 5, 5000),
    "pentago": ("pentago", None, 3, 20000),
    "arimaa": ("arimaa_fixedPosition", None, 1, 3),
}

# rules stem: edits (regular expression, replacement) that make the rules file RBG's game.
VARIANTS = {
    "go": [
        (r"(?m)^board 9 x 9", "board 19 x 19"),
        (r"(?m)^no move may repeat .*\n", ""),
        (r"stop after 500 plies", "stop after 722 plies"),
    ],
    # RBG's chess plays on with material too little to mate.
    "chess": [(r"(?m)^  draw if no queen pieces .*\n(    .*\n)*", "")],
}

MIRRORS = {  # folder under the RBG directory: the mirror it is cloned from
    "rbg2cpp": "uicus+rbg2cpp",
    "rbg2cpp/rbgParser": "uicus+rbgParser",
    "rbg2cpp/rbgGames": "marekesz+rbgGames",
    "hand": "WoojtekP+rbgGameSpecificReasoners",
}
CFLAGS = "-std=c++17 -Ofast -march=native -flto -s -DNDEBUG -DRBG_RANDOM_GENERATOR=0".split()


def sh(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr[-2000:]}")


def mirror(mirrors, name):
    d = os.path.join(mirrors, name)
    return os.path.join(d, "repo") if os.path.isdir(os.path.join(d, "repo")) else d


def compile_reasoner(d, test):
    """reasoner.cpp/.hpp in d -> d/perft, d/sim."""
    sh(["g++", *CFLAGS, "-c", "reasoner.cpp"], cwd=d)
    for prog, src in (("perft", "perft.cpp"), ("sim", "simulation.cpp")):
        sh(["g++", *CFLAGS, "-I.", f"-I{test}", "-o", prog, "reasoner.o", os.path.join(test, src)], cwd=d)


def build(rbg, mirrors, games):
    """Builds RBG's compiler and the reasoners of `games` that are missing under `rbg`."""
    os.makedirs(rbg, exist_ok=True)
    for folder, name in MIRRORS.items():
        dest = os.path.join(rbg, folder)
        marker = {"rbg2cpp/rbgParser": "src", "rbg2cpp/rbgGames": "games"}.get(folder, "")
        if not os.path.isdir(os.path.join(dest, marker)):
            shutil.rmtree(dest, ignore_errors=True)
            src = mirror(mirrors, name)
            if not os.path.isdir(src):
                sys.exit(f"no mirror of {name.replace('+', '/')} in {mirrors}")
            sh(["git", "clone", "-q", src, dest])
    compiler = os.path.join(rbg, "rbg2cpp", "bin", "rbg2cpp")
    if not os.access(compiler, os.X_OK):
        cc = "g++ -include sys/types.h -include string -include cstdint -include limits"
        sh(["make", "-C", os.path.join(rbg, "rbg2cpp"), "-j2", "rbg2cpp", f"C={cc}"])
    test = os.path.join(rbg, "rbg2cpp", "test")
    for stem in games:
        rbg_game, hand, _, _ = GAMES[stem]
        d = os.path.join(rbg, f"rbg-{rbg_game}")
        if not os.access(os.path.join(d, "sim"), os.X_OK):
            print(f"building RBG's {rbg_game} ...", file=sys.stderr)
            os.makedirs(d, exist_ok=True)
            source = os.path.join(rbg, "rbg2cpp", "rbgGames", "games", f"{rbg_game}.rbg")
            sh([compiler, "-o", "reasoner", source], cwd=d)
            compile_reasoner(d, test)
        if hand:
            d = os.path.join(rbg, f"hand-{hand}")
            if not os.access(os.path.join(d, "sim"), os.X_OK):
                print(f"building the hand-written {hand} ...", file=sys.stderr)
                os.makedirs(d, exist_ok=True)
                src = os.path.join(rbg, "hand", "src")
                shutil.copy(os.path.join(src, f"{hand}.cpp"), os.path.join(d, "reasoner.cpp"))
                shutil.copy(os.path.join(src, f"{hand}.hpp"), os.path.join(d, "reasoner.hpp"))
                cpp = os.path.join(d, "reasoner.cpp")
                text = open(cpp).read().replace(f'#include "{hand}.hpp"', '#include "reasoner.hpp"')
                open(cpp, "w").write(text)
                compile_reasoner(d, test)


def run(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.perf_counter() - t, p


def rules_file(stem, tmp):
    path = f"rules/{stem}.rules"
    if stem not in VARIANTS:
        return path
    text = open(path).read()
    for pattern, repl in VARIANTS[stem]:
        text, n = re.subn(pattern, repl, text)
        if n == 0:
            sys.exit(f"{path}: the variant's edit {pattern!r} no longer applies")
    out = os.path.join(tmp, f"{stem}-rbg.rules")
    open(out, "w").write(text)
    return out


def number(pattern, text):
    m = re.findall(pattern, text)
    return float(m[-1]) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES), help="rules stems, comma-separated")
    ap.add_argument("--runs", type=int, default=3, help="runs of each program (the fastest counts)")
    ap.add_argument("--ply", default="target/release/ply")
    ap.add_argument("--threads", type=int, default=1, help="ply's threads (RBG's use one)")
    ap.add_argument("--rbg", default=os.environ.get("PLY_RBG", os.path.join(tempfile.gettempdir(), "ply-rbg")))
    ap.add_argument("--mirrors", help="build the missing reasoners from the mirrors in this folder")
    a = ap.parse_args()
    names = a.games.split(",")
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        sys.exit(f"no RBG game for {', '.join(unknown)}; known: {', '.join(GAMES)}")
    if a.mirrors:
        build(a.rbg, a.mirrors, names)
    if not os.access(a.ply, os.X_OK):
        sys.exit(f"{a.ply} missing: run `cargo build --release` first")
    threads = ["--threads", str(a.threads)]
    bad = False
    rows = []
    tmp = tempfile.mkdtemp(prefix="ply-rbg-bench")
    for name in names:
        rbg_game, hand, depth, games = GAMES[name]
        rules = rules_file(name, tmp)
        rdir = os.path.join(a.rbg, f"rbg-{rbg_game}")
        hdir = os.path.join(a.rbg, f"hand-{hand}") if hand else None
        missing = [d for d in (rdir, hdir) if d and not os.access(os.path.join(d, "sim"), os.X_OK)]
        if missing:
            print(f"{name}: no reasoner in {', '.join(missing)}; pass --mirrors", file=sys.stderr)
            bad = True
            continue
        t = {}
        length = {}
        for _ in range(a.runs):
            s, p = run([a.ply, "perft", rules, "--depth", str(depth), *threads])
            got = p.stdout.split()[-1] if p.returncode == 0 and p.stdout.split() else None
            t.setdefault("perft ply", []).append(s)
            s, p = run([os.path.join(rdir, "perft"), str(depth)])
            want = number(r"perft: (\d+)", p.stdout)
            t.setdefault("perft rbg", []).append(s)
            if got is None or want is None or int(got) != int(want):
                print(f"{name}: perft({depth}) ply {got} != RBG {want}", file=sys.stderr)
                bad = True
            if hdir:
                s, _ = run([os.path.join(hdir, "perft"), str(depth)])
                t.setdefault("perft hand", []).append(s)
            s, p = run([a.ply, "playout", rules, "--games", str(games), "--seed", "1", *threads])
            if p.returncode != 0:
                print(f"{name}: ply playout failed: {p.stderr.strip()[:300]}", file=sys.stderr)
                bad = True
            length["ply"] = number(r"\(([\d.]+) a game\)", p.stdout + p.stderr)
            t.setdefault("play ply", []).append(s)
            s, p = run([os.path.join(rdir, "sim"), str(games)])
            length["rbg"] = number(r"depth: avg ([\d.]+)", p.stdout)
            t.setdefault("play rbg", []).append(s)
            if hdir:
                s, _ = run([os.path.join(hdir, "sim"), str(games)])
                t.setdefault("play hand", []).append(s)
        best = {k: min(v) for k, v in t.items()}
        rows.append((name, depth, games, best, length))
        print(f"{name}: done", file=sys.stderr)

    def ratio(best, a_, b, target):
        if b not in best:
            return "-", ""
        r = best[a_] / best[b]
        return f"{r:.2f}", "" if r <= target else " (missed)"

    print("| game | perft | ply s | RBG s | ply/RBG | playouts | ply s | RBG s | ply/RBG | ply/hand | plies a game ply / RBG |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, depth, games, best, length in rows:
        pr, pm = ratio(best, "perft ply", "perft rbg", 0.5)
        yr, ym = ratio(best, "play ply", "play rbg", 0.33)
        hr, hm = ratio(best, "play ply", "play hand", 1.5)
        lens = " / ".join("-" if length.get(k) is None else f"{length[k]:.1f}" for k in ("ply", "rbg"))
        label = name + (" (RBG's variant)" if name in VARIANTS else "")
        print(f"| {label} | {depth} | {best['perft ply']:.3f} | {best['perft rbg']:.3f} | {pr}{pm} "
              f"| {games} | {best['play ply']:.3f} | {best['play rbg']:.3f} | {yr}{ym} | {hr}{hm} | {lens} |")
    shutil.rmtree(tmp, ignore_errors=True)
    if bad:
        print("counts differ or something failed", file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
