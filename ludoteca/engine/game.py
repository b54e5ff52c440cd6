"""The Game half of the contract: metadata, options, new games, loading and replaying."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, ClassVar

from .errors import IllegalAction, RecordError
from .options import Option, resolve
from .state import CountingRandom, State, short


class Game:
    """A game's description.  Subclasses set the class attributes and ``state_class``."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    version: ClassVar[int] = 1
    state_class: ClassVar[type[State]]
    option_specs: ClassVar[dict[str, Option]] = {}
    #: Named option bundles (a lobby's variant list; the conformance suite plays each).
    variants: ClassVar[dict[str, dict[str, Any]]] = {}
    #: A teaching example (docs/authoring.md): registered, tested and playable by id, but not
    #: listed by ``ludoteca.games()`` nor offered in the lobby.
    example: ClassVar[bool] = False
    #: Player counts that are playable but experimental (marked as such in the lobby).
    experimental_players: ClassVar[tuple[int, ...]] = ()
    description: ClassVar[dict[str, str]] = {}
    #: Whether any seat ever lacks information another has, or the future is random.
    hidden_information: ClassVar[bool] = True
    #: Facts about the game's decisions for search bots (``ludoteca.bots.ismcts``): how many
    #: links of a seat's own chain of decisions to look through (``chain_depth``) within how
    #: many positions (``chain_budget``), and how sure a search must be to overrule that
    #: look-ahead (``confidence``, in standard errors).  Empty: the search's defaults.
    search_hints: ClassVar[dict[str, float]] = {}
    #: Bot levels this game plays with another kind of bot than ``ludoteca.bots.levels``
    #: defines (level -> (kind, settings)), where that kind was measured stronger at the
    #: level's CPU budget (``ludoteca.bots.per_game``).  Empty: every level as defined there.
    bot_levels: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {}
    # ---- the lobby card and the rules page (words for players; docs/authoring.md) --------------
    #: How long a game takes, in minutes (fewest, most), as the box says.
    play_minutes: ClassVar[tuple[int, int]] = (0, 0)
    #: How heavy the rules are, 1 (light) to 5 (heavy), on BoardGameGeek's scale.
    complexity: ClassVar[int] = 0
    #: Each variant's name and one-line description, per language:
    #: ``{"rat-hot": {"en": {"name": "Rat Hot", "description": "..."}, "es": {...}, "fr": {...}}}``.
    variant_words: ClassVar[dict[str, dict[str, dict[str, str]]]] = {}

    @property
    def options(self) -> dict[str, Any]:
        return {name: spec.default for name, spec in self.option_specs.items()}

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; games extend this to check combinations."""
        return resolve(self.id, self.option_specs, options)

    def new(self, players: int | None = None, seed: int | None = None,
            options: Mapping[str, Any] | None = None, rng: CountingRandom | None = None) -> State:
        """A new game.  ``rng`` replaces the generator seeded from ``seed`` (the interop's
        explicit chance: ``ludoteca.interop.chance``); by default the seed decides every draw."""
        if players is None:
            players = self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number; got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players}-{self.max_players} players; got {players}"
            )
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number; got {seed!r}")
        return self.state_class(self, players, seed, self.resolve_options(options), rng=rng)

    def replay(self, record: Mapping[str, Any], trusted: bool = False) -> State:
        """Rebuild the exact state from a record; a foreign or damaged record raises RecordError.

        Every action must be canonical, equal to a legal one in type as well as value (a record
        holding ``1.0`` where the game lists ``1`` is damaged).  ``trusted=True`` skips that
        judgement, for records this process wrote itself from legal actions."""
        self._check_header(record, ("players", "seed", "options", "actions"))
        state = self.new(record["players"], record["seed"], record["options"])
        if not isinstance(record["actions"], (list, tuple)):
            raise RecordError("the record's actions must be a list of [seat, action]")
        for index, entry in enumerate(record["actions"]):
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                raise RecordError(f"record action {index} must be [seat, action]; got {short(entry)}")
            if trusted:
                state.apply_trusted(entry[0], entry[1])
                continue
            try:
                state.apply(entry[0], entry[1])
            except IllegalAction as exc:
                raise RecordError(f"record action {index} is illegal: {exc}") from exc
        return state

    def from_json(self, data: Mapping[str, Any]) -> State:
        self._check_header(data, ("players", "seed", "options", "rng", "actions", "state"))
        state = object.__new__(self.state_class)
        state.game = self
        state.players = data["players"]
        state.seed = data["seed"]
        state.options = self.resolve_options(data["options"])
        state.rng = CountingRandom(0)  # seeded only to skip reading the OS entropy; setstate follows
        version, internal, gauss = data["rng"]
        state.rng.setstate((version, tuple(internal), gauss))
        state._actions = [[seat, None if action is None else dict(action)] for seat, action in data["actions"]]
        state._legal_cache = {}
        state._sealed = len(state._actions)  # what was revealed before saving is unknown: no undo
        state._load_fields(data["state"])
        state.derive()
        return state

    def evaluate(self, view: dict[str, Any], seat: int) -> float:
        """A heuristic value of ``view`` for ``seat`` (higher is better), for GreedyBot.

        It reads only the seat's own view, so a bot using it can never cheat."""
        raise NotImplementedError(f"{self.id} has no heuristic evaluation yet")

    def evaluate_state(self, state: State, seat: int) -> float:
        """``evaluate(state.view(seat), seat)`` read straight from ``state``, for search bots
        that value thousands of positions a decision.  Optional; it must equal the view-based
        value on every position (so it reads nothing ``seat`` may not see), which the game's
        tests check.  The bots call it only on determinizations, never on the true state."""
        return self.evaluate(state.view(seat), seat)

    def evaluate_sharp(self, state: State, seat: int) -> float:
        """A sharper, costlier judgement than ``evaluate_state`` for the strongest bot levels
        (a search with the setting ``sharp=1``).  Optional; the default is ``evaluate_state``.

        Why a second heuristic: ``normal``'s one-step look-ahead needs a judgement cheap enough
        to value every legal action, while a game may know a better one that costs more (exact
        inference over the hidden cards from everything the seat has seen).  Giving it to
        ``expert`` alone makes a level stronger in kind, not only in budget.  The same duty as
        ``evaluate_state``: it reads nothing ``seat`` may not see (the bots call it only on
        determinizations), which the game's tests check."""
        return self.evaluate_state(state, seat)

    def greedy_values(self, state: State, seat: int, budget: int, depth: int) -> list[tuple[float, float]] | None:
        """What GreedyBot's look-ahead makes of each of ``state.legal_actions(seat)``, in that
        order, computed without playing each action on a copy of ``state``.  Optional.

        Entry ``i`` must equal exactly ``chain_value(child, seat, budget, depth)``
        (``ludoteca.bots.values``) for ``child`` a clone of ``state`` after the ``i``-th action:
        ``(outcome, heuristic)`` after the action, or through up to ``depth`` more links of the
        seat's own chain of decisions within ``budget`` positions.  Why a hook: the bot plays
        every legal action on a clone and values it (a clone, an apply and an evaluation per
        action), while a game can often tell what an action changes from its own structures
        (Dschunke: the groups a strip forms or breaks).  ``state`` is a determinization for
        ``seat`` (it reads only what the seat may know) and must be left unchanged; the legal
        actions are the true position's, since they depend only on what the seat knows.
        None (the default, or for a kind of decision the game does not cover): the bot plays
        each action on a clone, as always.  The game's tests check the equality."""
        return None

    # ---- words for players: what every component does, reference tables, the rules page ------

    def catalogue(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """Every card, tile and component a table can show, with what it does, read from the
        content of these options (so a ``params`` change shows in the page).  Each entry:
        ``{"id": "department:oncology", "kind": "Department", "name": "Oncology",
        "text": "what it does, in sentences", "facts": [["Cost", "2"], ...]}``; the board marks
        an element with ``data-card`` = its id, and the page shows the entry on hover or tap.
        Ids are for lookup only: no player ever reads one."""
        return []

    def reference(self, options: Mapping[str, Any] | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """Tables a player consults during play (Dice Hospital's discharge table, Herbalism's
        deck make-up), from the content of these options: ``[{"title": ..., "columns": [...],
        "rows": [[...], ...], "note": "..."}]``, every cell already words or numbers as text."""
        return []

    def rules_text(self, lang: str = "en") -> str:
        """The rules page's own text in Markdown (how to play here, the rulings), from the
        game package's ``rules/<lang>.md``; the page adds the options and content tables."""
        from importlib import resources

        from .i18n import check_lang

        package = type(self).__module__.rpartition(".")[0]
        try:
            return (resources.files(package) / "rules" / f"{check_lang(lang)}.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
            return ""

    # ---- optional terminal help for ``ludoteca play`` -----------------------------------------

    def explain(self, topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
        """What a named component does (``? cardiology`` at the terminal prompt), in words.

        ``topic`` is what the player typed after ``?``; empty asks for the list of topics.
        None: the game knows no such topic (the terminal then says so)."""
        return None

    def parse_move(self, state: State, seat: int, text: str, lang: str = "en") -> Mapping[str, Any] | None:
        """A move typed in the game's own notation (Dschunke: a grid reference on the board).

        Returns the legal action it names; None when ``text`` is not in the game's notation (the
        terminal then matches labels); raises ``ValueError`` saying why when it is in the
        notation but mistyped or illegal there."""
        return None

    # ---- optional telemetry for the balance lab (ludoteca.lab; docs/lab.md) ----------------
    # The lab measures every game through the contract alone; these hooks only make its
    # tension metrics, turn-order shares and content counts richer.  None imports the lab.

    def progress(self, state: State) -> tuple[int, int] | None:
        """``(round now, rounds planned)`` for the lab's ``rounds`` and its checkpoints: the lab
        takes a checkpoint whenever the round number grows.  None: the game has no rounds."""
        return None

    def checkpoint(self, state: State) -> bool:
        """True when the action just applied ended a round, for games whose rounds are not
        counted by :meth:`progress`.  Without either hook the lab checkpoints every decision."""
        return False

    def seat_order(self, state: State) -> list[int] | None:
        """The seats in the order they play the first round, for seat advantage by turn-order
        position.  The lab asks after set-up and after each action until it gets a list, so a
        game that rolls its order in play returns None until the order is known."""
        return None

    def telemetry(self, state: State, seat: int) -> dict[str, float]:
        """Public numbers of one seat (oxygen, damage, cells owned...) for the lab's fan charts."""
        return {}

    def content_keys(self, state: State, action: Mapping[str, Any], seat: int | None = None) -> list[str] | None:
        """The content keys ``seat``'s action touches (``["cells.neutrophil"]``), for usage counts
        and restricted bots; ``seat`` matters where several seats choose at once and an action
        names a card by its place in the chooser's own hand.  None: the lab matches the
        action's values against the content's keys."""
        return None

    def _check_header(self, data: Mapping[str, Any], keys: tuple[str, ...]) -> None:
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a mapping; got {type(data).__name__}")
        if data.get("game") != self.id:
            raise RecordError(f"this record is for game {data.get('game')!r}, not {self.id!r}")
        if data.get("version") != self.version:
            raise RecordError(
                f"this record is from {self.id} rules version {data.get('version')!r}; "
                f"this engine plays version {self.version}"
            )
        missing = [key for key in keys if key not in data]
        if missing:
            raise RecordError(f"the record lacks: {', '.join(missing)}")

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.title}, {self.min_players}-{self.max_players} players>"
