"""The end screen's breakdown: per seat, the lines that make its score, as the rules count it.

Dschunke counts once, from above: every visible group of two or more equal goods of your colour
scores n(n+1)/2 ("Solo puntuarán las mercancías del mismo tipo y color que se encuentren
directamente adyacentes"), and "las ratas de cada color que queden a la vista ... otorgan un -1".
Rat Hot adds what was scored during play, counts every visible group once more at the end
(1 or 2 points) and ignores rats, except that a player ending a turn on the rat limit lost.
The lines sum exactly to ``scores`` (the end screen and the board show that number).
"""

from __future__ import annotations

from typing import Any, Protocol

from ludoteca.engine.i18n import text

from .content import COLOURS, Content, crate_colour, crate_kind
from .labels import CATALOGUE as WORDS
from .scoring import group_points, groups, visible_rats

CATALOGUE = {
    "group": {
        "en": "Group of {size} {good} crates",
        "es": "Grupo de {size} cajas de {good}",
        "fr": "Groupe de {size} caisses de {good}",
    },
    "group_end": {
        "en": "Group of {size} {good} crates, at the end",
        "es": "Grupo de {size} cajas de {good}, al final",
        "fr": "Groupe de {size} caisses de {good}, à la fin",
    },
    "no_group": {
        "en": "No scoring group",
        "es": "Ningún grupo que puntúe",
        "fr": "Aucun groupe qui marque",
    },
    "rats": {
        "en": "{n} visible rats at {each} each",
        "es": "{n} ratas a la vista a {each} cada una",
        "fr": "{n} rats visibles à {each} chacun",
    },
    "one_rat": {
        "en": "1 visible rat",
        "es": "1 rata a la vista",
        "fr": "1 rat visible",
    },
    "no_rat": {
        "en": "No visible rat",
        "es": "Ninguna rata a la vista",
        "fr": "Aucun rat visible",
    },
    "in_play": {
        "en": "Groups scored during play, as strips formed or changed them",
        "es": "Grupos puntuados durante la partida, al formarlos o cambiarlos una baldosa",
        "fr": "Groupes marqués en cours de partie, quand une tuile les formait ou les changeait",
    },
    "lost": {
        "en": "Ended a turn showing {rats} rats: lost the game",
        "es": "Terminó un turno con {rats} ratas a la vista: perdió la partida",
        "fr": "A fini un tour avec {rats} rats visibles : a perdu la partie",
    },
}


class Table(Protocol):
    """The parts of the state a breakdown reads."""

    board: Any
    content: Content
    rat_hot: bool
    bonus: list[int]
    loser: int | None


def score_breakdown(state: Table, lang: str) -> list[list[tuple[str, float]]]:
    """Per seat (red, green) the ``(words, points)`` lines; they sum to ``state.scores``."""
    return [seat_lines(state, seat, lang) for seat in range(len(COLOURS))]


def seat_lines(state: Table, seat: int, lang: str) -> list[tuple[str, float]]:
    board, content, rat_hot = state.board, state.content, state.rat_hot
    lines: list[tuple[str, float]] = []
    if rat_hot:
        lines.append((text(CATALOGUE, "in_play", lang), state.bonus[seat]))
    key = "group_end" if rat_hot else "group"
    for crate, cells in groups(board):
        points = group_points(len(cells), content, rat_hot)
        if crate_colour(crate) == COLOURS[seat] and points:
            good = text(WORDS, crate_kind(crate), lang)  # type: ignore[arg-type]
            lines.append((text(CATALOGUE, key, lang, size=len(cells), good=good), points))
    if len(lines) == int(rat_hot):
        lines.append((text(CATALOGUE, "no_group", lang), 0))
    rats = visible_rats(board, COLOURS[seat])
    if rat_hot:
        if state.loser == seat:
            lines.append((text(CATALOGUE, "lost", lang, rats=rats), 0))
        return lines
    if rats == 0:
        lines.append((text(CATALOGUE, "no_rat", lang), 0))
    elif rats == 1:
        lines.append((text(CATALOGUE, "one_rat", lang), content.rat_penalty))
    else:
        lines.append((text(CATALOGUE, "rats", lang, n=rats, each=content.rat_penalty), rats * content.rat_penalty))
    return lines
