#!/usr/bin/env python3
"""Random games per second through Python: ply's package one game at a time, against
OpenSpiel's own C++ games driven from Python the same way; ply's batch stepped in Rust;
and, with --pgx, pgx's batched games on the CPU.

    pip install ./python open-spiel        # (pgx: pip install pgx jax[cpu])
    python3 benches/python.py [--seconds S] [--rounds R] [--batch N] [--pgx]

Each row alternates the programs round by round (this machine is noisy: compare the ratios
of one run), and gives games/s, plies (decisions) per second and plies per game. A ply game
and OpenSpiel's differ in small rules (limits, draws): the plies per game say how much.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import ply

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ply rules file, OpenSpiel game, pgx environment (None: pgx has none).
GAMES = [
    ("connect-four", "connect_four", "connect_four"),
    ("othello", "othello", "othello"),
    ("breakthrough", "breakthrough", None),
    ("chess", "chess", "chess"),
    ("hex", "hex", "hex"),
]


def timed(play_one, seconds: float) -> "tuple[int, int, float]":
    """Games and plies played by play_one() (which returns a game's plies) in about
    `seconds`."""
    games = plies = 0
    start = time.perf_counter()
    while True:
        plies += play_one()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, plies, elapsed


def one_at_a_time(game, rng):
    """One random game through a game's pyspiel-style API (ply's or OpenSpiel's): its
    decisions (rolls aside)."""
    def play():
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
                continue
            s.apply_action(rng.choice(s.legal_actions()))
            n += 1
        return n
    return play


def batch_rate(game, n: int, seconds: float, threads: int) -> "tuple[int, int, float]":
    b = game.batch(n, seed=1, threads=threads)
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(16):
            b.step(b.random_actions())
        steps += 16 * n
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return b.finished, steps, elapsed


def pgx_rate(env_id: str, n: int, seconds: float) -> "tuple[int, int, float, float]":
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make(env_id)
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(env.step)

    def one(carry, _):
        state, key, done = carry
        key, k1, k2, k3 = jax.random.split(key, 4)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k1, logits)
        state = step(state, action, jax.random.split(k2, n))
        ended = state.terminated | state.truncated
        fresh = jax.vmap(env.init)(jax.random.split(k3, n))
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(ended.reshape((-1,) + (1,) * (a.ndim - 1)), b, a),
            state, fresh)
        return (state, key, done + ended.sum()), None

    @jax.jit
    def run(state, key):
        (state, key, done), _ = jax.lax.scan(one, (state, key, 0), None, length=8)
        return state, key, done

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, n))
    t = time.perf_counter()
    state, key, done = run(state, key)
    jax.block_until_ready(done)
    compile_s = time.perf_counter() - t
    games = steps = 0
    start = time.perf_counter()
    while True:
        state, key, done = run(state, key)
        games += int(done)
        steps += 8 * n
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, steps, elapsed, compile_s


def row(name, who, games, plies, secs):
    print(f"| {name} | {who} | {games / secs:,.0f} | {plies / secs:,.0f} | "
          f"{plies / max(games, 1):.1f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="per program and round")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--batch", type=int, default=8192, help="games in ply's batch")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                    help="threads of ply's batch (default: one per core)")
    ap.add_argument("--pgx", action="store_true", help="time pgx too (batch 1024, CPU)")
    ap.add_argument("--games", nargs="*", help="only these ply games")
    args = ap.parse_args()
    import pyspiel

    print("| game | program | games/s | plies/s | plies/game |")
    print("|---|---|---|---|---|")
    for name, spiel_name, pgx_name in GAMES:
        if args.games and name not in args.games:
            continue
        ours = ply.load_game(os.path.join(ROOT, "rules", name + ".rules"))
        theirs = pyspiel.load_game(spiel_name)
        totals = {"ply": [0, 0, 0.0], "OpenSpiel": [0, 0, 0.0], "ply batch": [0, 0, 0.0]}
        for r in range(args.rounds):
            rng = random.Random(r)
            for who, play in (("ply", one_at_a_time(ours, rng)),
                              ("OpenSpiel", one_at_a_time(theirs, rng))):
                g, p, s = timed(play, args.seconds)
                t = totals[who]
                t[0] += g; t[1] += p; t[2] += s
            g, p, s = batch_rate(ours, args.batch, args.seconds, args.threads)
            t = totals["ply batch"]
            t[0] += g; t[1] += p; t[2] += s
        # A batch finishes few long games in a short run: its games a second are its plies
        # a second over the plies of a game one at a time.
        per_game = totals["ply"][1] / max(totals["ply"][0], 1)
        b = totals["ply batch"]
        b[0] = b[1] / per_game
        for who, (g, p, s) in totals.items():
            label = (f"{who} ({args.batch} games, {args.threads} threads; games from plies)"
                     if who == "ply batch" else who)
            row(name, label, g, p, s)
        ratio = (totals["ply"][0] / totals["ply"][2]) / (totals["OpenSpiel"][0] / totals["OpenSpiel"][2])
        batch = (b[0] / b[2]) / (totals["OpenSpiel"][0] / totals["OpenSpiel"][2])
        print(f"| {name} | ratios | ply / OpenSpiel {ratio:.2f} | batch / OpenSpiel {batch:.1f} | |",
              flush=True)
        if args.pgx and pgx_name:
            g, p, s, c = pgx_rate(pgx_name, 1024, args.seconds * args.rounds)
            row(name, f"pgx (1024 games, compiled in {c:.1f} s)", g, p, s)


if __name__ == "__main__":
    main()
