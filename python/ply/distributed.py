"""Perft, playouts and self-play on a Ray cluster.

    python -m ply.distributed perft RULES --depth D [--position FILE]
    python -m ply.distributed playouts RULES --games N [--seed S] [--stats]
    python -m ply.distributed selfplay RULES --games N --out FILE [--agent mcts]

Each run is split into tasks that Ray's workers take as they come free: perft by move
prefixes (the largest subtrees split further, largest first), playouts and self-play by
numbered games (game i is seeded from the seed and i, as ``ply playout`` seeds it). Every
task calls the Rust engine through the package; the driver adds up what they return, so the
results are those of ``ply perft`` and ``ply playout`` on one machine, whatever the number
of workers. A worker that dies has its task run again (Ray retries it); ``--journal FILE``
keeps every finished task's result, and the same command with the same journal goes on
from them after an interruption. ``--address`` joins a running cluster; by default a local
one is started with one worker per core (``--workers``). See ``docs/distributed.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from . import _ply
from . import _read, _rules_error
from ._ply import PlyError, RulesError

__all__ = ["Spec", "Outcome", "perft", "playouts", "self_play", "main"]

# Exit codes, as ``ply``'s: 0 success, 1 a failure, 2 a usage error, 3 the rules file has
# errors, 130 interrupted (the journal keeps what was finished).
OK, FAILURE, USAGE, RULES, INTERRUPTED = 0, 1, 2, 3, 130

# A worker that dies (its process killed, its machine lost) has its task run again up to
# this many times.
RETRIES = 8


@dataclass(frozen=True)
class Spec:
    """What a worker needs to load the game: the rules file's bytes and the name messages
    call it, and the position to start from (its name and bytes), if any."""

    rules: bytes
    rules_name: str
    position: Optional[tuple] = None

    @staticmethod
    def of(rules: Any, position: Any = None) -> "Spec":
        name, data = _read(rules, "rules")
        at = _read(position, "position") if position is not None else None
        return Spec(data, name, at)

    def digest(self) -> str:
        h = hashlib.sha256(self.rules)
        if self.position is not None:
            h.update(b"\0position\0" + self.position[1])
        return h.hexdigest()

    def game(self) -> "_ply.Game":
        """The game, loaded once per thread of this process (a game is not shared between
        threads)."""
        games = getattr(_loaded, "games", None)
        if games is None:
            games = _loaded.games = {}
        key = self.digest()
        if key not in games:
            try:
                games[key] = _ply.load(self.rules, self.rules_name, self.position, None)
            except RulesError as e:
                raise _rules_error(e) from None
        return games[key]


_loaded = threading.local()


# What a worker runs. Each returns its result with when it ran and where.
def _timed(work: Callable[[], Any]) -> dict:
    start = time.time()
    result = work()
    return {
        "result": result,
        "start": start,
        "end": time.time(),
        "worker": f"{socket.gethostname()}:{os.getpid()}",
    }


def _perft_task(spec: Spec, task: dict) -> dict:
    prefix = [tuple(m) for m in task["prefix"]]
    return _timed(lambda: _ply.perft_task(spec.game(), prefix, task["depth"], task["unit"]))


def _playouts_task(spec: Spec, task: dict) -> dict:
    return _timed(lambda: _ply.playouts_run(
        spec.game(), task["games"], task["seed"], task["first"], task["stats"]))


def _selfplay_task(spec: Spec, task: dict) -> dict:
    return _timed(lambda: _ply.self_play_run(
        spec.game(), task["games"], task["seed"], task["first"], task["how"]))


_REMOTE: dict = {}


def _remote(fn: Callable) -> Any:
    """``fn`` as a Ray task (made once), retried when its worker dies, not when it raises
    (a failing rules file fails the same way again)."""
    import ray

    if fn.__name__ not in _REMOTE:
        _REMOTE[fn.__name__] = ray.remote(max_retries=RETRIES, retry_exceptions=False)(fn)
    return _REMOTE[fn.__name__]


def connect(address: Optional[str] = None, workers: Optional[int] = None) -> int:
    """Joins the cluster at ``address``, or starts a local one with ``workers`` workers
    (default one per core), unless Ray is already started in this process; returns how
    many workers (CPUs) the cluster has."""
    import ray

    if address and address != "auto" and "://" not in address:
        _answers(address)
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False,
                     log_to_driver=False)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _answers(address: str) -> None:
    """Raises ConnectionError at once when nothing listens at HOST:PORT (Ray itself would
    retry for minutes)."""
    host, _, port = address.rpartition(":")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=5).close()
    except (OSError, ValueError) as e:
        raise ConnectionError(
            f"no Ray cluster answers at {address} ({e}): start one there with `ray start "
            "--head`, or leave out --address to start a local one") from None


@dataclass
class Outcome:
    """What a run found: ``value`` (the count, the playouts' summary, or the self-play
    records), the tasks, how many came from the journal, the seconds it took, and each
    task's worker and its start and end (for those run now)."""

    value: Any
    tasks: int
    resumed: int
    seconds: float
    timings: list = field(default_factory=list)

    def busy(self) -> "dict[str, float]":
        """Each worker's share of the run's time spent in tasks (0 to 1)."""
        if not self.timings:
            return {}
        first = min(t["start"] for t in self.timings)
        last = max(t["end"] for t in self.timings)
        span = max(last - first, 1e-9)
        out: dict = {}
        for t in self.timings:
            out[t["worker"]] = out.get(t["worker"], 0.0) + (t["end"] - t["start"]) / span
        return out


