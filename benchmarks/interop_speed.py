"""Actions per second of a random agent: the native engine vs the PettingZoo env, same run.

    .venv/bin/python benchmarks/interop_speed.py                 # every game with the contract
    .venv/bin/python benchmarks/interop_speed.py dschunke --episodes 50
    .venv/bin/python benchmarks/interop_speed.py dschunke --actions full   # its full numbering

Four loops per game, one core, the same seeds:
* native: ``legal_actions`` + ``random.choice`` + ``apply`` for the seat to act (an action
  from outside: judged, the legal list copied);
* trusted: the engine's fast path, the one the envs and bots take (``legal_actions(copy=False)``
  + ``apply_trusted``): the "engine" issue 20's "within 2x" compares with;
* pettingzoo: the AEC loop an agent runs: ``last()`` (the observation, written by the game's
  observation writer, and the action mask), a uniformly random legal number from the mask
  (drawn with ``random.Random``, as the native loops draw theirs), ``step``;
* pettingzoo, no obs: the same with ``last(observe=False)`` and the mask alone, which shows
  what the encoder costs.

Each figure is CPU time of this process (``time.process_time``), so another job on the
machine slows the figures less than it would wall time (``--wall`` times by the wall clock);
``--repeat R`` runs every loop R times, interleaved, and keeps each loop's best.

Then, per game, N tables of the single-agent Gymnasium env against ``random`` opponents
(``--tables``, default 8), learner decisions per second three ways, the same random agent
(a uniformly random legal number from each table's mask):
* separate: N ``gymnasium.make`` envs stepped one after the other;
* SyncVectorEnv: Gymnasium's own vector env over those N envs (same-step autoreset);
* batched: ``ludoteca.interop.vector``, N tables in one call, written in place.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

import ludoteca
from ludoteca.interop import missing_interop
from ludoteca.interop.pettingzoo import env as make_env

#: The clock every figure is timed by: this process's CPU time (``--wall``: the wall clock).
clock = time.process_time


def native(game_id: str, players: int, episodes: int, trusted: bool = False) -> tuple[int, float]:
    game = ludoteca.game(game_id)
    actions, start = 0, clock()
    for seed in range(episodes):
        state = game.new(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(state.to_move)
            if trusted:
                state.apply_trusted(seat, rng.choice(state.legal_actions(seat, copy=False)))
            else:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
    return actions, clock() - start


def pettingzoo(game_id: str, players: int, episodes: int, observe: bool,
               numbering: str | None = None) -> tuple[int, float]:
    env = make_env(game_id, players=players, actions=numbering)
    env.reset(seed=0)
    env.last()        # made and warmed before the clock starts: the first env checks the game's contract
    actions, start = 0, clock()
    for seed in range(episodes):
        env.reset(seed=seed)
        rng = random.Random(seed)
        for agent in env.agent_iter():
            if observe:
                obs, _reward, terminated, truncated, _info = env.last()
                mask = obs["action_mask"]
            else:
                _obs, _reward, terminated, truncated, _info = env.last(observe=False)
                mask = None if terminated else env.action_mask(agent)
            if terminated or truncated:
                env.step(None)
                continue
            env.step(pick(rng, mask))
            actions += 1
    return actions, clock() - start


def pick(rng: random.Random, mask: np.ndarray) -> int:
    """The random agent: a uniformly random legal number of ``mask`` (0/1 int8 or bool).

    The mask is read as bool (a view, nothing copied): numpy finds the set numbers of a bool
    array several times faster than of an int8 one, which is the agent's cost, not the env's;
    and ``random.Random`` draws a number in a fraction of a numpy Generator's scalar call."""
    legal = mask.view(np.bool_).nonzero()[0]
    return int(legal[rng.randrange(legal.size)])


