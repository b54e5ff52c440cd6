"""Train a maskable PPO agent on Dschunke against Ludoteca's bots, within a CPU budget, and
measure it against the random and normal bots.

    pip install -e '.[rl,train]'                     # torch, stable-baselines3, sb3-contrib
    python examples/train_dschunke.py                # 25 CPU-minutes against random, then 400+400 games
    python examples/train_dschunke.py --cpu-minutes 1 --games 20    # a quick look
    python examples/train_dschunke.py --opponents random:normal --cpu-minutes 30   # a curriculum
    python examples/train_dschunke.py --prior greedy --opponents normal --cpu-minutes 30   # beats normal
    python examples/train_dschunke.py --policy mlp   # the first attempt, a perceptron

What it does, and why:
* The env is Ludoteca's single-agent Gymnasium env with Dschunke's compact action numbers
  (6 767, the default; docs/interop.md, "Dschunke's layout"): one number per spot of the 41 x 41
  board window the observation shows, and direction.
* ``--policy fcn`` (default, ``examples/dschunke_policy.py``): a fully convolutional policy
  that scores every spot with the same small convolutions, so what it learns at one spot holds
  at all of them.  ``--policy mlp``: SB3's perceptron over the flat 20 394 numbers with a dense
  6 767-unit output layer; it learned nothing in 25 CPU-minutes (docs/interop.md).
* ``--prior greedy`` (fcn only): every observation gets one more number per action number,
  what the normal bot's one-step look-ahead sees in that legal action minus the best
  (:func:`greedy_prior`), and the policy adds a learnt multiple of it to its logits, so PPO
  learns a correction to the normal bot's choice.  Each step then costs one more look-ahead.
  With ``--opponents normal`` and 30 CPU-minutes it beat ``normal`` (docs/interop.md); the
  policy alone did not.
* Before training it checks, over a few random games, that every legal placement number
  decodes (``cell, d = divmod(n - 42, 4)``, ``row, col = divmod(cell, 41)``) to a strip that
  lies on or next to the deck in board plane 0: the layout the convolutional policy relies on.
* The agent plays red or green at random each game (one env per seat), so it learns both.
* ``--opponents`` (default ``random``) says whom it trains against: bot levels, ``+`` mixes
  levels within a stage (each game draws one, uniformly), ``:`` separates the stages of a
  curriculum.  ``random:normal`` trains against ``random`` until the sampling policy's win share
  over its last ``--switch-games`` (200) games of that stage reaches ``--switch-at`` (0.8), then
  against ``normal`` to the end; ``random:random+normal`` moves on to a half-and-half mix.  The
  last stage is kept to the end of the budget.  Games against ``normal`` cost about 8 ms of the
  budget per step more than against ``random``: the bot looks at every placement.
* Rewards (``--reward``): ``margin`` (fcn's default) is every step's change of its score
  *minus* the opponent's, computed from the scores in the observation, so the per-step rewards
  add up to the final margin, which decides the game; ``dense`` (mlp's default) is its own
  score change alone (the env's mode); ``rank``/``win``/``score`` only at the end.  fcn's
  rewards are multiplied by ``--reward-scale`` 0.1 to keep the value loss, which shares the
  network, small.  Every setting left out takes the policy's default (``DEFAULTS``).
* Training stops when the process has used the CPU budget (``time.process_time``; torch is
  kept to one thread so that CPU time is wall time).
* At the end it plays ``--games`` games against each level of ``--eval`` (default
  ``random,normal``), half as each colour, moves chosen deterministically within the mask, and
  prints per level the win share (a draw counts half) with its 95% Wilson interval and the
  number of games.  The games use the same seeds for every level and every run.  ``--save``
  keeps the model, written before the measurement (load it with ``MaskablePPO.load``;
  ``examples/`` must be importable for ``--policy fcn``); ``--load`` starts from a saved model,
  and with ``--cpu-minutes 0`` (and the same ``--prior``) only measures it.

Not part of ``make test``: the training takes minutes.  Its result is in docs/interop.md.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

import gymnasium
import numpy as np

from ludoteca.interop.gymnasium import env as make_env

#: Where the observation keeps "my score / 50" and "their score / 50" (encoding.py: the last 14).
MY_SCORE, THEIR_SCORE = -10, -9
STRIPS = 42
#: ``--prior greedy``: the normal bot's look-ahead budget (ludoteca/bots/greedy.py), and how far
#: below the best legal action a prior score may go (the observation's bound).
CHAIN_BUDGET, PRIOR_FLOOR = 400, 20.0


def margin_of(obs: np.ndarray) -> float:
    """My score minus theirs, read from the observation's scalars."""
    return 50.0 * float(obs[MY_SCORE] - obs[THEIR_SCORE])


