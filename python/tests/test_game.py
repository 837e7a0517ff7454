"""The pyspiel-style API of ply's games: loading, errors, actions, observations, clones,
undo, chance, pictures; and move counts through the API against the oracles' perft tables."""

import os
import random

import numpy as np
import pytest

import ply
from conftest import PERFT, game_id, rules, whole_games


def test_a_game_loads_from_a_path_or_its_text():
    by_path = ply.load_game(rules("connect-four"))
    with open(rules("connect-four"), encoding="utf-8") as f:
        by_text = ply.load_game(f.read())
    assert by_path.num_distinct_actions() == by_text.num_distinct_actions() == 44
    assert by_path.num_players() == 2
    assert by_path.observation_tensor_shape() == [5, 6, 7]
    assert str(by_path) == "connect-four"
    t = by_path.get_type()
    assert (t.chance_mode, t.utility, t.reward_model) == ("deterministic", "zero_sum", "terminal")


def test_a_rules_error_names_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text("board 8 x 8\nsides white, black\nkinds pawn\nmove pawn: slide along nowhere\n")
    with pytest.raises(ply.RulesError) as e:
        ply.load_game(str(bad))
    err = e.value
    assert f"{bad}:4:" in str(err) and "nowhere" in str(err)
    assert err.file == str(bad) and err.line >= 1 and err.column >= 1
    assert any(d["line"] == 4 and "nowhere" in d["message"] for d in err.diagnostics)


def test_a_syntax_error_and_a_missing_file_are_rules_errors(tmp_path):
    with pytest.raises(ply.RulesError) as e:
        ply.load_game("board 8 x\n")
    assert e.value.line == 2 and "<rules>:2:1" in str(e.value)
    with pytest.raises(ply.RulesError, match="no such file"):
        ply.load_game(str(tmp_path / "missing.rules"))


def test_a_rules_file_without_a_game_is_refused():
    with pytest.raises(ply.RulesError, match="no `game` section"):
        ply.load_game(rules("tothello"))


def test_unknown_parameters_are_refused():
    with pytest.raises(TypeError, match="colour"):
        ply.load_game(rules("hex"), colour="red")
    with pytest.raises(ValueError, match="max_moves"):
        ply.load_game(rules("hex"), max_moves=0)


def test_a_bad_position_names_its_line(tmp_path):
    pos = tmp_path / "pos.txt"
    pos.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1\n")
    with pytest.raises(ply.RulesError, match=r"pos\.txt:1:"):
        ply.load_game(rules("chess"), position=str(pos))


def test_a_game_starts_from_a_position():
    g = ply.load_game(rules("chess"), position=os.path.join(PERFT, "chess-kiwipete.fen"))
    assert len(g.new_initial_state().legal_actions()) == 48


def test_an_illegal_action_raises_and_changes_nothing():
    g = ply.load_game(rules("chess"))
    s = g.new_initial_state()
    before = (str(s), s.history(), s.legal_actions())
    for bad in (g.string_to_action("e2-e5"), -1, g.num_distinct_actions(), 10**12):
        with pytest.raises((ply.IllegalActionError, OverflowError)):
            s.apply_action(bad)
        assert (str(s), s.history(), s.legal_actions()) == before
    s.apply_action(g.string_to_action("e2-e4"))
    assert "e2-e4" in [s.action_to_string(a) for a in s.history()]


def test_every_action_has_its_own_text_and_reads_back():
    for name in ("chess", "backgammon", "pentago", "arimaa", "kalah", "crazyhouse"):
        g = ply.load_game(rules(name))
        texts = [g.action_to_string(a) for a in range(g.num_distinct_actions())]
        assert len(set(texts)) == len(texts), name
        for a in random.Random(1).sample(range(len(texts)), min(50, len(texts))):
            assert g.string_to_action(texts[a]) == a


def test_a_side_not_to_decide_has_no_legal_actions():
    s = ply.load_game(rules("breakthrough")).new_initial_state()
    p = s.current_player()
    assert s.legal_actions(p) == s.legal_actions() and len(s.legal_actions()) > 0
    assert s.legal_actions(1 - p) == [] and not s.legal_actions_mask(1 - p).any()
    assert list(np.flatnonzero(s.legal_actions_mask(p))) == s.legal_actions()
    # At a roll, the outcomes are the legal actions.
    r = ply.load_game(rules("backgammon")).new_initial_state()
    assert r.is_chance_node()
    assert r.legal_actions() == [a for a, _ in r.chance_outcomes()]


def test_a_legal_action_mask_matches_the_legal_actions():
    g = ply.load_game(rules("breakthrough"))
    s = g.new_initial_state()
    mask = s.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (g.num_distinct_actions(),)
    assert list(np.flatnonzero(mask)) == s.legal_actions()