def separate(game_id: str, tables: int, steps: int) -> float:
    """Learner decisions/s of ``tables`` separate envs, each made by ``gymnasium.make``."""
    import gymnasium

    from ludoteca.interop.gymnasium import env_id

    envs = [gymnasium.make(env_id(game_id), opponents="random") for _ in range(tables)]
    masks = [env.reset(seed=i)[1]["action_mask"] for i, env in enumerate(envs)]
    rng = random.Random(0)
    start = clock()
    for _ in range(steps):
        for i, env in enumerate(envs):
            _obs, _reward, terminated, _truncated, info = env.step(pick(rng, masks[i]))
            masks[i] = env.reset()[1]["action_mask"] if terminated else info["action_mask"]
    return steps * tables / (clock() - start)


def sync_vector(game_id: str, tables: int, steps: int) -> float:
    """Learner decisions/s of Gymnasium's SyncVectorEnv over ``tables`` envs."""
    import gymnasium
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    from ludoteca.interop.gymnasium import env_id

    envs = SyncVectorEnv([lambda: gymnasium.make(env_id(game_id), opponents="random")] * tables,
                         autoreset_mode=AutoresetMode.SAME_STEP)
    return vector_decisions_per_s(envs, tables, steps)


def batched(game_id: str, tables: int, steps: int) -> float:
    """Learner decisions/s of ``ludoteca.interop.vector`` with ``tables`` tables."""
    from ludoteca.interop.vector import vector_env

    return vector_decisions_per_s(vector_env(game_id, tables, opponents="random", copy=False), tables, steps)


def vector_decisions_per_s(envs: Any, tables: int, steps: int) -> float:
    """Learner decisions/s of a vector env whose info carries the masks: the same agent and
    loop for Gymnasium's vector env and ours."""
    _obs, info = envs.reset(seed=0)
    rng = random.Random(0)
    start = clock()
    for _ in range(steps):
        _obs, _rewards, _terms, _truncs, info = envs.step([pick(rng, m) for m in info["action_mask"]])
    return steps * tables / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game with the interop contract)")
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--tables", type=int, default=8, help="tables for the vector env figures")
    parser.add_argument("--steps", type=int, default=300, help="vector steps per figure")
    parser.add_argument("--actions", default=None,
                        help="the action numbering (default: each game's; e.g. 'full' for Dschunke's full one)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run every loop this many times, interleaved, and keep each one's best")
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU time")
    args = parser.parse_args()
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    repeat = max(1, args.repeat)
    games = args.games or [g for g in ludoteca.games() if not missing_interop(ludoteca.game(g))]
    print(f"{'game':<14} {'players':>7} {'native a/s':>11} {'trusted a/s':>12} {'pettingzoo a/s':>15} "
          f"{'no-obs a/s':>11} {'vs native':>10} {'vs trusted':>11}")
    for game_id in games:
        game = ludoteca.game(game_id)
        players = max(game.min_players, min(2, game.max_players))
        nat = fast = pz = no_obs = 0.0
        for _ in range(repeat):
            nat = max(nat, rate(*native(game_id, players, args.episodes)))
            fast = max(fast, rate(*native(game_id, players, args.episodes, trusted=True)))
            pz = max(pz, rate(*pettingzoo(game_id, players, args.episodes, True, args.actions)))
            no_obs = max(no_obs, rate(*pettingzoo(game_id, players, args.episodes, False, args.actions)))
        print(f"{game_id:<14} {players:>7} {nat:>11.0f} {fast:>12.0f} {pz:>15.0f} {no_obs:>11.0f} "
              f"{nat / pz:>9.1f}x {fast / pz:>10.1f}x")
    print(f"\nlearner decisions/s, {args.tables} tables against random opponents")
    print(f"{'game':<14} {'separate':>9} {'SyncVectorEnv':>14} {'batched':>8} {'vs separate':>12} {'vs sync':>8}")
    for game_id in games:
        alone = sync = ours = 0.0
        for _ in range(repeat):
            alone = max(alone, separate(game_id, args.tables, args.steps))
            sync = max(sync, sync_vector(game_id, args.tables, args.steps))
            ours = max(ours, batched(game_id, args.tables, args.steps))
        print(f"{game_id:<14} {alone:>9.0f} {sync:>14.0f} {ours:>8.0f} {ours / alone:>11.1f}x {ours / sync:>7.1f}x")


def rate(actions: int, seconds: float) -> float:
    return actions / seconds


if __name__ == "__main__":
    main()
