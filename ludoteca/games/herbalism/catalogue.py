"""What every component does, and the tables a player consults, read from one game's content:
``entries`` (the catalogue the page shows on hover or tap) and ``tables`` (the reference: the
deck make-up, the hands, the scoring).

Why from the content: a designer's ``params`` (a different colour mix, other points) must show
in the page with no build step, so every number here is the content's, and the chances are
counted from the deck itself (which medicine card is the cure, which colour is in it)."""

from __future__ import annotations

from math import comb
from typing import Any

from ludoteca.engine.i18n import text

from .content import ACTIONS, Content
from .explain import ACTIONS_TEXT
from .explain import WORDS as EXPLAIN
from .labels import card_name, colour, join, medicine

WORDS = {
    "kind_action": {"en": "Action card", "es": "Carta de acción", "fr": "Carte action"},
    "kind_ingredient": {"en": "Ingredient card", "es": "Carta de ingrediente", "fr": "Carte ingrédient"},
    "kind_medicine": {"en": "Medicine card", "es": "Carta de medicina", "fr": "Carte médicament"},
    "kind_marker": {"en": "Marker", "es": "Marcador", "fr": "Marqueur"},
    "in_play": {"en": "In play in this game", "es": "En juego en esta partida", "fr": "En jeu dans cette partie"},
    "yes": {"en": "Yes", "es": "Sí", "fr": "Oui"},
    "no": {"en": "No", "es": "No", "fr": "Non"},
    "needs": {"en": "Needs", "es": "Necesita", "fr": "Demande"},
    "needs_card": {"en": "a card of your medicine card's colours in your hand",
                   "es": "una carta de los colores de tu carta de medicina en la mano",
                   "fr": "une carte des couleurs de votre carte médicament en main"},
    "answer_right": {"en": "Answer on the right card", "es": "Respuesta en la carta correcta",
                     "fr": "Réponse sur la bonne carte"},
    "follow_right": {"en": "Follow on the right card", "es": "Seguido en la carta correcta",
                     "fr": "Suivi sur la bonne carte"},
    "follow_wrong": {"en": "Follow on a wrong card", "es": "Seguido en una carta incorrecta",
                     "fr": "Suivi sur une mauvaise carte"},
    "answer_wrong": {"en": "Answer on a wrong card", "es": "Respuesta en una carta incorrecta",
                     "fr": "Réponse sur une mauvaise carte"},
    "prediction_right": {"en": "Predicted colour in the cure", "es": "Color predicho en la cura",
                         "fr": "Couleur prédite dans le remède"},
    "prediction_wrong": {"en": "Predicted colour not in the cure", "es": "Color predicho que no está en la cura",
                         "fr": "Couleur prédite absente du remède"},
    "floor": {"en": "Lowest possible score", "es": "Puntuación mínima", "fr": "Score minimum"},
    "cards_in_deck": {"en": "Cards in the deck", "es": "Cartas en el mazo", "fr": "Cartes dans le paquet"},
    "chance_in_cure": {"en": "Chance it is in the cure", "es": "Probabilidad de estar en la cura",
                       "fr": "Probabilité d'être dans le remède"},
    "chance_cure": {"en": "Chance it is the cure", "es": "Probabilidad de ser la cura",
                    "fr": "Probabilité d'être le remède"},
    "colours": {"en": "Colours", "es": "Colores", "fr": "Couleurs"},
    "any_one": {"en": "any one colour, twice", "es": "un mismo color, dos veces", "fr": "une même couleur, deux fois"},
    "ingredient_text": {
        "en": "One of the {total} ingredient cards. Each round {cure} go face down as the cure and the rest are "
              "dealt; hands are secret. {name} is a colour of {cards}.",
        "es": "Una de las {total} cartas de ingrediente. Cada ronda {cure} quedan boca abajo como la cura y el "
              "resto se reparte; las manos son secretas. El {name} es un color de {cards}.",
        "fr": "Une des {total} cartes ingrédient. À chaque manche, {cure} sont posées face cachée (le remède) et "
              "le reste est distribué ; les mains sont secrètes. Le {name} est une couleur de {cards}."},
    "pharmacist": {"en": "Pharmacist", "es": "Farmacéutico", "fr": "Pharmacien"},
    "pharmacist_text": {
        "en": "Your pawn. At the start of each turn you must move it to a different medicine card; that card's "
              "colours are the ones your action uses.",
        "es": "Tu peón. Al empezar cada turno debes moverlo a otra carta de medicina; los colores de esa carta "
              "son los que usa tu acción.",
        "fr": "Votre pion. Au début de chaque tour, vous devez le déplacer sur une autre carte médicament ; les "
              "couleurs de cette carte sont celles de votre action."},
    "per_player": {"en": "Per player", "es": "Por jugador", "fr": "Par joueur"},
    "cure_marker": {"en": "Cure marker", "es": "Marcador de curación", "fr": "Marqueur de guérison"},
    "cure_marker_text": {
        "en": "Your bet on the cure, placed when someone cures: answer side up on a card without a marker, or "
              "follow side up on a card that has one. Once it is placed you take no more actions this round.",
        "es": "Tu apuesta por la cura, colocada cuando alguien cura: con la respuesta hacia arriba en una carta "
              "sin marcador, o con el lado seguido en una que ya tenga uno. Una vez colocado no haces más "
              "acciones en la ronda.",
        "fr": "Votre pari sur le remède, posé quand quelqu'un guérit : face réponse sur une carte sans marqueur, "
              "ou face suivi sur une carte qui en a un. Une fois posé, vous ne faites plus d'action de la manche."},
    "prediction_marker": {"en": "Prediction marker", "es": "Marcador de predicción", "fr": "Marqueur de prédiction"},
    "prediction_text": {
        "en": "Advanced rule: after an action other than Curing you may take one of a colour, betting that the "
              "colour is in the cure; each colour once per round.",
        "es": "Regla avanzada: tras una acción que no sea Curación puedes tomar uno de un color, apostando a que "
              "ese color está en la cura; cada color una vez por ronda.",
        "fr": "Règle avancée : après une action autre que Guérison, vous pouvez en prendre un d'une couleur, en "
              "pariant qu'elle est dans le remède ; chaque couleur une fois par manche."},
    "per_colour": {"en": "Markers per colour", "es": "Marcadores por color", "fr": "Marqueurs par couleur"},
    # reference tables
    "deck_title": {"en": "The deck", "es": "El mazo", "fr": "Le paquet"},
    "colour": {"en": "Colour", "es": "Color", "fr": "Couleur"},
    "cards": {"en": "Cards", "es": "Cartas", "fr": "Cartes"},
    "total": {"en": "Total", "es": "Total", "fr": "Total"},
    "deck_note": {"en": "Each round all {total} are shuffled: {cure} go face down as the cure, the rest are dealt "
                        "evenly.",
                  "es": "Cada ronda se barajan las {total}: {cure} quedan boca abajo como la cura y el resto se "
                        "reparte por igual.",
                  "fr": "À chaque manche, les {total} sont mélangées : {cure} forment le remède, face cachée, le "
                        "reste est distribué à parts égales."},
    "hands_title": {"en": "Hands", "es": "Manos", "fr": "Mains"},
    "players": {"en": "Players", "es": "Jugadores", "fr": "Joueurs"},
    "cards_each": {"en": "Cards each", "es": "Cartas por jugador", "fr": "Cartes par joueur"},
    "two_note": {"en": "With 2 players the game is experimental.", "es": "Con 2 jugadores el juego es experimental.",
                 "fr": "À 2 joueurs, le jeu est expérimental."},
    "scoring_title": {"en": "Points at the end of a round", "es": "Puntos al final de una ronda",
                      "fr": "Points en fin de manche"},
    "what": {"en": "What", "es": "Qué", "fr": "Quoi"},
    "points": {"en": "Points", "es": "Puntos", "fr": "Points"},
    "scoring_note": {"en": "The game ends at the end of a round in which someone has {target} points.",
                     "es": "La partida acaba al final de una ronda en la que alguien tiene {target} puntos.",
                     "fr": "La partie s'arrête à la fin d'une manche où quelqu'un a {target} points."},
    "predictions_off": {"en": " (predictions are not in play)", "es": " (las predicciones no están en juego)",
                        "fr": " (les prédictions ne sont pas en jeu)"},
}


