"""The authoring contract as data: every hook a game writes, and the check run when it registers.

Why declare it: what a game author must write used to be found only by reading the engine,
the command line, the interop layer and the tests.  Here each hook is one :class:`Hook` (its
name, whether it is required, on Game or State, its signature and why it exists), so
``docs/authoring.md``, the registration check and the tests read the same list.  The check
(:func:`problems`, called by :mod:`ludoteca.engine.registry`) refuses a game that

* lacks a required hook (``setup``, ``_view``, ``is_over``, ``scores``, ``FIELDS``, and the
  turn structure: ``PHASES`` or ``to_move`` + ``_legal_actions`` + ``_apply``);
* defines a name one or two letters away from a hook (``_legal_action``, ``_resample_hiden``,
  ``dervie``): a misspelt hook is never called, and the engine's default runs silently;
* declares a phase naming a method its state class lacks;
* overrides a public contract method (``apply``, ``determinize``, ``view``...): those are
  the engine's, the same for every game; a game changes behaviour through the hooks;
* declares ``SECRETS`` or ``REVEALS`` that do not fit (an unknown field, a bad kind).

Nothing here imports a game.
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .game import Game
from .state import State

Owner = Literal["Game", "State"]
Need = Literal["required", "optional", "required without PHASES"]
Kind = Literal["method", "property", "attribute"]

#: The values a ``SECRETS`` entry may take: who may see the field.
SECRET_KINDS = ("seat", "nobody")
#: What a game id looks like: lower-case words joined by dashes (it is part of URLs and records).
GAME_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class ContractError(TypeError):
    """A game that does not keep the authoring contract; the message names every problem."""


@dataclass(frozen=True)
class Hook:
    """One thing a game writes: where, whether it must, its signature, and why it exists."""

    name: str
    owner: Owner
    need: Need
    kind: Kind
    signature: str
    why: str

    @property
    def params(self) -> list[str]:
        """The parameter names after ``self`` that the signature lists (for methods)."""
        inside = self.signature[self.signature.index("(") + 1: self.signature.index(")")]
        return [p.split(":")[0].split("=")[0].strip() for p in inside.split(",")
                if p.strip() and p.strip() not in ("self", "*")]


def _hooks() -> tuple[Hook, ...]:
    s, g = "State", "Game"
    req, opt, turn = "required", "optional", "required without PHASES"
    m, p, a = "method", "property", "attribute"
    return (
        # ---- State: the rules --------------------------------------------------------------
        Hook("FIELDS", s, req, a, "FIELDS: tuple[str, ...]",
             "names of the plain-data attributes that are the position; saving, loading, cloning and "
             "equality copy exactly these"),
        Hook("setup", s, req, m, "setup(self) -> None",
             "lays out the components and deals with self.rng, like the rule book's set-up"),
        Hook("derive", s, opt, m, "derive(self) -> None",
             "rebuilds caches computed from FIELDS (indexes, self.content); the engine calls it after "
             "setup, clone and from_json, so derived data is restored in one place"),
        Hook("PHASES", s, opt, a, "PHASES: Mapping[str, Phase]  (phase_table(...))",
             "the declared turn structure; with it to_move, _legal_actions and _apply come from the "
             "table, and the current phase's name lives in the FIELD 'phase'"),
        Hook("to_move", s, turn, p, "to_move(self) -> tuple[int, ...]",
             "the seats whose decision is pending; () when over"),
        Hook("_legal_actions", s, turn, m, "_legal_actions(self, seat: int) -> list[Action]",
             "every legal action of a seat to move, complete and in a deterministic order"),
        Hook("_apply", s, turn, m, "_apply(self, seat: int, action: Action) -> list[Event]",
             "carries out a legal action (the engine has already checked it) and returns the events"),
        Hook("_view", s, req, m, "_view(self, seat: int | None) -> dict",
             "all that seat may know and nothing more (None: a spectator); every view has phase, "
             "scores and seats"),
        Hook("is_over", s, req, p, "is_over(self) -> bool", "whether the game has ended"),
        Hook("scores", s, req, p, "scores(self) -> list[float]",
             "one number per seat: the public score now, the final score when over"),
        Hook("winners", s, opt, p, "winners(self) -> list[int]",
             "the winning seats once over; default: the best score (games with tie-breaks override)"),
        Hook("REVEALS", s, opt, a, "REVEALS: frozenset[str]",
             "event types that show a seat something hidden; undo never goes back past one"),
        Hook("SECRETS", s, opt, a, "SECRETS: Mapping[str, Mapping[str, str]]",
             "what not every seat may see, for the conformance suite's leak check: pool of "
             "interchangeable pieces -> {FIELD: 'seat' (one entry per seat, seen only by that seat) "
             "or 'nobody' (seen by no seat, e.g. a pile's order)}"),
        Hook("_resample_hidden", s, opt, m, "_resample_hidden(self, seat: int | None, rng: Random) -> None",
             "redraws what seat cannot know (other hands, pile order) on a clone, for determinize; it "
             "must depend only on view(seat) and rng"),
        Hook("_prepare_determinize", s, opt, m, "_prepare_determinize(self, seat: int | None) -> None",
             "warms caches on the real state before determinize clones it"),
        Hook("_describe", s, opt, m, "_describe(self, action: Action, lang: str) -> str",
             "an action's label in words (en, es, fr), never the engine's k=v fallback"),
        Hook("_describe_event", s, opt, m, "_describe_event(self, event: Event, lang: str) -> str",
             "an event's log line in words (en, es, fr), past tense, naming seats with self.player(seat, "
             "lang); a public event whose private twin replaces it for some seats lists them in 'not_to'"),
        Hook("_prompt", s, opt, m, "_prompt(self, seat: int, lang: str) -> str",
             "what the seat is asked to decide now, specific to the decision ('Choose 2 patients of value "
             "1-2'); the web page and the terminal show the same line"),
        Hook("_score_breakdown", s, opt, m, "_score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]",
             "per seat, the (what, points) lines that sum to its score, for the end screen"),
        Hook("_find_legal", s, opt, m, "_find_legal(self, seat: int, action: Action) -> Action | None",
             "the legal action equal to action in type as well as value, for games with long legal lists"),
        Hook("_why_illegal", s, opt, m, "_why_illegal(self, seat: int, action: Action) -> str | None",
             "a rule-book reason for a refused action (None: the engine's generic message)"),
        Hook("_why_not_to_move", s, opt, m, "_why_not_to_move(self, seat: int) -> str | None",
             "why a seat has no decision now, when the game can say more than 'not to move'"),
        Hook("_dump_fields", s, opt, m, "_dump_fields(self) -> dict",
             "FIELDS as JSON, only where a faster internal structure needs its own"),
        Hook("_load_fields", s, opt, m, "_load_fields(self, fields: dict) -> None",
             "the inverse of _dump_fields"),
        Hook("_copy_fields", s, opt, m, "_copy_fields(self, other: State) -> None",
             "copies FIELDS into a clone, only where a faster internal structure needs its own"),
        Hook("action_index", s, opt, m, "action_index(self, action: Action) -> int",
             "RL interop: the action's fixed number in 0..num_distinct_actions-1 (delegate to encoding.py)"),
        Hook("index_action", s, opt, m, "index_action(self, index: int) -> Action",
             "RL interop: the inverse of action_index"),
        # ---- Game: the description -----------------------------------------------------------
        Hook("id", g, req, a, "id: str", "lower-case words joined by dashes; in URLs, records and the registry"),
        Hook("title", g, req, a, "title: str", "the name people read"),
        Hook("min_players", g, req, a, "min_players: int", "the fewest seats"),
        Hook("max_players", g, req, a, "max_players: int", "the most seats"),
        Hook("state_class", g, req, a, "state_class: type[State]", "the State subclass with the rules"),
        Hook("description", g, req, a, "description: dict[str, str]", "one sentence in en, es and fr for the lobby"),
        Hook("version", g, opt, a, "version: int",
             "the rules version written into records; raise it when old records would replay differently"),
        Hook("option_specs", g, opt, a, "option_specs: dict[str, Option]",
             "the options (choice, flag, number with minimum and maximum, params_option)"),
        Hook("variants", g, opt, a, "variants: dict[str, dict]",
             "named option bundles; the conformance suite plays each"),
        Hook("experimental_players", g, opt, a, "experimental_players: tuple[int, ...]",
             "player counts that play but are marked experimental"),
        Hook("hidden_information", g, opt, a, "hidden_information: bool",
             "False for a game without hidden information or chance"),
        Hook("search_hints", g, opt, a, "search_hints: dict[str, float]",
             "chain_depth, chain_budget, confidence for the search bots"),
        Hook("example", g, opt, a, "example: bool",
             "True for a teaching example: playable by id, tested everywhere, not listed by games() or the lobby"),
        Hook("play_minutes", g, opt, a, "play_minutes: tuple[int, int]", "the lobby card: minutes a game takes"),
        Hook("complexity", g, opt, a, "complexity: int", "the lobby card: rules weight, 1 light to 5 heavy"),
        Hook("variant_words", g, opt, a, "variant_words: dict[str, dict[str, dict[str, str]]]",
             "each variant's name and description per language, for the lobby's presets"),
        Hook("catalogue", g, opt, m, "catalogue(self, options: Mapping | None = None, lang: str = 'en') -> list[dict]",
             "every component with what it does and its numbers, from the content of these options "
             "(id, kind, name, text, facts); boards mark elements with data-card=id"),
        Hook("reference", g, opt, m, "reference(self, options: Mapping | None = None, lang: str = 'en') -> list[dict]",
             "tables a player consults (title, columns, rows, note), from the content of these options"),
        Hook("rules_text", g, opt, m, "rules_text(self, lang: str = 'en') -> str",
             "the rules page's Markdown (default: the package's rules/<lang>.md)"),
        Hook("resolve_options", g, opt, m, "resolve_options(self, options: Mapping | None) -> dict",
             "options with defaults; extend it to check combinations and params (call the content loader)"),
        Hook("evaluate", g, opt, m, "evaluate(self, view: dict, seat: int) -> float",
             "the heuristic for the normal bot, from the seat's own view only (delegate to heuristic.py)"),
        Hook("evaluate_state", g, opt, m, "evaluate_state(self, state: State, seat: int) -> float",
             "the same value as evaluate(state.view(seat), seat) without building the view, for the "
             "search bots (tests must show the two agree)"),
        Hook("render_text", g, opt, m, "render_text(self, view: dict, lang: str = 'en') -> str",
             "the board for `ludoteca play` (delegate to terminal.py)"),
        Hook("num_distinct_actions", g, opt, m, "num_distinct_actions(self, players: int, options: Any = None) -> int",
             "RL interop: how many action numbers there are"),
        Hook("observation_size", g, opt, m, "observation_size(self, players: int, options: Any = None) -> int",
             "RL interop: the length of encode(view)"),
        Hook("encode", g, opt, m, "encode(self, view: dict) -> list[float]",
             "RL interop: the view as numbers, from documented view keys only"),
        Hook("encode_array", g, opt, m, "encode_array(self, view: dict) -> numpy.ndarray",
             "RL interop: encode as a float32 array (faster; preferred when present)"),
        Hook("explain", g, opt, m, "explain(self, topic: str, view: dict, lang: str = 'en') -> str | None",
             "terminal: what a named component does, for '? name' at the prompt (delegate to terminal.py)"),
        Hook("parse_move", g, opt, m,
             "parse_move(self, state: State, seat: int, text: str, lang: str = 'en') -> Mapping | None",
             "terminal: a move in the game's own notation; ValueError says why a mistyped or illegal one fails"),
        Hook("progress", g, opt, m, "progress(self, state: State) -> tuple[int, int] | None",
             "balance lab: (round now, rounds planned); a checkpoint whenever the round grows"),
        Hook("checkpoint", g, opt, m, "checkpoint(self, state: State) -> bool",
             "balance lab: True when the action just applied ended a round (without progress)"),
        Hook("seat_order", g, opt, m, "seat_order(self, state: State) -> list[int] | None",
             "balance lab: the seats in the first round's order of play, for turn-order shares"),
        Hook("telemetry", g, opt, m, "telemetry(self, state: State, seat: int) -> dict[str, float]",
             "balance lab: a seat's public numbers (oxygen, damage...) for fan charts"),
        Hook("content_keys", g, opt, m,
             "content_keys(self, state: State, action: Mapping, seat: int | None = None) -> list[str] | None",
             "balance lab: content keys an action touches (cells.neutrophil); None: generic matching"),
        Hook("max_game_length", g, opt, m, "max_game_length(self, players: int, options: Any = None) -> int",
             "RL interop: an upper bound on the number of actions in a game"),
        Hook("observation_planes", g, opt, m,
             "observation_planes(self, players: int, options: Any = None) -> tuple[int, int, int]",
             "RL interop: the observation starts with the board as (channels, rows, columns) planes"),
        Hook("action_spaces", g, opt, a, "action_spaces: dict[str, type]",
             "RL interop: extra action numberings by name (size, index, action, shared; see interop.core)"),
        Hook("default_actions", g, opt, a, "default_actions: str",
             "RL interop: the numbering the interfaces use unless told ('full': the game's own)"),
    )


HOOKS: tuple[Hook, ...] = _hooks()

#: The engine's own methods and attributes: the same for every game, never overridden.
PUBLIC: dict[str, frozenset[str]] = {
    "State": frozenset({
        "apply", "apply_trusted", "apply_index", "legal_actions", "view", "clone", "to_json", "record",
        "describe", "describe_event", "determinize", "undo_steps", "remember_legal", "version",
        "player", "prompt", "score_breakdown", "_names", "_with_names", "undo_indices", "_fence", "_shared_by",
        "_legal", "_play", "_header", "_check_seat", "__init__", "__eq__", "__hash__",
        "game", "players", "seed", "options", "rng",
    }),
    "Game": frozenset({"options", "new", "replay", "from_json", "_check_header"}),
}
BASES: dict[str, type] = {"State": State, "Game": Game}


def hooks(owner: Owner | None = None) -> list[Hook]:
    """The hooks of ``owner`` (all when None), in the order docs/authoring.md lists them."""
    return [h for h in HOOKS if owner is None or h.owner == owner]


def hook(name: str, owner: Owner) -> Hook:
    for h in HOOKS:
        if h.name == name and h.owner == owner:
            return h
    raise KeyError(f"{owner}.{name} is not a hook")


def problems(game: Any) -> list[str]:
    """Everything wrong with ``game`` against the contract, one readable sentence each ([] if none)."""
    if not isinstance(game, Game):
        return [f"GAME must be an instance of a Game subclass; got {type(game).__name__}"]
    label = getattr(type(game), "id", None) or type(game).__name__
    found = _game_problems(game)
    state_class = getattr(type(game), "state_class", None)
    if not (isinstance(state_class, type) and issubclass(state_class, State)):
        found.append("Game.state_class must be a State subclass")
    else:
        found += _state_problems(state_class)
    return [f"{label}: {p}" for p in found]


def require(game: Any) -> None:
    """Raise :class:`ContractError` naming every problem of ``game`` (the registry calls it)."""
    found = problems(game)
    if found:
        raise ContractError("the game does not keep the authoring contract (docs/authoring.md):\n  "
                            + "\n  ".join(found))


# ---- the checks --------------------------------------------------------------------------------
def _game_problems(game: Game) -> list[str]:
    cls = type(game)
    found = _owner_problems(cls, "Game")  # names a required attribute that is absent
    for name in ("id", "title"):
        value = getattr(cls, name, None)
        if _defined(cls, name) and (not isinstance(value, str) or not value):
            found.append(f"Game.{name} must be a non-empty string")
    game_id = getattr(cls, "id", None)
    if isinstance(game_id, str) and game_id and not GAME_ID.match(game_id):
        found.append(f"Game.id {game_id!r} must be lower-case words joined by dashes, like 'dice-hospital'")
    low, high = getattr(cls, "min_players", None), getattr(cls, "max_players", None)
    numbers = all(isinstance(n, int) and not isinstance(n, bool) for n in (low, high))
    if (_defined(cls, "min_players") and _defined(cls, "max_players")) and (not numbers or not 1 <= low <= high):
        found.append("Game.min_players and max_players must be whole numbers with 1 <= min_players <= max_players")
    if _defined(cls, "description") and (not isinstance(cls.description, Mapping) or not cls.description):
        found.append("Game.description must map each language (en, es, fr) to a sentence")
    if not isinstance(getattr(cls, "example", False), bool):
        found.append("Game.example must be True or False")
    return found


def _state_problems(cls: type[State]) -> list[str]:
    found = _owner_problems(cls, "State")
    fields = cls.FIELDS
    if not isinstance(fields, tuple) or not fields or not all(isinstance(f, str) for f in fields):
        found.append("State.FIELDS must be a non-empty tuple of attribute names")
        fields = ()
    elif len(set(fields)) != len(fields):
        found.append("State.FIELDS names a field twice")
    if cls.PHASES:
        found += _phase_problems(cls, fields)
    else:
        missing = [h.name for h in hooks("State") if h.need == "required without PHASES"
                   and not _defined(cls, h.name)]
        if missing:
            found.append(f"State declares no PHASES and lacks {', '.join(missing)}: "
                         "declare the turn structure (PHASES = phase_table(...)) or write them")
    reveals = cls.REVEALS
    if not isinstance(reveals, (set, frozenset)) or not all(isinstance(r, str) for r in reveals):
        found.append("State.REVEALS must be a frozenset of event type names")
    found += _secret_problems(getattr(cls, "SECRETS", None), fields)
    return found


def _owner_problems(cls: type, owner: Owner) -> list[str]:
    """Required hooks present, none misspelt, nothing public overridden, kinds and arities right."""
    base = BASES[owner]
    other: Owner = "Game" if owner == "State" else "State"
    own = {h.name: h for h in hooks(owner)}
    elsewhere = {h.name for h in hooks(other)} - set(own)
    known = set(own) | PUBLIC[owner]
    engine_own = set(vars(base)) - known  # the engine's own bookkeeping (set per subclass): no typo
    found = [f"{owner} lacks the required {h.kind} {h.name} ({h.why})"
             for h in own.values() if h.need == "required" and not _defined(cls, h.name)]
    for name, value, where in _written(cls, base):
        if name in PUBLIC[owner] and name not in own:
            found.append(f"{where}.{name} overrides the engine's public {owner}.{name}; use the hooks "
                         "instead (docs/authoring.md lists them)")
        elif name in own:
            found += _shape_problems(own[name], value, where)
        elif name in elsewhere:
            found.append(f"{where}.{name} is a {other} hook, written on the {owner}: the engine never calls it there")
        elif not name.startswith("__") and name not in engine_own:
            near = close_hook(name, known)
            if near is not None:
                found.append(f"{where}.{name} looks like a misspelt {owner} hook {near!r}; rename it "
                             f"(or pick a name not so close to a hook)")
    return found


def _shape_problems(spec: Hook, value: Any, where: str) -> list[str]:
    if spec.kind == "property" and callable(value) and not isinstance(value, property):
        return [f"{where}.{spec.name} must be a property (@property), not a plain method"]
    if spec.kind == "method":
        function = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
        if not callable(function):
            return [f"{where}.{spec.name} must be a method {spec.signature}"]
        try:
            params = list(inspect.signature(function).parameters.values())[1:]
        except (TypeError, ValueError):
            return []
        if any(p.kind is p.VAR_POSITIONAL for p in params):
            return []
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        needed = [p for p in positional if p.default is p.empty]
        if not len(needed) <= len(spec.params) <= len(positional):
            return [f"{where}.{spec.name} takes ({', '.join(p.name for p in positional)}); "
                    f"the engine calls {spec.signature}"]
    return []


def _phase_problems(cls: type[State], fields: Iterable[str]) -> list[str]:
    found = []
    if "phase" not in fields:
        found.append("State declares PHASES but keeps no FIELD 'phase' (the current phase's name)")
    for phase in cls.PHASES.values():
        for method in phase.method_names():
            if not callable(getattr(cls, method, None)):
                near = closest(method, [n for n in dir(cls) if not n.startswith("__")])
                hint = f" (did you mean {near!r}?)" if near else ""
                found.append(f"phase {phase.name!r} names the method {method!r}, which "
                             f"{cls.__name__} lacks{hint}")
    return found


def _secret_problems(secrets: Any, fields: Iterable[str]) -> list[str]:
    if secrets is None:
        return []
    fields = set(fields)
    if not isinstance(secrets, Mapping):
        return ["State.SECRETS must map a pool name to {FIELD: 'seat' or 'nobody'}"]
    found = []
    for pool, members in secrets.items():
        if not isinstance(members, Mapping) or not members:
            found.append(f"State.SECRETS[{pool!r}] must map FIELD names to 'seat' or 'nobody'")
            continue
        for name, who in members.items():
            if name not in fields:
                found.append(f"State.SECRETS[{pool!r}] names {name!r}, which is not one of FIELDS")
            if who not in SECRET_KINDS:
                found.append(f"State.SECRETS[{pool!r}][{name!r}] must be 'seat' or 'nobody'; got {who!r}")
    return found


# ---- helpers -------------------------------------------------------------------------------------
def _defined(cls: type, name: str) -> bool:
    """Whether a class between ``cls`` and the engine's base writes ``name``."""
    base = State if issubclass(cls, State) else Game
    return any(name in vars(klass) for klass in cls.__mro__ if klass not in base.__mro__)


