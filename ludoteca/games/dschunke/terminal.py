"""The deck in a terminal: each cell shows its height and crate, coloured by owner (Rich markup)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import CATALOGUE, strip_label

SHORT = {"rice": "ric", "vegetables": "veg", "spice": "spi", "fish": "fis", "rat": "RAT"}
STYLE = {"red": "red", "green": "green"}


def cell_text(height: int, crate: str) -> str:
    if crate == "empty":
        return f"[dim]{height}···[/]"
    colour, kind = crate.split(" ", 1)
    return f"[{STYLE[colour]}]{height}{SHORT[kind]}[/]"


def render(view: dict[str, Any], lang: str = "en") -> str:
    """Top view with coordinates, then the drawn strips and the live scores."""
    cells = {(x, y): (h, crate) for x, y, h, crate in view["cells"]}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    lines = ["      " + " ".join(f"{x:>4}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        row = [f"{y:>4}  "]
        for x in range(min(xs), max(xs) + 1):
            entry = cells.get((x, y))
            row.append("   ." if entry is None else cell_text(*entry))
        lines.append(" ".join(row))
    red, green = text(CATALOGUE, "Red", lang), text(CATALOGUE, "Green", lang)
    scores, rats = view["scores"], view["rats"]
    lines.append(f"[red]{red}[/] {scores[0]} (rats {rats[0]})   [green]{green}[/] {scores[1]} (rats {rats[1]})"
                 f"   pile: {view['pile']}")
    for strip in view["hand"]:
        lines.append(f"  strip {strip['tile']}: {strip_label(strip['crates'], lang)}")
    return "\n".join(lines)
