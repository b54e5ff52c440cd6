"""The table as text for ``ludoteca play``: the life line, then each player's body, then your hand.

Drawn from a view alone (documented keys only), in words, in the player's language; names and
numbers (a cell's cost and defence, each card's values) are those of the game's content, which
the view names in ``params``.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from ludoteca.engine.i18n import player_word, text

from .explain import content_of_view, summary
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
    "cell": {"en": "{cell} ×{n}{used} (cost {cost}, defence {defence})",
             "es": "{cell} ×{n}{used} (coste {cost}, defensa {defence})",
             "fr": "{cell} ×{n}{used} (coût {cost}, défense {defence})"},
    "used": {"en": " ({n} used)", "es": " ({n} usadas)", "fr": " ({n} utilisées)"},
    "infections": {"en": "  Infections: {list}", "es": "  Infecciones: {list}", "fr": "  Infections : {list}"},
    "infection": {"en": "{number}. {pathogen} ({counters} counters, damages {organs})",
                  "es": "{number}. {pathogen} ({counters} contadores, daña {organs})",
                  "fr": "{number}. {pathogen} ({counters} marqueurs, endommage {organs})"},
    "environment": {"en": "  Environment {n}: {cards}", "es": "  Ambiente {n}: {cards}",
                    "fr": "  Environnement {n} : {cards}"},
    "face_down": {"en": "face down", "es": "bocabajo", "fr": "face cachée"},
    "placed_by_you": {"en": "{card} (face down, yours)", "es": "{card} (bocabajo, tuya)",
                      "fr": "{card} (face cachée, la vôtre)"},
    "token": {"en": "{card} (token)", "es": "{card} (ficha)", "fr": "{card} (jeton)"},
    "memory": {"en": "  Memory: {list}", "es": "  Memoria: {list}", "fr": "  Mémoire : {list}"},
    "hand_medical": {"en": "Your hand, medical cards:", "es": "Tu mano, cartas médicas:",
                     "fr": "Votre main, cartes médicales :"},
    "hand_pathogen": {"en": "Your hand, pathogen cards:", "es": "Tu mano, cartas patógenas:",
                      "fr": "Votre main, cartes pathogènes :"},
    "hand_card": {"en": "  {card}: {values}", "es": "  {card}: {values}", "fr": "  {card} : {values}"},
    "help": {"en": "(Type ? and a name to read what any cell or card does.)",
             "es": "(Escribe ? y un nombre para leer qué hace una célula o carta.)",
             "fr": "(Tapez ? et un nom pour lire ce que fait une cellule ou une carte.)"},
    "none": {"en": "none", "es": "ninguna", "fr": "aucune"},
    "scores": {"en": "Health: {scores}", "es": "Salud: {scores}", "fr": "Santé : {scores}"},
}


def render_text(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table as ``view["seat"]`` sees it (rich markup escaped)."""
    content = content_of_view(view)
    name = content.name

    def say(key: str, **values: Any) -> str:
        return text(WORDS, key, lang, **values)

    def listed(items: list[str]) -> str:
        return ", ".join(items) if items else say("none")

    lines = [_header(view, lang), say("decks", **view["decks"])]
    viewer = view["seat"]
    for seat, board in enumerate(view["seats"]):
        acting = say("acting") if seat in view["to_move"] else ""
        lines.append(say("seat", seat=seat + 1, you=say("you") if seat == viewer else "", health=board["health"],
                         defence=board["defence"], oxygen=board["oxygen"], stored=board["stored_oxygen"],
                         **board["hand_counts"]) + acting)
        organs = [say("organ", organ=name(o, lang), damage=d, boxes=content.organ_boxes.get(o, "?"),
                      tumours=say("tumours", n=board["tumours"][o]) if board["tumours"].get(o) else "")
                  for o, d in board["damage"].items()]
        lines.append(say("organs", organs=", ".join(organs)))
        cells = [say("cell", cell=name(c, lang), n=n, used=say("used", n=board["cells_used"][c])
                     if board["cells_used"].get(c) else "", cost=content.cells[c].cost,
                     defence=content.cells[c].defence)
                 for c, n in board["cells"].items() if n and c in content.cells]
        lines.append(say("cells", cells=listed(cells)))
        infections = [say("infection", number=k + 1, pathogen=name(i["pathogen"], lang), counters=i["counters"],
                          organs=", ".join(name(o, lang) for o in _targets(content, i["pathogen"])))
                      for k, i in enumerate(board["infections"])]
        lines.append(say("infections", list=listed(infections)))
        for number, key in ((1, "environment_1"), (2, "environment_2")):
            lines.append(say("environment", n=number,
                             cards=listed([_card(e, viewer, name, lang) for e in board[key]])))
        if board["memory"]:
            lines.append(say("memory", list=", ".join(name(p, lang) for p in board["memory"])))
    hand = view.get("hand")
    if hand is not None:
        for key in ("medical", "pathogen"):
            lines.append(say(f"hand_{key}") + ("" if hand[key] else " " + say("none")))
            lines += [say("hand_card", card=name(card, lang), values=summary(card, content, lang, copies=False))
                      for card in dict.fromkeys(hand[key])]
        lines.append(say("help"))
    if view["is_over"]:
        lines.append(say("scores", scores=", ".join(f"{player_word(s, lang)} {v}"
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


def _targets(content: Any, pathogen: str) -> tuple[str, ...]:
    known = content.pathogens.get(pathogen)
    return known.targets if known else ()


def _card(entry: dict[str, Any], viewer: int | None, name: Any, lang: str) -> str:
    if entry["pathogen"] is None:
        return text(WORDS, "face_down", lang)
    card = name(entry["pathogen"], lang)
    if entry["vector_token"]:
        return text(WORDS, "token", lang, card=card)
    if not entry["face_up"] and entry["placed_by"] == viewer:
        return text(WORDS, "placed_by_you", lang, card=card)
    return card
