"""Every Ludoteca game as an OpenSpiel (pyspiel) Python game.

>>> import pyspiel
>>> import ludoteca.interop.openspiel            # registers ludoteca_<id> for every game
>>> game = pyspiel.load_game("ludoteca_dschunke")
>>> game = pyspiel.load_game("ludoteca_dice_hospital", {"players": 3, "seed": 7,
...                                                      "options": '{"some_option": 1}'})

How the game maps onto OpenSpiel:

* Names: ``ludoteca_<id>`` with ``-`` written ``_``.  Parameters: ``players`` (default: 2 when
  the game allows it, else its minimum), ``seed`` (seeds the sequence of deals of
  ``new_initial_state`` with ``chance="sampled"``; -1 draws one at random), ``chance``
  (``explicit`` or ``sampled``, below), ``options`` (the game options as a JSON
  string), ``max_game_length`` (0: the game's own bound if it declares
  ``max_game_length(players, options)``, else 10 000) and ``actions`` (the action numbering;
  empty: the game's default, Dschunke's ``compact``; ``full`` for the game's own).
* Dynamics: sequential.  Decisions the game takes simultaneously are asked in seat order.
* Chance: ``EXPLICIT_STOCHASTIC`` for games with hidden information or randomness (parameter
  ``chance``, default ``explicit``).  Every draw the engine makes (a shuffle is one draw per
  card but the last, a die one draw) is a chance node offered *before* it is made, its
  outcomes equally likely as in the engine (a draw among more than 256 numbers is split into
  two nodes; ``ludoteca.interop.chance``).  No state holds a future draw, so MCTS cannot see a
  die before it is rolled; a face-down pile shuffled at set-up is hidden information, which the
  game type declares, as it declares a hand.  States serialise as their history, and the
  ``seed`` parameter only names the engine's game.  ``chance="sampled"`` keeps the former
  behaviour: ``SAMPLED_STOCHASTIC``, no chance nodes, each state carrying its own seeded
  generator (faster; ``clone()`` replays the same future draws; states do not serialise with
  ``serialize_game_and_state``).  A game declaring ``hidden_information = False`` is
  deterministic with perfect information.
* Utility: the rank reward of :func:`ludoteca.interop.core.final_rewards` (+1 sole winner,
  -1 sole last, 0 shared), zero-sum in [-1, 1]; with one player, the final score (general-sum).
  Terminal rewards only.
* Observations: ``observation_tensor`` is the game's ``encode(view(player))``;
  ``observation_string`` is ``view(player)`` as sorted JSON; ``information_state_string`` adds
  the player's own past action numbers to it, in order.  ``information_state_tensor`` is the
  observation tensor followed by ``num_distinct_actions`` counts: how often the player has
  taken each action number (parts ``observation`` and ``own_actions``).  It tells apart any
  two information states that differ in what the player sees now or in what it has done; it
  keeps neither the order of its own actions nor what it saw earlier and sees no more (the
  string keeps the order), so it is not a perfect-recall encoding in general; every game's
  view carries what its rules let a player remember (Herbalism's view keeps what the
  player learned this round, for one).  ``private_info=NONE`` observers use the spectator view ``view(None)``.
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

from .chance import MAX_CHANCE_OUTCOMES, ChanceScript, NeedChance, script, scripted_clone
from .core import Adapter, missing_interop

DEFAULT_MAX_GAME_LENGTH = 10_000


def short_name(game_id: str) -> str:
    return "ludoteca_" + game_id.replace("-", "_")


def default_players(game: Game) -> int:
    return max(game.min_players, min(2, game.max_players))


CHANCE_MODES = ("explicit", "sampled")


def _game_type(game: Game, players: int | None = None, chance: str = "explicit") -> pyspiel.GameType:
    stochastic = game.hidden_information
    solo = players == 1
    modes = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Ludoteca {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(modes.DETERMINISTIC if not stochastic
                     else modes.EXPLICIT_STOCHASTIC if chance == "explicit" else modes.SAMPLED_STOCHASTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if stochastic
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if solo
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players(game), "seed": -1, "options": "",
                                 "max_game_length": 0, "actions": "", "chance": "explicit"},
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
        chance = str(params.get("chance", "explicit") or "explicit")
        if chance not in CHANCE_MODES:
            raise ValueError(f"parameter 'chance' must be one of {', '.join(CHANCE_MODES)}; got {chance!r}")
        self.adapter = Adapter(game, players=players, options=options, reward="rank",
                               actions=str(params.get("actions", "") or "") or None)
        self.ludoteca_game = game
        #: Draws are chance nodes (True) or come from each state's own seeded generator.
        self.explicit_chance = chance == "explicit" and game.hidden_information
        seed = int(params.get("seed", -1))
        self._deals = random.Random(None if seed < 0 else seed)
        length = int(params.get("max_game_length", 0))
        if length <= 0:
            declared = getattr(game, "max_game_length", None)
            length = int(declared(players, self.adapter.options)) if callable(declared) else DEFAULT_MAX_GAME_LENGTH
        low, high = self.adapter.reward_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.num_actions,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES if self.explicit_chance else 0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if players == 1 else 0.0,
            max_game_length=length,
        )
        full = {"players": players, "seed": seed, "options": raw_options,
                "max_game_length": int(params.get("max_game_length", 0)), "actions": self.adapter.actions,
                "chance": chance}
        super().__init__(_game_type(game, players, chance), info, full)

    def new_initial_state(self) -> LudotecaSpielState:
        return LudotecaSpielState(self, self._deals.getrandbits(63))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LudotecaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return LudotecaObserver(self.adapter, iig_obs_type)


class _Pending:
    """A step interrupted by chance: who plays what (``seat`` None: the set-up), the chance
    outcomes chosen so far, and the probabilities of the next node's outcomes."""

    __slots__ = ("seat", "action", "outcomes", "probabilities")

    def __init__(self, seat: int | None, action: dict | None, outcomes: list[int],
                 probabilities: tuple[float, ...]) -> None:
        self.seat, self.action, self.outcomes, self.probabilities = seat, action, outcomes, probabilities

    def copy(self) -> _Pending:
        return _Pending(self.seat, self.action, list(self.outcomes), self.probabilities)

    def to_json(self) -> dict:
        return {"seat": self.seat, "action": self.action, "outcomes": self.outcomes,
                "probabilities": list(self.probabilities)}

    @classmethod
    def from_json(cls, data: dict) -> _Pending:
        return cls(data["seat"], data["action"], list(data["outcomes"]), tuple(data["probabilities"]))


