"""Line-ups, seat rotations and restricted bots (LAB.md §2 and the ``restrict`` experiment).

A line-up is the bots per seat before rotation, as in ``arena``: the last entry fills the
remaining seats.  Rotation *r* seats line-up entry ``(s - r) mod n`` in seat *s*; rotations
are skipped when every seat holds the same bot spec (they would replay the same games).

A restricted bot ``never(<pattern>)/<base>`` is the base bot forbidden the actions matching
the pattern (Jaffe 2012's restricted-play test).  A pattern is either an action pattern
``type`` or ``type:key=glob:key=glob`` (``buy:cell=macrophage``, ``buy:cell=*``) or a content
key glob (``cells.macrophage``, ``cells.*``) matched against the keys the action touches.  It
counts how often the restriction *bound* (a forbidden action was legal) and how often it
*changed* the choice (the base bot, asked on a copy of itself, would have picked one), so
"X never mattered" can be told apart from "X never came up".
"""

from __future__ import annotations

import copy
import fnmatch
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.bots import make_spec
from ludoteca.engine import Action, State

NEVER = "never("
KeysOf = Callable[[State, Mapping[str, Any], int], list[str]]  # (state, action, choosing seat)


def line_up(bots: list[str], players: int) -> list[str]:
    """The bot spec of each seat before rotation: the list, its last entry filling the rest."""
    if not bots:
        raise ValueError("bots.lineup: needs at least one bot")
    if len(bots) > players:
        raise ValueError(f"bots.lineup: {len(bots)} bots ({', '.join(bots)}) do not fit {players} seats")
    return list(bots) + [bots[-1]] * (players - len(bots))


def rotations(lineups: list[list[str]]) -> int:
    """How many rotations each block plays: 1 when every seat of every arm holds one spec."""
    players = len(lineups[0])
    return 1 if all(len(set(lineup)) == 1 for lineup in lineups) else players


def entry_of_seat(seat: int, rotation: int, players: int) -> int:
    """The line-up entry sitting in ``seat`` at rotation ``rotation``."""
    return (seat - rotation) % players


@dataclass(frozen=True)
class Pattern:
    """A set of actions a restricted bot may not take, parsed from its text."""

    text: str
    action_type: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    key_glob: str | None = None

    @classmethod
    def parse(cls, text: str) -> Pattern:
        text = text.strip()
        if not text:
            raise ValueError("a restriction pattern is empty; e.g. buy:cell=macrophage or cells.macrophage")
        if ":" not in text and "." in text:
            return cls(text, key_glob=text)
        kind, *pairs = text.split(":")
        fields = []
        for pair in pairs:
            if "=" not in pair:
                raise ValueError(f"restriction {text!r}: after the action type come key=value parts; got {pair!r}")
            key, value = (part.strip() for part in pair.split("=", 1))
            fields.append((key, value))
        return cls(text, action_type=kind.strip() or "*", fields=tuple(fields))

    def forbids(self, state: State, action: Mapping[str, Any], keys_of: KeysOf, seat: int) -> bool:
        """Whether ``seat`` may not take ``action`` (its content keys, as the chooser's, matter)."""
        if self.key_glob is not None:
            return any(fnmatch.fnmatchcase(key, self.key_glob) for key in keys_of(state, action, seat))
        if not fnmatch.fnmatchcase(str(action.get("type", "")), self.action_type or "*"):
            return False
        return all(key in action and fnmatch.fnmatchcase(str(action[key]), glob) for key, glob in self.fields)


def split_spec(spec: str) -> tuple[Pattern | None, str]:
    """``never(P)/base`` -> (pattern, base); a plain spec -> (None, spec).  Bad text raises."""
    spec = spec.strip()
    if spec.startswith("prefer("):
        raise ValueError(f"bot {spec!r}: prefer(...) is not available yet; use never(<pattern>)/<bot>")
    if not spec.startswith(NEVER):
        return None, spec
    close = spec.rfind(")/")
    if close < 0 or not spec[close + 2:]:
        raise ValueError(f"bot {spec!r}: a restricted bot is written never(<pattern>)/<bot>, "
                         f"e.g. never(buy:cell=macrophage)/normal")
    return Pattern.parse(spec[len(NEVER):close]), spec[close + 2:]


def check_spec(spec: str) -> None:
    """Raise ValueError naming the problem when ``spec`` is not a bot the lab can make."""
    _, base = split_spec(spec)
    make_spec(base)


class RestrictedBot:
    """A base bot that never takes a forbidden action while an allowed one exists.

    Why ``remember_legal``: every bot reads its options from ``state.legal_actions``; showing
    it the allowed list for one call restricts any bot, search bots included, without knowing
    how it decides.  The full list is put back before the lab applies the action."""

    def __init__(self, base: Any, pattern: Pattern, keys_of: KeysOf) -> None:
        self.base = base
        self.pattern = pattern
        self.keys_of = keys_of
        self.name = f"never({pattern.text})/{getattr(base, 'name', 'bot')}"
        self.decisions = 0
        self.binding = 0
        self.changed = 0

    def choose(self, state: State, seat: int) -> Action:
        full = state.legal_actions(seat)
        if len(full) > 1:
            self.decisions += 1
        allowed = [a for a in full if not self.pattern.forbids(state, a, self.keys_of, seat)]
        if len(allowed) == len(full) or not allowed:
            return self.base.choose(state, seat)
        self.binding += 1
        if self.pattern.forbids(state, copy.deepcopy(self.base).choose(state, seat), self.keys_of, seat):
            self.changed += 1
        state.remember_legal(seat, allowed)
        try:
            return self.base.choose(state, seat)
        finally:
            state.remember_legal(seat, full)


def make_bot(spec: str, seed: int, keys_of: KeysOf) -> Any:
    """The bot for a lab spec: a plain ``make_spec`` bot, or a restricted one around it."""
    pattern, base = split_spec(spec)
    bot = make_spec(base, seed=seed)
    return bot if pattern is None else RestrictedBot(bot, pattern, keys_of)