def test_a_move_in_several_steps_is_played_one_action_a_step():
    g = ply.load_game(rules("amazons"))
    s = g.new_initial_state()
    queen = s.legal_actions()[0]
    s.apply_action(queen)
    assert s.current_player() == 0 and s.move_begun() == [queen]
    arrows = [s.action_to_string(a) for a in s.legal_actions()]
    assert all("-" not in t for t in arrows), arrows[:5]
    s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 1 and s.move_begun() == []


def test_clones_are_independent_and_undo_goes_back():
    g = ply.load_game(rules("othello"))
    s = g.new_initial_state()
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.history() == [] and len(c.history()) == 1
    text = str(s)
    s.apply_action(s.legal_actions()[1])
    s.undo_action(0, s.history()[-1])
    assert str(s) == text and s.history() == []
    with pytest.raises(ply.IllegalActionError):
        s.undo_action(0, 5)


def test_replaying_the_history_gives_the_same_state():
    for path in whole_games():
        g = ply.load_game(path)
        rng = random.Random(7)
        s = g.new_initial_state()
        for _ in range(60):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        r = g.new_initial_state()
        for a in s.history():
            r.apply_action(a)
        assert str(r) == str(s) and r.legal_actions() == s.legal_actions(), game_id(path)
        assert r.observation_tensor() == s.observation_tensor(), game_id(path)


def test_chance_nodes_list_the_roll_and_its_probabilities():
    g = ply.load_game(rules("backgammon"))
    s = g.new_initial_state()
    assert s.is_chance_node() and s.current_player() == -1
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 30 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert s.action_to_string(-1, outcomes[0][0]).startswith("roll ")
    s.apply_action(outcomes[0][0])
    assert s.current_player() in (0, 1) and s.legal_actions()


def test_returns_at_the_end_sum_to_zero():
    for name in ("connect-four", "maedn", "kalah"):
        g = ply.load_game(rules(name))
        rng = random.Random(3)
        s = g.new_initial_state()
        while not s.is_terminal():
            acts = [a for a, _ in s.chance_outcomes()] or s.legal_actions()
            s.apply_action(rng.choice(acts))
        r = s.returns()
        assert len(r) == g.num_players() and abs(sum(r)) < 1e-9, (name, r)
        assert g.min_utility() <= min(r) and max(r) <= g.max_utility()
        assert s.current_player() == -4 and s.legal_actions() == []


def test_a_state_draws_itself_as_svg():
    s = ply.load_game(rules("go")).new_initial_state()
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_the_observation_has_a_plane_per_side_and_kind():
    g = ply.load_game(rules("chess"))
    names = g.observation_planes()
    assert names[:2] == ["white king", "white queen"] or "white pawn" in names
    s = g.new_initial_state()
    obs = s.observation_array()
    assert obs.shape == tuple(g.observation_tensor_shape())
    assert obs[:12].sum() == 32  # 32 pieces, one plane each kind and side
    mover = names.index("white to move")
    assert obs[mover].min() == 1


def test_the_batch_steps_games_together():
    g = ply.load_game(rules("connect-four"))
    b = g.batch(64, seed=5)
    assert len(b) == 64
    ended_total = 0
    for _ in range(200):
        mask = b.legal_actions_mask()
        assert mask.shape == (64, g.num_distinct_actions())
        a = b.random_actions()
        assert mask[np.arange(64), a].all()
        rewards, ended = b.step(a)
        assert rewards.shape == (64, 2) and ended.dtype == np.bool_
        assert np.allclose(rewards.sum(axis=1), 0)
        assert (rewards[~ended] == 0).all()
        ended_total += int(ended.sum())
    assert ended_total == b.finished and ended_total > 64
    obs = b.observations()
    assert obs.shape == (64, 5, 6, 7)
    assert set(b.current_players()) <= {0, 1}


def test_a_batch_is_reproducible_from_its_seed_and_refuses_illegal_actions():
    g = ply.load_game(rules("backgammon"))
    runs = []
    for _ in range(2):
        b = g.batch(8, seed=11)
        for _ in range(50):
            b.step(b.random_actions())
        runs.append(b.observations())
    assert np.array_equal(runs[0], runs[1])
    b = g.batch(4, seed=1)
    before = b.observations()
    bad = b.random_actions()
    bad[2] = g.num_distinct_actions() - 1 if bad[2] != g.num_distinct_actions() - 1 else 0
    with pytest.raises(ply.IllegalActionError, match="game 2"):
        b.step(bad)
    assert np.array_equal(b.observations(), before)


