"""Ludoteca's speeds beside the nearest peers', in one run, as ratios.

    .venv/bin/python benchmarks/peers.py                    # every game, 2 CPU s per figure
    .venv/bin/python benchmarks/peers.py dschunke --seconds 5
    .venv/bin/python benchmarks/peers.py --json out.jsonl   # also the figures as JSON lines

A random agent plays whole games for about ``--seconds`` of CPU time (one core) per figure,
picking uniformly among the legal actions, in five ways:

* **engine**: Ludoteca's own loop on the trusted path (``legal_actions(copy=False)`` +
  ``apply_trusted``), the path bots and the envs take;
* **PettingZoo**: Ludoteca's AEC env, the loop an agent runs (``last()`` with the observation
  and the mask, a random legal number, ``step``);
* **OpenSpiel adapter**: the game as a pyspiel Python game (``legal_actions`` +
  ``apply_action``), with its explicit chance nodes (the default; their draws are sampled and
  timed but not counted as actions) and with ``chance="sampled"`` (no chance nodes);
* the peers: **OpenSpiel's C++ connect_four** through pyspiel and **OpenSpiel's Python
  tic-tac-toe and Kuhn poker** the same way (Kuhn's deal sampled and timed, not counted), and
  **PettingZoo's classic connect_four** (its own AEC env, mask from the observation).

Each Ludoteca figure is divided by the peer of its kind: the engine and the OpenSpiel adapter
by OpenSpiel's Python tic-tac-toe (a Python game behind the same pyspiel API) and by the C++
connect_four (compiled code, the ceiling); the PettingZoo env by PettingZoo's connect_four.
The peers' games are far simpler than ours (a few legal moves, no words, no hidden hands), so
a ratio says what an action costs relative to them, not which is better written.

PettingZoo's connect_four imports pygame to draw itself: without it (``pip install -e
'.[peers]'``) that peer is left out, and the run says so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import games as _python_games  # noqa: F401  (registers python_tic_tac_toe, ...)

import ludoteca
from ludoteca.interop import missing_interop
from ludoteca.interop.openspiel import register_all, short_name
from ludoteca.interop.pettingzoo import env as ludoteca_env


def timed(play_one: Callable[[int], int], seconds: float) -> float:
    """Actions per CPU second: whole games (``play_one(seed)`` returns its actions) until the
    budget is spent."""
    actions, seed, start = 0, 0, time.process_time()
    while True:
        actions += play_one(seed)
        seed += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return actions / spent


def engine_game(game_id: str, players: int) -> Callable[[int], int]:
    game = ludoteca.game(game_id)

    def play(seed: int) -> int:
        state, rng, steps = game.new(players, seed=seed), random.Random(seed), 0
        while not state.is_over:
            movers = state.to_move
            seat = movers[0] if len(movers) == 1 else rng.choice(movers)
            state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
            steps += 1
        return steps
    return play


def aec_game(env: Any, mask_of: Callable[[Any, Any], np.ndarray]) -> Callable[[int], int]:
    """A random agent in a PettingZoo AEC env; ``mask_of(env, observation)`` gives its mask."""

    def play(seed: int) -> int:
        env.reset(seed=seed)
        rng, steps = np.random.default_rng(seed), 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(mask_of(env, observation)))))
            steps += 1
        return steps
    return play


def spiel_game(game: pyspiel.Game) -> Callable[[int], int]:
    """A random agent through the pyspiel API; chance nodes sampled from their outcomes, and
    only the players' actions counted (a shuffle of 42 strips is 41 chance nodes)."""

    def play(seed: int) -> int:
        state, rng, steps = game.new_initial_state(), random.Random(seed), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps
    return play


def pettingzoo_connect_four() -> Callable[[int], int] | None:
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError:
        return None
    return aec_game(connect_four_v3.env(), lambda _env, observation: observation["action_mask"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="Ludoteca game ids (default: every game with the interop contract)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure (default 2)")
    parser.add_argument("--json", type=Path, help="also append the figures as JSON lines here")
    args = parser.parse_args()
    games = args.games or [g for g in ludoteca.games() if not missing_interop(ludoteca.game(g))]
    register_all()

    peers: dict[str, float | None] = {
        "openspiel C++ connect_four": timed(spiel_game(pyspiel.load_game("connect_four")), args.seconds),
        "openspiel Python tic_tac_toe": timed(spiel_game(pyspiel.load_game("python_tic_tac_toe")), args.seconds),
        "openspiel Python kuhn_poker": timed(spiel_game(pyspiel.load_game("python_kuhn_poker")), args.seconds),
    }
    c4 = pettingzoo_connect_four()
    peers["pettingzoo connect_four"] = timed(c4, args.seconds) if c4 else None
    print(f"Peers, random actions per CPU second (one core), {args.seconds:g} s each; "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, figure in peers.items():
        print(f"  {name:<30} " + (f"{figure:>10,.0f}" if figure else "  left out: pygame is not installed "
                                                                     "(pip install -e '.[peers]')"))
    python_peer, compiled_peer = peers["openspiel Python tic_tac_toe"], peers["openspiel C++ connect_four"]
    zoo_peer = peers["pettingzoo connect_four"]

    def ratio(ours: float, theirs: float | None) -> str:
        return f"{ours / theirs:.2f}x" if theirs else "-"

    print(f"\n{'game':<14} {'engine':>9} {'vs py ttt':>10} {'vs C++ c4':>10} {'pettingzoo':>11} "
          f"{'vs pz c4':>9} {'openspiel':>10} {'vs py ttt':>10} {'os sampled':>11}")
    for game_id in games:
        game = ludoteca.game(game_id)
        players = max(game.min_players, min(2, game.max_players))
        ours = {
            "engine": timed(engine_game(game_id, players), args.seconds),
            "pettingzoo": timed(aec_game(ludoteca_env(game_id, players=players),
                                         lambda _env, observation: observation["action_mask"]), args.seconds),
            "openspiel": timed(spiel_game(pyspiel.load_game(short_name(game_id), {"players": players})),
                               args.seconds),
            "openspiel sampled": timed(spiel_game(pyspiel.load_game(
                short_name(game_id), {"players": players, "chance": "sampled"})), args.seconds),
        }
        print(f"{game_id:<14} {ours['engine']:>9,.0f} {ratio(ours['engine'], python_peer):>10} "
              f"{ratio(ours['engine'], compiled_peer):>10} {ours['pettingzoo']:>11,.0f} "
              f"{ratio(ours['pettingzoo'], zoo_peer):>9} {ours['openspiel']:>10,.0f} "
              f"{ratio(ours['openspiel'], python_peer):>10} {ours['openspiel sampled']:>11,.0f}")
        if args.json:
            with args.json.open("a") as out:
                out.write(json.dumps({"game": game_id, "players": players, "seconds": args.seconds, **ours,
                                      "peers": peers, "load_average": round(os.getloadavg()[0], 2)}) + "\n")


if __name__ == "__main__":
    main()
