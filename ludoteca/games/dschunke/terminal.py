"""The deck in a terminal for ``ludoteca play``: each cell shows its height and crate,
coloured by owner (Rich markup); then the scores and the drawn strips.  Reads only the view."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import CATALOGUE, seat_label, strip_label

SHORT = {"rice": "ric", "vegetables": "veg", "spice": "spi", "fish": "fis", "rat": "RAT"}
STYLE = {"red": "red", "green": "green"}


def cell_text(height: int, crate: str) -> str:
    if crate == "empty":
        return f"[dim]{height}···[/]"
    colour, kind = crate.split(" ", 1)
    return f"[{STYLE[colour]}]{height}{SHORT[kind]}[/]"


def render_text(view: dict[str, Any], lang: str = "en") -> str:
    """Top view with coordinates, then the live scores and the drawn strips."""
    cells = {(c["x"], c["y"]): (c["height"], c["crate"]) for c in view["cells"]}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    lines = ["      " + " ".join(f"{x:>4}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        row = [f"{y:>4}  "]
        for x in range(min(xs), max(xs) + 1):
            entry = cells.get((x, y))
            row.append("   ." if entry is None else cell_text(*entry))
        lines.append(" ".join(row))
    rats = text(CATALOGUE, "rats_word", lang)
    parts = [f"[{STYLE[s['colour']]}]{seat_label(i, lang)}[/] {view['scores'][i]} ({rats} {s['rats']})"
             for i, s in enumerate(view["seats"])]
    lines.append("   ".join([*parts, f"{text(CATALOGUE, 'pile_word', lang)}: {view['pile_size']}"]))
    drawn = text(CATALOGUE, "drawn_word", lang)
    for strip in view["drawn"]:
        mark = " *" if strip["tile"] == view["to_place"] else ""
        lines.append(f"  {drawn}: {strip_label(strip['crates'], lang)}{mark}")
    return "\n".join(lines)