def parse_opponents(spec: str) -> list[list[str]]:
    """``"random:random+normal"`` -> ``[["random"], ["random", "normal"]]``: the curriculum's
    stages, each a list of bot levels drawn uniformly per game."""
    stages = [[level.strip() for level in stage.split("+")] for stage in spec.split(":")]
    if any(not level for stage in stages for level in stage):
        raise ValueError(f"--opponents: levels joined by '+', stages by ':'; got {spec!r}")
    return stages


def greedy_prior(e: Any, rng: random.Random) -> np.ndarray:
    """Per action number, what the normal bot's one-step look-ahead sees in that action for the
    env's seat now (``chain_value``: the heuristic, my score minus theirs, after the action and,
    within ``CHAIN_BUDGET``, the best continuation of my own chain), minus the best legal one's,
    and at least ``-PRIOR_FLOOR``; zero for illegal numbers and when there is no choice.

    Like the bot it values a determinization built from the seat's information, never the
    true state.  A finished game counts ``PRIOR_FLOOR`` points per outcome step (the bot ranks a
    decided win above any margin)."""
    from ludoteca.bots.values import chain_value

    adapter, state, seat = e.adapter, e.game_state, e.seat
    prior = np.zeros(adapter.num_actions, dtype=np.float32)
    if state.is_over or adapter.seat_to_act(state) != seat:
        return prior
    places, legal = adapter.numbered(state, seat)
    if len(places) < 2:
        return prior
    det = state.determinize(seat, rng)
    shared = det.legal_actions(seat, copy=False)
    per_action = CHAIN_BUDGET // len(legal)
    numbers, values = [], []
    for number, place in places.items():
        child = det.clone()
        child.remember_legal(seat, shared)
        child.apply(seat, legal[place])
        outcome, value = chain_value(child, seat, per_action, 1)
        numbers.append(number)
        values.append(value + PRIOR_FLOOR * (outcome - 1.0))
    scores = np.asarray(values, dtype=np.float32)
    prior[numbers] = np.maximum(scores - scores.max(), -PRIOR_FLOOR)
    return prior


def with_prior(space: gymnasium.spaces.Box, size: int) -> gymnasium.spaces.Box:
    """The observation space with ``size`` prior numbers in [-PRIOR_FLOOR, 0] appended."""
    low = np.concatenate([space.low, np.full(size, -PRIOR_FLOOR, np.float32)])
    high = np.concatenate([space.high, np.zeros(size, np.float32)])
    return gymnasium.spaces.Box(low, high, dtype=np.float32)


