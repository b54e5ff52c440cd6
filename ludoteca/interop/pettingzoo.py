"""Any Ludoteca game as a PettingZoo AEC environment.

>>> from ludoteca.interop.pettingzoo import env
>>> e = env("dschunke")
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Agents are ``seat_0``, ``seat_1``, ...  ``observe(agent)`` is ``{"observation": float32
vector encoded by the game from view(seat), "action_mask": int8 vector}``.  Decisions that the
game takes simultaneously (``to_move`` lists several seats) are asked one at a time in seat
order; the game's views keep a pending choice hidden until it is revealed.

Rewards (``reward="rank"`` by default, see :func:`ludoteca.interop.core.final_rewards`) are 0 on
every step and the final rank reward for every seat on the step that ends the game
(``reward="dense"``: every seat's score change on every step instead).  Then all
agents are terminated and, as PettingZoo requires, each is selected once more: ``last()`` gives
it its reward and ``step(None)`` (the "dead step") removes it; the episode ends when
``agents`` is empty.  An action number that is not legal raises ``ludoteca.IllegalAction``
(wrap the env in ``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` to get a losing
termination instead).  There is no truncation: every game ends.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludoteca.engine import Game, State

from .core import Adapter


def env(game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None,
        reward: str = "rank", render_mode: str | None = None, actions: str | None = None) -> LudotecaAECEnv:
    """The AEC env for ``game`` (an id or a Game) at ``players`` seats (default: the minimum);
    ``actions`` names the action numbering (default: the game's; Dschunke: ``"compact"``)."""
    return LudotecaAECEnv(game, players=players, options=options, reward=reward,
                          render_mode=render_mode, actions=actions)


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class Seats:
    """What both PettingZoo envs share: one adapter, an agent per seat with its spaces, the
    seeded deals, the spectator's ``state()`` and the game underneath."""

    def _set_up(self, game: str | Game, players: int | None, options: Mapping[str, Any] | None,
                reward: str, actions: str | None) -> None:
        self.adapter = Adapter(game, players=players, options=options, reward=reward, actions=actions)
        adapter = self.adapter
        self.possible_agents = [agent_name(seat) for seat in range(adapter.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = adapter.observation_box()
        mask = spaces.Box(0, 1, (adapter.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(adapter.num_actions) for a in self.possible_agents}
        #: The space of ``state()``, a spectator's encoding (PettingZoo's state_test asks for it).
        self.state_space = adapter.observation_box()
        self._seeder = random.Random(secrets.randbits(64))
        self.state_: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _deal(self, seed: int | None) -> State:
        """A new game: ``seed`` makes it reproducible; without one the sequence goes on."""
        if seed is not None:
            self._seeder = random.Random(seed)
        self.state_ = self.adapter.new_state(seed=self._seeder.getrandbits(63))
        self.agents = list(self.possible_agents)
        self._scores = self.adapter.start_scores(self.state_)
        return self.state_

    def _mask(self, seat: int) -> np.ndarray:
        """The seat's action mask: its legal numbers when it is to act, else all zeros."""
        state = self._state()
        mask = np.zeros(self.adapter.num_actions, dtype=np.int8)
        if self._asks(state, seat):
            self.adapter.mark_legal(state, seat, mask)
        return mask

    def _asks(self, state: State, seat: int) -> bool:
        """Whether the env asks ``seat`` for a move now: every seat the game waits for."""
        return seat in state.to_move

    def state(self) -> np.ndarray:
        """A spectator's encoding (``view(None)``): the global state for centralised critics."""
        return self.adapter.observation(self._state(), None)

    @property
    def game_state(self) -> State:
        """The Ludoteca state underneath (for tools; agents should use the observations)."""
        return self._state()

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def _state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_


class LudotecaAECEnv(Seats, AECEnv):
    """One table of one game; ``reset(seed=...)`` deals a new game with that seed."""

    def __init__(self, game: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 render_mode: str | None = None, actions: str | None = None) -> None:
        super().__init__()
        self._set_up(game, players, options, reward, actions)
        g = self.adapter.game
        self.metadata = {"name": f"ludoteca_{g.id.replace('-', '_')}_v{g.version}",
                         "render_modes": ["ansi", "human"], "is_parallelizable": False}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}; got {render_mode!r}")
        self.render_mode = render_mode

    # ---- the AEC cycle ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game.  ``seed`` makes it reproducible; game options are fixed at creation
        (``options`` here is accepted, as the API requires, and ignored)."""
        self._deal(seed)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        #: Whether a step mid-game can reward anyone: only the dense reward pays before the end.
        self._rewarding = self.adapter.reward == "dense"
        self.agent_selection = self.possible_agents[self.adapter.to_act(self.state_)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.adapter.observation(self._state(), seat), "action_mask": self._mask(seat)}

    def _asks(self, state: State, seat: int) -> bool:
        return seat == self.adapter.to_act(state)  # simultaneous decisions: one seat at a time

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        seat = self._seat[agent]
        adapter = self.adapter
        state.apply_trusted(seat, adapter.decode(state, seat, action))  # decode: a legal action
        self._cumulative_rewards[agent] = 0.0
        over = state.is_over
        if self._rewarding or over:   # otherwise every reward stays 0 (the common step): nothing to add
            rewards, self._scores = adapter.step_rewards(state, self._scores)
            for a in self.agents:
                self.rewards[a] = rewards[self._seat[a]]
            if over:
                for a in self.agents:
                    self.terminations[a] = True
                    self.infos[a] = {"scores": list(state.scores), "winners": list(state.winners)}
            self._accumulate_rewards()
        if not over:
            self.agent_selection = self.possible_agents[adapter.to_act(state)]
        if self.render_mode == "human":
            self.render()

    # ---- extras --------------------------------------------------------------------------------
    def action_mask(self, agent: str) -> np.ndarray:
        """The agent's action mask alone (``observe`` without encoding the observation)."""
        return self._mask(self._seat[agent])

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self._state()
        text = str(state) if type(state).__str__ is not object.__str__ else ""
        text = text or json.dumps(state.view(None), sort_keys=True)
        text = f"{state!r}\n{text}"
        if self.render_mode == "human":
            print(text)
            return None
        return text
