"""Every Ludoteca game as an OpenSpiel (pyspiel) Python game.

>>> import pyspiel
>>> import ludoteca.interop.openspiel            # registers ludoteca_<id> for every game
>>> game = pyspiel.load_game("ludoteca_dschunke")
>>> game = pyspiel.load_game("ludoteca_dice_hospital", {"players": 3, "seed": 7,
...                                                      "options": '{"some_option": 1}'})

How the game maps onto OpenSpiel:

* Names: ``ludoteca_<id>`` with ``-`` written ``_``.  Parameters: ``players`` (default: 2 when
  the game allows it, else its minimum), ``seed`` (seeds the sequence of deals of
  ``new_initial_state``; -1 draws one at random), ``options`` (the game options as a JSON
  string), ``max_game_length`` (0: the game's own bound if it declares
  ``max_game_length(players, options)``, else 10 000) and ``actions`` (the action numbering;
  empty: the game's default, Dschunke's ``compact``; ``full`` for the game's own).
* Dynamics: sequential.  Decisions the game takes simultaneously are asked in seat order.
* Chance: ``SAMPLED_STOCHASTIC`` for games with hidden information or randomness (there are
  no chance nodes; each state carries its own seeded generator, so ``clone()`` replays the
  same future draws).  A game declaring ``hidden_information = False`` is deterministic with
  perfect information.
* Utility: the rank reward of :func:`ludoteca.interop.core.final_rewards` (+1 sole winner,
  -1 sole last, 0 shared), zero-sum in [-1, 1]; with one player, the final score (general-sum).
  Terminal rewards only.
* Observations: ``observation_tensor`` is the game's ``encode(view(player))``;
  ``observation_string`` is ``view(player)`` as sorted JSON; ``information_state_string`` adds
  the player's own past action numbers to it.  (No information-state tensor is claimed:
  encoders are not perfect-recall.)  ``private_info=NONE`` observers use the spectator view ``view(None)``.
* ``resample_from_infostate(player, sampler)`` is ``determinize(player, rng)`` with ``rng``
  seeded from the sampler.  It is a Python-level method, so Python algorithms (e.g.
  ``open_spiel.python.algorithms.ismcts``) use it; C++ algorithms do not see it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import ludoteca
from ludoteca.engine import Game, State

from .core import Adapter, missing_interop

DEFAULT_MAX_GAME_LENGTH = 10_000


def short_name(game_id: str) -> str:
    return "ludoteca_" + game_id.replace("-", "_")


def default_players(game: Game) -> int:
    return max(game.min_players, min(2, game.max_players))


def _game_type(game: Game, players: int | None = None) -> pyspiel.GameType:
    stochastic = game.hidden_information
    solo = players == 1
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Ludoteca {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if stochastic
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if stochastic
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if solo
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players(game), "seed": -1, "options": "",
                                 "max_game_length": 0, "actions": ""},
    )


class LudotecaSpielGame(pyspiel.Game):
    """One Ludoteca game at fixed players and options, as OpenSpiel sees it."""

    def __init__(self, game: Game, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", default_players(game)))
        raw_options = params.get("options", "") or ""
        try:
            options = json.loads(raw_options) if raw_options else {}
        except json.JSONDecodeError as exc:
            raise ValueError(f"parameter 'options' must be a JSON object; got {raw_options!r}") from exc
        self.adapter = Adapter(game, players=players, options=options, reward="rank",
                               actions=str(params.get("actions", "") or "") or None)
        self.ludoteca_game = game
        seed = int(params.get("seed", -1))
        self._deals = random.Random(None if seed < 0 else seed)
        length = int(params.get("max_game_length", 0))
        if length <= 0:
            declared = getattr(game, "max_game_length", None)
            length = int(declared(players, self.adapter.options)) if callable(declared) else DEFAULT_MAX_GAME_LENGTH
        low, high = self.adapter.reward_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=length,
        )
        full = {"players": players, "seed": seed, "options": raw_options,
                "max_game_length": int(params.get("max_game_length", 0)), "actions": self.adapter.actions}
        super().__init__(_game_type(game, players), info, full)

    def new_initial_state(self) -> LudotecaSpielState:
        return LudotecaSpielState(self, self._deals.getrandbits(63))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LudotecaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return LudotecaObserver(self.adapter, iig_obs_type)


class _Core:
    """Holds the Ludoteca state so OpenSpiel's clone (a deepcopy of attributes) stays cheap
    (``State.clone``) and its serialisation (a pickle) stays exact (``to_json``)."""

    __slots__ = ("game_id", "state", "_new")

    def __init__(self, game_id: str, state: State | None, new: tuple | None = None) -> None:
        self.game_id, self.state, self._new = game_id, state, new

    def get(self, adapter: Adapter) -> State:
        if self.state is None:  # created on first use: clones overwrite fresh states at once
            self.state = adapter.new_state(seed=self._new[0])
            self._new = None
        return self.state

    def __deepcopy__(self, memo: dict) -> _Core:
        return _Core(self.game_id, None if self.state is None else self.state.clone(), self._new)

    def __getstate__(self) -> dict:
        return {"game": self.game_id, "new": self._new,
                "state": None if self.state is None else self.state.to_json()}

    def __setstate__(self, data: dict) -> None:
        self.game_id, self._new = data["game"], data["new"]
        self.state = None if data["state"] is None else ludoteca.game(self.game_id).from_json(data["state"])


class LudotecaSpielState(pyspiel.State):
    def __init__(self, game: LudotecaSpielGame, seed: int) -> None:
        super().__init__(game)
        self.core = _Core(game.ludoteca_game.id, None, (seed,))

    @property
    def ludoteca_state(self) -> State:
        """The Ludoteca state underneath."""
        return self.core.get(self.get_game().adapter)

    # ---- the pyspiel API ---------------------------------------------------------------------
    def current_player(self) -> int:
        state = self.ludoteca_state
        if state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return Adapter.seat_to_act(state)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.ludoteca_state
        if state.is_over or player != Adapter.seat_to_act(state):
            return []
        return sorted(self.get_game().adapter.numbered(state, player)[0])  # numbers only: no action built

    def _apply_action(self, action: int) -> None:
        state = self.ludoteca_state
        seat = Adapter.seat_to_act(state)
        state.apply_trusted(seat, self.get_game().adapter.decode(state, seat, action))  # a legal action

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.ludoteca_state
        adapter = self.get_game().adapter
        chosen = None
        if player >= 0 and not state.is_over and player == Adapter.seat_to_act(state):
            places, legal = adapter.numbered(state, player)
            chosen = legal[places[action]] if action in places else None
        if chosen is None:
            try:
                chosen = adapter.numbers.action(state, action)
            except (ValueError, KeyError, IndexError):
                return f"action #{action}"
        try:
            return f"{state.describe(chosen)} (#{action})"
        except Exception:  # a context-free index may not describe in this position
            return f"{json.dumps(chosen, sort_keys=True)} (#{action})"

    def is_terminal(self) -> bool:
        return self.ludoteca_state.is_over

    def returns(self) -> list[float]:
        return self.get_game().adapter.final_rewards(self.ludoteca_state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaSpielState:
        """A state consistent with what ``player_id`` knows (``determinize``)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        other = self.clone()
        other.core = _Core(self.core.game_id, self.ludoteca_state.determinize(player_id, rng))
        return other

    def __str__(self) -> str:
        """The full position (hidden parts included) as sorted JSON: equal iff same position."""
        data = self.ludoteca_state.to_json()
        return json.dumps({"to_move": list(self.ludoteca_state.to_move), "state": data["state"]},
                          sort_keys=True)


