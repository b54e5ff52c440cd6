"""Words for actions, crates and log lines in English, Spanish and French.

A person reads strips by their crates and spots by where they lie, never by ids or (x, y):
a placement says the crates in the order they land (left to right, or top to bottom), which
way the strip lies, the grid references of its end cells as the board draws them ("from C5 to
E5", ``grid.py``) and at what level it rests.  Players are named as the table shows them, with
their colour ("Ana (Red)").  The state passes what a label needs (the crates, the level, the
grid, the names), so this module imports nothing of the state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ludoteca.engine.i18n import text

from .board import AXIS_OF, crates_in_order
from .content import EMPTY
from .grid import Frame

CATALOGUE = {
    "pick": {
        "en": "Lay {strip} first",
        "es": "Colocar primero {strip}",
        "fr": "Poser d'abord {strip}",
    },
    "alike": {
        "en": " (both drawn strips are alike)",
        "es": " (las dos baldosas robadas son iguales)",
        "fr": " (les deux tuiles piochées sont pareilles)",
    },
    "picked": {
        "en": "{who} chose to lay {strip} first",
        "es": "{who} eligió colocar primero {strip}",
        "fr": "{who} a choisi de poser d'abord {strip}",
    },
    "place": {
        "en": "Lay {strip} {lie} from {first} to {last}, {level}",
        "es": "Colocar {strip} {lie} de {first} a {last}, {level}",
        "fr": "Poser {strip} {lie} de {first} à {last}, {level}",
    },
    "placed": {
        "en": "{who} laid {strip} {lie} from {first} to {last}, {level}",
        "es": "{who} colocó {strip} {lie} de {first} a {last}, {level}",
        "fr": "{who} a posé {strip} {lie} de {first} à {last}, {level}",
    },
    "across": {"en": "across", "es": "en horizontal", "fr": "à l'horizontale"},
    "upright": {"en": "upright", "es": "en vertical", "fr": "à la verticale"},
    "on_table": {"en": "on the table", "es": "sobre la mesa", "fr": "sur la table"},
    "on_level": {
        "en": "on level {n}, over other strips",
        "es": "en el nivel {n}, sobre otras baldosas",
        "fr": "au niveau {n}, sur d'autres tuiles",
    },
    "who": {"en": "{name} ({colour})", "es": "{name} ({colour})", "fr": "{name} ({colour})"},
    "drew": {
        "en": "{who} drew {strip}",
        "es": "{who} robó {strip}",
        "fr": "{who} a pioché {strip}",
    },
    "drew_two": {
        "en": "{who} drew two strips: {first} and {second}",
        "es": "{who} robó dos baldosas: {first} y {second}",
        "fr": "{who} a pioché deux tuiles : {first} et {second}",
    },
    "spice_scored": {
        "en": "{who} scored {points} for a group of {size} {good} crates",
        "es": "{who} ganó {points} por un grupo de {size} cajas de {good}",
        "fr": "{who} a marqué {points} pour un groupe de {size} caisses de {good}",
    },
    "points": {"en": "{n} points", "es": "{n} puntos", "fr": "{n} points"},
    "one_point": {"en": "1 point", "es": "1 punto", "fr": "1 point"},
    "set_aside": {
        "en": "The strip {strip} had no legal spot and was set aside",
        "es": "La baldosa {strip} no tenía sitio legal y se apartó",
        "fr": "La tuile {strip} n'avait pas de place légale et a été écartée",
    },
    "rats": {
        "en": "{who} ended the turn showing {rats} rats and lost the game",
        "es": "{who} terminó el turno con {rats} ratas a la vista y perdió la partida",
        "fr": "{who} a fini son tour avec {rats} rats visibles et a perdu la partie",
    },
    "game_over": {
        "en": "Game over: {red} {red_score}, {green} {green_score}. {result}",
        "es": "Fin de la partida: {red} {red_score}, {green} {green_score}. {result}",
        "fr": "Fin de partie : {red} {red_score}, {green} {green_score}. {result}",
    },
    "won": {"en": "{who} won.", "es": "Ganó {who}.", "fr": "{who} a gagné."},
    "shared": {
        "en": "{first} and {second} shared the win.",
        "es": "{first} y {second} compartieron la victoria.",
        "fr": "{first} et {second} se sont partagé la victoire.",
    },
    "red": {"en": "red", "es": "rojo", "fr": "rouge"},
    "green": {"en": "green", "es": "verde", "fr": "vert"},
    "Red": {"en": "Red", "es": "Rojo", "fr": "Rouge"},
    "Green": {"en": "Green", "es": "Verde", "fr": "Vert"},
    "empty": {"en": "empty", "es": "vacía", "fr": "vide"},
    "rice": {"en": "rice", "es": "arroz", "fr": "riz"},
    "vegetables": {"en": "vegetables", "es": "verduras", "fr": "légumes"},
    "spice": {"en": "spice", "es": "especias", "fr": "épices"},
    "fish": {"en": "fish", "es": "pescado", "fr": "poisson"},
    "rat": {"en": "rat", "es": "rata", "fr": "rat"},
    "rats_word": {"en": "rats", "es": "ratas", "fr": "rats"},
    "pile_word": {"en": "pile", "es": "montón", "fr": "pioche"},
    "drawn_word": {"en": "drawn", "es": "robada", "fr": "piochée"},
}

SEAT_NAMES = ("Red", "Green")


#: A crate's colour agreeing with the good's name (Spanish "especias (rojas)", French
#: "épices (vertes)"); English has one form.
COLOUR_FORMS = {
    "es": {"red": {"rice": "rojo", "vegetables": "rojas", "spice": "rojas", "fish": "rojo", "rat": "roja"},
           "green": {"rice": "verde", "vegetables": "verdes", "spice": "verdes", "fish": "verde", "rat": "verde"}},
    "fr": {"red": {"rice": "rouge", "vegetables": "rouges", "spice": "rouges", "fish": "rouge", "rat": "rouge"},
           "green": {"rice": "vert", "vegetables": "verts", "spice": "vertes", "fish": "vert", "rat": "vert"}},
}


@lru_cache(maxsize=512)  # a few dozen crates x three languages; a view labels hundreds of spots
def crate_label(crate: str, lang: str) -> str:
    """A crate in words: "rice (red)", "especias (rojas)", "empty"."""
    if crate == EMPTY:
        return text(CATALOGUE, "empty", lang)
    colour, kind = crate.split(" ", 1)
    forms = COLOUR_FORMS.get(lang, {}).get(colour, {})
    return f"{text(CATALOGUE, kind, lang)} ({forms.get(kind) or text(CATALOGUE, colour, lang)})"


def strip_label(crates: list[str], lang: str) -> str:
    """A strip by its crates, in the order given: "rice (red) · empty · fish (green)"."""
    return _strip_words(tuple(crates), lang)


@lru_cache(maxsize=4096)
def _strip_words(crates: tuple[str, ...], lang: str) -> str:
    return " · ".join(crate_label(c, lang) for c in crates)


def seat_label(seat: int, lang: str) -> str:
    return text(CATALOGUE, SEAT_NAMES[seat], lang)


def points_words(points: int, lang: str) -> str:
    """ "1 point", "3 points" (and Spanish "1 punto", "3 puntos")."""
    return text(CATALOGUE, "one_point", lang) if points == 1 else text(CATALOGUE, "points", lang, n=points)


def who_words(name: str, seat: int, lang: str) -> str:
    """A player by name and colour: "Ana (Red)", since the colour is what the board shows."""
    return text(CATALOGUE, "who", lang, name=name, colour=seat_label(seat, lang))


def spot_words(crates: list[str], x: int, y: int, direction: str, height: int, frame: Frame,
               lang: str) -> dict[str, str]:
    """The parts of a placement label: the crates as they land (left to right, or top to
    bottom), which way the strip lies, the grid references of its two end cells as the board
    draws them (``grid.py``) and the level it rests at."""
    axis = AXIS_OF[direction]
    return {
        "strip": strip_label(crates_in_order(crates, direction), lang),
        "lie": lie_words(axis, lang),
        "first": frame.name(x, y),
        "last": frame.name(*last_cell(x, y, axis)),
        "level": level_words(height, lang),
    }


def lie_words(axis: str, lang: str) -> str:
    """Which way a strip lies: "across" (h) or "upright" (v)."""
    return text(CATALOGUE, "across" if axis == "h" else "upright", lang)


def level_words(height: int, lang: str) -> str:
    """The level a strip rests at: "on the table" (1) or "on level 3, over other strips"."""
    return text(CATALOGUE, "on_table", lang) if height <= 1 else text(CATALOGUE, "on_level", lang, n=height)


def last_cell(x: int, y: int, axis: str) -> tuple[int, int]:
    """The far end of a strip laid from (x, y) along ``axis``."""
    return (x + 2, y) if axis == "h" else (x, y + 2)


def describe_action(action: dict[str, Any], lang: str, crates: list[str], frame: Frame | None = None,
                    height: int = 1, alike: bool = False) -> str:
    """An action in words.  ``crates`` is the strip as printed; ``frame`` the board's grid (for a
    placement); ``height`` the level a placed strip would rest at (1 on the table); ``alike``
    that both drawn strips look the same."""
    if action["type"] == "pick":
        label = text(CATALOGUE, "pick", lang, strip=strip_label(crates, lang))
        return label + text(CATALOGUE, "alike", lang) if alike else label
    assert frame is not None, "a placement is named by the board's grid references"
    return text(CATALOGUE, "place", lang,
                **spot_words(crates, action["x"], action["y"], action["dir"], height, frame, lang))


def describe_placements(actions: list[dict[str, Any]], lang: str, crates: list[str], frame: Frame,
                        height: Callable[[tuple[int, int]], int]) -> list[str]:
    """``describe_action`` for many placements of one strip (a whole legal list): the same
    words, with what they share (the strip read each way, the words for each axis and level,
    each cell's grid reference) worked out once.  ``height(cell)`` is how high the deck stands
    there (0: the bare table), so a strip laid from that cell rests one level above."""
    entry = CATALOGUE["place"]
    template = entry.get(lang) or entry["en"]
    strips = {d: strip_label(crates_in_order(crates, d), lang) for d in AXIS_OF}
    lies = {axis: lie_words(axis, lang) for axis in ("h", "v")}
    levels: dict[int, str] = {}
    cells: dict[tuple[int, int], str] = {}
    labels = []
    for action in actions:
        x, y, direction = action["x"], action["y"], action["dir"]
        axis = AXIS_OF[direction]
        last = last_cell(x, y, axis)
        level = height((x, y)) + 1
        if level not in levels:
            levels[level] = level_words(level, lang)
        first_name = cells.get((x, y)) or cells.setdefault((x, y), frame.name(x, y))
        last_name = cells.get(last) or cells.setdefault(last, frame.name(*last))
        labels.append(template.format(strip=strips[direction], lie=lies[axis], first=first_name,
                                      last=last_name, level=levels[level]))
    return labels


def describe_event(event: dict[str, Any], lang: str, strip: Callable[[int], list[str]],
                   who: Callable[[int], str], frame: Frame) -> str:
    """A log line, in the past tense; ``strip(tile)`` gives a strip's crates as printed,
    ``who(seat)`` names a player ("Ana (Red)") and ``frame`` is the board's grid now."""
    kind = event["type"]
    player = who(event["seat"]) if "seat" in event else ""
    if kind == "placed":
        return text(CATALOGUE, "placed", lang, who=player,
                    **spot_words(strip(event["tile"]), event["x"], event["y"], event["dir"],
                                 event.get("height", 1), frame, lang))
    if kind == "picked":
        return text(CATALOGUE, "picked", lang, who=player, strip=strip_label(strip(event["tile"]), lang))
    if kind == "drew":
        drawn = [strip_label(strip(t), lang) for t in event["tiles"]]
        if len(drawn) == 2:
            return text(CATALOGUE, "drew_two", lang, who=player, first=drawn[0], second=drawn[1])
        return text(CATALOGUE, "drew", lang, who=player, strip=drawn[0])
    if kind == "set_aside":
        return text(CATALOGUE, "set_aside", lang, strip=strip_label(strip(event["tile"]), lang))
    if kind == "spice_scored":
        good = text(CATALOGUE, event.get("good", "spice"), lang)
        return text(CATALOGUE, "spice_scored", lang, who=player, points=points_words(event["points"], lang),
                    size=event["size"], good=good)
    if kind == "rats":
        return text(CATALOGUE, "rats", lang, who=player, rats=event["rats"])
    if kind == "game_over":
        return game_over_words(event, lang, who)
    return kind.replace("_", " ")  # not a Dschunke event (a tool's own): its name in words


def game_over_words(event: dict[str, Any], lang: str, who: Callable[[int], str]) -> str:
    """The final scores and who won, by name (a tie names both)."""
    red, green = event["scores"]
    winners = event.get("winners", [])
    if len(winners) == 1:
        result = text(CATALOGUE, "won", lang, who=who(winners[0]))
    else:
        result = text(CATALOGUE, "shared", lang, first=who(0), second=who(1))
    return text(CATALOGUE, "game_over", lang, red=who(0), red_score=red, green=who(1), green_score=green,
                result=result)
