"""Thirty-One in words: card names, action labels and log lines in English, Spanish and French.

Every label names cards in words with their code ("Queen of hearts (Q♥)"), so a player can
match it with the hand on the screen; no label is the engine's ``type=..., card=...`` fallback.
"""

from __future__ import annotations

from collections.abc import Callable
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
    "dealt": {"en": "{who} was dealt {cards}", "es": "{who} recibió {cards}", "fr": "{who} a reçu {cards}"},
    "drew": {"en": "{who} drew from the stock", "es": "{who} robó del mazo", "fr": "{who} a pioché"},
    "drew_card": {"en": "{who} drew the {card}", "es": "{who} robó {card}", "fr": "{who} a pioché {card}"},
    "took": {"en": "{who} took the {card} from the discard pile", "es": "{who} tomó {card} de los descartes",
             "fr": "{who} a pris {card} sur la défausse"},
    "knocked": {"en": "{who} knocked", "es": "{who} llamó", "fr": "{who} a frappé"},
    "discarded": {"en": "{who} discarded the {card}", "es": "{who} descartó {card}", "fr": "{who} a défaussé {card}"},
    "showdown": {"en": "Round {round} ended ({reason}): {results}",
                 "es": "Terminó la ronda {round} ({reason}): {results}",
                 "fr": "La manche {round} s'est terminée ({reason}) : {results}"},
    "result": {"en": "{who} showed {cards}, worth {value}, and scored {score}",
               "es": "{who} mostró {cards}, que vale {value}, y ganó {score}",
               "fr": "{who} a montré {cards}, qui vaut {value}, et a marqué {score}"},
    "knock_reason": {"en": "a knock", "es": "alguien llamó", "fr": "quelqu'un a frappé"},
    "blitz_reason": {"en": "a blitz, a perfect hand", "es": "una mano perfecta", "fr": "une main parfaite"},
    "stock_reason": {"en": "the stock ran out", "es": "se acabó el mazo", "fr": "la pioche est vide"},
    "limit_reason": {"en": "the turn limit", "es": "el límite de turnos", "fr": "la limite de tours"},
    "new_round": {"en": "Round {round} was dealt; the {card} turned up",
                  "es": "Se repartió la ronda {round}; salió {card}",
                  "fr": "La manche {round} a été distribuée ; {card} a été retournée"},
    "game_over": {"en": "Game over. Totals: {totals}", "es": "Fin de la partida. Totales: {totals}",
                  "fr": "Fin de partie. Totaux : {totals}"},
    # the prompt and the end
    "prompt_draw": {"en": "Draw from the stock, take the {card} from the discard pile, or knock",
                    "es": "Roba del mazo, toma {card} de los descartes o llama",
                    "fr": "Piochez, prenez {card} sur la défausse ou frappez"},
    "prompt_draw_no_knock": {"en": "Draw from the stock or take the {card} from the discard pile",
                             "es": "Roba del mazo o toma {card} de los descartes",
                             "fr": "Piochez ou prenez {card} sur la défausse"},
    "prompt_discard": {"en": "Discard one of your four cards", "es": "Descarta una de tus cuatro cartas",
                       "fr": "Défaussez l'une de vos quatre cartes"},
    "prompt_discard_keep": {"en": "Discard one of your four cards; you must keep the {card}",
                            "es": "Descarta una de tus cuatro cartas; debes quedarte {card}",
                            "fr": "Défaussez l'une de vos quatre cartes ; vous devez garder {card}"},
    "round_points": {"en": "Round {round}", "es": "Ronda {round}", "fr": "Manche {round}"},
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
    """A seat in the terminal's own lines, counted from 1 as people count."""
    return text(CATALOGUE, "seat", lang, n=seat + 1)


def describe_action(action: dict[str, Any], lang: str) -> str:
    kind = action["type"]
    if kind in ("take", "discard"):
        return text(CATALOGUE, kind, lang, card=card_name(action["card"], lang))
    return text(CATALOGUE, kind, lang)


def describe_event(event: dict[str, Any], lang: str, name: Callable[[int, str], str] = seat_name) -> str:
    """A log line in the past tense; ``name(seat, lang)`` names a player (the state's ``player``)."""
    kind = event["type"]
    seat_name = name  # noqa: N806 - the one way this function names a seat
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


def prompt(phase: str, top: str | None, keep: str | None, may_knock: bool, lang: str) -> str:
    """What the player to move is asked: the draw (naming the card on the discard pile) or the discard."""
    if phase == "draw":
        key = "prompt_draw" if may_knock else "prompt_draw_no_knock"
        return text(CATALOGUE, key, lang, card=card_name(top, lang) if top else text(CATALOGUE, "nothing", lang))
    if keep:
        return text(CATALOGUE, "prompt_discard_keep", lang, card=card_name(keep, lang))
    return text(CATALOGUE, "prompt_discard", lang)


def breakdown(round_scores: list[list[int]], players: int, lang: str) -> list[list[tuple[str, float]]]:
    """Each seat's total as the rounds made it."""
    return [[(text(CATALOGUE, "round_points", lang, round=number), float(scores[seat]))
             for number, scores in enumerate(round_scores, start=1)] for seat in range(players)]