def _w(key: str, lang: str, **values: Any) -> str:
    return text(WORDS, key, lang, **values)


def _points(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _percent(share: float, lang: str) -> str:
    """ "7%" in English, "7 %" in Spanish and French."""
    return f"{round(100 * share)}%" if lang == "en" else f"{round(100 * share)} %"


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def cure_chances(content: Content) -> list[float]:
    """Per medicine card, the chance that the cure dealt face down matches it."""
    pairs = comb(len(content.deck), content.cure_cards)
    chances = []
    for pair in content.pairs:
        if pair is None:
            chances.append(sum(comb(n, 2) for n in content.totals) / pairs)
        else:
            chances.append(content.totals[pair[0]] * content.totals[pair[1]] / pairs)
    return chances


def colour_chance(content: Content, c: int) -> float:
    """The chance that at least one cure card is of colour ``c``."""
    deck = len(content.deck)
    return 1 - comb(deck - content.totals[c], content.cure_cards) / comb(deck, content.cure_cards)


def medicine_name(name: str, lang: str) -> str:
    """A medicine card's own name: "Red-yellow", "Pareja idéntica"."""
    return _capital(medicine(name, lang))


def entries(content: Content, in_play: tuple[str, ...], options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The catalogue: action cards, ingredient colours, medicine cards, then the markers."""
    yes, no = _w("yes", lang), _w("no", lang)
    scoring = [[_w(key, lang), _points(getattr(content, key))] for key in ("answer_right", "follow_right",
                                                                           "follow_wrong")]
    found: list[dict[str, Any]] = []
    for action in ACTIONS:
        facts = [[_w("in_play", lang), yes if action in in_play else no]]
        if action in ("inquiring", "feeding"):
            facts.append([_w("needs", lang), _w("needs_card", lang)])
        if action == "curing":
            facts += scoring
        found.append({"id": f"action:{action}", "kind": _w("kind_action", lang), "name": card_name(action, lang),
                      "text": ACTIONS_TEXT[action][lang], "facts": facts})
    for c, name in enumerate(content.colours):
        on = [medicine(m, lang) for m, pair in zip(content.medicines, content.pairs, strict=True)
              if pair is not None and c in pair]
        shown = colour(name, lang)
        found.append({"id": f"ingredient:{name}", "kind": _w("kind_ingredient", lang), "name": _capital(shown),
                      "text": _w("ingredient_text", lang, total=len(content.deck), cure=content.cure_cards,
                                 name=shown if lang != "en" else _capital(shown), cards=join(on, lang)),
                      "facts": [[_w("cards_in_deck", lang), str(content.totals[c])],
                                [_w("chance_in_cure", lang), _percent(colour_chance(content, c), lang)]]})
    for name, pair, chance in zip(content.medicines, content.pairs, cure_chances(content), strict=True):
        found.append({"id": f"medicine:{name}", "kind": _w("kind_medicine", lang), "name": medicine_name(name, lang),
                      "text": _medicine_text(name, lang),
                      "facts": [[_w("colours", lang), _w("any_one", lang) if pair is None
                                 else join([colour(content.colours[c], lang) for c in pair], lang)],
                                [_w("chance_cure", lang), _percent(chance, lang)]]})
    found.append({"id": "marker:pharmacist", "kind": _w("kind_marker", lang), "name": _w("pharmacist", lang),
                  "text": _w("pharmacist_text", lang), "facts": [[_w("per_player", lang), "1"]]})
    found.append({"id": "marker:cure-marker", "kind": _w("kind_marker", lang), "name": _w("cure_marker", lang),
                  "text": _w("cure_marker_text", lang),
                  "facts": [[_w("per_player", lang), "1"], *scoring, [_w("floor", lang), str(content.floor)]]})
    found.append({"id": "marker:prediction-marker", "kind": _w("kind_marker", lang),
                  "name": _w("prediction_marker", lang), "text": _w("prediction_text", lang),
                  "facts": [[_w("in_play", lang), yes if options["predictions"] else no],
                            [_w("per_colour", lang), str(content.markers_per_colour)],
                            [_w("prediction_right", lang), _points(content.prediction_right)],
                            [_w("prediction_wrong", lang), _points(content.prediction_wrong)]]})
    return found


def _medicine_text(name: str, lang: str) -> str:
    card = medicine_name(name, lang)
    if name == "identical-pair":
        return text(EXPLAIN, "identical", lang, card=card)
    a, b = name.split("-")
    return text(EXPLAIN, "pair", lang, card=card, a=colour(a, lang), b=colour(b, lang))


def tables(content: Content, options: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The deck make-up, the hand sizes and the points of a round."""
    deck_rows = [[_capital(colour(name, lang)), str(n), _percent(colour_chance(content, c), lang)]
                 for c, (name, n) in enumerate(zip(content.colours, content.totals, strict=True))]
    deck_rows.append([_w("total", lang), str(len(content.deck)), "—"])
    hands = [[str(players), str(size)] for players, size in sorted(content.hand_size.items())]
    scoring = [[_w(key, lang), _points(getattr(content, key))]
               for key in ("answer_right", "follow_right", "follow_wrong")]
    scoring.insert(1, [_w("answer_wrong", lang), "0"])
    off = "" if options["predictions"] else _w("predictions_off", lang)
    scoring += [[_w(key, lang) + off, _points(getattr(content, key))] for key in ("prediction_right",
                                                                                  "prediction_wrong")]
    scoring.append([_w("floor", lang), str(content.floor)])
    return [
        {"title": _w("deck_title", lang), "columns": [_w("colour", lang), _w("cards", lang),
                                                     _w("chance_in_cure", lang)],
         "rows": deck_rows, "note": _w("deck_note", lang, total=len(content.deck), cure=content.cure_cards)},
        {"title": _w("hands_title", lang), "columns": [_w("players", lang), _w("cards_each", lang)],
         "rows": hands, "note": _w("two_note", lang)},
        {"title": _w("scoring_title", lang), "columns": [_w("what", lang), _w("points", lang)], "rows": scoring,
         "note": _w("scoring_note", lang, target=options["target"])},
    ]
