"""Names of the components, action labels and knowledge-sheet notes in English, Spanish and
French (names follow the rule text).

Why one module: the log (``log.py``), the prompt (``prompts.py``), the end screen
(``ending.py``), the catalogue and the terminal all name colours, cards and medicine cards the
same way ("the red-blue card", "2 cartas azules", "une carte bleue"), so they read these
helpers; none of them is imported here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.engine.i18n import player_word, text

COLOURS = {
    "red": {"en": "red", "es": "rojo", "fr": "rouge"},
    "yellow": {"en": "yellow", "es": "amarillo", "fr": "jaune"},
    "green": {"en": "green", "es": "verde", "fr": "vert"},
    "blue": {"en": "blue", "es": "azul", "fr": "bleu"},
}
ACTION_CARDS = {
    "inquiring": {"en": "Inquiring", "es": "Indagar", "fr": "Enquête"},
    "feeding": {"en": "Feeding", "es": "Alimentación", "fr": "Nourrir"},
    "brewing": {"en": "Brewing", "es": "Fabricación de cerveza", "fr": "Brassage"},
    "appealing": {"en": "Appealing", "es": "Atractivo", "fr": "Attrait"},
    "curing": {"en": "Curing", "es": "Curación", "fr": "Guérison"},
}
IDENTICAL = {"en": "identical pair", "es": "pareja idéntica", "fr": "paire identique"}

#: Action labels: what the seat to move may choose, worded as a choice ("Give a blue card to Ana").
CATALOGUE = {
    "move": {"en": "Move your pharmacist to {card}", "es": "Mueve tu farmacéutico a {card}",
             "fr": "Déplacez votre pharmacien sur {card}"},
    "action": {"en": "Take the action card {card}", "es": "Toma la carta de acción {card}",
               "fr": "Prenez la carte action {card}"},
    "give": {"en": "Give {what} to {target}", "es": "Da {what} a {target}", "fr": "Donnez {what} à {target}"},
    "target": {"en": "Choose {target}", "es": "Elige a {target}", "fr": "Choisissez {target}"},
    "hand_over": {"en": "Hand over your {colour}", "es": "Entrega tus {colour}", "fr": "Donnez vos {colour}"},
    "hand_over_two": {"en": "Hand over two {colour}", "es": "Entrega dos {colour}", "fr": "Donnez deux {colour}"},
    "hand_over_none": {"en": "Hand over nothing", "es": "No entregar nada", "fr": "Ne rien donner"},
    "predict": {"en": "Predict {what} in the cure", "es": "Predice {what} en la cura",
                "fr": "Prédire {what} dans le remède"},
    "skip_prediction": {"en": "Make no prediction", "es": "No predecir", "fr": "Ne rien prédire"},
    "answer": {"en": "Place your cure marker, answer side up, on {card}",
               "es": "Coloca tu marcador de curación, con la respuesta hacia arriba, en {card}",
               "fr": "Placez votre marqueur de guérison, face réponse, sur {card}"},
    "follow": {"en": "Follow on {card} (your cure marker, follow side up)",
               "es": "Sigue en {card} (tu marcador de curación, con el lado seguido hacia arriba)",
               "fr": "Suivez sur {card} (votre marqueur de guérison, face suivi)"},
    "pass": {"en": "Pass (keep your cure marker)", "es": "Pasa (conservas tu marcador)",
             "fr": "Passer (gardez votre marqueur)"},
    "unknown_action": {"en": "An action this version cannot name", "es": "Una acción que esta versión no sabe nombrar",
                       "fr": "Une action que cette version ne sait pas nommer"},
    "won_by": {"en": "won by {seat}", "es": "la gana {seat}", "fr": "gagnée par {seat}"},
    "no_winner": {"en": "nobody found the cure", "es": "nadie encontró la cura", "fr": "personne n'a trouvé le remède"},
}

#: A medicine card in a sentence, with its article ("the red-blue card").
CARD = {
    "pair": {"en": "the {name} card", "es": "la carta {name}", "fr": "la carte {name}"},
    "identical": {"en": "the identical pair card", "es": "la carta de pareja idéntica",
                  "fr": "la carte paire identique"},
}
#: Cards of one colour in a sentence: (one card, several cards), the adjective agreeing.
COLOUR_CARDS = {
    "red": {"en": ("red card", "red cards"), "es": ("carta roja", "cartas rojas"),
            "fr": ("carte rouge", "cartes rouges")},
    "yellow": {"en": ("yellow card", "yellow cards"), "es": ("carta amarilla", "cartas amarillas"),
               "fr": ("carte jaune", "cartes jaunes")},
    "green": {"en": ("green card", "green cards"), "es": ("carta verde", "cartas verdes"),
              "fr": ("carte verte", "cartes vertes")},
    "blue": {"en": ("blue card", "blue cards"), "es": ("carta azul", "cartas azules"),
             "fr": ("carte bleue", "cartes bleues")},
}
SOME = {
    "a": {"en": "a {card}", "es": "una {card}", "fr": "une {card}"},
    "cards": {"en": ("card", "cards"), "es": ("carta", "cartas"), "fr": ("carte", "cartes")},
    "none": {"en": "no card", "es": "ninguna carta", "fr": "aucune carte"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
}

#: One knowledge-sheet entry in words (``note``): hidden details are said to be unseen.
NOTES = {
    "deal": {"en": "dealt {sizes} cards each{own}", "es": "se reparten {sizes} cartas a cada uno{own}",
             "fr": "{sizes} cartes distribuées à chacun{own}"},
    "own": {"en": "; you got {cards}", "es": "; recibes {cards}", "fr": " ; vous recevez {cards}"},
    "transfer": {"en": "{card} by {by} on {medicine}, target {target}: {what}",
                 "es": "{card} de {by} en {medicine}, objetivo {target}: {what}",
                 "fr": "{card} par {by} sur {medicine}, cible {target} : {what}"},
    "gave": {"en": "gave {colour}", "es": "dio {colour}", "fr": "a donné {colour}"},
    "gave_hidden": {"en": "gave 1 card", "es": "dio 1 carta", "fr": "a donné 1 carte"},
    "announced": {"en": "announced {cards}", "es": "anunció {cards}", "fr": "a annoncé {cards}"},
    "announced_hidden": {"en": "announced {count} (colour unseen)", "es": "anunció {count} (color no visto)",
                         "fr": "a annoncé {count} (couleur non vue)"},
    "returned": {"en": "handed back {cards}", "es": "devolvió {cards}", "fr": "a rendu {cards}"},
    "returned_hidden": {"en": "handed back {cards}", "es": "devolvió {cards}", "fr": "a rendu {cards}"},
    "handed": {"en": "handed over {what}", "es": "entregó {what}", "fr": "a donné {what}"},
    "handed_hidden": {"en": "handed over {cards}", "es": "entregó {cards}", "fr": "a donné {cards}"},
    "nothing": {"en": "nothing", "es": "nada", "fr": "rien"},
    "prediction": {"en": "{seat} predicted {colour}", "es": "{seat} predijo {colour}",
                   "fr": "{seat} a prédit {colour}"},
    "placed_answer": {"en": "{seat} placed their cure marker, answer side up, on {card}",
                      "es": "{seat} colocó su marcador de curación, con la respuesta hacia arriba, "
                            "en {card}",
                      "fr": "{seat} a placé son marqueur de guérison, face réponse, sur {card}"},
    "placed_follow": {"en": "{seat} placed their cure marker, follow side up, on {card}",
                      "es": "{seat} colocó su marcador de curación, con el lado seguido hacia "
                            "arriba, en {card}",
                      "fr": "{seat} a placé son marqueur de guérison, face suivi, sur {card}"},
    "answer": {"en": "answer", "es": "respuesta", "fr": "réponse"},
    "follow": {"en": "follow", "es": "seguido", "fr": "suivi"},
    "pass": {"en": "{seat} passed and kept their cure marker",
             "es": "{seat} pasó y conserva su marcador de curación",
             "fr": "{seat} a passé et garde son marqueur de guérison"},
    "check": {"en": "{seat} checked the cure against {card}: {result}{cure}",
              "es": "{seat} comprobó la cura con {card}: {result}{cure}",
              "fr": "{seat} a vérifié le remède avec {card} : {result}{cure}"},
    "right": {"en": "right", "es": "correcto", "fr": "juste"},
    "wrong": {"en": "wrong", "es": "incorrecto", "fr": "faux"},
    "cure_is": {"en": " (the cure: {cards})", "es": " (la cura: {cards})", "fr": " (le remède : {cards})"},
    "reveal": {"en": "the cure was {cards} ({card})", "es": "la cura era {cards} ({card})",
               "fr": "le remède était {cards} ({card})"},
    "unknown": {"en": "a note this version cannot read", "es": "una nota que esta versión no sabe leer",
                "fr": "une note que cette version ne sait pas lire"},
}

ORDER = ("red", "yellow", "green", "blue")


def colour(name: str | None, lang: str) -> str:
    return COLOURS.get(name, {}).get(lang, str(name)) if name else "-"


def medicine(name: str, lang: str) -> str:
    if name == "identical-pair":
        return IDENTICAL[lang]
    parts = name.split("-")
    return "-".join(colour(p, lang) for p in parts)


def cards(counts: list[int], lang: str) -> str:
    """[1, 0, 2, 0] -> "1 red card and 2 green cards" (colours in the content's order)."""
    return hand_words(counts, lang)


def card_name(name: str, lang: str) -> str:
    return ACTION_CARDS.get(name, {}).get(lang, name)


def _n(key: str, lang: str, **values: Any) -> str:
    return text(NOTES, key, lang, **values)


def note(e: dict[str, Any], lang: str) -> str:
    """One knowledge-sheet entry in words (hidden details shown as unseen); players are named
    "Player 1" onwards, as the log names them without a table's names."""
    kind = e["k"]
    if kind == "deal":
        own = _n("own", lang, cards=cards(e["hand"], lang)) if "hand" in e else ""
        return _n("deal", lang, sizes=e["sizes"][0], own=own)
    if kind in ("inquiring", "feeding", "brewing", "appealing"):
        return _n("transfer", lang, card=card_name(kind, lang), by=player_word(e["by"], lang),
                  target=player_word(e["target"], lang),
                  medicine=medicine(e["medicine"], lang), what=transfer_what(e, lang))
    if kind == "prediction":
        return _n("prediction", lang, seat=player_word(e["seat"], lang), colour=colour(e["colour"], lang))
    if kind in ("answer", "follow"):
        return _n("placed_" + kind, lang, seat=player_word(e["seat"], lang), card=medicine(e["card"], lang))
    if kind == "pass":
        return _n("pass", lang, seat=player_word(e["seat"], lang))
    if kind == "check":
        cure = _n("cure_is", lang, cards=cards(e["cure"], lang)) if "cure" in e else ""
        return _n("check", lang, seat=player_word(e["seat"], lang), card=medicine(e["card"], lang),
                  result=_n("right" if e["correct"] else "wrong", lang), cure=cure)
    if kind == "reveal":
        return _n("reveal", lang, cards=cards(e["cure"], lang), card=medicine(e["card"], lang))
    return _n("unknown", lang)


def transfer_what(e: dict[str, Any], lang: str) -> str:
    """What moved in a transfer entry, in words; the colours only if the entry holds them."""
    kind, count = e["k"], e["count"]
    seen = "colour" in e
    if kind == "inquiring":
        if not seen:
            return _n("gave_hidden", lang) + ", " + _n("announced_hidden", lang, count=count)
        return (_n("gave", lang, colour=colour(e["colour"], lang)) + ", "
                + _n("announced", lang, cards=colour_cards(count, e["counted"], lang)))
    if kind == "feeding":
        if not seen:
            return _n("gave_hidden", lang) + ", " + _n("returned_hidden", lang, cards=card_count(count, lang))
        return (_n("gave", lang, colour=colour(e["colour"], lang)) + ", "
                + _n("returned", lang, cards=colour_cards(count, e["returned"], lang)))
    if "cards" in e:  # Brewing, seen
        return _n("handed", lang, what=cards(e["cards"], lang) if count else _n("nothing", lang))
    if seen:  # Appealing, seen
        shown = colour_cards(count, e["colour"], lang) if e["colour"] else _n("nothing", lang)
        return _n("handed", lang, what=shown)
    return _n("handed_hidden", lang, cards=card_count(count, lang))


def winner_words(winner: int | None, lang: str) -> str:
    """Who won a round: "won by player 2", or "nobody found the cure"."""
    if winner is None:
        return text(CATALOGUE, "no_winner", lang)
    return text(CATALOGUE, "won_by", lang, seat=player_word(winner, lang))


def medicine_card(name: str, lang: str) -> str:
    """A medicine card in a sentence: "the red-blue card", "la carta rojo-azul"."""
    if name == "identical-pair":
        return text(CARD, "identical", lang)
    return text(CARD, "pair", lang, name=medicine(name, lang))


def colour_cards(count: int, name: str, lang: str) -> str:
    """ "1 red card", "2 cartas azules", "3 cartes vertes"."""
    one, many = COLOUR_CARDS[name][lang]
    return f"{count} {one if _singular(count, lang) else many}"


def a_colour_card(name: str, lang: str) -> str:
    """ "a blue card", "una carta azul", "une carte bleue"."""
    return text(SOME, "a", lang, card=COLOUR_CARDS[name][lang][0])


def colour_plural(name: str, lang: str) -> str:
    """ "blue cards", "cartas azules", "cartes bleues"."""
    return COLOUR_CARDS[name][lang][1]


def card_count(count: int, lang: str) -> str:
    """ "1 card", "3 cartas", "0 carte"."""
    one, many = SOME["cards"][lang]
    return f"{count} {one if _singular(count, lang) else many}"


def _singular(count: int, lang: str) -> bool:
    """French counts zero in the singular ("0 carte"), English and Spanish in the plural."""
    return count == 1 or (count == 0 and lang == "fr")


def join(parts: list[str], lang: str) -> str:
    """ "a, b and c" in the language's own words."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + text(SOME, "and", lang) + parts[-1]


def hand_words(counts: list[int], lang: str) -> str:
    """[1, 0, 2, 0] -> "1 red card and 2 green cards" (colours in the content's order)."""
    parts = [colour_cards(n, c, lang) for c, n in zip(ORDER, counts, strict=False) if n]
    return join(parts, lang) or text(SOME, "none", lang)


Who = Callable[[int], str]
"""How a label names a seat: the table's name for it ("Ana"), else "Player 2"."""


def describe_action(action: dict[str, Any], lang: str, who: Who, two: bool = False) -> str:
    """An action as a choice for the seat to move; ``two``: a hand-over of two cards (Brewing
    on the identical pair card) rather than all of a colour (Appealing)."""
    kind = action.get("type")
    if kind in ("move", "answer", "follow"):
        return text(CATALOGUE, kind, lang, card=medicine_card(action["card"], lang))
    if kind == "action":
        return text(CATALOGUE, "action", lang, card=card_name(action["card"], lang))
    if kind == "give":
        return text(CATALOGUE, "give", lang, what=a_colour_card(action["colour"], lang), target=who(action["target"]))
    if kind == "target":
        return text(CATALOGUE, "target", lang, target=who(action["target"]))
    if kind == "hand_over":
        if action["colour"] is None:
            return text(CATALOGUE, "hand_over_none", lang)
        return text(CATALOGUE, "hand_over_two" if two else "hand_over", lang,
                    colour=colour_plural(action["colour"], lang))
    if kind == "predict":
        return text(CATALOGUE, "predict", lang, what=a_colour_card(action["colour"], lang))
    if kind in ("skip_prediction", "pass"):
        return text(CATALOGUE, kind, lang)
    return text(CATALOGUE, "unknown_action", lang)
