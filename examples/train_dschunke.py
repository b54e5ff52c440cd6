"""Train a maskable PPO agent on Dschunke against the random bot, within a CPU budget, and
measure it.

    pip install -e '.[rl,train]'                     # torch, stable-baselines3, sb3-contrib
    python examples/train_dschunke.py                # 25 CPU-minutes, then 400 games
    python examples/train_dschunke.py --cpu-minutes 2 --games 40    # a quick look

What it does, and why:
* The env is Ludoteca's single-agent Gymnasium env with Dschunke's compact action numbers
  (6 767, the default; docs/interop.md, "Dschunke's layout"): the policy's output layer has one
  unit per spot of the board it sees.
* The agent plays red or green at random each game (one env per seat), so it learns both.
* Rewards are ``dense``: every step's change of its score, which gives a learner a signal
  long before the game's end.  The measurement is the win share against the random bot.
* Training stops when the process has used the CPU budget (``time.process_time``; torch is
  kept to one thread so that CPU time is wall time).
* At the end it plays ``--games`` games against the random bot, half as each colour, chosen
  deterministically with the mask, and prints the win share (a draw counts half) with its
  95% Wilson interval.  ``--save`` keeps the model (load it with ``MaskablePPO.load``).

Not part of ``make test``: the training takes minutes.  Its result is in docs/interop.md.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import gymnasium
import numpy as np

from ludoteca.interop.gymnasium import env as make_env


class EitherSeat(gymnasium.Env):
    """Dschunke against the random bot, as red or as green, chosen at random each game."""

    def __init__(self, seed: int, reward: str) -> None:
        self.envs = [make_env("dschunke", seat=seat, opponents="random", reward=reward) for seat in (0, 1)]
        self.observation_space = self.envs[0].observation_space
        self.action_space = self.envs[0].action_space
        self.rng = np.random.default_rng(seed)
        self.current = self.envs[0]

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self.current = self.envs[int(self.rng.integers(2))]
        return self.current.reset(seed=int(self.rng.integers(2**31)) if seed is None else seed)

    def step(self, action: int):
        return self.current.step(action)

    def action_masks(self) -> np.ndarray:
        return self.current.action_masks()


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (draws counted as halves)."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def measure(model: Any, games: int, seed: int) -> dict[str, Any]:
    """Win share against the random bot over ``games`` games, half as each colour."""
    wins = draws = 0
    for game in range(games):
        seat = game % 2
        e = make_env("dschunke", seat=seat, opponents="random")
        obs, _info = e.reset(seed=seed + game)
        done = False
        while not done:
            action, _ = model.predict(obs, deterministic=True, action_masks=e.action_masks())
            obs, _reward, done, _truncated, info = e.step(int(action))
        if seat in info["winners"]:
            if len(info["winners"]) == 1:
                wins += 1
            else:
                draws += 1
    share = (wins + draws / 2) / games
    low, high = wilson(share, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_share": share, "interval_95": [low, high]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-minutes", type=float, default=25.0, help="training budget (default 25)")
    parser.add_argument("--games", type=int, default=400, help="games measured against random (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reward", default="dense", choices=["dense", "rank", "win", "score"])
    parser.add_argument("--save", default=None, help="where to keep the trained model (a .zip)")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)

    class Budget(BaseCallback):
        """Stops training once the process has used the CPU budget."""

        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.until = time.process_time() + seconds

        def _on_step(self) -> bool:
            return time.process_time() < self.until

    start_cpu, start_wall = time.process_time(), time.perf_counter()
    # Small networks and few epochs: the observation has 20 394 numbers, so the first layer
    # is most of the cost of every step and every update on one CPU thread.
    model = MaskablePPO("MlpPolicy", EitherSeat(args.seed, args.reward), seed=args.seed, n_steps=1024,
                        batch_size=256, n_epochs=4, learning_rate=3e-4, gamma=0.99, ent_coef=0.01,
                        policy_kwargs={"net_arch": [64, 64]}, verbose=0)
    model.learn(total_timesteps=10**9, callback=Budget(args.cpu_minutes * 60))
    trained = {"steps": int(model.num_timesteps), "cpu_minutes": (time.process_time() - start_cpu) / 60,
               "wall_minutes": (time.perf_counter() - start_wall) / 60}
    if args.save:
        model.save(args.save)
    result = {"trained": trained, "against_random": measure(model, args.games, seed=10**6),
              "settings": vars(args)}
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
