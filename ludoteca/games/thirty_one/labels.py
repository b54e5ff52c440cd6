"""Thirty-One in words: card names, action labels and log lines in English, Spanish and French.

Every label names cards in words with their code ("Queen of hearts (Q♥)"), so a player can
match it with the hand on the screen; no label is the engine's ``type=..., card=...`` fallback.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .content import rank_of, suit_of

RANK_NAMES: dict[str, dict[str, str]] = {
    "A": {"en": "Ace", "es": "As", "fr": "As"},
    "2": {"en": "Two", "es": "Dos", "fr": "Deux"},
    "3": {"en": "Three", "es": "Tres", "fr": "Trois"},
    "4": {"en": "Four", "es": "Cuatro", "fr": "Quatre"},
    "5": {"en": "Five", "es": "Cinco", "fr": "Cinq"},
    "6": {"en": "Six", "es": "Seis", "fr": "Six"},
    "7": {"en": "Seven", "es": "Siete", "fr": "Sept"},
    "8": {"en": "Eight", "es": "Ocho", "fr": "Huit"},
    "9": {"en": "Nine", "es": "Nueve", "fr": "Neuf"},
    "10": {"en": "Ten", "es": "Diez", "fr": "Dix"},
    "J": {"en": "Jack", "es": "Jota", "fr": "Valet"},
    "Q": {"en": "Queen", "es": "Reina", "fr": "Dame"},
    "K": {"en": "King", "es": "Rey", "fr": "Roi"},
}
SUIT_NAMES: dict[str, dict[str, str]] = {
    "clubs": {"en": "clubs", "es": "tréboles", "fr": "trèfle"},
    "diamonds": {"en": "diamonds", "es": "diamantes", "fr": "carreau"},
    "hearts": {"en": "hearts", "es": "corazones", "fr": "cœur"},
    "spades": {"en": "spades", "es": "picas", "fr": "pique"},
}

CATALOGUE: dict[str, dict[str, str]] = {
    "card": {"en": "{rank} of {suit} ({code})", "es": "{rank} de {suit} ({code})", "fr": "{rank} de {suit} ({code})"},
    "seat": {"en": "Seat {n}", "es": "Asiento {n}", "fr": "Place {n}"},
    "nothing": {"en": "nothing", "es": "nada", "fr": "rien"},
    # actions
    "draw": {"en": "Draw the top card of the stock", "es": "Robar la carta de arriba del mazo",
             "fr": "Piocher la carte du dessus de la pioche"},
    "take": {"en": "Take the {card} from the discard pile", "es": "Tomar {card} de la pila de descartes",
             "fr": "Prendre {card} sur la défausse"},
    "knock": {"en": "Knock: everyone else has one last turn", "es": "Llamar: los demás juegan un último turno",
              "fr": "Frapper : les autres jouent un dernier tour"},
    "discard": {"en": "Discard the {card}", "es": "Descartar {card}", "fr": "Défausser {card}"},
    # events
    "dealt": {"en": "{who} is dealt {cards}", "es": "{who} recibe {cards}", "fr": "{who} reçoit {cards}"},
    "drew": {"en": "{who} draws from the stock", "es": "{who} roba del mazo", "fr": "{who} pioche"},
    "drew_card": {"en": "{who} draws the {card}", "es": "{who} roba {card}", "fr": "{who} pioche {card}"},
    "took": {"en": "{who} takes the {card} from the discard pile", "es": "{who} toma {card} de los descartes",
             "fr": "{who} prend {card} sur la défausse"},
    "knocked": {"en": "{who} knocks", "es": "{who} llama", "fr": "{who} frappe"},
    "discarded": {"en": "{who} discards the {card}", "es": "{who} descarta {card}", "fr": "{who} défausse {card}"},
    "showdown": {"en": "Round {round} ends ({reason}): {results}",
                 "es": "Fin de la ronda {round} ({reason}): {results}",
                 "fr": "Fin de la manche {round} ({reason}) : {results}"},
    "result": {"en": "{who} shows {cards}, worth {value}, and scores {score}",
               "es": "{who} muestra {cards}, que vale {value}, y gana {score}",
               "fr": "{who} montre {cards}, qui vaut {value}, et marque {score}"},
    "knock_reason": {"en": "a knock", "es": "alguien llamó", "fr": "quelqu'un a frappé"},
    "blitz_reason": {"en": "a blitz, a perfect hand", "es": "una mano perfecta", "fr": "une main parfaite"},
    "stock_reason": {"en": "the stock ran out", "es": "se acabó el mazo", "fr": "la pioche est vide"},
    "limit_reason": {"en": "the turn limit", "es": "el límite de turnos", "fr": "la limite de tours"},
    "new_round": {"en": "Round {round} is dealt; the {card} turns up", "es": "Se reparte la ronda {round}; sale {card}",
                  "fr": "La manche {round} est distribuée ; {card} est retournée"},
    "game_over": {"en": "Game over. Totals: {totals}", "es": "Fin de la partida. Totales: {totals}",
                  "fr": "Fin de partie. Totaux : {totals}"},
    # the terminal
    "round_of": {"en": "Round {round} of {rounds}, turn {turn} of {limit}",
                 "es": "Ronda {round} de {rounds}, turno {turn} de {limit}",
                 "fr": "Manche {round} sur {rounds}, tour {turn} sur {limit}"},
    "stock_left": {"en": "{n} cards in the stock", "es": "{n} cartas en el mazo", "fr": "{n} cartes dans la pioche"},
    "pile": {"en": "Discard pile (top last): {cards}", "es": "Descartes (el último arriba): {cards}",
             "fr": "Défausse (le dessus en dernier) : {cards}"},
    "seat_line": {"en": "{who}: {total} points, {cards} cards", "es": "{who}: {total} puntos, {cards} cartas",
                  "fr": "{who} : {total} points, {cards} cartes"},
    "seen_taking": {"en": "seen taking {cards}", "es": "se le vio tomar {cards}", "fr": "a pris {cards}"},
    "has_knocked": {"en": "has knocked", "es": "ha llamado", "fr": "a frappé"},
    "your_hand": {"en": "Your hand: {cards}, worth {value}", "es": "Tu mano: {cards}, vale {value}",
                  "fr": "Votre main : {cards}, vaut {value}"},
    "keep": {"en": "(you must keep the {card} this turn)", "es": "(este turno debes quedarte {card})",
             "fr": "(vous devez garder {card} ce tour-ci)"},
    "last_round": {"en": "Last showdown: {results}", "es": "Última muestra: {results}",
                   "fr": "Dernière révélation : {results}"},
}


def card_name(card: str, lang: str) -> str:
    """``"Q♥"`` -> "Queen of hearts (Q♥)" / "Reina de corazones (Q♥)" / "Dame de cœur (Q♥)"."""
    rank = RANK_NAMES[rank_of(card)][lang]
    suit = SUIT_NAMES[suit_of(card)][lang]
    return text(CATALOGUE, "card", lang, rank=rank, suit=suit, code=card)


def cards_text(cards: list[str], lang: str) -> str:
    return " ".join(cards) if cards else text(CATALOGUE, "nothing", lang)


def seat_name(seat: int, lang: str) -> str:
    return text(CATALOGUE, "seat", lang, n=seat)


def describe_action(action: dict[str, Any], lang: str) -> str:
    kind = action["type"]
    if kind in ("take", "discard"):
        return text(CATALOGUE, kind, lang, card=card_name(action["card"], lang))
    return text(CATALOGUE, kind, lang)


def describe_event(event: dict[str, Any], lang: str) -> str:
    kind = event["type"]
    who = seat_name(event["seat"], lang) if "seat" in event else ""
    if kind in ("drew_card", "took", "discarded"):
        return text(CATALOGUE, kind, lang, who=who, card=card_name(event["card"], lang))
    if kind == "dealt":
        return text(CATALOGUE, kind, lang, who=who, cards=cards_text(event["cards"], lang))
    if kind == "showdown":
        results = "; ".join(
            text(CATALOGUE, "result", lang, who=seat_name(seat, lang), cards=cards_text(hand, lang),
                 value=value, score=score)
            for seat, (hand, value, score) in enumerate(zip(event["hands"], event["values"], event["scores"],
                                                            strict=True)))
        return text(CATALOGUE, kind, lang, round=event["round"], results=results,
                    reason=text(CATALOGUE, f"{event['reason']}_reason", lang))
    if kind == "new_round":
        return text(CATALOGUE, kind, lang, round=event["round"], card=card_name(event["card"], lang))
    if kind == "game_over":
        totals = ", ".join(f"{seat_name(seat, lang)} {total}" for seat, total in enumerate(event["totals"]))
        return text(CATALOGUE, kind, lang, totals=totals)
    return text(CATALOGUE, kind, lang, who=who)
