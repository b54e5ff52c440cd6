"""Any Ludoteca game as a single-agent Gymnasium environment: you play one seat, Ludoteca
bots play the others.

>>> from ludoteca.interop.gymnasium import env
>>> e = env("dschunke", seat=0, opponents="random")
>>> obs, info = e.reset(seed=1)
>>> mask = e.action_masks()                   # bool vector, what sb3-contrib's MaskablePPO asks for
>>> obs, reward, terminated, truncated, info = e.step(int(mask.nonzero()[0][0]))

* Observation: ``Box(low, high, (observation_size,))`` float32, the game's encoding of
  ``view(seat)``, each number within the finite bounds the game derives from its rules;
  ``observation="planes"``: ``{"planes": (channels, rows, columns), "features": the rest}``
  for a game whose encoding starts with the board as planes (Dschunke: 12 x 41 x 41).
* Action: ``Discrete(num_distinct_actions)``; ``action_masks()`` and ``info["action_mask"]``
  say which numbers are legal now.
* Reward: 0 until the game ends, then the seat's final reward (``reward="rank"`` by default:
  +1 sole winner, -1 sole last, 0 shared; see :func:`ludoteca.interop.core.final_rewards`);
  ``reward="dense"``: the change of the seat's score over each step (its move and the
  opponents' moves that follow).
* Opponents: a bot level or kind for every other seat (``"normal"`` by default; if this
  installation has no ``normal`` level yet, ``random`` is used and a warning says so), a list
  with one name per other seat, bot objects with ``choose(state, seat)``, or, for self-play,
  policies: ``policy(observation, action_mask) -> number`` or a model with ``predict`` (a
  frozen copy of the agent; see :mod:`ludoteca.interop.opponents`).  Bots are reseeded from
  the episode seed, so ``reset(seed=s)`` replays exactly (with a deterministic policy).
* ``gymnasium.make("ludoteca/dschunke-v1", opponents="random")`` works too: importing this
  module registers every game as ``ludoteca/<id>-v<rules version>``.
* Illegal actions (only possible without the mask): ``illegal_action="lose"`` (default) ends
  the episode with the worst reward and ``info["illegal_action"] = True``; ``"raise"`` raises
  ``ludoteca.IllegalAction``.  Simultaneous decisions are taken in seat order.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ludoteca import IllegalAction
from ludoteca.engine import Game, State

from .core import Adapter
from .opponents import PolicyOpponent, is_policy


def env(game: str | Game, players: int | None = None, seat: int = 0,
        opponents: str | Sequence[Any] | Any = "normal", options: Mapping[str, Any] | None = None,
        reward: str = "rank", illegal_action: str = "lose",
        render_mode: str | None = None, actions: str | None = None,
        observation: str = "vector") -> LudotecaEnv:
    """The single-agent env for ``game``; ``players`` defaults to the game's minimum (at
    least 2 when the game allows it, so there is someone to play against); ``actions`` names
    the action numbering (default: the game's; Dschunke: ``"compact"``); ``observation="planes"``
    gives ``{"planes", "features"}`` for games whose observation starts with board planes."""
    return LudotecaEnv(game, players=players, seat=seat, opponents=opponents, options=options,
                       reward=reward, illegal_action=illegal_action, render_mode=render_mode, actions=actions,
                       observation=observation)


class LudotecaEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game: str | Game, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[Any] | Any = "normal",
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 illegal_action: str = "lose", render_mode: str | None = None,
                 actions: str | None = None, observation: str = "vector") -> None:
        if players is None:
            g = game if isinstance(game, Game) else None
            if g is None:
                import ludoteca
                g = ludoteca.game(game)
            players = max(g.min_players, min(2, g.max_players))
        self.adapter = Adapter(game, players=players, options=options, reward=reward, actions=actions)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.adapter.players:
            raise ValueError(f"seat must be 0..{self.adapter.players - 1}; got {seat!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise'; got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}; got {render_mode!r}")
        self.seat = seat
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.others = [s for s in range(self.adapter.players) if s != seat]
        self._opponent_specs = self._check_opponents(opponents)
        if observation not in ("vector", "planes"):
            raise ValueError(f"observation must be 'vector' or 'planes'; got {observation!r}")
        if observation == "planes" and self.adapter.planes is None:
            raise ValueError(f"observation='planes': {self.adapter.game.title} has no board planes "
                             "in its observation; use 'vector'")
        self.observation_kind = observation
        size = self.adapter.observation_size
        if observation == "planes":
            board = int(np.prod(self.adapter.planes))
            low, high, planes = self.adapter.observation_low, self.adapter.observation_high, self.adapter.planes
            self.observation_space = spaces.Dict({
                "planes": spaces.Box(low[:board].reshape(planes), high[:board].reshape(planes), planes, np.float32),
                "features": spaces.Box(low[board:], high[board:], (size - board,), np.float32)})
        else:
            self.observation_space = self.adapter.observation_box()
        self.action_space = spaces.Discrete(self.adapter.num_actions)
        low, high = self.adapter.reward_range()
        self.reward_range = (low, high)
        self.state_: State | None = None
        self.bots: dict[int, Any] = {}
        self._ended = False

    # ---- opponents ---------------------------------------------------------------------------
    def _check_opponents(self, opponents: Any) -> list[Any]:
        if isinstance(opponents, str) or hasattr(opponents, "choose") or is_policy(opponents):
            specs = [opponents] * len(self.others)
        else:
            specs = list(opponents)
            if len(specs) != len(self.others):
                raise ValueError(f"opponents: give one bot per other seat ({len(self.others)}); got {len(specs)}")
        checked = []
        for spec in specs:
            if isinstance(spec, str):
                spec = _available_level(spec)
            elif is_policy(spec):
                spec = PolicyOpponent(spec, self.adapter)
            elif not hasattr(spec, "choose"):
                raise ValueError("an opponent is a bot name, an object with choose(state, seat), a policy "
                                 f"(observation, action_mask) -> number, or a model with predict; got {spec!r}")
            checked.append(spec)
        return checked

    def _make_bots(self) -> None:
        from ludoteca import bots

        self.bots = {}
        #: Seats whose moves take the engine's trusted path: Ludoteca's own bots (made here by
        #: name) and policies (whose numbers ``decode`` turns into the engine's own actions).
        #: A bot object passed in is judged like any move from outside.
        self._trusted: set[int] = set()
        for seat, spec in zip(self.others, self._opponent_specs, strict=True):
            seed = int(self.np_random.integers(2**62))
            if isinstance(spec, str):
                self.bots[seat] = bots.make(spec, seed=seed)
                self._trusted.add(seat)
            else:
                self.bots[seat] = spec
                if isinstance(spec, PolicyOpponent):
                    self._trusted.add(seat)

    def _play_others(self) -> None:
        """Bots move until it is this seat's decision or the game is over."""
        state = self._state()
        to_act = self.adapter.to_act
        while not state.is_over:
            seat = to_act(state)
            if seat == self.seat:
                return
            action = self.bots[seat].choose(state, seat)
            if seat in self._trusted:
                state.apply_trusted(seat, action)
            else:
                state.apply(seat, action)

    # ---- the Gymnasium API -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game; ``options`` is accepted and ignored (game options are fixed at creation)."""
        self._begin(seed)
        return self._observation(), self._info()

    def _begin(self, seed: int | None) -> None:
        """A new game up to the learner's first decision (the batched env deals through this
        too); without ``seed`` the env's sequence of deals goes on."""
        super().reset(seed=seed)
        self.state_ = self.adapter.new_state(seed=int(self.np_random.integers(2**62)))
        self._ended = False
        self._make_bots()
        self._play_others()
        # Dense rewards count from the learner's first decision (the opponents' opening moves
        # happened before it could act).
        self._scores = self.adapter.start_scores(self.state_)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, illegal = self._advance(action)
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._ended, False, info

    def _advance(self, action: Any) -> tuple[float, bool]:
        """The move and the opponents' replies: the learner's reward, and whether the move was
        illegal (which ends the episode with the worst reward unless ``illegal_action="raise"``).
        The batched env (``ludoteca.interop.vector``) steps its tables through this too."""
        state = self._state()
        if state.is_over or self._ended:
            raise RuntimeError("the episode is over; call reset()")
        try:
            chosen = self.adapter.decode(state, self.seat, action)
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            return float(self.adapter.reward_range()[0]), True
        state.apply_trusted(self.seat, chosen)  # decode returned the legal action itself
        self._play_others()
        rewards, self._scores = self.adapter.step_rewards(state, self._scores)
        self._ended = state.is_over
        return float(rewards[self.seat]), False

    def action_masks(self) -> np.ndarray:
        """bool vector: which action numbers are legal now (all False once the game is over)."""
        mask = np.zeros(self.adapter.num_actions, dtype=bool)
        self._write_mask(mask)
        return mask

    def _write_mask(self, mask: np.ndarray) -> None:
        """Mark the legal numbers in ``mask`` (all False already): one piece for this env's
        mask and each row of the batched env's."""
        state = self._state()
        if not (state.is_over or self._ended) and self.adapter.to_act(state) == self.seat:
            self.adapter.mark_legal(state, self.seat, mask)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self._state()
        text = str(state) if type(state).__str__ is not object.__str__ else ""
        text = f"{state!r}\n{text or json.dumps(state.view(self.seat), sort_keys=True)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    @property
    def game_state(self) -> State:
        """The Ludoteca state underneath (for tools; agents should use observations)."""
        return self._state()

    # ---- helpers -------------------------------------------------------------------------------
    def _observation(self) -> np.ndarray | dict[str, np.ndarray]:
        vector = self.adapter.observation(self._state(), self.seat)
        return self.adapter.split_planes(vector) if self.observation_kind == "planes" else vector

    def _info(self) -> dict[str, Any]:
        state = self._state()
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        if state.is_over:
            info["scores"] = list(state.scores)
            info["winners"] = list(state.winners)
        return info

    def _state(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_


def env_id(game_id: str) -> str:
    """The id under which ``gymnasium.make`` knows a game, e.g. ``ludoteca/dschunke-v1``."""
    import ludoteca

    return f"ludoteca/{game_id}-v{ludoteca.game(game_id).version}"


def register_all() -> list[str]:
    """Register every game with ``gymnasium.make`` (done on import; idempotent)."""
    import ludoteca

    ids = []
    for game_id in ludoteca.games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=f"{__name__}:LudotecaEnv", kwargs={"game": game_id})
        ids.append(name)
    return ids


_warned: set[str] = set()


def _available_level(name: str) -> str:
    """``name`` if the bot factory knows it; the default ``normal`` falls back to ``random``."""
    from ludoteca import bots

    try:
        bots.make(name, seed=0)
    except ValueError:
        if name != "normal":
            raise
        if name not in _warned:
            _warned.add(name)
            warnings.warn("this installation has no 'normal' bot level yet; opponents play 'random'",
                          stacklevel=3)
        return "random"
    return name


REGISTERED = register_all()