class EitherSeat(gymnasium.Env):
    """Dschunke against Ludoteca's bots, as red or as green, chosen at random each game.

    ``stages`` is the curriculum (:func:`parse_opponents`); a game's opponent is drawn from the
    current stage, and the env moves on to the next stage, between games, once the results of
    the last ``switch_games`` games of this stage have a mean of at least ``switch_at``.
    It keeps the outcome of every finished game (``results``: 1 win, 0.5 draw, 0 loss, and
    ``stage_of``: the stage it was played in) so that training can report how the sampling
    policy does, and turns ``margin`` rewards into changes of the score margin.  With one
    stage of one level it draws the same random numbers as before ``--opponents`` existed.
    ``prior``: every observation ends with :func:`greedy_prior`."""

    def __init__(self, seed: int, reward: str, scale: float = 1.0, stages: list[list[str]] | None = None,
                 switch_at: float = 0.8, switch_games: int = 200, prior: bool = False) -> None:
        base = "dense" if reward == "margin" else reward
        self.stages = stages or [["random"]]
        levels = sorted({level for stage in self.stages for level in stage})
        self.envs = {(level, seat): make_env("dschunke", seat=seat, opponents=level, reward=base)
                     for level in levels for seat in (0, 1)}
        first = self.envs[(self.stages[0][0], 0)]
        self.observation_space = first.observation_space
        self.action_space = first.action_space
        self.prior = random.Random(seed) if prior else None
        if prior:
            self.observation_space = with_prior(first.observation_space, int(first.action_space.n))
        self.rng = np.random.default_rng(seed)
        self.current, self.seat, self.level = first, 0, self.stages[0][0]
        self.reward, self.scale = reward, scale
        self.switch_at, self.switch_games = switch_at, switch_games
        self.stage, self.steps = 0, 0
        #: (stage entered, env steps so far, ``time.process_time()``) at every switch.
        self.switches: list[tuple[int, int, float]] = []
        self.margin = 0.0
        self.results: list[float] = []
        self.stage_of: list[int] = []

    def stage_results(self) -> list[float]:
        """The results of the games played in the current stage."""
        return [r for r, s in zip(self.results, self.stage_of, strict=True) if s == self.stage]

    def _maybe_switch(self) -> None:
        if self.stage + 1 >= len(self.stages):
            return
        recent = self.stage_results()[-self.switch_games:]
        if len(recent) >= self.switch_games and sum(recent) / len(recent) >= self.switch_at:
            self.stage += 1
            self.switches.append((self.stage, self.steps, time.process_time()))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self._maybe_switch()
        self.seat = int(self.rng.integers(2))
        stage = self.stages[self.stage]
        self.level = stage[int(self.rng.integers(len(stage)))] if len(stage) > 1 else stage[0]
        self.current = self.envs[(self.level, self.seat)]
        obs, info = self.current.reset(seed=int(self.rng.integers(2**31)) if seed is None else seed)
        self.margin = margin_of(obs)
        return self.observe(obs), info

    def observe(self, obs: np.ndarray) -> np.ndarray:
        if self.prior is None:
            return obs
        return np.concatenate([obs, greedy_prior(self.current, self.prior)])

    def step(self, action: int):
        obs, reward, done, truncated, info = self.current.step(action)
        self.steps += 1
        if self.reward == "margin":
            margin = margin_of(obs)
            reward, self.margin = margin - self.margin, margin
        if done:
            winners = info["winners"]
            self.results.append(0.0 if self.seat not in winners else 1.0 if len(winners) == 1 else 0.5)
            self.stage_of.append(self.stage)
        return self.observe(obs), reward * self.scale, done, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.current.action_masks()


#: Settings per policy when not given.  ``mlp``: the first run's (docs/interop.md).  ``fcn``: the
#: run that reached the target; gamma 0.5 because a placement's effect on the margin shows in
#: the next rewards, and a long horizon only adds the random bot's noise.
DEFAULTS: dict[str, dict[str, Any]] = {
    "fcn": {"reward": "margin", "reward_scale": 0.1, "learning_rate": 1e-3, "n_steps": 1024, "batch_size": 128,
            "n_epochs": 4, "ent_coef": 0.01, "gamma": 0.5},
    "mlp": {"reward": "dense", "reward_scale": 1.0, "learning_rate": 3e-4, "n_steps": 1024, "batch_size": 256,
            "n_epochs": 4, "ent_coef": 0.01, "gamma": 0.99},
}


