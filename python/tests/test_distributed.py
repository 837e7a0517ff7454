"""ply.distributed on a local Ray cluster of two workers: perft, playouts and self-play find
what `ply perft` and `ply playout` find on one machine; a worker killed mid-run costs time,
not correctness; a run goes on from its journal."""

import json
import os
import signal
import subprocess
import threading
import time

import pytest

import ray  # noqa: E402  (in requirements-test.txt: a missing Ray fails, never skips)

import ply  # noqa: E402
from ply import _ply, distributed  # noqa: E402

from conftest import PERFT, rules  # noqa: E402

# The command line built with these tests (tests/python.rs names it), else none: the counts
# are then compared with the package's own one-machine perft.
PLY = os.environ.get("PLY_BIN")


@pytest.fixture(scope="module", autouse=True)
def cluster():
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def ply_stdout(*args: str) -> str:
    out = subprocess.run([PLY, *args], capture_output=True, text=True, check=True)
    return out.stdout


def one_machine_perft(path: str, depth: int, position=None) -> int:
    if PLY:
        args = ["perft", path, "--depth", str(depth)]
        if position:
            args += ["--position", position]
        return int(ply_stdout(*args).split()[-1])
    spec = distributed.Spec.of(path, position)
    return _ply.perft(spec.game(), depth)


@pytest.mark.parametrize("game,depth,position", [
    ("chess", 4, None),
    ("chess", 3, os.path.join(PERFT, "chess-kiwipete.fen")),
    ("backgammon", 2, None),   # rolls of dice, whole turns
    ("go", 3, None),           # positions remembered against repetition
    ("english-draughts", 6, None),
    ("arimaa", 1, None),       # a turn of up to four steps, split by its steps
    ("amazons", 2, None),
])
def test_perft_is_the_count_of_one_machine(game, depth, position):
    path = rules(game)
    expected = one_machine_perft(path, depth, position)
    for tasks in (None, 5):
        out = distributed.perft(path, depth, position, tasks=tasks)
        assert out.value == expected, f"{game} perft {depth} in {out.tasks} tasks"
        assert out.tasks >= (tasks or 1)


def test_chess_perft_is_the_published_count():
    assert distributed.perft(rules("chess"), 4).value == 197281


@pytest.mark.parametrize("game,games,extra", [
    ("go", 40, ["--stats"]),
    ("backgammon", 30, ["--format", "json"]),
    ("chess", 20, ["--stats", "--format", "json"]),
    ("connect-four", 200, []),
])
def test_playouts_print_what_ply_playout_prints(game, games, extra, capsys):
    path = rules(game)
    args = ["playouts", path, "--games", str(games), "--seed", "7", "--quiet", *extra]
    assert distributed.main(args + ["--per-task", "3"]) == 0
    split = capsys.readouterr().out
    assert distributed.main(args) == 0
    assert capsys.readouterr().out == split, "the same for any split"
    if PLY:
        assert split == ply_stdout("playout", path, "--games", str(games), "--seed", "7",
                                   *extra)
    stats, as_json = "--stats" in extra, "json" in extra
    whole = _ply.playouts_run(distributed.Spec.of(path).game(), games, 7, 0, stats)
    assert split == distributed.report(path, whole, games, 7, stats, as_json)


def test_self_play_records_are_whole_legal_games_whatever_the_split(tmp_path):
    path = rules("connect-four")
    args = dict(agents=["mcts", "random"], playouts=30, seed=3)
    one = distributed.self_play(path, 6, per_task=6, **args).value
    many = distributed.self_play(path, 6, per_task=1, **args).value
    assert one == many
    assert [r["game"] for r in one] == list(range(6))
    assert len({tuple(r["moves"]) for r in one}) > 1, "each game its own seed"
    game = ply.load_game(path)
    for r in one:
        state = game.new_initial_state()
        for move in r["moves"]:
            actions = dict(state.legal_moves())[move]
            for a in actions:
                state.apply_action(a)
        assert state.is_terminal()
        assert state.returns() == r["returns"]
        assert len(r["moves"]) == r["plies"]
    out = tmp_path / "games.jsonl"
    code = distributed.main(["selfplay", path, "--games", "6", "--seed", "3", "--agent",
                             "mcts", "--agent", "random", "--playouts", "30", "--out",
                             str(out), "--quiet"])
    assert code == 0
    assert [json.loads(line) for line in out.read_text().splitlines()] == one