class Journal:
    """A file of a run's finished tasks: a first line naming the run and its tasks, then a
    line per finished task. Opened again for the same run, it gives the results found."""

    def __init__(self, path: Optional[str], run: dict, tasks: list):
        self.path, self.done = path, {}
        self.tasks = tasks
        if path is None:
            return
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._read(path, run)
            # A line cut off when the run stopped is dropped: its task runs again.
            with open(path, "rb+") as f:
                data = f.read()
                f.truncate(data.rfind(b"\n") + 1)
            self.file = open(path, "a", encoding="utf-8")
        else:
            self.file = open(path, "w", encoding="utf-8")
            self._write({"ply.distributed": 1, "run": run, "tasks": tasks})

    def _read(self, path: str, run: dict) -> None:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        try:
            head = json.loads(lines[0])
        except json.JSONDecodeError:
            raise ValueError(f"{path}:1: not a journal of ply.distributed") from None
        if head.get("run") != run:
            raise ValueError(
                f"{path}: the journal is of another run ({_describe(head.get('run'))}); "
                f"this run is {_describe(run)}: give another --journal file")
        self.tasks = head["tasks"]
        for n, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                # The line a run was writing when it was stopped: that task runs again.
                if n == len(lines) or (n == len(lines) - 1 and not lines[-1].strip()):
                    continue
                raise ValueError(f"{path}:{n}: not a finished task's line") from None
            self.done[entry["task"]] = entry["result"]

    def _write(self, entry: dict) -> None:
        self.file.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self.file.flush()

    def add(self, i: int, result: Any) -> None:
        self.done[i] = result
        if self.path is not None:
            self._write({"task": i, "result": result})

    def close(self) -> None:
        if self.path is not None:
            self.file.close()


def _describe(run: Any) -> str:
    if not isinstance(run, dict):
        return "unknown"
    return ", ".join(f"{k} {v}" for k, v in run.items() if k not in ("rules", "position"))


