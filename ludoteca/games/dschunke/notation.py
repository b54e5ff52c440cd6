"""Moves typed as a grid reference at the terminal: "C5 E" lays the strip to place now with its
first crate (as the drawn strip reads) on C5, running east; W, S and N run left, down and up.

A reference that is not in this notation returns None (the terminal then matches labels); one
that is, but is mistyped or illegal, raises ValueError saying why, in the player's language.
"""

from __future__ import annotations

import re
from typing import Any

from ludoteca.engine.i18n import text

from .board import AXIS_OF
from .grid import Frame

PATTERN = re.compile(r"^\s*([A-Za-z]{1,2})\s*(\d{1,3})\b\s*(.*?)\s*$")
#: Direction words, by language; the letters E, W, S, N work in every language.
DIRECTIONS = {
    "en": {"e": "E", "east": "E", "right": "E", "w": "W", "west": "W", "left": "W",
           "s": "S", "south": "S", "down": "S", "n": "N", "north": "N", "up": "N"},
    "es": {"este": "E", "derecha": "E", "o": "W", "oeste": "W", "izquierda": "W",
           "sur": "S", "abajo": "S", "norte": "N", "arriba": "N"},
    "fr": {"est": "E", "droite": "E", "o": "W", "ouest": "W", "gauche": "W",
           "sud": "S", "bas": "S", "nord": "N", "haut": "N"},
}
CATALOGUE = {
    "no_direction": {
        "en": "{ref}: say which way the strip runs from there: E, W, S or N (e.g. {ref} E)",
        "es": "{ref}: indica hacia dónde sigue la baldosa: E, O, S o N (p. ej. {ref} E)",
        "fr": "{ref} : dites dans quel sens va la tuile : E, O, S ou N (p. ex. {ref} E)",
    },
    "bad_direction": {
        "en": "{ref} {word}: '{word}' is not a direction; use E, W, S or N",
        "es": "{ref} {word}: '{word}' no es una dirección; usa E, O, S o N",
        "fr": "{ref} {word} : « {word} » n'est pas une direction ; utilisez E, O, S ou N",
    },
    "off_board": {
        "en": "{ref} is off the board: columns run A to {last}, rows 1 to {rows}",
        "es": "{ref} está fuera del tablero: columnas de A a {last}, filas de 1 a {rows}",
        "fr": "{ref} est hors du plateau : colonnes de A à {last}, rangées de 1 à {rows}",
    },
    "runs_off": {
        "en": "{move}: the strip would run off the board",
        "es": "{move}: la baldosa se saldría del tablero",
        "fr": "{move} : la tuile sortirait du plateau",
    },
    "pick_first": {
        "en": "First choose which of the two drawn strips to lay first (type its number)",
        "es": "Primero elige cuál de las dos baldosas robadas colocas primero (escribe su número)",
        "fr": "Choisissez d'abord laquelle des deux tuiles piochées poser en premier (tapez son numéro)",
    },
    "not_your_turn": {
        "en": "It is not your turn to lay a strip",
        "es": "No te toca colocar una baldosa",
        "fr": "Ce n'est pas à vous de poser une tuile",
    },
    "apart": {
        "en": "{move}: a strip on the table must touch a placed strip along an edge",
        "es": "{move}: una baldosa sobre la mesa debe tocar otra por un borde",
        "fr": "{move} : une tuile posée sur la table doit toucher une autre tuile par un bord",
    },
    "air": {
        "en": "{move}: part of the strip would hang in the air; it must lie fully on the table or fully on strips",
        "es": "{move}: parte de la baldosa quedaría en el aire; debe apoyarse toda en la mesa o toda en baldosas",
        "fr": "{move} : une partie de la tuile serait dans le vide ; elle doit reposer entièrement sur la table "
              "ou sur des tuiles",
    },
    "heights": {
        "en": "{move}: the cells below are at different heights ({heights}); no air underneath is allowed",
        "es": "{move}: las casillas de debajo están a alturas distintas ({heights}); no puede quedar aire debajo",
        "fr": "{move} : les cases dessous sont à des hauteurs différentes ({heights}) ; pas de vide dessous",
    },
    "single": {
        "en": "{move}: a strip may not lie exactly on one single strip; it must rest on at least two",
        "es": "{move}: una baldosa no puede ir justo encima de una sola baldosa; debe apoyarse en dos o más",
        "fr": "{move} : une tuile ne peut pas couvrir exactement une seule tuile ; elle doit en chevaucher deux",
    },
}
#: Where the strip's first crate lies relative to its top-left cell, per direction.
FIRST_CRATE_OFFSET = {"E": (0, 0), "W": (2, 0), "S": (0, 0), "N": (0, 2)}


def direction_of(word: str, lang: str) -> str | None:
    word = word.lower()
    return DIRECTIONS.get(lang, {}).get(word) or DIRECTIONS["en"].get(word)


def parse_move(state: Any, seat: int, typed: str, lang: str = "en") -> dict[str, Any] | None:
    """The legal place action that ``typed`` ("C5 E") names, None if it is not a grid
    reference, or ValueError saying why the spot is mistyped or illegal."""
    match = PATTERN.match(typed)
    if match is None:
        return None
    column, row, word = match.group(1).upper(), int(match.group(2)), match.group(3)
    ref = f"{column}{row}"
    if seat not in state.to_move:
        raise ValueError(text(CATALOGUE, "not_your_turn", lang))
    if state.phase == "pick":
        raise ValueError(text(CATALOGUE, "pick_first", lang))
    if not word:
        raise ValueError(text(CATALOGUE, "no_direction", lang, ref=ref))
    direction = direction_of(word, lang)
    if direction is None:
        raise ValueError(text(CATALOGUE, "bad_direction", lang, ref=ref, word=word))
    frame = Frame.of(state.view(seat))
    first = frame.cell(column, row)
    if first is None:
        raise ValueError(text(CATALOGUE, "off_board", lang, ref=ref, last=frame.last_column, rows=frame.rows))
    move = f"{ref} {word}"
    dx, dy = FIRST_CRATE_OFFSET[direction]
    x, y, axis = first[0] - dx, first[1] - dy, AXIS_OF[direction]
    ends = (x + 2, y) if axis == "h" else (x, y + 2)
    if not (frame.contains(x, y) and frame.contains(*ends)):
        raise ValueError(text(CATALOGUE, "runs_off", lang, move=move))
    broken = state.board.reason(x, y, axis)
    if broken is not None:
        key, details = broken
        raise ValueError(text(CATALOGUE, key, lang, move=move, **details))
    tile = state.to_place
    crates = state.strip(tile)
    if crates[0] == crates[2]:
        direction = "E" if axis == "h" else "S"  # a strip that reads the same both ways: one direction per axis
    action = {"type": "place", "tile": tile, "x": x, "y": y, "dir": direction}
    if action not in state.legal_actions(seat):  # every rule is checked above; this is a guard
        raise ValueError(f"{move}: {state._why_illegal(seat, action) or 'not a legal spot'}")
    return action
