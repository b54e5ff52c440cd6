"""The table as text for ``ludoteca play``: the life line, then each player's body, then your hand.

Drawn from a view alone (documented keys only), in words, in the player's language; the names
are the shipped content's (a view does not carry its game's params).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from ludoteca.engine.i18n import text

from .content import content_for
from .labels import CATALOGUE as LABELS

WORDS: dict[str, dict[str, str]] = {
    "header": {"en": "Turn {turn} of {turns} ({stage}) · phase {number}: {phase}",
               "es": "Turno {turn} de {turns} ({stage}) · fase {number}: {phase}",
               "fr": "Tour {turn} sur {turns} ({stage}) · phase {number} : {phase}"},
    "not_started": {"en": "Before the first turn", "es": "Antes del primer turno", "fr": "Avant le premier tour"},
    "over": {"en": "Game over", "es": "Partida terminada", "fr": "Partie terminée"},
    "decks": {"en": "Decks: {pathogen} pathogen, {medical} medical, {environment} environment cards",
              "es": "Mazos: {pathogen} patógenas, {medical} médicas, {environment} de ambiente",
              "fr": "Pioches : {pathogen} pathogènes, {medical} médicales, {environment} environnement"},
    "seat": {"en": "Player {seat}{you}: health {health}, defence {defence}, oxygen {oxygen} (stored {stored}), "
                   "{medical} medical + {pathogen} pathogen cards",
             "es": "Jugador {seat}{you}: salud {health}, defensa {defence}, oxígeno {oxygen} (guardado {stored}), "
                   "{medical} cartas médicas + {pathogen} patógenas",
             "fr": "Joueur {seat}{you} : santé {health}, défense {defence}, oxygène {oxygen} (stocké {stored}), "
                   "{medical} cartes médicales + {pathogen} pathogènes"},
    "you": {"en": " (you)", "es": " (tú)", "fr": " (vous)"},
    "acting": {"en": " — to act", "es": " — le toca", "fr": " — à jouer"},
    "organs": {"en": "  Organs: {organs}", "es": "  Órganos: {organs}", "fr": "  Organes : {organs}"},
    "organ": {"en": "{organ} {damage}/{boxes}{tumours}", "es": "{organ} {damage}/{boxes}{tumours}",
              "fr": "{organ} {damage}/{boxes}{tumours}"},
    "tumours": {"en": " ({n} tumours)", "es": " ({n} tumores)", "fr": " ({n} tumeurs)"},
    "cells": {"en": "  Cells: {cells}", "es": "  Células: {cells}", "fr": "  Cellules : {cells}"},
    "cell": {"en": "{cell} ×{n}{used}", "es": "{cell} ×{n}{used}", "fr": "{cell} ×{n}{used}"},
    "used": {"en": " ({n} used)", "es": " ({n} usadas)", "fr": " ({n} utilisées)"},
    "infections": {"en": "  Infections: {list}", "es": "  Infecciones: {list}", "fr": "  Infections : {list}"},
    "infection": {"en": "{number}. {pathogen} ({counters} counters)",
                  "es": "{number}. {pathogen} ({counters} contadores)",
                  "fr": "{number}. {pathogen} ({counters} marqueurs)"},
    "environment": {"en": "  Environment {n}: {cards}", "es": "  Ambiente {n}: {cards}",
                    "fr": "  Environnement {n} : {cards}"},
    "face_down": {"en": "face down", "es": "bocabajo", "fr": "face cachée"},
    "placed_by_you": {"en": "{card} (face down, yours)", "es": "{card} (bocabajo, tuya)",
                      "fr": "{card} (face cachée, la vôtre)"},
    "token": {"en": "{card} (token)", "es": "{card} (ficha)", "fr": "{card} (jeton)"},
    "memory": {"en": "  Memory: {list}", "es": "  Memoria: {list}", "fr": "  Mémoire : {list}"},
    "hand": {"en": "Your hand: {medical} | {pathogen}", "es": "Tu mano: {medical} | {pathogen}",
             "fr": "Votre main : {medical} | {pathogen}"},
    "none": {"en": "none", "es": "ninguna", "fr": "aucune"},
    "scores": {"en": "Health: {scores}", "es": "Salud: {scores}", "fr": "Santé : {scores}"},
}


def render_text(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view["seat"]`` sees it (rich markup escaped)."""
    content = content_for({})
    name = content.name

    def say(key: str, **values: Any) -> str:
        return text(WORDS, key, lang, **values)

    def listed(items: list[str]) -> str:
        return ", ".join(items) if items else say("none")

    lines = [_header(view, lang), say("decks", **view["decks"])]
    viewer = view["seat"]
    for seat, board in enumerate(view["seats"]):
        acting = say("acting") if seat in view["to_move"] else ""
        lines.append(say("seat", seat=seat, you=say("you") if seat == viewer else "", health=board["health"],
                         defence=board["defence"], oxygen=board["oxygen"], stored=board["stored_oxygen"],
                         **board["hand_counts"]) + acting)
        organs = [say("organ", organ=name(o, lang), damage=d, boxes=content.organ_boxes.get(o, "?"),
                      tumours=say("tumours", n=board["tumours"][o]) if board["tumours"].get(o) else "")
                  for o, d in board["damage"].items()]
        lines.append(say("organs", organs=", ".join(organs)))
        cells = [say("cell", cell=name(c, lang), n=n, used=say("used", n=board["cells_used"][c])
                     if board["cells_used"].get(c) else "") for c, n in board["cells"].items() if n]
        lines.append(say("cells", cells=listed(cells)))
        infections = [say("infection", number=k + 1, pathogen=name(i["pathogen"], lang), counters=i["counters"])
                      for k, i in enumerate(board["infections"])]
        lines.append(say("infections", list=listed(infections)))
        for number, key in ((1, "environment_1"), (2, "environment_2")):
            lines.append(say("environment", n=number, cards=listed([_card(e, viewer, lang) for e in board[key]])))
        if board["memory"]:
            lines.append(say("memory", list=", ".join(name(p, lang) for p in board["memory"])))
    hand = view.get("hand")
    if hand is not None:
        lines.append(say("hand", medical=listed([name(m, lang) for m in hand["medical"]]),
                         pathogen=listed([name(p, lang) for p in hand["pathogen"]])))
    if view["is_over"]:
        lines.append(say("scores", scores=", ".join(f"{text(LABELS, 'player', lang, seat=s)} {v}"
                                                    for s, v in enumerate(view["scores"]))))
    return escape("\n".join(lines))


def _header(view: dict[str, Any], lang: str) -> str:
    if view["phase"] == "over":
        return text(WORDS, "over", lang)
    if not view["turn"]:
        return text(WORDS, "not_started", lang)
    return text(WORDS, "header", lang, turn=view["turn"], turns=view["turns"],
                stage=text(LABELS, view["stage"], lang), number=view["phase_number"],
                phase=text(LABELS, f"phase_{view['phase']}", lang))


def _card(entry: dict[str, Any], viewer: int | None, lang: str) -> str:
    name = content_for({}).name
    if entry["pathogen"] is None:
        return text(WORDS, "face_down", lang)
    card = name(entry["pathogen"], lang)
    if entry["vector_token"]:
        return text(WORDS, "token", lang, card=card)
    if not entry["face_up"] and entry["placed_by"] == viewer:
        return text(WORDS, "placed_by_you", lang, card=card)
    return card