def test_self_play_with_dice_records_the_rolls():
    records = distributed.self_play(rules("backgammon"), 2, agents=["random"]).value
    for r in records:
        assert r["moves"][0].startswith("roll "), r["moves"][:3]
        rolls = sum(m.startswith("roll ") for m in r["moves"])
        assert len(r["moves"]) - rolls == r["plies"]


def running_task_pids(name: str) -> "list[int]":
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines()
            if line.split()[1:2] == [f"ray::{name}"]]


def test_a_worker_killed_mid_run_costs_time_not_correctness():
    path, depth = rules("chess"), 5
    found: dict = {}

    def run():
        found["out"] = distributed.perft(path, depth, tasks=8)

    t = threading.Thread(target=run)
    t.start()
    killed = None
    deadline = time.time() + 120
    while killed is None and t.is_alive() and time.time() < deadline:
        pids = running_task_pids("_perft_task")
        if pids:
            os.kill(pids[0], signal.SIGKILL)
            killed = pids[0]
        time.sleep(0.02)
    t.join()
    assert killed is not None, "no task was seen running"
    assert found["out"].value == 4865609
    workers = {w.split(":")[1] for w in found["out"].busy()}
    assert str(killed) not in workers, "the killed worker's task was run again elsewhere"


def test_an_interrupted_run_goes_on_from_its_journal(tmp_path):
    path, journal = rules("chess"), str(tmp_path / "run.jsonl")
    whole = distributed.perft(path, 4, tasks=20, journal=journal)
    assert (whole.value, whole.resumed) == (197281, 0)
    lines = open(journal, encoding="utf-8").read().splitlines()
    assert len(lines) == 1 + whole.tasks
    # Stopped after five tasks, in the middle of writing the sixth.
    with open(journal, "w", encoding="utf-8") as f:
        f.write("\n".join(lines[:6]) + "\n" + lines[6][:10])
    again = distributed.perft(path, 4, tasks=20, journal=journal)
    assert (again.value, again.resumed, again.tasks) == (197281, 5, whole.tasks)
    assert len(again.timings) == whole.tasks - 5, "only the tasks not done ran"
    done = distributed.perft(path, 4, tasks=20, journal=journal)
    assert (done.value, done.resumed, len(done.timings)) == (197281, whole.tasks, 0)
    with pytest.raises(ValueError, match="the journal is of another run"):
        distributed.perft(path, 3, journal=journal)


def test_bad_input_gets_a_message_and_an_exit_code(tmp_path, capsys):
    bad = tmp_path / "bad.rules"
    bad.write_text("board 3 x 3\nsquares letter number\nsidez x, o\n")
    assert distributed.main(["perft", str(bad), "--depth", "2", "--quiet"]) == 3
    err = capsys.readouterr().err
    assert "bad.rules:2:9" in err and "expected `column`" in err, err
    assert distributed.main(["perft", rules("chess"), "--depth", "-1"]) == 2
    assert "--depth is at least 0" in capsys.readouterr().err
    assert distributed.main(["playouts", rules("chess"), "--games", "0"]) == 2
    assert distributed.main(["selfplay", rules("chess"), "--games", "1", "--agent", "human",
                             "--out", str(tmp_path / "x"), "--quiet"]) == 2
    assert "unknown self-play agent `human`" in capsys.readouterr().err
    assert distributed.main(["perft", str(tmp_path / "none.rules"), "--depth", "1"]) == 3
    assert "no such file" in capsys.readouterr().err
    assert distributed.main(["perft", rules("chess"), "--depth", "1", "--address",
                             "127.0.0.1:1"]) == 1
    assert "no Ray cluster answers at 127.0.0.1:1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        distributed.main(["perft", rules("chess"), "--depth", "2", "--count", "actions"])
    assert e.value.code == 2
