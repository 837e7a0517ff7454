#!/usr/bin/env python3
"""ply.distributed against `ply perft --threads N`, side by side, and how busy the workers of
a simulated cluster stay.

    cargo build --release && pip install ./python ray
    python3 benches/distributed.py [--rounds R] [--workers N] [--nodes K...]

1. Perft of each game on a local Ray cluster of N workers (`ply.distributed.perft`) and with
   `ply perft --threads N`, round by round (this machine is noisy: compare the ratios of one
   run). The distributed time includes splitting the tree, not starting Ray.
2. The same perft on simulated clusters (`ray.cluster_utils.Cluster`: a head with no worker
   and K nodes of one worker each, for each K of --nodes): each worker's share of the run spent in tasks, from the
   first task's start to the last one's end.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLY = os.path.join(ROOT, "target", "release", "ply")

# Rules file, depth, the count of the oracle tables in tests/perft where they go that deep
# (checked; the distributed count is always checked against `ply perft`'s).
RUNS = [
    ("chess", 6, 119_060_324),
    ("othello", 12, None),
    ("breakthrough", 7, None),
]


def rules(name: str) -> str:
    return os.path.join(ROOT, "rules", name + ".rules")


def ply_perft(game: str, depth: int, threads: int) -> "tuple[int, float]":
    start = time.perf_counter()
    out = subprocess.run([PLY, "perft", rules(game), "--depth", str(depth), "--threads",
                          str(threads)], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]), time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--nodes", type=int, nargs="+", default=[2, 3],
                    help="simulated clusters of these many nodes")
    ap.add_argument("--games", nargs="*", help="only these games")
    args = ap.parse_args()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray
    from ply import distributed

    runs = [r for r in RUNS if not args.games or r[0] in args.games]
    n = args.workers
    ray.init(num_cpus=n, include_dashboard=False, log_to_driver=False)
    distributed.perft(rules("chess"), 3)  # the workers started and the package loaded
    print(f"perft on {n} workers (median of {args.rounds} rounds, seconds)\n")
    print("| game | depth | count | ply perft --threads {0} | ply.distributed, {0} workers "
          "| ratio | tasks | workers busy |".format(n))
    print("|---|---|---|---|---|---|---|---|")
    counted = []
    for game, depth, published in runs:
        local, dist, tasks, busy = [], [], 0, []
        for _ in range(args.rounds):
            count, secs = ply_perft(game, depth, n)
            assert published in (None, count), (game, count)
            published = count
            local.append(secs)
            start = time.perf_counter()
            out = distributed.perft(rules(game), depth)
            dist.append(time.perf_counter() - start)
            assert out.value == published, (game, out.value)
            tasks, busy = out.tasks, list(out.busy().values())
        a, b = statistics.median(local), statistics.median(dist)
        print(f"| {game} | {depth} | {published:,} | {a:.2f} | {b:.2f} | {b / a:.2f} | "
              f"{tasks} | {min(busy):.0%} to {max(busy):.0%} |", flush=True)
        counted.append((game, depth, published))
    ray.shutdown()

    for nodes in args.nodes:
        simulated(nodes, counted)


def simulated(nodes: int, counted: list) -> None:
    """The perfts of `counted` on a simulated cluster of `nodes` nodes of one worker each."""
    import ray
    from ray.cluster_utils import Cluster
    from ply import distributed

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 0})
    for _ in range(nodes):
        cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address, log_to_driver=False)
    cluster.wait_for_nodes()
    distributed.perft(rules("chess"), 3)
    print(f"\nsimulated cluster: {nodes} nodes of one worker each "
          f"(on {os.cpu_count()} cores)\n")
    print("| game | depth | seconds | tasks | each worker busy |")
    print("|---|---|---|---|---|")
    for game, depth, published in counted:
        start = time.perf_counter()
        out = distributed.perft(rules(game), depth)
        secs = time.perf_counter() - start
        assert out.value == published
        shares = ", ".join(f"{v:.0%}" for v in sorted(out.busy().values()))
        print(f"| {game} | {depth} | {secs:.2f} | {out.tasks} | {shares} |", flush=True)
    ray.shutdown()
    cluster.shutdown()


if __name__ == "__main__":
    main()