def _written(cls: type, base: type) -> list[tuple[str, Any, str]]:
    """(name, value, class name) of everything the game's own classes write (mixins included)."""
    seen: set[str] = set()
    written = []
    for klass in cls.__mro__:
        if klass in base.__mro__:
            continue
        for name, value in vars(klass).items():
            if name not in seen and name not in ("__module__", "__qualname__", "__doc__", "__dict__",
                                                  "__weakref__", "__annotations__", "__firstlineno__",
                                                  "__static_attributes__", "__orig_bases__", "__parameters__"):
                seen.add(name)
                written.append((name, value, klass.__name__))
    return written


def close_hook(name: str, known: Iterable[str]) -> str | None:
    """The hook ``name`` is a typo of, or None.

    A typo is one edit away from a hook of up to six letters, or two from a longer one
    (an edit: a letter added, dropped, changed, or two neighbours swapped); names of three
    letters or fewer are never judged, nor names differing at both ends.  Edit distance
    rather than difflib's ratio, which calls ``_clear_actions`` closer to ``_legal_actions``
    than ``dervie`` to ``derive``; and only hooks of about the same length are compared, so
    checking a game costs a few milliseconds."""
    best: tuple[int, str] | None = None
    for candidate in known:
        limit = 1 if len(candidate) <= 6 else 2
        if (len(candidate) <= 3 or candidate == name or abs(len(candidate) - len(name)) > limit
                or (candidate[0] != name[0] and candidate[-1] != name[-1])):
            continue  # one edit never changes both ends, and two there make another name
        distance = edit_distance(name, candidate, limit)
        if distance <= limit and (best is None or (distance, candidate) < best):
            best = (distance, candidate)
    return best[1] if best else None


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest ``name`` (difflib's shortlist, fewest edits first), or None."""
    shortlist = difflib.get_close_matches(name, list(candidates), n=5, cutoff=0.6)
    return min(shortlist, key=lambda c: edit_distance(name, c), default=None)


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps.

    With ``limit``, only the band of cells within ``limit`` of the diagonal is computed and
    any distance above it is reported as ``limit + 1`` (enough to say "not a typo", cheaply)."""
    if limit is not None and abs(len(a) - len(b)) > limit:
        return limit + 1
    band = max(len(a), len(b)) if limit is None else limit
    far = band + 1  # stands for "more than the band"
    previous2: list[int] = []
    previous = [j if j <= band else far for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        current = [i if i <= band else far] + [far] * len(b)
        for j in range(max(1, i - band), min(len(b), i + band) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2[j - 2] + 1)
            current[j] = min(value, far)
        if limit is not None and min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]
