"""Train a maskable PPO agent on Immunity (2 players) within a CPU budget, measure it against
the `normal` and `hard` bots, and export the policy for the `learned` bot level.

    pip install -e '.[rl,train]'                       # torch, stable-baselines3, sb3-contrib
    python examples/train_immunity.py                  # 20 CPU-minutes, then 200 + 200 games
    python examples/train_immunity.py --cpu-minutes 1 --games 20      # a quick look
    python examples/train_immunity.py --export ludoteca/games/immunity/learned_policy.npz

What it does, and why:
* The env is Ludoteca's single-agent Gymnasium env (observation: Immunity's 1 037 numbers of
  the seat's view; actions: its 3 370 numbers, masked).  The policy is sb3-contrib's
  ``MaskablePPO`` with SB3's ``MlpPolicy``, kept small (``--net 64,64``, tanh): the exported
  weights ship in the package and run with numpy.
* The agent plays seat 0 or seat 1 at random each game (one env per seat and opponent).
* Opponents (``--mix``): first ``random`` alone, until the agent wins ``--warmup-share`` of its
  last 200 games against it (or ``--warmup-fraction`` of the budget is spent); then a mix,
  by default ``normal`` 0.6, ``easy`` 0.2 and ``self`` 0.2.  ``self`` is a frozen copy of the
  agent's own policy (a numpy copy of its weights, renewed every ``--self-every`` rollouts) played
  through the env's ``opponents=policy`` (docs/interop.md, "Self-play").  ``hard`` (IS-MCTS,
  about 0.05-0.1 CPU s a decision) would cost most of the budget as a training opponent; the
  measurement plays it.
* Rewards: the final ``rank`` reward (+1 win, -1 loss, 0 shared) plus, with ``--margin-scale``
  (default 0.05) times each step's change of (my score - the opponent's score): Immunity's
  score is health, and the higher health wins, so the shaping adds up to the final margin.
* Training stops when the process has used the CPU budget (``time.process_time``; torch is kept
  to one thread so that CPU time is wall time).
* ``--export PATH.npz`` writes what the action logits need (the policy MLP and the action
  head, no value network), as ``ludoteca.bots.learned`` reads it: float16 when that chooses the
  same move as float32 at every decision of ``--check-games`` games, else float32.
* The measurement plays ``--games`` games against ``normal`` and as many against ``hard``, half
  in each seat, with the policy as the ``learned`` level plays it (numpy, the exported weights
  when ``--export`` is given; moves chosen deterministically within the mask), and prints the
  win share (a draw counts half) with its 95% Wilson interval.  ``--jobs`` plays them in
  parallel processes.  ``--save`` keeps the SB3 model (``MaskablePPO.load``).

Not part of ``make test``: the training takes minutes.  Its results are in docs/interop.md.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from typing import Any

import gymnasium
import numpy as np

import ludoteca
from ludoteca.bots import make
from ludoteca.bots.learned import LearnedBot
from ludoteca.bots.policy import Policy, load, save, sb3_weights
from ludoteca.interop.gymnasium import env as make_env

GAME = "immunity"
PLAYERS = 2


class FrozenSelf:
    """The agent's own policy, frozen: ``policy(observation, mask) -> number`` in numpy, its
    weights renewed by ``update`` (a self-play opponent that does not learn with the agent)."""

    def __init__(self) -> None:
        self.policy: Policy | None = None

    def update(self, model: Any) -> None:
        weights, activation = sb3_weights(model)
        self.policy = policy_from(copy.deepcopy(weights), activation)

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        assert self.policy is not None, "update() before playing"
        return self.policy.best(observation, mask)


def policy_from(weights: dict[str, np.ndarray], activation: str, meta: dict[str, Any] | None = None) -> Policy:
    k = sum(1 for name in weights if name.endswith("_weight")) - 1
    layers = [(weights[f"layer{i}_weight"], weights[f"layer{i}_bias"]) for i in range(k)]
    meta = {"game": GAME, "players": [PLAYERS], "activation": activation, **(meta or {})}
    return Policy(layers, (weights["action_weight"], weights["action_bias"]), meta)


class Mixed(gymnasium.Env):
    """Immunity in a random seat against an opponent drawn from a weighted pool each game.

    Keeps every finished game's outcome per opponent (1 win, 0.5 shared, 0 loss) and adds the
    score-margin shaping to the env's final rank reward."""

    def __init__(self, seed: int, margin_scale: float, selfplay: FrozenSelf) -> None:
        self.rng = np.random.default_rng(seed)
        self.selfplay = selfplay
        self.envs: dict[tuple[int, str], Any] = {}
        probe = self._env(0, "random")
        self.observation_space = probe.observation_space
        self.action_space = probe.action_space
        self.pool: dict[str, float] = {"random": 1.0}
        self.margin_scale = margin_scale
        self.current, self.seat, self.opponent, self.margin = probe, 0, "random", 0.0
        self.results: dict[str, deque[float]] = {}
        self.games = 0

    def _env(self, seat: int, opponent: str) -> Any:
        key = (seat, opponent)
        if key not in self.envs:
            spec = self.selfplay if opponent == "self" else opponent
            self.envs[key] = make_env(GAME, players=PLAYERS, seat=seat, opponents=spec, reward="rank")
        return self.envs[key]

    def _margin(self) -> float:
        scores = self.current.game_state.scores  # health, public: a training signal only
        return float(scores[self.seat] - scores[1 - self.seat])

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        names = list(self.pool)
        weights = np.array([self.pool[n] for n in names], dtype=float)
        self.opponent = names[int(self.rng.choice(len(names), p=weights / weights.sum()))]
        self.seat = int(self.rng.integers(PLAYERS))
        self.current = self._env(self.seat, self.opponent)
        obs, info = self.current.reset(seed=int(self.rng.integers(2**62)) if seed is None else seed)
        self.margin = self._margin()
        return obs, info

    def step(self, action: int):
        obs, reward, done, truncated, info = self.current.step(action)
        if self.margin_scale:
            margin = self._margin()
            reward += self.margin_scale * (margin - self.margin)
            self.margin = margin
        if done:
            winners = info["winners"]
            result = 0.0 if self.seat not in winners else 1.0 / len(winners)
            self.results.setdefault(self.opponent, deque(maxlen=200)).append(result)
            self.games += 1
        return obs, reward, done, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.current.action_masks()


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (draws counted as halves)."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(policy: Policy, opponent: str, game_index: int, seed: int,
         record: bool = False) -> tuple[float, list[tuple[np.ndarray, np.ndarray]], float]:
    """One game of the policy (as the ``learned`` level plays it) against ``opponent``; the
    policy sits in seat ``game_index % 2``.  Returns its share of the win, the (observation,
    mask) of its decisions when ``record``, and the CPU seconds."""
    start = time.process_time()
    state = ludoteca.game(GAME).new(PLAYERS, seed=seed + game_index)
    mine = game_index % 2
    learned = LearnedBot(seed=game_index)
    learned.policy = policy
    bots = {mine: learned, 1 - mine: make(opponent, seed=seed + game_index)}
    seen: list[tuple[np.ndarray, np.ndarray]] = []
    while not state.is_over:
        seat = state.to_move[0]
        if record and seat == mine and len(state.legal_actions(seat)) > 1:
            from ludoteca.bots.policy import adapter_for

            adapter = adapter_for(state.game, PLAYERS, None)
            seen.append((adapter.observation(state, seat), adapter.legal_mask(state, seat).astype(bool)))
        state.apply(seat, bots[seat].choose(state, seat))
    winners = state.winners
    share = 0.0 if mine not in winners else 1.0 / len(winners)
    return share, seen, time.process_time() - start