class _Core:
    """Holds the Ludoteca state so OpenSpiel's clone (a deepcopy of attributes) stays cheap
    (``State.clone``) and its serialisation (a pickle) stays exact (``to_json``).

    With explicit chance, ``pending`` is the step chance interrupted; ``state`` is then the
    position before it (None before the set-up is done).  A move is played on the live state
    at once, since most moves draw nothing; one that meets a draw leaves that state half-played,
    so the position before it is rebuilt from ``checkpoint`` (a position no live state shares)
    and the moves played since, each with the outcomes it drew (``since``)."""

    __slots__ = ("game_id", "state", "seed", "started", "explicit", "pending", "checkpoint", "since")

    def __init__(self, game_id: str, state: State | None, seed: int = 0, explicit: bool = False,
                 pending: _Pending | None = None) -> None:
        self.game_id, self.state, self.seed, self.explicit, self.pending = game_id, state, seed, explicit, pending
        self.started = state is not None or pending is not None
        self.checkpoint = None if state is None or not explicit else scripted_clone(state)
        self.since: list[tuple[int, dict, tuple[int, ...]]] = []

    def get(self, adapter: Adapter) -> State | None:
        if not self.started:  # set up on first use: clones overwrite fresh states at once
            self.started = True
            if self.explicit:
                self._retry(adapter, _Pending(None, None, [], ()))
            else:
                self.state = adapter.new_state(seed=self.seed)
        return self.state

    # ---- explicit chance ---------------------------------------------------------------------
    def play(self, seat: int, action: dict) -> None:
        """Play ``seat``'s legal ``action``; with explicit chance it may stop at a chance node."""
        if not self.explicit:
            self.state.apply_trusted(seat, action)
            return
        try:
            self.state.apply_trusted(seat, action)        # its generator has nothing scripted
        except NeedChance as need:
            self.state = self._rebuild()
            self.pending = _Pending(seat, action, [], need.probabilities)
            return
        self.since.append((seat, action, ()))

    def choose(self, adapter: Adapter, outcome: int) -> None:
        """Chance chose ``outcome`` at the pending node: play the interrupted step again."""
        pending = self.pending
        pending.outcomes.append(outcome)
        self._retry(adapter, pending)

    def _retry(self, adapter: Adapter, pending: _Pending) -> None:
        """Play the pending step from its start with the outcomes chosen so far."""
        try:
            if pending.seat is None:
                rng = ChanceScript(pending.outcomes)
                state = adapter.game.new(adapter.players, seed=self.seed, options=adapter.options, rng=rng)
            else:
                state = scripted_clone(self.state, pending.outcomes)
                state.apply_trusted(pending.seat, pending.action)
        except NeedChance as need:
            pending.probabilities = need.probabilities
            self.pending = pending
            return
        if pending.seat is None:
            self.checkpoint, self.since = scripted_clone(state), []
        else:                               # the position before the step: no live state holds it
            self.checkpoint, self.since = self.state, [(pending.seat, pending.action, tuple(pending.outcomes))]
        self.state, self.pending = state, None

    def _rebuild(self) -> State:
        """The position the last completed step left, from the checkpoint."""
        state = scripted_clone(self.checkpoint)
        for seat, action, outcomes in self.since:
            script(state, outcomes)
            state.apply_trusted(seat, action)
        script(state, ())
        return state

    # ---- copies --------------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict) -> _Core:
        other = _Core(self.game_id, None, self.seed, self.explicit,
                      None if self.pending is None else self.pending.copy())
        if self.state is not None:
            other.state = scripted_clone(self.state) if self.explicit else self.state.clone()
        other.started = self.started
        other.checkpoint, other.since = self.checkpoint, list(self.since)  # a checkpoint is only read
        return other

    def __getstate__(self) -> dict:
        return {"game": self.game_id, "seed": self.seed, "started": self.started, "explicit": self.explicit,
                "pending": None if self.pending is None else self.pending.to_json(),
                "state": None if self.state is None else self.state.to_json()}

    def __setstate__(self, data: dict) -> None:
        self.game_id, self.seed, self.started = data["game"], data["seed"], data["started"]
        self.explicit = data["explicit"]
        self.pending = None if data["pending"] is None else _Pending.from_json(data["pending"])
        self.state = None if data["state"] is None else ludoteca.game(self.game_id).from_json(data["state"])
        self.checkpoint, self.since = None, []
        if self.state is not None and self.explicit:
            script(self.state, ())                          # draws stay chance nodes
            self.checkpoint = scripted_clone(self.state)


