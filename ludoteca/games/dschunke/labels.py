"""Words for actions, crates and log lines in English, Spanish and French.

A person reads strips by their crates and spots by where they lie, never by ids or (x, y):
a placement says the crates in the order they land (left to right, or top to bottom), which
way the strip lies, how far its first end is from the start strip's "S" crate and at what
level it rests.  The state passes what a label needs (the crates, the level), so this module
imports nothing of the state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ludoteca.engine.i18n import text

from .board import AXIS_OF, crates_in_order
from .content import EMPTY

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
        "en": "{who} lays {strip} first",
        "es": "{who} coloca primero {strip}",
        "fr": "{who} pose d'abord {strip}",
    },
    "place": {
        "en": "Lay {strip} {lie}, {end} {where}, {level}",
        "es": "Colocar {strip} {lie}, {end} {where}, {level}",
        "fr": "Poser {strip} {lie}, {end} {where}, {level}",
    },
    "placed": {
        "en": "{who} laid {strip} {lie}, {end} {where}, {level}",
        "es": "{who} colocó {strip} {lie}, {end} {where}, {level}",
        "fr": "{who} a posé {strip} {lie}, {end} {where}, {level}",
    },
    "across": {"en": "across", "es": "en horizontal", "fr": "à l'horizontale"},
    "upright": {"en": "upright", "es": "en vertical", "fr": "à la verticale"},
    "left_end": {"en": "its left end", "es": "con su extremo izquierdo", "fr": "son bout gauche"},
    "top_end": {"en": "its top end", "es": "con su extremo superior", "fr": "son bout du haut"},
    "on_s": {"en": "on the S crate", "es": "sobre la caja S", "fr": "sur la caisse S"},
    "from_s": {"en": "{offsets} from the S crate", "es": "{offsets} de la caja S", "fr": "{offsets} de la caisse S"},
    "right": {"en": "{n} right", "es": "{n} a la derecha", "fr": "{n} à droite"},
    "left": {"en": "{n} left", "es": "{n} a la izquierda", "fr": "{n} à gauche"},
    "down": {"en": "{n} down", "es": "{n} abajo", "fr": "{n} en bas"},
    "up": {"en": "{n} up", "es": "{n} arriba", "fr": "{n} en haut"},
    "on_table": {"en": "on the table", "es": "sobre la mesa", "fr": "sur la table"},
    "on_level": {
        "en": "on level {n}, over other strips",
        "es": "en el nivel {n}, sobre otras baldosas",
        "fr": "au niveau {n}, sur d'autres tuiles",
    },
    "drew": {
        "en": "{who} drew {strip}",
        "es": "{who} robó {strip}",
        "fr": "{who} a pioché {strip}",
    },
    "drew_two": {
        "en": "{who} drew two strips: {first}; {second}",
        "es": "{who} robó dos baldosas: {first}; {second}",
        "fr": "{who} a pioché deux tuiles : {first} ; {second}",
    },
    "spice_scored": {
        "en": "{who} scores {points} for a group of {size} {good} crates",
        "es": "{who} gana {points} por un grupo de {size} cajas de {good}",
        "fr": "{who} marque {points} pour un groupe de {size} caisses de {good}",
    },
    "set_aside": {
        "en": "The strip {strip} has no legal spot and is set aside",
        "es": "La baldosa {strip} no tiene sitio legal y se aparta",
        "fr": "La tuile {strip} n'a pas de place légale et est écartée",
    },
    "rats": {
        "en": "{who} has {rats} visible rats and loses",
        "es": "{who} tiene {rats} ratas a la vista y pierde",
        "fr": "{who} a {rats} rats visibles et perd",
    },
    "game_over": {
        "en": "Game over: red {red}, green {green}",
        "es": "Fin de la partida: rojo {red}, verde {green}",
        "fr": "Fin de partie : rouge {red}, vert {green}",
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


@lru_cache(maxsize=512)  # a few dozen crates x three languages; a view labels hundreds of spots
def crate_label(crate: str, lang: str) -> str:
    if crate == EMPTY:
        return text(CATALOGUE, "empty", lang)
    colour, kind = crate.split(" ", 1)
    return f"{text(CATALOGUE, kind, lang)} ({text(CATALOGUE, colour, lang)})"


def strip_label(crates: list[str], lang: str) -> str:
    """A strip by its crates, in the order given: "rice (red) · empty · fish (green)"."""
    return _strip_words(tuple(crates), lang)


@lru_cache(maxsize=4096)
def _strip_words(crates: tuple[str, ...], lang: str) -> str:
    return " · ".join(crate_label(c, lang) for c in crates)


def seat_label(seat: int, lang: str) -> str:
    return text(CATALOGUE, SEAT_NAMES[seat], lang)


def spot_words(crates: list[str], x: int, y: int, direction: str, height: int, lang: str) -> dict[str, str]:
    """The parts of a placement label: the crates as they land, which way the strip lies,
    where its first end is relative to the S crate (0, 0) and the level it rests at."""
    across = AXIS_OF[direction] == "h"
    offsets = []
    if x:
        offsets.append(text(CATALOGUE, "right" if x > 0 else "left", lang, n=abs(x)))
    if y:
        offsets.append(text(CATALOGUE, "down" if y > 0 else "up", lang, n=abs(y)))
    where = (text(CATALOGUE, "from_s", lang, offsets=", ".join(offsets)) if offsets
             else text(CATALOGUE, "on_s", lang))
    level = text(CATALOGUE, "on_table", lang) if height <= 1 else text(CATALOGUE, "on_level", lang, n=height)
    return {
        "strip": strip_label(crates_in_order(crates, direction), lang),
        "lie": text(CATALOGUE, "across" if across else "upright", lang),
        "end": text(CATALOGUE, "left_end" if across else "top_end", lang),
        "where": where,
        "level": level,
    }


def describe_action(action: dict[str, Any], lang: str, crates: list[str], height: int = 1,
                    alike: bool = False) -> str:
    """An action in words.  ``crates`` is the strip as printed; ``height`` the level a placed
    strip would rest at (1 on the table); ``alike`` that both drawn strips look the same."""
    if action["type"] == "pick":
        label = text(CATALOGUE, "pick", lang, strip=strip_label(crates, lang))
        return label + text(CATALOGUE, "alike", lang) if alike else label
    return text(CATALOGUE, "place", lang,
                **spot_words(crates, action["x"], action["y"], action["dir"], height, lang))


def describe_event(event: dict[str, Any], lang: str, strip: Callable[[int], list[str]]) -> str:
    """A log line; ``strip(tile)`` gives a strip's crates as printed."""
    kind = event["type"]
    who = seat_label(event["seat"], lang) if "seat" in event else ""
    if kind == "placed":
        return text(CATALOGUE, "placed", lang, who=who,
                    **spot_words(strip(event["tile"]), event["x"], event["y"], event["dir"],
                                 event.get("height", 1), lang))
    if kind == "picked":
        return text(CATALOGUE, "picked", lang, who=who, strip=strip_label(strip(event["tile"]), lang))
    if kind == "drew":
        drawn = [strip_label(strip(t), lang) for t in event["tiles"]]
        if len(drawn) == 2:
            return text(CATALOGUE, "drew_two", lang, who=who, first=drawn[0], second=drawn[1])
        return text(CATALOGUE, "drew", lang, who=who, strip=", ".join(drawn))
    if kind == "set_aside":
        return text(CATALOGUE, "set_aside", lang, strip=strip_label(strip(event["tile"]), lang))
    if kind == "spice_scored":
        good = text(CATALOGUE, event.get("good", "spice"), lang)
        return text(CATALOGUE, "spice_scored", lang, who=who, points=event["points"], size=event["size"], good=good)
    if kind == "rats":
        return text(CATALOGUE, "rats", lang, who=who, rats=event["rats"])
    if kind == "game_over":
        red, green = event["scores"]
        return text(CATALOGUE, "game_over", lang, red=red, green=green)
    return kind.replace("_", " ")  # not a Dschunke event (a tool's own): its name in words