def perft(state, depth):
    """Moves counted through the API: a move is complete when no move is begun."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    if state.is_chance_node():
        total = 0
        for a, _ in state.chance_outcomes():
            c = state.clone()
            c.apply_action(a)
            total += perft(c, depth)
        return total
    total = 0
    for a in state.legal_actions():
        c = state.clone()
        c.apply_action(a)
        total += perft(c, depth if c.move_begun() else depth - 1)
    return total


def perft_cases(limit=3000):
    """(rules, position, depth, count) of the perft tables that count whole moves."""
    out = []
    for path in whole_games():
        table = os.path.join(PERFT, game_id(path).split("/")[-1] + ".perft")
        if not os.path.exists(table):
            continue
        block, skip = None, False
        for line in open(table, encoding="utf-8"):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "id":
                block, skip = {"position": None}, False
            elif words[0] == "position":
                block["position"] = os.path.join(PERFT, words[1])
            elif words[0] == "count":
                skip = words[1] != "moves"
            elif words[0] == "perft" and not skip and int(words[2]) <= limit:
                out.append((path, block["position"], int(words[1]), int(words[2])))
    return out


@pytest.mark.parametrize("path,position,depth,count", perft_cases(),
                         ids=lambda v: game_id(v) if isinstance(v, str) and v.endswith(".rules")
                         else None)
def test_moves_counted_through_the_api_match_the_oracle(path, position, depth, count):
    g = ply.load_game(path, position=position)
    assert perft(g.new_initial_state(), depth) == count


@pytest.mark.parametrize("name", ["go", "chess"])
def test_a_batch_game_is_the_game_a_state_plays_with_the_same_actions(name):
    # Go forbids bringing a position back and chess ends on a third repetition: the batch
    # keeps what the generator remembers of each of its games apart.
    g = ply.load_game(rules(name))
    b = g.batch(4, seed=2)
    played = [[] for _ in range(4)]
    for _ in range(150):
        a = b.random_actions()
        _, ended = b.step(a)
        for i in range(4):
            played[i] = [] if ended[i] else played[i] + [int(a[i])]
    obs, mask = b.observations(), b.legal_actions_mask()
    for i in range(4):
        s = g.new_initial_state()
        for a in played[i]:
            s.apply_action(a)
        assert np.array_equal(s.observation_array(), obs[i]), (name, i)
        assert list(np.flatnonzero(mask[i])) == s.legal_actions(), (name, i)
        assert str(b.state(i)) == str(s)


def test_ko_holds_in_each_game_of_a_batch():
    g = ply.load_game(rules("go"), position=os.path.join(PERFT, "go-ko.txt"))
    b = g.batch(3, seed=0)
    e5, d5 = g.string_to_action("e5"), g.string_to_action("d5")
    elsewhere = [a for a in b.legal_actions_mask()[1].nonzero()[0] if a != e5][0]
    b.step(np.array([e5, elsewhere, e5]))
    mask = b.legal_actions_mask()
    # After the ko capture white may not retake at once; in the game without it, d5 is
    # white's to fill as before.
    assert not mask[0][d5] and not mask[2][d5]
    s = g.new_initial_state()
    s.apply_action(int(elsewhere))
    assert mask[1][d5] == (d5 in s.legal_actions())


@pytest.mark.parametrize("name", ["backgammon", "breakthrough", "chess"])
def test_a_batch_plays_the_same_games_on_any_number_of_threads(name):
    g = ply.load_game(rules(name))
    runs = []
    for threads in (1, 2, 3):
        b = g.batch(7, seed=4, threads=threads)
        assert b.threads == threads
        total = np.zeros((7, g.num_players()), np.float32)
        for _ in range(120):
            rewards, ended = b.step(b.random_actions())
            total += rewards
        runs.append((b.observations(), b.legal_actions_mask(), total, b.finished,
                     b.current_players(), str(b.state(5))))
    for other in runs[1:]:
        for x, y in zip(runs[0], other):
            assert np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y


def test_an_illegal_action_in_a_threaded_batch_names_its_game_and_steps_none():
    g = ply.load_game(rules("connect-four"))
    b = g.batch(6, seed=1, threads=2)
    before = b.observations()
    a = b.random_actions()
    a[4] = 0  # a pass: never legal in Connect Four
    with pytest.raises(ply.IllegalActionError, match="game 4"):
        b.step(a)
    assert np.array_equal(b.observations(), before)
    # The actions drawn are taken unchecked once: taken again, they are checked (each
    # square is taken now).
    a = b.random_actions()
    b.step(a)
    after = b.observations()
    with pytest.raises(ply.IllegalActionError, match="game 0"):
        b.step(a)
    assert np.array_equal(b.observations(), after)
