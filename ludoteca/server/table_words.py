"""What a table says to people, in their language: the seats' names, log lines, the prompt and
the end's score breakdown.

Why here and not in the page: the names go into every label the game writes ("Ana took the
Oncology department"), so the server hands the game the very names the seat panel shows, and
web and terminal read the same words.  Bots are named in words and distinctly ("Bot 1 (hard)",
"Bot 2 (hard)"), so two bots of one level never leave the winner ambiguous.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ludoteca.engine import State
from ludoteca.engine.i18n import player_word, score_word, visible

from .ratelimit import QuietLog, where

#: A game's label bug is logged in one short line, a few a second at most (a broken label is
#: asked for at every position, for every seat and language).
quiet = QuietLog(logging.getLogger("ludoteca.server"))


def _failed(state: State, what: str, exc: Exception) -> None:
    quiet.warning("%s: %s failed: %s: %s at %s", state.game.id, what, type(exc).__name__, str(exc)[:120], where(exc))

#: Bot levels in words (a level the list lacks is shown as its code name).
LEVEL_WORDS: dict[str, dict[str, str]] = {
    "random": {"en": "random", "es": "aleatorio", "fr": "aléatoire"},
    "easy": {"en": "easy", "es": "fácil", "fr": "facile"},
    "normal": {"en": "normal", "es": "normal", "fr": "normal"},
    "hard": {"en": "hard", "es": "difícil", "fr": "difficile"},
    "expert": {"en": "expert", "es": "experto", "fr": "expert"},
}
BOT_WORDS: dict[str, str] = {"en": "Bot", "es": "Bot", "fr": "Bot"}


def level_words(level: str | None, lang: str) -> str:
    return LEVEL_WORDS.get(level or "random", {}).get(lang) or str(level or "random")


def seat_names(seats: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """Each seat's name as people read it, in seat order.

    A person's seat shows their (table-unique) name; a bot shows "Bot (normal)", numbered when
    the table has more than one ("Bot 1 (normal)", "Bot 2 (normal)"); a bot standing in for a
    person who timed out or conceded shows that person's name with "(bot)"; an open seat shows
    "Player 3" until someone takes it."""
    bots = [row["seat"] for row in seats if row["kind"] == "bot" and not (row.get("absent") and row.get("name"))]
    numbered = len(bots) > 1
    bot = BOT_WORDS.get(lang, "Bot")
    names = []
    for row in seats:
        seat, kind = row["seat"], row["kind"]
        if kind == "human" and row.get("name"):
            names.append(str(row["name"]))
        elif kind == "bot" and seat not in bots:
            names.append(f"{row['name']} ({bot.lower()})")
        elif kind == "bot":
            number = f" {bots.index(seat) + 1}" if numbered else ""
            names.append(f"{bot}{number} ({level_words(row.get('bot_level'), lang)})")
        else:
            names.append(player_word(seat, lang))
    return names


def label_action(state: State, action: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    try:
        return state.describe(action, lang, names)
    except Exception as exc:  # a label bug must not hide a legal move
        _failed(state, "an action's label", exc)
        return json.dumps(action)


def label_actions(state: State, actions: Sequence[dict[str, Any]], lang: str,
                  names: Sequence[str] | None = None) -> list[str]:
    """The labels of a whole legal list, in one call to the game (``describe_all``); should
    that fail, each action on its own, so one label bug hides no legal move."""
    try:
        labels = state.describe_all(actions, lang, names)
        if len(labels) == len(actions):
            return labels
        raise ValueError(f"describe_all gave {len(labels)} labels for {len(actions)} actions")
    except Exception as exc:
        _failed(state, "the labels of the legal actions", exc)
        return [label_action(state, action, lang, names) for action in actions]


def label_event(state: State, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    try:
        return state.describe_event(event, lang, names)
    except Exception as exc:
        _failed(state, "a log line", exc)
        return json.dumps(event)


def log_lines(state: State, entries: Iterable[tuple[int, list[dict[str, Any]]]], seat: int | None, lang: str,
              names: Sequence[str], actors: Sequence[int] = ()) -> list[dict[str, Any]]:
    """The log lines ``seat`` (None: a spectator) may read, in ``lang``, with the table's names:
    ``{"version", "label", "section", "event", "by"}``; a private event replaces its public twin
    for its owner (``visible`` reads ``to`` and ``not_to``).  ``by`` is the seat whose move wrote
    the line (``actors[version - 1]``: the page marks the line in that player's colour and
    shape), None for the set-up."""
    return [{"version": version, "label": label_event(state, event, lang, names),
             "section": bool(event.get("section")), "event": event,
             "by": actors[version - 1] if 0 < version <= len(actors) else None}
            for version, events in entries for event in events if visible(event, seat)]


def prompt(state: State, seat: int | None, lang: str, names: Sequence[str]) -> str:
    """What ``seat`` is asked to decide now ("" for a spectator or a seat with no decision)."""
    if seat is None or state.is_over or seat not in state.to_move:
        return ""
    try:
        return state.prompt(seat, lang, names)
    except Exception as exc:
        _failed(state, "the prompt", exc)
        return ""


def breakdown(state: State, lang: str, names: Sequence[str]) -> list[dict[str, Any]] | None:
    """Once the game is over, per seat the lines that make its final score, in words:
    ``[{"seat", "name", "lines": [[words, points], ...], "total": score}]``; None before."""
    if not state.is_over:
        return None
    scores = list(state.scores)
    try:
        lines = state.score_breakdown(lang, names)
        if len(lines) != len(scores):
            raise ValueError(f"{len(lines)} breakdowns for {len(scores)} seats")
    except Exception as exc:  # the end must still show the scores
        _failed(state, "the score breakdown", exc)
        lines = [[(score_word(lang), score)] for score in scores]
    return [{"seat": seat, "name": names[seat], "lines": [[what, points] for what, points in seat_lines],
             "total": scores[seat]} for seat, seat_lines in enumerate(lines)]