def _play_many(policy: Policy, opponent: str, indices: list[int], seed: int) -> tuple[list[float], float]:
    results, cpu = [], 0.0
    for index in indices:
        share, _seen, seconds = play(policy, opponent, index, seed)
        results.append(share)
        cpu += seconds
    return results, cpu


def measure(policy: Policy, opponent: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Win share of the policy against ``opponent`` over ``games`` games, half in each seat."""
    chunks = [list(range(j, games, jobs)) for j in range(jobs)]
    if jobs <= 1:
        outcomes = [_play_many(policy, opponent, chunks[0], seed)]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(_play_many, [policy] * jobs, [opponent] * jobs, chunks, [seed] * jobs))
    results = [r for rs, _cpu in outcomes for r in rs]
    wins = sum(1 for r in results if r == 1.0)
    draws = sum(1 for r in results if 0 < r < 1)
    share = sum(results) / games
    low, high = wilson(share, games)
    return {"opponent": opponent, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_share": round(share, 4), "interval_95": [round(low, 3), round(high, 3)],
            "cpu_minutes": round(sum(cpu for _rs, cpu in outcomes) / 60, 2)}


def choose_dtype(policy32: Policy, weights: dict[str, np.ndarray], activation: str, games: int,
                 seed: int) -> tuple[Any, int]:
    """float16 when its policy picks the same number as float32's at every decision of
    ``games`` games against ``normal``, else float32; and how many decisions were compared."""
    half = policy_from({k: v.astype(np.float16) for k, v in weights.items()}, activation)
    compared = 0
    for index in range(games):
        _share, seen, _cpu = play(policy32, "normal", index, seed, record=True)
        for observation, mask in seen:
            compared += 1
            if half.best(observation, mask) != policy32.best(observation, mask):
                return np.float32, compared
    return np.float16, compared


def report(policy: Policy, against: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    """Measure the policy against each bot, printing each result as it comes."""
    results = []
    for name in against:
        r = measure(policy, name, args.games, seed=args.measure_seed, jobs=args.jobs)
        results.append(r)
        print(f"against {r['opponent']}: {r['wins']} wins, {r['draws']} draws, {r['losses']} losses; "
              f"win share {r['win_share']:.3f} [{r['interval_95'][0]:.3f}, {r['interval_95'][1]:.3f}]; "
              f"{r['cpu_minutes']:.1f} CPU-minutes", flush=True)
    return results


def parse_mix(text: str) -> dict[str, float]:
    mix = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        mix[name.strip()] = float(weight or 1)
    for name in mix:
        if name != "self":
            make(name)  # an unknown bot name fails now
    return mix


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-minutes", type=float, default=20.0, help="training budget (default 20)")
    parser.add_argument("--games", type=int, default=200, help="games measured against each of normal and hard")
    parser.add_argument("--against", default="normal,hard", help="the bots measured against (default normal,hard)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the measurement (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", default="normal=0.6,easy=0.2,self=0.2",
                        help="opponents after the warm-up, name=weight (bot levels or kinds, or self)")
    parser.add_argument("--warmup-share", type=float, default=0.9,
                        help="win share against random over the last 200 games that ends the warm-up")
    parser.add_argument("--warmup-fraction", type=float, default=0.25,
                        help="the warm-up ends after this fraction of the budget at the latest")
    parser.add_argument("--self-every", type=int, default=5, help="rollouts between renewals of the self copy")
    parser.add_argument("--margin-scale", type=float, default=0.05, help="weight of the score-margin shaping")
    parser.add_argument("--net", default="64,64", help="hidden layer sizes of the policy and value MLPs")
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--n-steps", type=int, default=2048, help="steps per PPO rollout")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--n-epochs", type=int, default=5)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--check-games", type=int, default=20,
                        help="games whose decisions float16 must reproduce to be exported as float16")
    parser.add_argument("--save", default=None, help="where to keep the trained SB3 model (a .zip)")
    parser.add_argument("--export", default=None, help="where to write the policy weights (a .npz)")
    parser.add_argument("--load", default=None, help="skip training: measure/export a saved SB3 model (.zip)")
    parser.add_argument("--weights", default=None,
                        help="skip training: only measure exported weights (.npz; numpy alone, no torch)")
    parser.add_argument("--measure-seed", type=int, default=10**6,
                        help="game i of a measurement uses seed MEASURE_SEED + i (default 1000000)")
    args = parser.parse_args()
    mix = parse_mix(args.mix)
    against = [name.strip() for name in args.against.split(",") if name.strip()]
    if args.weights:
        measured = report(load(args.weights), against, args)
        print(json.dumps({"weights": args.weights, "measured": measured, "settings": vars(args)}, indent=2))
        return

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    selfplay = FrozenSelf()
    train_env = Mixed(args.seed, args.margin_scale, selfplay)

    class Budget(BaseCallback):
        """Stops training at the CPU budget, ends the warm-up, renews the self copy and
        prints progress after every rollout (the sampling policy's results per opponent)."""

        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.start = time.process_time()
            self.seconds = seconds
            self.rollouts = 0
            self.warm = True

        def _on_step(self) -> bool:
            return time.process_time() < self.start + self.seconds

        def _on_rollout_end(self) -> None:
            self.rollouts += 1
            used = time.process_time() - self.start
            recent = train_env.results.get("random", [])
            if self.warm and ((len(recent) >= 100 and sum(recent) / len(recent) >= args.warmup_share)
                              or used >= args.warmup_fraction * self.seconds):
                self.warm = False
                train_env.pool = dict(mix)
                print(f"warm-up over at {used / 60:.1f} CPU-minutes; opponents now {mix}", flush=True)
            if "self" in train_env.pool and (selfplay.policy is None or self.rollouts % args.self_every == 0):
                selfplay.update(self.model)
            shares = "  ".join(f"{name} {sum(r) / len(r):.2f} ({len(r)})" for name, r in
                               sorted(train_env.results.items()) if r)
            print(f"steps {self.num_timesteps:7d}  cpu-min {used / 60:5.1f}  games {train_env.games:5d}  "
                  f"win share (last <=200 per opponent): {shares}", flush=True)

    start_cpu, start_wall = time.process_time(), time.perf_counter()
    net = [int(n) for n in args.net.split(",")]
    if args.load:
        model = MaskablePPO.load(args.load, env=train_env)
        trained: dict[str, Any] = {"loaded": args.load}
    else:
        model = MaskablePPO("MlpPolicy", train_env, seed=args.seed, n_steps=args.n_steps,
                            batch_size=args.batch_size, n_epochs=args.n_epochs, learning_rate=args.learning_rate,
                            gamma=args.gamma, ent_coef=args.ent_coef, policy_kwargs={"net_arch": net}, verbose=0)
        model.learn(total_timesteps=10**9, callback=Budget(args.cpu_minutes * 60))
        trained = {"steps": int(model.num_timesteps), "games": train_env.games,
                   "cpu_minutes": round((time.process_time() - start_cpu) / 60, 2),
                   "wall_minutes": round((time.perf_counter() - start_wall) / 60, 2)}
        print(f"trained: {trained}", flush=True)
    if args.save:
        model.save(args.save)

    weights, activation = sb3_weights(model)
    adapter = make_env(GAME, players=PLAYERS, opponents="random").adapter
    meta = {"game": GAME, "rules_version": ludoteca.game(GAME).version, "players": [PLAYERS],
            "actions": adapter.actions, "observation_size": adapter.observation_size,
            "num_actions": adapter.num_actions, "activation": activation, "net": net,
            "trained": {**trained, "date": date.today().isoformat(), "seed": args.seed, "mix": args.mix,
                        "script": "examples/train_immunity.py"}}
    policy = policy_from(weights, activation, meta)
    # The numpy forward pass must choose what the model does (a few positions of a game).
    checked = make_env(GAME, players=PLAYERS, seat=0, opponents="random")
    obs, _info = checked.reset(seed=7)
    for _ in range(20):
        mask = checked.action_masks()
        action, _ = model.predict(obs, deterministic=True, action_masks=mask)
        assert int(action) == policy.best(obs, mask), "numpy forward pass disagrees with the model"
        obs, _reward, done, _truncated, _info = checked.step(int(action))
        if done:
            break
    exported: dict[str, Any] = {}
    if args.export:
        dtype, compared = choose_dtype(policy, weights, activation, args.check_games, seed=2 * 10**6)
        save(args.export, weights, meta, dtype=dtype)
        policy = load(args.export)  # measure exactly what was written
        exported = {"path": args.export, "dtype": np.dtype(dtype).name, "decisions_compared": compared,
                    "bytes": os.path.getsize(args.export)}
        print(f"exported: {exported}", flush=True)
    results = report(policy, against, args)
    print(json.dumps({"trained": trained, "exported": exported, "measured": results,
                      "settings": vars(args)}, indent=2))


if __name__ == "__main__":
    main()