class LudotecaSpielState(pyspiel.State):
    def __init__(self, game: LudotecaSpielGame, seed: int) -> None:
        super().__init__(game)
        self.core = _Core(game.ludoteca_game.id, None, seed, game.explicit_chance)

    @property
    def ludoteca_state(self) -> State | None:
        """The Ludoteca state underneath (at a chance node: the position before the step that
        met chance; None while the set-up's draws are pending)."""
        return self.core.get(self.get_game().adapter)

    def _chance_pending(self) -> _Pending | None:
        self.core.get(self.get_game().adapter)
        return self.core.pending

    # ---- the pyspiel API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self._chance_pending() is not None:
            return pyspiel.PlayerId.CHANCE
        state = self.ludoteca_state
        if state.is_over:
            return pyspiel.PlayerId.TERMINAL
        return Adapter.seat_to_act(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pending = self._chance_pending()
        if pending is None:
            raise ValueError("chance_outcomes: this is not a chance node")
        return list(enumerate(pending.probabilities))

    def _legal_actions(self, player: int) -> list[int]:
        if self._chance_pending() is not None:
            return []
        state = self.ludoteca_state
        if state.is_over or player != Adapter.seat_to_act(state):
            return []
        return sorted(self.get_game().adapter.numbered(state, player)[0])  # numbers only: no action built

    def _apply_action(self, action: int) -> None:
        adapter = self.get_game().adapter
        pending = self._chance_pending()
        if pending is not None:
            if not 0 <= action < len(pending.probabilities):
                raise ValueError(f"chance outcome {action} is not one of 0..{len(pending.probabilities) - 1}")
            self.core.choose(adapter, action)
            return
        state = self.ludoteca_state
        seat = Adapter.seat_to_act(state)
        self.core.play(seat, adapter.decode(state, seat, action))  # a legal action

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        state = self.ludoteca_state
        adapter = self.get_game().adapter
        chosen = None
        if (player >= 0 and state is not None and self.core.pending is None and not state.is_over
                and player == Adapter.seat_to_act(state)):
            places, legal = adapter.numbered(state, player)
            chosen = legal[places[action]] if action in places else None
        if chosen is None:
            try:
                chosen = adapter.numbers.action(state, action)
            except (ValueError, KeyError, IndexError, AttributeError):
                return f"action #{action}"
        try:
            return f"{state.describe(chosen)} (#{action})"
        except Exception:  # a context-free index may not describe in this position
            return f"{json.dumps(chosen, sort_keys=True)} (#{action})"

    def is_terminal(self) -> bool:
        return self._chance_pending() is None and self.ludoteca_state.is_over

    def returns(self) -> list[float]:
        if self._chance_pending() is not None:
            return [0.0] * self.get_game().num_players()
        return self.get_game().adapter.final_rewards(self.ludoteca_state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaSpielState:
        """A state consistent with what ``player_id`` knows (``determinize``)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        other = self.clone()
        state = self.ludoteca_state
        if state is None:                                     # nothing is dealt yet: nothing to redraw
            return other
        again = state.determinize(player_id, rng)
        if self.core.explicit:
            script(again, ())                                 # the future stays chance nodes
        other.core = _Core(self.core.game_id, again, again.seed, self.core.explicit,
                           None if self.core.pending is None else self.core.pending.copy())
        return other

    def __str__(self) -> str:
        """The full position (hidden parts included) as sorted JSON: equal iff same position."""
        pending = self._chance_pending()
        state = self.ludoteca_state
        shown: dict[str, Any] = {"chance": None if pending is None else pending.to_json()}
        if state is not None:
            shown.update(to_move=list(state.to_move), state=state.to_json()["state"])
        return json.dumps(shown, sort_keys=True)


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
        size = adapter.observation_size
        self.tensor = np.zeros(size + (adapter.num_actions if perfect_recall else 0), np.float32)
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[size:]

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: LudotecaSpielState, player: int) -> None:
        core = state.ludoteca_state
        seat = self._seat(player)
        seen = self.dict["observation"]
        if core is None:                                      # the set-up's draws: nothing is seen yet
            seen[:] = 0.0
        else:
            seen[:] = self.adapter.observation(core, seat)
        if self.perfect_recall:
            own = self.dict["own_actions"]
            own[:] = 0.0
            if seat is not None:
                for action in _own_actions(state, seat):
                    own[action] += 1.0

    def string_from(self, state: LudotecaSpielState, player: int) -> str:
        core = state.ludoteca_state
        seat = self._seat(player)
        if core is None:
            return "set-up: chance is dealing"
        text = json.dumps(core.view(seat), sort_keys=True)
        if self.perfect_recall and seat is not None:
            text += "\nmine=" + json.dumps(_own_actions(state, seat))
        return text


def _own_actions(state: LudotecaSpielState, seat: int) -> list[int]:
    """The seat's own past action numbers, in order, from OpenSpiel's history (a determinized
    Ludoteca state has no record to read them from)."""
    return [step.action for step in state.full_history() if step.player == seat]


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
