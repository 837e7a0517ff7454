#!/usr/bin/env python3
"""OpenSpiel's MCTS bot (random-rollout evaluator) playing a ply game to the end against
OpenSpiel's uniform random bot, through pyspiel.

    python python/examples/openspiel_mcts.py [RULES] [--simulations N] [--seed S]

Prints each move as the game writes it, the final position and the returns.
"""

import argparse
import os

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

import ply.openspiel

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rules", nargs="?", default=os.path.join(ROOT, "rules", "connect-four.rules"))
    ap.add_argument("--simulations", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    name = "ply_" + os.path.basename(args.rules).removesuffix(".rules").replace("-", "_")
    ply.openspiel.register(args.rules, name)
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(args.seed)
    bots = [
        mcts.MCTSBot(game, uct_c=2, max_simulations=args.simulations,
                     evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
                     random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    print(f"{name}: MCTS ({args.simulations} simulations a move) plays first, random second")
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(actions, p=probs))
        else:
            action = bots[state.current_player()].step(state)
        moves.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    print("moves:", " ".join(moves))
    print(state)
    print("returns:", state.returns())


if __name__ == "__main__":
    main()
