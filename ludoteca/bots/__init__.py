"""Bots: they see a position only through ``view(seat)`` and ``determinize(seat, rng)``.

>>> from ludoteca.bots import make
>>> bot = make("hard", seed=1)              # a level: easy, normal, hard, expert, learned
>>> bot = make("ismcts", iterations=200)    # a kind with a budget: random, greedy, ismcts, policy
>>> # action = bot.choose(state, seat)

Every bot has ``choose(state, seat) -> action`` and decides from ``state.view(seat)``,
``state.legal_actions(seat)`` and ``state.determinize(seat, rng)`` only.
"""

from __future__ import annotations

import inspect
from typing import Any, Protocol

from ludoteca.engine import Action, State

from .greedy import GreedyBot
from .ismcts import ISMCTSBot
from .learned import SEARCHES, LearnedBot
from .levels import LEVELS
from .per_game import PerGameLevel
from .playout import PlayoutBot
from .random_bot import RandomBot

__all__ = ["LEVELS", "Bot", "GreedyBot", "ISMCTSBot", "LearnedBot", "PerGameLevel", "PlayoutBot", "RandomBot", "make",
           "make_spec", "names"]

#: Every kind ``make`` knows; the searches are learned.py's list (its fallback needs them too).
KINDS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": SEARCHES["ismcts"],
                         "policy": LearnedBot, "playout": SEARCHES["playout"]}


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int) -> Action: ...


def names() -> list[str]:
    """Every name ``make`` accepts: the levels weakest first, then the kinds."""
    return [*LEVELS, *KINDS]


def make(name: str, seed: int = 0, **budget: Any) -> Bot:
    """A bot by level or kind, e.g. ``make("hard")``, ``make("ismcts", iterations=500)``.

    For a level, ``budget`` overrides the level's own settings (``make("hard", seconds=0.5)``).
    Unknown names, unknown settings and bad values raise ValueError naming the problem."""
    if not isinstance(name, str) or (name not in LEVELS and name not in KINDS):
        raise ValueError(f"unknown bot {name!r}; known levels: {', '.join(LEVELS)}; "
                         f"known kinds: {', '.join(KINDS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a bot seed must be a whole number; got {seed!r}")
    if name in LEVELS:
        if name in _redefined_levels():
            # Some game plays this level with another kind (Game.bot_levels): resolve per game.
            return PerGameLevel(name, seed, LEVELS[name], dict(budget),
                                lambda kind, seed, settings: _build(name, kind, seed, settings), KINDS)
        kind, settings = LEVELS[name]
        return _build(name, kind, seed, {**settings, **budget})
    return _build(name, name, seed, dict(budget))


def _build(name: str, kind: str, seed: int, settings: dict[str, Any]) -> Bot:
    """A bot of ``kind`` with ``settings``, each checked (``name`` is what errors call it)."""
    cls = KINDS[kind]
    allowed = [p for p in inspect.signature(cls.__init__).parameters if p not in ("self", "seed")]
    unknown = sorted(set(settings) - set(allowed))
    if unknown:
        takes = ", ".join(allowed) if allowed else "no settings"
        raise ValueError(f"bot {name!r} ({kind}) has no setting {', '.join(unknown)}; it takes: {takes}")
    for key, value in settings.items():
        _check_setting(name, key, value)
    bot = cls(seed, **settings)
    bot.name = name
    return bot


def _redefined_levels() -> set[str]:
    """The levels some registered game plays with its own kind or settings (``bot_levels``)."""
    import ludoteca  # here, not at the top: the games import the engine, not the bots

    return {level for game_id in ludoteca.games() for level in ludoteca.game(game_id).bot_levels}


def _check_setting(name: str, key: str, value: Any) -> None:
    """Budgets and knobs are non-negative numbers; counts are whole; probabilities <= 1."""
    if value is None and key in ("iterations", "seconds"):
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"bot {name!r}: {key} must be a number; got {value!r}")
    whole = key in ("iterations", "rollout", "samples", "chain_budget", "chain_depth", "prior_visits",
                     "prior_width", "width", "horizon", "batch", "trained", "proposals", "samples_players", "sharp")
    if whole and not isinstance(value, int):
        raise ValueError(f"bot {name!r}: {key} must be a whole number; got {value!r}")
    if value < 0 or (key in ("iterations", "seconds", "samples", "width", "batch", "proposals") and value <= 0):
        raise ValueError(f"bot {name!r}: {key} must be positive; got {value!r}")
    if key == "trained" and value not in (0, 1):
        raise ValueError(f"bot {name!r}: trained is 1 (the game's trained policy guides) or 0; got {value!r}")
    if key == "sharp" and value not in (0, 1):
        raise ValueError(f"bot {name!r}: sharp is 1 (the game's sharper heuristic judges) or 0; got {value!r}")
    if key == "epsilon" and value > 1:
        raise ValueError(f"bot {name!r}: epsilon is a probability from 0 to 1; got {value!r}")


def make_spec(spec: str, seed: int = 0) -> Bot:
    """A bot from a command-line spec: ``NAME`` or ``NAME:key=value:key=value``.

    e.g. ``hard``, ``ismcts:iterations=300``, ``greedy:epsilon=0.1:samples=2``."""
    name, *pairs = spec.strip().split(":")
    settings: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"bot spec {spec!r}: settings are key=value; got {pair!r}")
        key, raw = (part.strip() for part in pair.split("=", 1))
        try:
            settings[key] = int(raw)
        except ValueError:
            try:
                settings[key] = float(raw)
            except ValueError:
                raise ValueError(f"bot spec {spec!r}: {key} must be a number; got {raw!r}") from None
    return make(name, seed=seed, **settings)
