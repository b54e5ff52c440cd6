"""Thirty-One in a terminal (``ludoteca play thirty-one``): the table as a few lines of words.

Reads only documented view keys; Rich markup marks the seat to move and the red suits."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import CATALOGUE, cards_text, seat_name

RED = ("♥", "♦")


def coloured(cards: list[str], lang: str) -> str:
    shown = cards_text(cards, lang)
    for symbol in RED:
        shown = " ".join(f"[red]{c}[/]" if c.endswith(symbol) else c for c in shown.split(" "))
    return shown


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The round, the stock and the pile, one line per seat, then your hand."""
    lines = [text(CATALOGUE, "round_of", lang, round=view["round"], rounds=view["rounds"],
                  turn=view["turn"], limit=view["turn_limit"]),
             text(CATALOGUE, "stock_left", lang, n=view["stock"]),
             text(CATALOGUE, "pile", lang, cards=coloured(view["discard"], lang))]
    for seat, info in enumerate(view["seats"]):
        line = text(CATALOGUE, "seat_line", lang, who=seat_name(seat, lang), total=view["scores"][seat],
                    cards=info["cards"])
        if info["known"]:
            line += ", " + text(CATALOGUE, "seen_taking", lang, cards=coloured(info["known"], lang))
        if info["knocked"]:
            line += ", " + text(CATALOGUE, "has_knocked", lang)
        lines.append(f"[bold]{line}[/]" if seat in view["to_move"] else line)
    if any(info["last_hand"] for info in view["seats"]):
        results = "; ".join(f"{seat_name(seat, lang)} {coloured(info['last_hand'], lang)} = {info['last_value']}"
                            for seat, info in enumerate(view["seats"]))
        lines.append(text(CATALOGUE, "last_round", lang, results=results))
    you = view["you"]
    if you is not None:
        lines.append(text(CATALOGUE, "your_hand", lang, cards=coloured(you["hand"], lang), value=you["hand_value"]))
        if you["must_keep"]:
            lines.append(text(CATALOGUE, "keep", lang, card=you["must_keep"]))
    return "\n".join(lines)
