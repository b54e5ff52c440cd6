"""The State half of the game contract (see DESIGN.md).

A game subclasses :class:`State` and writes the rules: ``setup``, ``to_move``,
``legal_actions``, ``_apply``, ``_view``, ``scores`` and ``is_over``.  Everything every game
needs the same way lives here once: seat checks, refusing illegal actions with a clear message
and no change, the action record, JSON round-trip, cheap clones, determinization and labels.

Game data lives in plain attributes named in ``FIELDS``: lists, string-keyed dicts, numbers,
strings and booleans only, so that the JSON round-trip is exact.
"""

from __future__ import annotations

import marshal
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalAction
from .i18n import check_lang

if TYPE_CHECKING:
    from .game import Game

Action = dict[str, Any]
Event = dict[str, Any]


class CountingRandom(random.Random):
    """The state's RNG, counting draws so the engine knows which actions met chance.

    Undo may never cross a random event; every ``random.Random`` method ends in one of these two.
    """

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


class State:
    """One position of one game.  Subclasses read like the rule book; this class does the rest."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    #: Event types that show a seat something hidden (a drawn card, a secret check).  Events
    #: sent privately (with "to") count too.  Undo never goes back past one of them.
    REVEALS: ClassVar[frozenset[str]] = frozenset()

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    rng: random.Random

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = CountingRandom(seed)
        self._actions: list[list[Any]] = []
        self._legal_cache: dict[int, list[Action]] = {}
        self._sealed = 0
        self.setup()

    # ---- what a game writes -------------------------------------------------------------
    def setup(self) -> None:
        """Lay out the components, deal and shuffle with ``self.rng``."""
        raise NotImplementedError

    @property
    def to_move(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def scores(self) -> list[float]:
        raise NotImplementedError

    @property
    def winners(self) -> list[int]:
        """Seats with the best score once the game is over; games with tie-breaks override."""
        if not self.is_over:
            return []
        scores = self.scores
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def _describe(self, action: Action, lang: str) -> str:
        return ", ".join(f"{k}={v}" for k, v in action.items())

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Redraw whatever ``seat`` cannot know (other hands, pile order).  Default: nothing."""

    def _check(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal, or None.  Games may override with a faster exact test."""
        legal = self.legal_actions(seat)
        if action in legal:
            return None
        return explain_illegal(action, legal)

    # ---- the contract ---------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in a deterministic order; [] if not to move."""
        self._check_seat(seat)
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.to_move else []
            self._legal_cache[seat] = cached
        return list(cached)

    def remember_legal(self, seat: int, actions: list[Action]) -> None:
        """Keep a legal list a game computed anyway (e.g. while skipping forced steps).

        It must be exactly what ``_legal_actions(seat)`` would return now; the next apply drops it."""
        self._legal_cache[seat] = actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat``; an illegal one raises IllegalAction and changes nothing."""
        self._check_seat(seat)
        if self.is_over:
            raise IllegalAction("the game is over; no more actions are accepted")
        if seat not in self.to_move:
            waiting = ", ".join(str(s) for s in self.to_move)
            raise IllegalAction(f"seat {seat} is not to move; waiting for seat(s) {waiting}")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action must be a mapping like {{'type': ...}}; got {action!r}")
        try:
            problem = self._check(seat, action)
        except (TypeError, KeyError, AttributeError) as exc:
            # A safety net: validation must never crash on odd input, whatever a game forgot.
            problem = f"malformed action {action!r} ({type(exc).__name__}: {exc})"
        if problem is not None:
            raise IllegalAction(problem)
        action = dict(action)
        self._legal_cache.clear()
        draws = self.rng.draws
        events = self._apply(seat, action)
        self._actions.append([seat, action])
        if self.rng.draws != draws or any("to" in e or e["type"] in self.REVEALS for e in events):
            self._sealed = len(self._actions)
        return events

    def undo_steps(self, seat: int) -> int:
        """How many of its latest actions ``seat`` may take back (Board Game Arena's policy).

        Only while it is still this seat's decision, only its own actions with nobody else's in
        between, and never back past chance or anything revealed.  To undo, replay the record
        without those actions."""
        self._check_seat(seat)
        if seat not in self.to_move:
            return 0
        steps = 0
        for index in range(len(self._actions) - 1, self._sealed - 1, -1):
            if self._actions[index][0] != seat:
                break
            steps += 1
        return steps

    def view(self, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` may know, nothing more; ``None`` is a spectator."""
        if seat is not None:
            self._check_seat(seat)
        header = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "version": len(self._actions),
            "to_move": list(self.to_move),
            "is_over": self.is_over,
            "winners": self.winners,
        }
        header.update(self._view(seat))
        return header

    @property
    def version(self) -> int:
        """How many actions have been applied: the server's optimistic-concurrency counter."""
        return len(self._actions)

    def describe(self, action: Action, lang: str = "en") -> str:
        return self._describe(action, check_lang(lang))

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A log line for ``event``; games with richer logs override ``_describe_event``."""
        return self._describe_event(event, check_lang(lang))

    def _describe_event(self, event: Event, lang: str) -> str:
        return ", ".join(f"{k}={v}" for k, v in event.items() if k != "to")

    def record(self) -> dict[str, Any]:
        if self._actions and self._actions[-1][1] is None:
            from .errors import RecordError

            raise RecordError("a determinized state is a sample of what a seat cannot see; it has no record")
        return self._header()

    def _header(self) -> dict[str, Any]:
        """What a record and a saved state share: the game, its setup and the actions taken."""
        return {
            "game": self.game.id,
            "version": self.game.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [[seat, None if action is None else dict(action)] for seat, action in self._actions],
        }

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            **self._header(),
            "rng": [version, list(internal), gauss],
            "state": self._dump_fields(),
        }

    def _dump_fields(self) -> dict[str, Any]:
        """Game data as JSON; games with faster internal structures override both halves."""
        data = [getattr(self, name) for name in self.FIELDS]
        return dict(zip(self.FIELDS, marshal.loads(marshal.dumps(data)), strict=True))  # a copy, not live lists

    def _load_fields(self, fields: dict[str, Any]) -> None:
        missing = [name for name in self.FIELDS if name not in fields]
        if missing:
            from .errors import RecordError

            raise RecordError(f"saved {self.game.id} state lacks field(s): {', '.join(missing)}")
        copied = marshal.loads(marshal.dumps([fields[name] for name in self.FIELDS]))
        for name, value in zip(self.FIELDS, copied, strict=True):
            setattr(self, name, value)

    def clone(self) -> State:
        other = object.__new__(type(self))
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.rng = CountingRandom(0)  # seeded only to skip reading the OS entropy; setstate follows
        other.rng.setstate(self.rng.getstate())
        other._actions = list(self._actions)
        other._legal_cache = {}
        other._sealed = self._sealed
        self._copy_fields(other)
        return other

    def _copy_fields(self, other: State) -> None:
        """Copy game data into a clone; marshal is a fast exact copy of plain data."""
        data = marshal.loads(marshal.dumps([getattr(self, name) for name in self.FIELDS]))
        for name, value in zip(self.FIELDS, data, strict=True):
            setattr(other, name, value)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A full state consistent with ``view(seat)``; hidden parts and the future resampled."""
        if seat is not None:
            self._check_seat(seat)
        other = self.clone()
        other.seed = rng.getrandbits(63)
        other.rng.seed(other.seed)
        other._resample_hidden(seat, rng)
        # The true actions could be replayed into the true state: keep only who acted.
        other._actions = [[actor, None] for actor, _ in other._actions]
        other._sealed = len(other._actions)
        return other

    # ---- helpers --------------------------------------------------------------------------
    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                f"seat must be a whole number from 0 to {self.players - 1}; got {seat!r}"
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to move {list(self.to_move)}"
        return f"<{self.game.id} {self.players}p seed={self.seed} after {self.version} actions, {status}>"


def explain_illegal(action: Action, legal: Iterable[Action]) -> str:
    """A message naming what is wrong with ``action`` compared with what is legal now."""
    legal = list(legal)
    if not legal:
        return "no action is legal for this seat now"
    kind = action.get("type")
    same_type = [a for a in legal if a.get("type") == kind]
    if not same_type:
        kinds = sorted({str(a.get("type")) for a in legal})
        return f"action type {kind!r} is not possible now; possible types: {', '.join(kinds)}"
    expected = set(same_type[0])
    missing = sorted(expected - set(action))
    if missing:
        return f"action {kind!r} is missing key(s): {', '.join(missing)}"
    extra = sorted(set(action) - expected)
    if extra:
        return f"action {kind!r} has unknown key(s): {', '.join(extra)}"
    for key in sorted(expected):
        sample = same_type[0][key]
        value = action[key]
        if type(value) is not type(sample) and not (sample is None or value is None):
            return (
                f"action {kind!r}: key {key!r} must be {type(sample).__name__}, "
                f"got {type(value).__name__} {value!r}"
            )
    for key in sorted(expected):
        values = {repr(a[key]) for a in same_type}
        if repr(action[key]) not in values:
            return f"action {kind!r}: {key}={action[key]!r} is not possible now"
    return f"action {action!r} is not legal now"
