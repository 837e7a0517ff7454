#!/usr/bin/env python3
"""The MCTS agent against the random agent: whole games through `ply play`.

Run from the project root after `cargo build --release`:
    python3 benches/agents.py [--games 100] [--playouts 1000] [--rules rules/othello.rules,...]

For each rules file it plays GAMES games of `ply play` with no human side: MCTS takes the
first side in half of them and the second side in the other half, each game with its own
seed. It prints, per rules file, the games MCTS won, drew and lost, the average game length
and the seconds a game took. Exit status 1 if a game fails.
"""
import argparse, re, subprocess, sys, time

RESULT = re.compile(r"^game over after (\d+) plies: (.*)$", re.M)
SIDES = re.compile(r"^(\w+) (?:human|random|mcts), (\w+) (?:human|random|mcts)$", re.M)


def play(ply, rules, first, second, seed, playouts):
    cmd = [ply, "play", rules, "--agent", f"{first[0]}={first[1]}",
           "--agent", f"{second[0]}={second[1]}", "--seed", str(seed),
           "--playouts", str(playouts)]
    out = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stderr}")
    m = RESULT.search(out.stdout)
    if not m:
        sys.exit(f"{' '.join(cmd)}: no result line in its output")
    return int(m.group(1)), m.group(2)


def sides(ply, rules):
    out = subprocess.run([ply, "play", rules, "--agent", "x=y"], capture_output=True, text=True)
    m = re.search(r"the sides are (\w+), (\w+)", out.stderr)
    if not m:
        sys.exit(f"{rules}: cannot tell its two sides from: {out.stderr}")
    return m.group(1), m.group(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--playouts", type=int, default=1000)
    ap.add_argument("--rules", default="rules/othello.rules,rules/connect-four.rules")
    ap.add_argument("--ply", default="target/release/ply")
    a = ap.parse_args()
    print(f"| rules | games | MCTS won | drawn | MCTS lost | plies/game | s/game |")
    print(f"|---|---|---|---|---|---|---|")
    for rules in a.rules.split(","):
        s1, s2 = sides(a.ply, rules)
        won = drawn = lost = plies = 0
        start = time.time()
        for g in range(a.games):
            mcts_side, rand_side = (s1, s2) if g % 2 == 0 else (s2, s1)
            order = [(mcts_side, "mcts"), (rand_side, "random")]
            order.sort(key=lambda x: 0 if x[0] == s1 else 1)
            n, text = play(a.ply, rules, order[0], order[1], 1000 + g, a.playouts)
            plies += n
            t = text.lower()
            if t.startswith(mcts_side.lower() + " wins") or t.startswith(rand_side.lower() + " loses"):
                won += 1
            elif t.startswith(rand_side.lower() + " wins") or t.startswith(mcts_side.lower() + " loses"):
                lost += 1
            else:
                drawn += 1
        secs = (time.time() - start) / a.games
        print(f"| {rules} | {a.games} | {won} | {drawn} | {lost} | {plies / a.games:.1f} | {secs:.2f} |")


if __name__ == "__main__":
    main()