class Progress:
    """Tasks done of the total, what they found a second, and the time left, on standard
    error: a line rewritten in place on a terminal, else a line every ten seconds."""

    def __init__(self, what: str, unit: str, total: int, shown: bool):
        self.what, self.unit, self.total, self.shown = what, unit, total, shown
        self.tty = shown and sys.stderr.isatty()
        self.started = time.time()
        self.last = 0.0

    def update(self, done: int, weight_done: float, weight_all: float, found: float,
               last: bool = False) -> None:
        if not self.shown:
            return
        now = time.time()
        if not last and now - self.last < (0.5 if self.tty else 10.0):
            return
        self.last = now
        spent = max(now - self.started, 1e-9)
        left = ""
        if 0 < weight_done < weight_all:
            left = f", about {_duration(spent * (weight_all - weight_done) / weight_done)} left"
        line = (f"{self.what}: {done}/{self.total} tasks, {found:,.0f} {self.unit} "
                f"({found / spent:,.0f} a second){left}")
        if self.tty:
            sys.stderr.write("\r\x1b[K" + line + ("\n" if last else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _duration(s: float) -> str:
    s = int(round(s))
    return f"{s // 3600}:{s // 60 % 60:02}:{s % 60:02}" if s >= 3600 else f"{s // 60}:{s % 60:02}"


def _run(fn: Callable, spec: Spec, journal: Journal, progress: Progress,
         weigh: Callable[[dict], float], found: Callable[[Any], float]) -> Outcome:
    """Runs the journal's tasks not yet done on the cluster, largest first, and returns
    every task's result in task order."""
    import ray

    started = time.time()
    tasks = journal.tasks
    weights = [weigh(t) for t in tasks]
    weight_all = sum(weights) or 1.0
    resumed = len(journal.done)
    weight_done = sum(weights[i] for i in journal.done)
    count = sum(found(r) for r in journal.done.values())
    remote = _remote(fn)
    ref = ray.put(spec)
    pending = {remote.remote(ref, t): i for i, t in enumerate(tasks) if i not in journal.done}
    timings = []
    progress.update(len(journal.done), weight_done, weight_all, count)
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            for r in ready:
                i = pending.pop(r)
                try:
                    out = ray.get(r)
                except ray.exceptions.RayError as e:
                    # A task that raised, or one lost more often than it is retried.
                    for p in pending:
                        ray.cancel(p, force=True)
                    raise _cause(e) from None
                journal.add(i, out["result"])
                timings.append({k: out[k] for k in ("start", "end", "worker")})
                weight_done += weights[i]
                count += found(out["result"])
            progress.update(len(journal.done), weight_done, weight_all, count)
        progress.update(len(journal.done), weight_all, weight_all, count, last=True)
    finally:
        journal.close()
    values = [journal.done[i] for i in range(len(tasks))]
    return Outcome(values, len(tasks), resumed, time.time() - started, timings)


def _cause(e: Exception) -> Exception:
    """The exception a task raised, as the driver's."""
    cause = getattr(e, "cause", None)
    if isinstance(cause, (PlyError, RulesError, ValueError)):
        return cause
    return PlyError(f"a task failed: {e}")


def perft(rules: Any, depth: int, position: Any = None, *, tasks: Optional[int] = None,
          unit: Optional[str] = None, journal: Optional[str] = None,
          address: Optional[str] = None, workers: Optional[int] = None,
          progress: bool = False) -> Outcome:
    """Perft to ``depth`` on the cluster: ``value`` is the count ``ply perft`` gives.
    ``tasks``: how many to split into at least (default 16 per worker); ``unit``: ``moves``
    or ``turns`` (default what the rules count by)."""
    if depth < 0:
        raise ValueError(f"the depth is at least 0, not {depth}")
    spec = Spec.of(rules, position)
    game = spec.game()
    n = connect(address, workers)
    want = tasks or 16 * n
    run = {"command": "perft", "rules": spec.digest(), "depth": depth, "unit": unit}

    def split() -> list:
        parts = _ply.perft_split(game, depth, want, unit)
        return [{"prefix": [list(m) for m in p], "depth": d, "estimate": e, "unit": unit}
                for p, d, e in parts]

    out = _with_journal(_perft_task, spec, (journal, run, split), progress_of(
        "perft", "leaves", progress), lambda t: t["estimate"], float)
    out.value = sum(out.value)
    return out


def progress_of(what: str, unit: str, shown: bool) -> Callable[[int], Progress]:
    return lambda total: Progress(what, unit, total, shown)


def _with_journal(fn: Callable, spec: Spec, planned: tuple, progress: Callable,
                  weigh: Callable, found: Callable) -> Outcome:
    path, run, plan = planned
    # A journal of this run holds its tasks: they are not split again.
    tasks = [] if path and os.path.exists(path) and os.path.getsize(path) > 0 else plan()
    j = Journal(path, run, tasks)
    return _run(fn, spec, j, progress(len(j.tasks)), weigh, found)


def _by_games(rules: Any, games: int, position: Any, cluster: tuple,
              sizes: tuple) -> "tuple[Spec, int]":
    """A run of numbered games: the game (loaded here first, so that a rules file with errors
    stops the run before a cluster starts) and the games a task plays (as asked, else about
    eight tasks a worker, at most ``sizes[1]`` games each)."""
    if games < 1:
        raise ValueError(f"at least one game, not {games}")
    spec = Spec.of(rules, position)
    spec.game()
    n = connect(*cluster)
    per_task, most = sizes
    return spec, per_task or max(1, min(most, math.ceil(games / (8 * n))))


def _numbered(games: int, size: int, **fields: Any) -> list:
    """Tasks of ``size`` games numbered one after another, with ``fields``."""
    return [{"first": f, "games": min(size, games - f), **fields}
            for f in range(0, games, size)]


def playouts(rules: Any, games: int, seed: int = 1, position: Any = None, *,
             stats: bool = False, per_task: Optional[int] = None,
             journal: Optional[str] = None, address: Optional[str] = None,
             workers: Optional[int] = None, progress: bool = False) -> Outcome:
    """``games`` random games on the cluster: ``value`` is their summary (as
    ``_ply.playouts_run`` gives it); ``report(outcome, ...)`` writes it as ``ply playout``."""
    spec, size = _by_games(rules, games, position, (address, workers), (per_task, 10_000))
    run = {"command": "playouts", "rules": spec.digest(), "games": games, "seed": seed,
           "stats": stats}

    def plan() -> list:
        return _numbered(games, size, seed=seed, stats=stats)

    out = _with_journal(_playouts_task, spec, (journal, run, plan),
                        progress_of("playouts", "plies", progress), lambda t: t["games"],
                        lambda r: r["plies"])
    total = out.value[0]
    for part in out.value[1:]:
        total = _ply.merge_summaries(total, part)
    out.value = total
    return out


def report(rules: Any, summary: dict, games: int, seed: int = 1, stats: bool = False,
           as_json: bool = False) -> str:
    """What ``ply playout`` prints for a summary of ``games`` games."""
    return _ply.playout_report(Spec.of(rules).game(), summary, games, seed, stats, as_json)


def self_play(rules: Any, games: int, seed: int = 1, position: Any = None, *,
              agents: Optional[list] = None, playouts: Optional[int] = None,
              think: Optional[float] = None, depth: Optional[int] = None,
              per_task: Optional[int] = None, journal: Optional[str] = None,
              address: Optional[str] = None, workers: Optional[int] = None,
              progress: bool = False) -> Outcome:
    """``games`` games between agents on the cluster: ``value`` is a record per game
    (``game``, ``moves``, ``result``, ``returns``, ``plies``), in game order."""
    spec, size = _by_games(rules, games, position, (address, workers), (per_task, 16))
    how = {"agents": agents or ["mcts"], "playouts": playouts, "think": think,
           "depth": depth}
    run = {"command": "selfplay", "rules": spec.digest(), "games": games, "seed": seed,
           **how}

    def plan() -> list:
        return _numbered(games, size, seed=seed, how=how)

    out = _with_journal(_selfplay_task, spec, (journal, run, plan),
                        progress_of("self-play", "plies", progress), lambda t: t["games"],
                        lambda r: sum(g["plies"] for g in r))
    out.value = [g for part in out.value for g in part]
    return out


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m ply.distributed",
        description="Perft, playouts and self-play of a rules file on a Ray cluster: the "
        "same results as `ply perft` and `ply playout` on one machine, split into tasks "
        "that the cluster's workers share.",
        epilog="examples:\n"
        "  python -m ply.distributed perft rules/chess.rules --depth 6\n"
        "  python -m ply.distributed perft rules/chess.rules --depth 7 --journal c7.jsonl\n"
        "  python -m ply.distributed playouts rules/go.rules --games 100000 --stats\n"
        "  python -m ply.distributed selfplay rules/connect-four.rules --games 100 "
        "--playouts 200 --out games.jsonl\n"
        "  python -m ply.distributed perft rules/chess.rules --depth 8 --address auto\n\n"
        "exit codes: 0 success, 1 a failure, 2 a usage error, 3 the rules file (or the "
        "position) has errors, 130 interrupted (the journal keeps the finished tasks)",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(s: argparse.ArgumentParser) -> None:
        s.add_argument("rules", help="the rules file")
        s.add_argument("--position", help="start from the first case of this file instead "
                       "of the rules file's setup")
        s.add_argument("--address", help="the Ray cluster to join (`auto`, or "
                       "HOST:PORT); default: start a local one")
        s.add_argument("--workers", type=int, help="workers of the local cluster "
                       "(default: one per core)")
        s.add_argument("--journal", help="keep each finished task's result in this file; "
                       "the same command with the same file goes on from them")
        s.add_argument("--quiet", action="store_true", help="no progress on standard error")

    s = sub.add_parser("perft", help="count the move sequences of DEPTH plies")
    common(s)
    s.add_argument("-d", "--depth", type=int, required=True, help="how many plies deep")
    s.add_argument("--tasks", type=int, help="split into at least this many tasks "
                   "(default 16 per worker)")
    s.add_argument("--count", choices=["moves", "turns"], help="what a ply is (default: "
                   "turns for rules with `turns of ...`, else moves)")

    def numbered(s: argparse.ArgumentParser) -> None:
        common(s)
        s.add_argument("-g", "--games", type=int, required=True, help="how many games")
        s.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
        s.add_argument("--per-task", type=int, help="games a task plays")

    s = sub.add_parser("playouts", help="play random games and tally their results")
    numbered(s)
    s.add_argument("--stats", action="store_true", help="also the shares with their "
                   "confidence intervals, lengths and branching, as `ply playout --stats`")
    s.add_argument("--format", choices=["text", "json"], default="text")

    s = sub.add_parser("selfplay", help="games between agents, one JSON line per game")
    numbered(s)
    s.add_argument("--agent", action="append", help="mcts, random or expectiminimax: once "
                   "for every side, or once per side in side order (default mcts)")
    s.add_argument("--playouts", type=int, help="playouts an agent makes for a move "
                   "(default 100 unless --think is given)")
    s.add_argument("--think", type=float, help="seconds an agent thinks about a move")
    s.add_argument("--depth", type=int, help="plies expectiminimax looks ahead")
    s.add_argument("--out", required=True, help="the file of records (`-`: standard "
                   "output)")
    return p


def main(argv: Optional[list] = None) -> int:
    args = _parser().parse_args(argv)
    for name in ("depth", "games", "workers", "tasks", "per_task", "playouts"):
        v = getattr(args, name, None)
        if v is not None and v < (0 if name == "depth" else 1):
            least = 0 if name == "depth" else 1
            print(f"error: --{name.replace('_', '-')} is at least {least}, not {v}",
                  file=sys.stderr)
            return USAGE
    common = dict(position=args.position, journal=args.journal, address=args.address,
                  workers=args.workers, progress=not args.quiet)
    try:
        if args.command == "perft":
            out = perft(args.rules, args.depth, tasks=args.tasks, unit=args.count, **common)
            print(out.value)
            what = f"perft({args.depth}) = {out.value}"
            rate = out.value / max(out.seconds, 1e-9)
            _summary(out, f"{what} in {out.seconds:.3f} s ({rate:,.0f} leaves/s)")
        elif args.command == "playouts":
            out = playouts(args.rules, args.games, args.seed, stats=args.stats,
                           per_task=args.per_task, **common)
            sys.stdout.write(report(args.rules, out.value, args.games, args.seed,
                                    args.stats, args.format == "json"))
            rate = args.games / max(out.seconds, 1e-9)
            _summary(out, f"{args.games} games in {out.seconds:.3f} s ({rate:,.0f} games/s)")
        else:
            out = self_play(args.rules, args.games, args.seed, agents=args.agent,
                            playouts=args.playouts, think=args.think, depth=args.depth,
                            per_task=args.per_task, **common)
            text = "".join(json.dumps(g, separators=(",", ":")) + "\n" for g in out.value)
            if args.out == "-":
                sys.stdout.write(text)
            else:
                with open(args.out, "w", encoding="utf-8") as f:
                    f.write(text)
            _summary(out, f"{args.games} games in {out.seconds:.3f} s")
    except RulesError as e:
        sys.stderr.write(str(e) if str(e).endswith("\n") else f"{e}\n")
        return RULES
    except (PlyError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return FAILURE
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return USAGE
    except KeyboardInterrupt:
        where = f"; run the same command again to go on from {args.journal}" \
            if args.journal else " (give --journal FILE to keep the finished tasks)"
        print(f"interrupted{where}", file=sys.stderr)
        return INTERRUPTED
    return OK


def _summary(out: Outcome, what: str) -> None:
    resumed = f", {out.resumed} from the journal" if out.resumed else ""
    busy = out.busy()
    share = f", workers busy {min(busy.values()):.0%} to {max(busy.values()):.0%} of the " \
        "run" if busy else ""
    print(f"{what}; {out.tasks} tasks{resumed} on {len(busy)} workers{share}",
          file=sys.stderr)


if __name__ == "__main__":
    # Run as a module: the tasks and their arguments must be ply.distributed's (which every
    # worker imports), not this __main__'s.
    from ply.distributed import main as _main

    sys.exit(_main())