def check_layout(games: int = 3, seed: int = 0) -> int:
    """Assert that every legal placement number, decoded as the convolutional policy reads it,
    names a strip on or next to an occupied cell of board plane 0 (height); returns how many
    numbers were checked.

    Why: the policy turns its (B, 4, 41, 41) output into action numbers with
    ``out.permute(0, 2, 3, 1).reshape(B, 4 * 41 * 41)``, i.e. number ``42 + 4*cell + d`` with
    ``cell = row*41 + col``, ``row = y+20``, ``col = x+20`` and ``d`` in E, W, S, N (E/W along
    columns, S/N along rows).  If the numbering were transposed, or the directions swapped,
    strips would land away from the deck and this fails."""
    import torch
    from dschunke_policy import to_action_order

    side, area = 41, 41 * 41
    # The permutation itself: a marked (direction, row, col) lands at 42 + 4*(row*41+col) + d.
    probe = torch.zeros(1, 4, side, side)
    probe[0, 2, 7, 30] = 1.0
    assert int(to_action_order(probe).argmax()) == 4 * (7 * side + 30) + 2
    rng = np.random.default_rng(seed)
    checked = 0
    for game in range(games):
        e = make_env("dschunke", seat=game % 2, opponents="random")
        obs, _info = e.reset(seed=seed + game)
        done = False
        while not done:
            legal = np.flatnonzero(e.action_masks())
            height = obs[:area].reshape(side, side) > 0
            near = height.copy()            # on or orthogonally next to an occupied cell
            near[1:] |= height[:-1]
            near[:-1] |= height[1:]
            near[:, 1:] |= height[:, :-1]
            near[:, :-1] |= height[:, 1:]
            for number in legal[(legal >= STRIPS) & (legal < STRIPS + 4 * area)]:
                cell, d = divmod(int(number) - STRIPS, 4)
                row, col = divmod(cell, side)
                cells = [(row, col + k) if d < 2 else (row + k, col) for k in range(3)]
                assert any(r < side and c < side and near[r, c] for r, c in cells), (number, row, col, d)
                checked += 1
            obs, _reward, done, _truncated, _info = e.step(int(rng.choice(legal)))
    return checked


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (draws counted as halves)."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def measure(model: Any, games: int, seed: int, opponent: str = "random", prior: bool = False) -> dict[str, Any]:
    """Win share against the ``opponent`` bot over ``games`` games, half as each colour."""
    wins = draws = 0
    for game in range(games):
        seat = game % 2
        e = make_env("dschunke", seat=seat, opponents=opponent)
        obs, _info = e.reset(seed=seed + game)
        rng = random.Random(seed + game)
        done = False
        while not done:
            if prior:
                obs = np.concatenate([obs, greedy_prior(e, rng)])
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
    parser.add_argument("--opponents", default="random",
                        help="training opponents: a level, levels mixed with '+', curriculum stages "
                             "separated by ':' (default random; e.g. random:normal)")
    parser.add_argument("--switch-at", type=float, default=0.8,
                        help="curriculum: move on once the win share of the stage's last games reaches it")
    parser.add_argument("--switch-games", type=int, default=200,
                        help="curriculum: how many of the stage's last games that share is over (default 200)")
    parser.add_argument("--eval", default="random,normal",
                        help="levels measured against, comma-separated (default random,normal)")
    parser.add_argument("--games", type=int, default=400, help="games measured per --eval level (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="fcn", choices=["fcn", "mlp"],
                        help="fcn: convolutional (examples/dschunke_policy.py); mlp: SB3's perceptron")
    parser.add_argument("--reward", choices=["margin", "dense", "rank", "win", "score"])
    parser.add_argument("--reward-scale", type=float, help="rewards are multiplied by it")
    parser.add_argument("--learning-rate", type=float)
    parser.add_argument("--n-steps", type=int, help="steps per PPO rollout")
    parser.add_argument("--batch-size", type=int)
    parser.add_argument("--n-epochs", type=int)
    parser.add_argument("--ent-coef", type=float)
    parser.add_argument("--gamma", type=float)
    parser.add_argument("--channels", type=int, default=16, help="fcn: conv channels (default 16)")
    parser.add_argument("--depth", type=int, default=4, help="fcn: 3x3 conv layers, the logit layer included")
    parser.add_argument("--prior", default="none", choices=["none", "greedy"],
                        help="fcn: greedy adds the normal bot's look-ahead values to the logits (default none)")
    parser.add_argument("--prior-weight", type=float, default=2.0,
                        help="fcn, --prior greedy: the prior's starting weight in the logits (learnt; default 2)")
    parser.add_argument("--save", default=None, help="where to keep the trained model (a .zip)")
    parser.add_argument("--load", default=None,
                        help="start from a saved model (its network settings win); --cpu-minutes 0 only measures")
    args = parser.parse_args()
    for name, value in DEFAULTS[args.policy].items():  # what was not given: the policy's defaults
        if getattr(args, name) is None:
            setattr(args, name, value)
    stages = parse_opponents(args.opponents)
    eval_levels = [level.strip() for level in args.eval.split(",") if level.strip()]

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    checked = check_layout()
    print(f"layout check: {checked} legal placement numbers decode to spots at the deck", flush=True)

    class Budget(BaseCallback):
        """Stops training once the process has used the CPU budget, and prints progress after
        every rollout (the sampling policy's results in the current stage, to see it learn)."""

        def __init__(self, seconds: float, env: EitherSeat) -> None:
            super().__init__()
            self.start = time.process_time()
            self.until = self.start + seconds
            self.env = env

        def _on_step(self) -> bool:
            return time.process_time() < self.until

        def _on_rollout_end(self) -> None:
            recent = self.env.stage_results()[-200:]
            share = sum(recent) / len(recent) if recent else float("nan")
            stage = "+".join(self.env.stages[self.env.stage])
            print(f"steps {self.num_timesteps:7d}  cpu-min {(time.process_time() - self.start) / 60:5.1f}  "
                  f"games {len(self.env.results):5d}  vs {stage}: win share (last {len(recent)}) {share:.3f}",
                  flush=True)

    start_cpu, start_wall = time.process_time(), time.perf_counter()
    prior = args.prior == "greedy"
    if prior and args.policy != "fcn":
        parser.error("--prior greedy needs --policy fcn")
    train_env = EitherSeat(args.seed, args.reward, args.reward_scale, stages, args.switch_at, args.switch_games,
                           prior=prior)
    if args.policy == "fcn":
        from dschunke_policy import DschunkeFCNPolicy

        policy: Any = DschunkeFCNPolicy
        policy_kwargs: dict[str, Any] = {"channels": args.channels, "depth": args.depth}
        if prior:
            policy_kwargs.update(prior=True, prior_weight=args.prior_weight)
    else:
        # Small networks: the observation has 20 394 numbers, so the first layer is most of
        # the cost of every step and every update on one CPU thread.
        policy, policy_kwargs = "MlpPolicy", {"net_arch": [64, 64]}
    hyper = {"n_steps": args.n_steps, "batch_size": args.batch_size, "n_epochs": args.n_epochs,
             "learning_rate": args.learning_rate, "gamma": args.gamma, "ent_coef": args.ent_coef}
    if args.load:
        model = MaskablePPO.load(args.load, env=train_env, seed=args.seed, **hyper)
    else:
        model = MaskablePPO(policy, train_env, seed=args.seed, policy_kwargs=policy_kwargs, verbose=0, **hyper)
    budget = Budget(args.cpu_minutes * 60, train_env)
    if args.cpu_minutes > 0:
        model.learn(total_timesteps=10**9, callback=budget, reset_num_timesteps=not args.load)
    trained = {"steps": int(model.num_timesteps), "cpu_minutes": (time.process_time() - start_cpu) / 60,
               "wall_minutes": (time.perf_counter() - start_wall) / 60,
               "switches": [{"to": "+".join(stages[stage]), "steps": steps,
                             "cpu_minutes": (cpu - budget.start) / 60} for stage, steps, cpu in train_env.switches]}
    for switch in trained["switches"]:
        print(f"switched to {switch['to']} at {switch['steps']} steps, {switch['cpu_minutes']:.1f} CPU-minutes")
    if args.save:
        model.save(args.save)
    against = {}
    for level in eval_levels:
        started = time.process_time()
        result = against[level] = measure(model, args.games, seed=10**6, opponent=level, prior=prior)
        low, high = result["interval_95"]
        print(f"against {level}: win share {result['win_share']:.3f} [{low:.3f}, {high:.3f}] over "
              f"{result['games']} games ({result['wins']} wins, {result['draws']} draws, {result['losses']} losses; "
              f"{(time.process_time() - started) / 60:.1f} CPU-minutes)", flush=True)
    print(json.dumps({"trained": trained, "against": against, "settings": vars(args)}, indent=2))


if __name__ == "__main__":
    main()
