"""Any Ludoteca game as a PettingZoo Parallel environment: the seats the game waits for act in
one step.

>>> from ludoteca.interop.pettingzoo_parallel import parallel_env
>>> e = parallel_env("dice-hospital", players=3)
>>> observations, infos = e.reset(seed=1)
>>> while e.agents:
...     actions = {a: e.action_space(a).sample(observations[a]["action_mask"]) for a in e.agents}
...     observations, rewards, terminations, truncations, infos = e.step(actions)

Why a second env: in Dice Hospital's activation every hospital works at once, and a
multi-agent learner that trains on simultaneous moves wants them in one step, not asked one
seat at a time as the AEC env does (:mod:`ludoteca.interop.pettingzoo`).  In a turn-based
phase only one seat acts per step.

Each step, every seat in ``to_move`` must be given a legal action number (its mask is the
only non-zero one; what an agent not to act is given is ignored, so a sampler may give every
agent something).  The actions are applied in seat order on a copy of the game, which
replaces the game only when all of them were legal: a missing or illegal number raises
``ludoteca.IllegalAction`` naming the agent, and nothing changes.  Rewards are 0 until the
step that ends the game; that step gives every agent its final reward (``reward`` as in the
AEC env; ``"dense"``: every step's score changes instead), terminates them all and empties
``agents``; ``infos`` then hold ``scores`` and
``winners``.  There is no truncation: every game ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

import ludoteca
from ludoteca.engine import Game

from .pettingzoo import Seats, agent_name


def parallel_env(game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None,
                 reward: str = "rank", actions: str | None = None) -> LudotecaParallelEnv:
    """The Parallel env for ``game`` (an id or a Game) at ``players`` seats (default: the minimum);
    ``actions`` names the action numbering (default: the game's)."""
    return LudotecaParallelEnv(game, players=players, options=options, reward=reward, actions=actions)


class LudotecaParallelEnv(Seats, ParallelEnv):
    """One table of one game; ``reset(seed=...)`` deals a new game with that seed."""

    def __init__(self, game: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 actions: str | None = None) -> None:
        self._set_up(game, players, options, reward, actions)
        g = self.adapter.game
        self.metadata = {"name": f"ludoteca_{g.id.replace('-', '_')}_parallel_v{g.version}", "render_modes": []}
        self.render_mode = None
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict]]:
        """Deal a new game.  ``seed`` makes it reproducible; game options are fixed at creation
        (``options`` here is accepted, as the API requires, and ignored)."""
        self._deal(seed)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        state = self._state()
        if not self.agents:
            raise RuntimeError("the game is over: call reset() to deal a new one")
        work = state.clone()
        for seat in sorted(state.to_move):
            agent = agent_name(seat)
            if seat not in work.to_move:
                raise ludoteca.IllegalAction(f"{agent} was to act, but an earlier seat's move this step "
                                             "ended its turn; give the seats their moves one step at a time")
            if agent not in actions:
                raise ludoteca.IllegalAction(f"{agent} is to act and was given no action "
                                             f"(the seats to act: {', '.join(map(agent_name, sorted(state.to_move)))})")
            work.apply_trusted(seat, self.adapter.decode(work, seat, actions[agent]))  # decode: a legal action
        self.state_ = work
        agents = self.agents
        over = work.is_over
        final, self._scores = self.adapter.step_rewards(work, self._scores)
        observations = self._observations()
        rewards = {a: float(final[self.possible_agents.index(a)]) for a in agents}
        terminations = {a: over for a in agents}
        truncations = {a: False for a in agents}
        infos = ({a: {"scores": list(work.scores), "winners": list(work.winners)} for a in agents}
                 if over else {a: {} for a in agents})
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self._state()
        return {agent: {"observation": self.adapter.observation(state, seat), "action_mask": self._mask(seat)}
                for seat, agent in enumerate(self.possible_agents)}
