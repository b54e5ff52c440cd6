"""The deck in a terminal for ``ludoteca play``.  Reads only the view.

Each cell shows its height, its crate's owner and the crate (``2Rri``: height 2, Red's rice;
``1GRT``: height 1, Green's rat; ``1 ··``: an empty crate), coloured by owner (Rich markup).
Lines outline each strip as it shows from above.  Columns are lettered and rows numbered
(``grid.py``), so a player can type a spot as "C5 E" (``notation.py``).  Below the deck: the
scores, every scoring group with its cells and points, and the drawn strips.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .grid import Frame, column_name
from .labels import CATALOGUE as WORDS
from .labels import seat_label, strip_label

STYLE = {"red": "red", "green": "green"}
#: The owner's initial and a two-letter crate code, per language (the legend spells them out).
OWNER = {"en": {"red": "R", "green": "G"}, "es": {"red": "R", "green": "V"}, "fr": {"red": "R", "green": "V"}}
CODE = {
    "en": {"rice": "ri", "vegetables": "ve", "spice": "sp", "fish": "fi", "rat": "RT"},
    "es": {"rice": "ar", "vegetables": "ve", "spice": "es", "fish": "pe", "rat": "RT"},
    "fr": {"rice": "ri", "vegetables": "lé", "spice": "ép", "fish": "po", "rat": "RT"},
}
KINDS = ("rice", "vegetables", "spice", "fish", "rat")
CATALOGUE = {
    "legend": {
        "en": "digit = height; {owners}; {codes}; ·· empty crate",
        "es": "cifra = altura; {owners}; {codes}; ·· caja vacía",
        "fr": "chiffre = hauteur ; {owners} ; {codes} ; ·· caisse vide",
    },
    "group": {
        "en": "{who} {good}: {cells} = {points} pts",
        "es": "{who} {good}: {cells} = {points} ptos",
        "fr": "{who} {good} : {cells} = {points} pts",
    },
    "no_groups": {"en": "no scoring group yet", "es": "aún no hay grupos que puntúen",
                  "fr": "pas encore de groupe qui marque"},
    "bonus": {"en": "scored in play {n}", "es": "ganado en juego {n}", "fr": "marqué en jeu {n}"},
    "hint": {
        "en": "Type a spot as the cell of the strip's first crate and the way it runs: e.g. {ref} E (E, W, S, N)",
        "es": "Escribe un sitio como la casilla de la primera caja y hacia dónde sigue: p. ej. {ref} E (E, O, S, N)",
        "fr": "Tapez une place : la case de la première caisse et le sens : p. ex. {ref} E (E, O, S, N)",
    },
}
#: Box-drawing characters by the arms they join: up 1, down 2, left 4, right 8.
BOX = " ╵╷│╴┘┐┤╶└┌├─┴┬┼"
CELL_WIDTH = 4


def cell_text(height: int, crate: str, lang: str = "en") -> str:
    """A covered cell, four characters wide, coloured by owner."""
    if crate == "empty":
        return f"[dim]{height} ··[/]"
    colour, kind = crate.split(" ", 1)
    code = CODE.get(lang, CODE["en"])[kind]
    bold = "bold " if kind == "rat" else ""
    return f"[{bold}{STYLE[colour]}]{height}{OWNER.get(lang, OWNER['en'])[colour]}{code}[/]"


def strip_on_top(view: dict[str, Any]) -> dict[tuple[int, int], int]:
    """Which placed strip shows on each cell: later strips cover earlier ones."""
    top: dict[tuple[int, int], int] = {}
    for index, strip in enumerate(view["placed"]):
        x, y, across = strip["x"], strip["y"], strip["dir"] in ("E", "W")
        for step in range(3):
            top[(x + step, y) if across else (x, y + step)] = index
    return top


def render_text(view: dict[str, Any], lang: str = "en") -> str:
    """The lettered deck with strip outlines, then scores, groups and the drawn strips."""
    frame = Frame.of(view)
    cells = {(c["x"], c["y"]): (c["height"], c["crate"]) for c in view["cells"]}
    owner = strip_on_top(view)
    xs = range(frame.x0, frame.x0 + frame.columns)
    ys = range(frame.y0, frame.y0 + frame.rows)

    def wall(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return owner.get(a) != owner.get(b)  # strips differ, or a strip meets bare table

    lines = ["    " + "".join(f" {column_name(x - frame.x0):<{CELL_WIDTH}}" for x in xs)]
    for y in [*ys, ys[-1] + 1]:
        border = "    "
        for x in [*xs, xs[-1] + 1]:
            arms = ((wall((x - 1, y - 1), (x, y - 1)) and 1) | (wall((x - 1, y), (x, y)) and 2)
                    | (wall((x - 1, y - 1), (x - 1, y)) and 4) | (wall((x, y - 1), (x, y)) and 8))
            border += BOX[arms]
            if x in xs:
                border += BOX[12] * CELL_WIDTH if wall((x, y - 1), (x, y)) else " " * CELL_WIDTH
        if border.strip():
            lines.append(border.rstrip())
        if y not in ys:
            break
        row = f"{y - frame.y0 + 1:>3} "
        for x in xs:
            row += "│" if wall((x - 1, y), (x, y)) else " "
            entry = cells.get((x, y))
            row += " ·  " if entry is None else cell_text(*entry, lang)
        row += "│" if wall((xs[-1], y), (xs[-1] + 1, y)) else ""
        lines.append(row.rstrip())
    lines.append(legend(lang))
    lines.append(scores_line(view, lang))
    lines += group_lines(view, frame, lang)
    drawn = text(WORDS, "drawn_word", lang)
    for strip in view["drawn"]:
        mark = " *" if strip["tile"] == view["to_place"] else ""
        lines.append(f"  {drawn}: {strip_label(strip['crates'], lang)}{mark}")
    if view["to_place"] is not None:
        lines.append(text(CATALOGUE, "hint", lang, ref=frame.name(0, 1)))
    return "\n".join(lines)


def legend(lang: str) -> str:
    owners = OWNER.get(lang, OWNER["en"])
    codes = CODE.get(lang, CODE["en"])
    return text(CATALOGUE, "legend", lang,
                owners=", ".join(f"{owners[c]} {text(WORDS, c.capitalize(), lang)}" for c in STYLE),
                codes=", ".join(f"{codes[k]} {text(WORDS, k, lang)}" for k in KINDS))


def scores_line(view: dict[str, Any], lang: str) -> str:
    rats = text(WORDS, "rats_word", lang)
    parts = []
    for seat, entry in enumerate(view["seats"]):
        extra = f", {text(CATALOGUE, 'bonus', lang, n=entry['bonus'])}" if view["rules"] == "rat-hot" else ""
        parts.append(f"[{STYLE[entry['colour']]}]{seat_label(seat, lang)}[/] {view['scores'][seat]} "
                     f"({rats} {entry['rats']}{extra})")
    return "   ".join([*parts, f"{text(WORDS, 'pile_word', lang)}: {view['pile_size']}"])


def group_lines(view: dict[str, Any], frame: Frame, lang: str) -> list[str]:
    """Every group of two or more, with its cells by grid reference and what it scores now."""
    lines = []
    for group in view["groups"]:
        colour = view["seats"][group["seat"]]["colour"]
        cells = " ".join(frame.name(x, y) for x, y in group["cells"])
        lines.append(f"  [{STYLE[colour]}]" + text(CATALOGUE, "group", lang, who=seat_label(group["seat"], lang),
                                                    good=text(WORDS, group["good"], lang), cells=cells,
                                                    points=group["points"]) + "[/]")
    return lines or [f"  {text(CATALOGUE, 'no_groups', lang)}"]
