"""Words for actions, crates and log lines in English, Spanish and French."""

from __future__ import annotations

from ludoteca.engine.i18n import text

CATALOGUE = {
    "pick": {
        "en": "Take strip {tile} [{crates}] first",
        "es": "Colocar primero la baldosa {tile} [{crates}]",
        "fr": "Poser d'abord la tuile {tile} [{crates}]",
    },
    "picked": {
        "en": "{who} takes strip {tile} first",
        "es": "{who} coloca primero la baldosa {tile}",
        "fr": "{who} pose d'abord la tuile {tile}",
    },
    "place": {
        "en": "Strip {tile} at ({x}, {y}) facing {dir}",
        "es": "Baldosa {tile} en ({x}, {y}) hacia {dir}",
        "fr": "Tuile {tile} en ({x}, {y}) vers {dir}",
    },
    "placed": {
        "en": "{who} placed strip {tile} at ({x}, {y}) facing {dir}",
        "es": "{who} colocó la baldosa {tile} en ({x}, {y}) hacia {dir}",
        "fr": "{who} a posé la tuile {tile} en ({x}, {y}) vers {dir}",
    },
    "drew": {
        "en": "{who} drew strip(s) {tiles}",
        "es": "{who} robó la(s) baldosa(s) {tiles}",
        "fr": "{who} a pioché la/les tuile(s) {tiles}",
    },
    "spice_scored": {
        "en": "{who} scores {points} for a spice group of {size}",
        "es": "{who} gana {points} por un grupo de especias de {size}",
        "fr": "{who} marque {points} pour un groupe d'épices de {size}",
    },
    "set_aside": {
        "en": "Strip {tile} has no legal spot and is set aside",
        "es": "La baldosa {tile} no tiene sitio legal y se aparta",
        "fr": "La tuile {tile} n'a pas de place légale et est écartée",
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
    "E": {"en": "east", "es": "este", "fr": "est"},
    "W": {"en": "west", "es": "oeste", "fr": "ouest"},
    "S": {"en": "south", "es": "sur", "fr": "sud"},
    "N": {"en": "north", "es": "norte", "fr": "nord"},
}

SEAT_NAMES = ("Red", "Green")


def crate_label(crate: str, lang: str) -> str:
    if crate == "empty":
        return text(CATALOGUE, "empty", lang)
    colour, kind = crate.split(" ", 1)
    return f"{text(CATALOGUE, kind, lang)} ({text(CATALOGUE, colour, lang)})"


def strip_label(crates: list[str], lang: str) -> str:
    return " | ".join(crate_label(c, lang) for c in crates)


def seat_label(seat: int, lang: str) -> str:
    return text(CATALOGUE, SEAT_NAMES[seat], lang)