class LudotecaObserver:
    """OpenSpiel's observer protocol over ``view(seat)`` and the game's encoder."""

    def __init__(self, adapter: Adapter, iig_obs_type: Any) -> None:
        self.adapter = adapter
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = (pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None
                   else iig_obs_type.private_info)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Ludoteca views are per seat; an all-players observer is not offered")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = perfect_recall
        if perfect_recall:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            self.tensor = np.zeros(adapter.observation_size, np.float32)
            self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: LudotecaSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.adapter.observation(state.ludoteca_state, self._seat(player))

    def string_from(self, state: LudotecaSpielState, player: int) -> str:
        core = state.ludoteca_state
        seat = self._seat(player)
        text = json.dumps(core.view(seat), sort_keys=True)
        if self.perfect_recall and seat is not None:
            # The seat's own past action numbers, from OpenSpiel's history (a determinized
            # Ludoteca state has no record to read them from).
            own = [step.action for step in state.full_history() if step.player == seat]
            text += "\nmine=" + json.dumps(own)
        return text


def _game_class(game: Game) -> type:
    """A pyspiel.Game subclass bound to ``game``.  pyspiel keeps the creator until the process
    exits; a class (unlike a closure) is never freed by then, so interpreter shutdown stays
    clean (a freed closure there aborts Python with a GIL error)."""

    def __init__(self: LudotecaSpielGame, params: dict[str, Any] | None = None) -> None:
        LudotecaSpielGame.__init__(self, game, params)

    name = "LudotecaSpielGame_" + game.id.replace("-", "_")
    return type(name, (LudotecaSpielGame,), {"__init__": __init__, "__module__": __name__})


_CLASSES: dict[str, type] = {}


def register(game: str | Game) -> str:
    """Register one game with pyspiel (idempotent); returns its OpenSpiel name."""
    g = game if isinstance(game, Game) else ludoteca.game(game)
    name = short_name(g.id)
    if name not in pyspiel.registered_names():
        _CLASSES[g.id] = _game_class(g)
        pyspiel.register_game(_game_type(g), _CLASSES[g.id])
    return name


def register_all() -> list[str]:
    """Register every Ludoteca game; games lacking the interop contract are registered too
    and raise NotImplementedError (naming what is missing) when loaded."""
    return [register(game_id) for game_id in ludoteca.games()]


REGISTERED = register_all()

__all__ = ["REGISTERED", "LudotecaSpielGame", "LudotecaSpielState", "missing_interop", "register",
           "register_all", "short_name"]
