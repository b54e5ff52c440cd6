"""The State half of the game contract (see DESIGN.md).

A game subclasses :class:`State` and writes the rules: ``setup``, its turn structure (a
``PHASES`` table, see :mod:`ludoteca.engine.phases`, or ``to_move``, ``_legal_actions`` and
``_apply`` by hand), ``_view``, ``scores`` and ``is_over``.  Everything every game needs the
same way lives here once: seat checks, refusing illegal actions with a clear message and no
change, recording the canonical legal action, the JSON round-trip, cheap clones,
determinization and labels.  ``docs/authoring.md`` lists every hook; ``contract.py`` checks
them when a game registers.

Game data lives in plain attributes named in ``FIELDS``: lists, string-keyed dicts, numbers,
strings and booleans only, so that the JSON round-trip is exact.
"""

from __future__ import annotations

import marshal
import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import IllegalAction
from .i18n import check_lang, player_word
from .shapes import CopyPlan, copy_plan

if TYPE_CHECKING:
    from .phases import Bound, Phase

#: The :class:`~ludoteca.engine.game.Game` a position belongs to, typed loosely: game.py
#: imports this module, and the engine's imports run one way (tests/test_import_graph.py).
GameRef = Any

Action = dict[str, Any]
Event = dict[str, Any]


_getrandbits = random.Random.getrandbits   # the C generator's own, uncounted


class CountingRandom(random.Random):
    """The state's RNG, counting draws so the engine knows which actions met chance.

    Undo may never cross a random event; every ``random.Random`` method ends in one of these two.
    """

    draws = 0
    #: ``(draws, getstate())`` as last taken: a search clones one position thousands of times
    #: without drawing from it, and ``getstate`` (625 ints) cost more than the rest of a clone.
    _snapshot: tuple[int, Any] | None = None

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)

    def _randbelow(self, n: int) -> int:
        """``random.Random``'s own rejection sampling (the same draws, counted the same), with
        the counting done once here rather than in a Python ``getrandbits`` per draw: a shuffle
        of Dschunke's 42 strips is 41 of these, and the call per draw was most of its cost."""
        getrandbits = _getrandbits
        k = n.bit_length()
        r = getrandbits(self, k)
        drawn = 1
        while r >= n:
            r = getrandbits(self, k)
            drawn += 1
        self.draws += drawn
        return r

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._snapshot = None
        super().seed(*args, **kwargs)

    def setstate(self, state: Any) -> None:
        self._snapshot = None
        super().setstate(state)

    def copy(self) -> CountingRandom:
        """A generator in the same state, the snapshot shared (valid while neither draws:
        every draw counts in ``draws``, and seeding or setting the state drops it)."""
        snap = self._snapshot
        if snap is None or snap[0] != self.draws:
            snap = self._snapshot = (self.draws, self.getstate())
        other = CountingRandom.__new__(CountingRandom)  # not CountingRandom(0): seeding costs more
        other.setstate(snap[1])
        other._snapshot = (0, snap[1])
        return other


