"""The table as text for ``ludoteca play``: players, your hand, and your knowledge sheet.

Why a sheet: Herbalism is a memory game; the rule text suggests paper and pencil, so the
terminal shows every note this seat has this round, in words, in the player's language."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import player_word, text

from .labels import NOTES, card_name, cards, colour, medicine, note, winner_words

WORDS = {
    "round": {"en": "Round {round} (first player: {start}); game to {target} points",
              "es": "Ronda {round} (jugador inicial: {start}); partida a {target} puntos",
              "fr": "Manche {round} (premier joueur : {start}) ; partie en {target} points"},
    "seat": {"en": "{seat}{you}: {score} pts, {size} cards, pharmacist on {where}, cure marker: {marker}",
             "es": "{seat}{you}: {score} pts, {size} cartas, farmacéutico en {where}, marcador: {marker}",
             "fr": "{seat}{you} : {score} pts, {size} cartes, pharmacien sur {where}, marqueur : {marker}"},
    "you": {"en": " (you)", "es": " (tú)", "fr": " (vous)"},
    "nowhere": {"en": "-", "es": "-", "fr": "-"},
    "in_hand": {"en": "in hand", "es": "en la mano", "fr": "en main"},
    "placed": {"en": "{side} on {card}", "es": "{side} en {card}", "fr": "{side} sur {card}"},
    "hand": {"en": "Your hand: {cards}", "es": "Tu mano: {cards}", "fr": "Votre main : {cards}"},
    "cards_in_play": {"en": "Action cards: {cards}", "es": "Cartas de acción: {cards}",
                      "fr": "Cartes action : {cards}"},
    "notes": {"en": "Your notes this round:", "es": "Tus notas de esta ronda:", "fr": "Vos notes de la manche :"},
    "last": {"en": "Last round: the cure was {cards} ({card}); {who}; scores moved: {changes}",
             "es": "Última ronda: la cura era {cards} ({card}); {who}; cambio de puntos: {changes}",
             "fr": "Dernière manche : le remède était {cards} ({card}) ; {who} ; points gagnés : {changes}"},
    "change_of": {"en": "{seat} {change}", "es": "{seat} {change}", "fr": "{seat} {change}"},
}


def _w(key: str, lang: str, **values: Any) -> str:
    return WORDS[key].get(lang, WORDS[key]["en"]).format(**values)


def render(view: dict[str, Any], lang: str = "en") -> str:
    """The whole table for one seat, as plain lines (Rich markup escaped)."""
    from rich.markup import escape  # only ``ludoteca play`` needs Rich; loading a game does not

    lines = [_w("round", lang, round=view["round"], start=player_word(view["start_player"], lang),
                target=view["target"])]
    for seat, public in enumerate(view["seats"]):
        marker = public["cure_marker"]
        shown = (_w("in_hand", lang) if marker is None
                 else _w("placed", lang, side=text(NOTES, marker["side"], lang), card=medicine(marker["card"], lang)))
        where = public["pharmacist"]
        line = _w("seat", lang, seat=player_word(seat, lang), you=_w("you", lang) if seat == view["seat"] else "",
                  score=public["score"], size=public["hand_size"],
                  where=medicine(where, lang) if where else _w("nowhere", lang), marker=shown)
        if public["predictions"]:
            line += " | " + ", ".join(colour(c, lang) for c in public["predictions"])
        lines.append(("> " if seat in view["to_move"] else "  ") + line)
    lines.append(_w("cards_in_play", lang, cards=", ".join(card_name(c, lang) for c in view["action_cards"])))
    if "hand" in view:
        lines.append(_w("hand", lang, cards=cards(view["hand"], lang)))
    if view["last_round"]:
        last = view["last_round"]
        lines.append(_w("last", lang, cards=cards(last["cure"], lang), card=medicine(last["card"], lang),
                        who=winner_words(last["winner"], lang), changes=score_changes(last, lang)))
    lines.append(_w("notes", lang))
    lines += [f"  {i}. {note(e, lang)}" for i, e in enumerate(view["knowledge"], 1)]
    return escape("\n".join(lines))


def score_changes(last: dict[str, Any], lang: str) -> str:
    """How each score really moved ("Player 1 +3, Player 2 0"): after the 0 floor, so a -1 on a
    score of 0 reads 0, not -1."""
    changes = last.get("changes", last["deltas"])
    return ", ".join(_w("change_of", lang, seat=player_word(seat, lang), change=f"{c:+d}" if c else "0")
                     for seat, c in enumerate(changes))