class State:
    """One position of one game.  Subclasses read like the rule book; this class does the rest."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The turn structure: phase name -> :class:`~ludoteca.engine.phases.Phase`.  A game that
    #: declares it keeps the current phase's name in ``self.phase`` (one of its FIELDS) and gets
    #: ``to_move``, ``_legal_actions`` and ``_apply`` from the table.
    PHASES: ClassVar[Mapping[str, Phase]] = {}
    #: PHASES bound to this class once (``__init_subclass__``): ``to_move`` is asked many times
    #: per action, and a dict lookup plus a call is all it should cost.
    _BOUND_PHASES: ClassVar[dict[str, Bound]] = {}

    #: How ``clone`` copies a field, where the game says (field -> a shape of
    #: :mod:`ludoteca.engine.shapes`: "value", "list", "rows", "records", "nested records"):
    #: by its shape, sharing strings and numbers, instead of the general copy, which rebuilds
    #: them.  Fields not named here get the general copy.
    FIELD_SHAPES: ClassVar[Mapping[str, str]] = {}
    #: FIELD_SHAPES made into a plan (made for every subclass; this one copies nothing by shape).
    _COPY_PLAN: ClassVar[CopyPlan] = copy_plan("State", (), {})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._BOUND_PHASES = {name: phase.bind(cls) for name, phase in (cls.PHASES or {}).items()}
        cls._COPY_PLAN = copy_plan(cls.__name__, tuple(cls.FIELDS), cls.FIELD_SHAPES)

    #: Event types that show a seat something hidden (a drawn card, a secret check).  Events
    #: sent privately (with "to") count too.  Undo never goes back past one of them.
    REVEALS: ClassVar[frozenset[str]] = frozenset()

    #: Undo's bookkeeping of independent phases (see ``undo_steps``): the index of the first
    #: action of the current run of actions all played in one independent phase, and the
    #: actions of that run that changed what the seats share there.  Class defaults serve a
    #: state loaded with ``from_json`` (sealed: it can undo nothing anyway).
    _fence: int = 0
    _shared_by: tuple[int, ...] = ()

    game: GameRef
    players: int
    seed: int
    options: dict[str, Any]
    rng: random.Random

    #: ``_who_acted``'s record of who acted, kept between determinizations (None: not yet).
    _blanks: list[list[Any]] | None = None

    def __init__(self, game: GameRef, players: int, seed: int, options: dict[str, Any],
                 rng: CountingRandom | None = None) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        # ``rng``: another source of the same draws (OpenSpiel's explicit chance nodes); the seed
        # then only names the game.
        self.rng = CountingRandom(seed) if rng is None else rng
        self._actions: list[list[Any]] = []
        self._legal_cache: dict[int, list[Action]] = {}
        self._sealed = 0
        self.setup()
        self.derive()

    # ---- what a game writes -------------------------------------------------------------
    def setup(self) -> None:
        """Lay out the components, deal and shuffle with ``self.rng``."""
        raise NotImplementedError

    def derive(self) -> None:
        """Rebuild caches computed from FIELDS (indexes, lookup tables, the content object).

        The engine calls it after ``setup``, after ``clone`` and after ``from_json``, so a game
        restores its derived data in exactly one place.  Default: nothing to derive."""

    @property
    def to_move(self) -> tuple[int, ...]:
        """Seats whose decision is pending; () when over.  Default: the current phase's movers."""
        if self._BOUND_PHASES:
            return self._BOUND_PHASES[self.phase].movers(self)
        raise NotImplementedError(f"{type(self).__name__} declares neither PHASES nor to_move")

    def _legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of a seat that is to move.  Default: the current phase's generator."""
        if self._BOUND_PHASES:
            return self._BOUND_PHASES[self.phase].legal(self, seat)
        raise NotImplementedError(f"{type(self).__name__} declares neither PHASES nor _legal_actions")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out a legal action.  Default: the current phase's handler for its type."""
        if self._BOUND_PHASES:
            return self._BOUND_PHASES[self.phase].handle(self, seat, action)
        raise NotImplementedError(f"{type(self).__name__} declares neither PHASES nor _apply")

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

    def _find_legal(self, seat: int, action: Action) -> Action | None:
        """The legal action equal to ``action`` in type as well as value, or None.

        Games whose legal lists are long may override it with an exact test that builds the
        canonical action itself (it must return a fresh dict equal to a listed one)."""
        return find_same(action, self._legal(seat))

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        """A rule-book reason why ``action`` is refused, for the mistakes people make; None
        falls back to the engine's generic message (which names a wrong type or key)."""
        return None

    def _why_not_to_move(self, seat: int) -> str | None:
        """Why ``seat`` has no decision now, when the game can say more than "not to move"."""
        return None

    def _prepare_determinize(self, seat: int | None) -> None:
        """Called on the real state before ``determinize`` clones it: warm caches a game
        keeps for a seat's beliefs (they then serve every later sample).  Default: nothing."""

    # ---- the contract ---------------------------------------------------------------------
    def legal_actions(self, seat: int, copy: bool = True) -> list[Action]:
        """Every action ``seat`` may take now, in a deterministic order; [] if not to move.

        ``copy=False`` returns the engine's own cached list, for callers that only read it
        (bots, playouts): it saves a copy per decision, and must not be changed."""
        self._check_seat(seat)
        return list(self._legal(seat)) if copy else self._legal(seat)

    def _legal(self, seat: int) -> list[Action]:
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_actions(seat) if seat in self.to_move else []
            self._legal_cache[seat] = cached
        return cached

    def remember_legal(self, seat: int, actions: list[Action]) -> None:
        """Keep a legal list a game computed anyway (e.g. while skipping forced steps).

        It must be exactly what ``_legal_actions(seat)`` would return now; the next apply drops it."""
        self._legal_cache[seat] = actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat``; an illegal one raises IllegalAction and changes nothing.

        Legal means equal to one of ``legal_actions(seat)`` in type as well as value (``1.0``
        and ``True`` are not ``1``), and what is recorded is that legal action, never the
        caller's object."""
        self._check_seat(seat)
        if self.is_over:
            raise IllegalAction("the game is over; no more actions are accepted")
        if seat not in self.to_move:
            waiting = ", ".join(str(s) for s in self.to_move)
            reason = self._why_not_to_move(seat)
            raise IllegalAction(reason or f"seat {seat} is not to move; waiting for seat(s) {waiting}")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action must be a mapping like {{'type': ...}}; got {short(action)}")
        try:
            canonical = self._find_legal(seat, action)
            problem = None if canonical is not None else (
                self._why_illegal(seat, action) or explain_illegal(action, self._legal(seat)))
        except (TypeError, KeyError, AttributeError, ValueError, IndexError) as exc:
            # A safety net: validation must never crash on odd input, whatever a game forgot.
            canonical, problem = None, f"malformed action {short(action)} ({type(exc).__name__})"
        if canonical is None:
            raise IllegalAction(problem or f"action {short(action)} is not legal now")
        return self._play(seat, canonical)

    def apply_trusted(self, seat: int, action: Action) -> list[Event]:
        """The fast path: play an action taken from ``legal_actions(seat)`` at this very
        position, without judging it again.

        Bots, playouts, replays of the engine's own records and the interop adapters use it;
        anything that comes from outside goes through :meth:`apply`.  Passing anything else
        is a bug in the caller and may corrupt the state."""
        return self._play(seat, action)

    def apply_index(self, seat: int, index: int) -> list[Event]:
        """Play the ``index``-th of ``legal_actions(seat)`` (trusted: the engine's own list)."""
        legal = self._legal(seat)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal):
            raise IllegalAction(f"action index must be a whole number from 0 to {len(legal) - 1}; got {index!r}")
        return self._play(seat, legal[index])

    def _play(self, seat: int, action: Action) -> list[Event]:
        action = dict(action)
        self._legal_cache.clear()
        draws = self.rng.draws
        bound = self._BOUND_PHASES.get(self.phase) if self._BOUND_PHASES else None
        if bound is None or not bound.independent:
            events = self._apply(seat, action)
            self._actions.append([seat, action])
            self._fence = len(self._actions)
        else:
            shared = bound.shared
            before = shared(self) if shared is not None else None
            events = self._apply(seat, action)
            self._actions.append([seat, action])
            if self.phase != bound.name:        # the phase ended: its run is over
                self._fence, self._shared_by = len(self._actions), ()
            elif shared is not None and shared(self) != before:
                self._shared_by = (*self._shared_by, len(self._actions) - 1)
        if self.rng.draws != draws:
            self._sealed = len(self._actions)
        else:
            reveals = self.REVEALS
            for event in events:  # a loop, not any(generator): this runs at every action of every game
                if "to" in event or event["type"] in reveals:
                    self._sealed = len(self._actions)
                    break
        return events

    def undo_indices(self, seat: int) -> list[int]:
        """The places in the record of the actions ``seat`` may take back, oldest first (see
        :meth:`undo_steps`); the record without exactly these actions is the position after
        the undo, and every other seat's action in it is still legal there."""
        self._check_seat(seat)
        if seat not in self.to_move:
            return []
        found: list[int] = []
        crossed = False    # another seat's action lies between the newest action and this one
        actions, fence, shared_by = self._actions, self._fence, self._shared_by
        for index in range(len(actions) - 1, self._sealed - 1, -1):
            if actions[index][0] == seat:
                if crossed and (index < fence or index in shared_by):
                    break
                found.append(index)
            elif index >= fence:
                crossed = True
            else:
                break
        found.reverse()
        return found

    def undo_steps(self, seat: int) -> int:
        """How many of its latest actions ``seat`` may take back (Board Game Arena's policy).

        Only while it is still this seat's decision, only its own actions, and never back past
        chance or anything revealed.  Other seats' actions may lie in between only when they
        were all played in the same phase the game declared ``independent`` (each seat acts
        on its own things), and none of the actions taken back that come before them changed
        what the seats share there (the phase's ``shared``).  To undo, replay the record
        without the actions :meth:`undo_indices` names: the others' stay, and are still
        legal, since nothing they depended on changed."""
        return len(self.undo_indices(seat))

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

    # ---- words for people: labels, log lines, the prompt and the end --------------------------
    #: The players' names while a label is being written (``names=`` below); None: "Player 2".
    _names: tuple[str, ...] | None = None

    def player(self, seat: int, lang: str = "en") -> str:
        """How a label names ``seat``: the name the table shows when the caller passed
        ``names``, else "Player 2" / "Jugador 2" / "Joueur 2" (seats counted from 1)."""
        names = self._names
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return player_word(seat, lang)

    def _with_names(self, names: Iterable[str] | None, write: Any, *args: Any) -> Any:
        if names is None:
            return write(*args)
        before, self._names = self._names, tuple(names)
        try:
            return write(*args)
        finally:
            self._names = before

    def describe(self, action: Action, lang: str = "en", names: Iterable[str] | None = None) -> str:
        """An action's label in words; ``names`` are the seats' names, as the table shows them."""
        return self._with_names(names, self._describe, action, check_lang(lang))

    def describe_all(self, actions: Iterable[Action], lang: str = "en",
                     names: Iterable[str] | None = None) -> list[str]:
        """The labels of many actions of this position at once (a table labels its whole legal
        list at every move): the same words as ``describe`` one by one."""
        return self._with_names(names, self._describe_all, list(actions), check_lang(lang))

    def _describe_all(self, actions: list[Action], lang: str) -> list[str]:
        """A game with long legal lists may share the work between their labels (Dschunke
        names some 400 placements per decision); default: one ``_describe`` each."""
        return [self._describe(action, lang) for action in actions]

    def describe_event(self, event: Event, lang: str = "en", names: Iterable[str] | None = None) -> str:
        """A log line for ``event`` in the past tense; games with richer logs override ``_describe_event``."""
        return self._with_names(names, self._describe_event, event, check_lang(lang))

    def _describe_event(self, event: Event, lang: str) -> str:
        return ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("to", "not_to"))

    def prompt(self, seat: int, lang: str = "en", names: Iterable[str] | None = None) -> str:
        """What ``seat`` is asked to decide now, in words ("Choose an ambulance - ambulance 1 is
        barred to the first player"); web and terminal show the same line.  "" when ``seat``
        has no decision."""
        self._check_seat(seat)
        lang = check_lang(lang)
        if seat not in self.to_move:
            return ""
        return self._with_names(names, self._prompt, seat, lang)

    def _prompt(self, seat: int, lang: str) -> str:
        from .i18n import generic_prompt

        return generic_prompt(lang)

    def score_breakdown(self, lang: str = "en", names: Iterable[str] | None = None) -> list[list[tuple[str, float]]]:
        """Per seat, the lines that make its score: ``(what, points)`` in words, summing to
        ``scores[seat]`` (Dice Hospital: discharges per round, -2 per fatality...)."""
        return self._with_names(names, self._score_breakdown, check_lang(lang))

    def _score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]:
        from .i18n import score_word

        return [[(score_word(lang), score)] for score in self.scores]

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

    def clone(self, rng: CountingRandom | None = None) -> State:
        """An independent copy; ``rng`` replaces the copy of this state's generator (the
        interop's explicit chance gives its clones a script instead)."""
        other = object.__new__(type(self))
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.rng = self.rng.copy() if rng is None else rng
        other._actions = list(self._actions)
        other._legal_cache = {}
        other._sealed = self._sealed
        other._fence, other._shared_by = self._fence, self._shared_by
        self._copy_fields(other)
        other.derive()
        return other

    def _copy_fields(self, other: State) -> None:
        """Copy game data into a clone: the fields with a declared shape by that shape, the
        rest through marshal, a fast exact copy of any plain data."""
        plan = self._COPY_PLAN
        plan.copy_into(self, other)
        rest = plan.rest
        if rest:
            data = marshal.loads(marshal.dumps([getattr(self, name) for name in rest]))
            for name, value in zip(rest, data, strict=True):
                setattr(other, name, value)

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A full state consistent with ``view(seat)``; hidden parts and the future resampled."""
        if seat is not None:
            self._check_seat(seat)
        self._prepare_determinize(seat)
        other = self.clone()
        other.seed = rng.getrandbits(63)
        other.rng.seed(other.seed)
        other._resample_hidden(seat, rng)
        # The true actions could be replayed into the true state: keep only who acted.
        other._actions = self._who_acted()
        other._sealed = len(other._actions)
        return other

    def _who_acted(self) -> list[list[Any]]:
        """A fresh copy of the record with every action hidden: ``[seat, None]`` per action.

        Why kept: a search determinizes the same position thousands of times, and a Dice
        Hospital game is hundreds of actions long; the record only ever grows, so the hidden
        copy is extended by the new actions and copied, not rebuilt.  The entries are never
        changed in place, so copies may share them.  Not carried over to clones."""
        blanks = self._blanks
        if blanks is None or len(blanks) > len(self._actions):
            blanks = self._blanks = []
        if len(blanks) < len(self._actions):
            blanks.extend([actor, None] for actor, _ in self._actions[len(blanks):])
        return blanks.copy()

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


def same(a: Any, b: Any) -> bool:
    """Equal in type as well as value, all the way down (``1.0``, ``True`` and ``1`` differ)."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        if a.keys() != b.keys():
            return False
        for key, value in a.items():
            other = b[key]
            if type(value) is not type(other):
                return False
            if type(value) in _CONTAINERS:
                if not same(value, other):
                    return False
            elif value != other:
                return False
        return True
    if kind in _CONTAINERS:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


_CONTAINERS = (dict, list, tuple)


def find_same(action: Action, legal: Iterable[Action]) -> Action | None:
    """The member of ``legal`` that is :func:`same` as ``action``, or None."""
    for candidate in legal:
        if candidate == action and same(candidate, action):
            return candidate
    return None


def short(value: Any, limit: int = 200) -> str:
    """``repr`` cut to ``limit`` characters: messages quote what was sent, never all of it."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def explain_illegal(action: Action, legal: Iterable[Action]) -> str:
    """A message naming what is wrong with ``action`` compared with what is legal now."""
    legal = list(legal)
    if not legal:
        return "no action is legal for this seat now"
    kind = action.get("type")
    same_type = [a for a in legal if a.get("type") == kind]
    if not same_type:
        kinds = sorted({str(a.get("type")) for a in legal})
        return f"action type {short(kind)} is not possible now; possible types: {', '.join(kinds)}"
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
                f"got {type(value).__name__} {short(value)}"
            )
    for key in sorted(expected):
        values = {repr(a[key]) for a in same_type}
        if repr(action[key]) not in values:
            return f"action {kind!r}: {key}={short(action[key])} is not possible now"
    return f"action {short(action)} is not legal now"
