"""``? topic`` at the terminal: what each action card and medicine card does, the deck, the
scoring and the predictions, in English, Spanish and French (``Game.explain``).

Why from the view: the numbers a player is told (cards per colour, points) are the ones of
this game, ``params`` included, and nothing hidden can slip into an explanation."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import fold, text

from .labels import ACTION_CARDS, card_name, cards, medicine

ACTIONS_TEXT = {
    "inquiring": {
        "en": "Give another player a card of one colour of your medicine card; they announce aloud how many "
              "cards of the other colour they hold (on the identical pair: of the colour received, counting "
              "it). Only you two see the card; everyone hears the number.",
        "es": "Da a otro jugador una carta de uno de los colores de tu carta de medicina; anuncia en voz alta "
              "cuántas cartas del otro color tiene (en la pareja idéntica: del color recibido, contándola). "
              "Solo vosotros dos veis la carta; todos oyen el número.",
        "fr": "Donnez à un autre joueur une carte d'une couleur de votre carte médicament ; il annonce combien "
              "de cartes de l'autre couleur il a (sur la paire identique : de la couleur reçue, elle "
              "comprise). Vous seuls voyez la carte ; tous entendent le nombre.",
    },
    "feeding": {
        "en": "Give another player a card of one colour of your medicine card; they hand you every card of the "
              "other colour they hold (on the identical pair: every card of the colour received, including "
              "it). Everyone sees how many cards moved, not their colours.",
        "es": "Da a otro jugador una carta de uno de los colores de tu carta de medicina; te entrega todas "
              "sus cartas del otro color (en la pareja idéntica: todas las del color recibido, incluida esa). "
              "Todos ven cuántas cartas pasan, no sus colores.",
        "fr": "Donnez à un autre joueur une carte d'une couleur de votre carte médicament ; il vous donne "
              "toutes ses cartes de l'autre couleur (sur la paire identique : toutes celles de la couleur "
              "reçue, elle comprise). Tous voient combien de cartes passent, pas leurs couleurs.",
    },
    "brewing": {
        "en": "Choose another player; they give you one card of each colour of your medicine card they hold "
              "(one if they hold only one colour, none if neither). On the identical pair they give two cards "
              "of one colour, their choice, or nothing without a pair.",
        "es": "Elige a otro jugador; te da una carta de cada color de tu carta de medicina que tenga (una si "
              "solo tiene uno de los colores, ninguna si no tiene). En la pareja idéntica te da dos cartas de "
              "un mismo color, a su elección, o nada si no tiene pareja.",
        "fr": "Choisissez un autre joueur ; il vous donne une carte de chaque couleur de votre carte "
              "médicament qu'il possède (une s'il n'en a qu'une, aucune sinon). Sur la paire identique, deux "
              "cartes d'une même couleur, à son choix, ou rien sans paire.",
    },
    "appealing": {
        "en": "Choose another player; they give you all their cards of one colour of your medicine card, "
              "the colour of their choice, and must pick one they hold (on the identical pair: any colour).",
        "es": "Elige a otro jugador; te da todas sus cartas de uno de los colores de tu carta de medicina, "
              "el que elija, y debe elegir uno que tenga (en la pareja idéntica: cualquier color).",
        "fr": "Choisissez un autre joueur ; il vous donne toutes ses cartes d'une couleur de votre carte "
              "médicament, à son choix, et doit choisir une couleur qu'il possède (sur la paire identique : "
              "n'importe laquelle).",
    },
    "curing": {
        "en": "Put your cure marker, answer side up, on any medicine card. Clockwise, each other player with "
              "a marker answers on a card without one, follows on a card with one, or passes. Then each "
              "placed marker is checked in secret from you clockwise: the first right one ends the round. "
              "A wrong marker stays; its owner's turns are skipped for the rest of the round.",
        "es": "Pon tu marcador de curación, con la respuesta hacia arriba, en cualquier carta de medicina. En "
              "el sentido de las agujas del reloj, cada otro jugador con marcador responde en una carta sin "
              "marcador, sigue en una con marcador o pasa. Luego cada marcador colocado se comprueba en "
              "secreto desde ti: el primero correcto acaba la ronda. Un marcador incorrecto se queda y su "
              "dueño pierde sus turnos el resto de la ronda.",
        "fr": "Posez votre marqueur de guérison, face réponse, sur n'importe quelle carte médicament. Dans le "
              "sens horaire, chaque autre joueur ayant son marqueur répond sur une carte libre, suit sur une "
              "carte marquée, ou passe. Puis chaque marqueur posé est vérifié en secret à partir de vous : le "
              "premier juste termine la manche. Un marqueur faux reste ; son joueur passe ses tours jusqu'à la "
              "fin de la manche.",
    },
}

WORDS = {
    "topics": {"en": "Topics: {topics}.", "es": "Temas: {topics}.", "fr": "Sujets : {topics}."},
    "deck": {"en": "Ingredient cards: {cards} ({total} in all). Each round 2 go face down as the cure and "
                   "the rest are dealt evenly ({size} each); every round all are shuffled again.",
             "es": "Cartas de ingrediente: {cards} ({total} en total). Cada ronda 2 quedan boca abajo como "
                   "la cura y el resto se reparte por igual ({size} a cada uno); cada ronda se barajan todas.",
             "fr": "Cartes ingrédient : {cards} ({total} en tout). À chaque manche, 2 sont posées face cachée "
                   "(le remède) et le reste est distribué ({size} chacun) ; tout est remélangé à chaque manche."},
    "pair": {"en": "{card}: with your pharmacist here, your actions use {a} and {b}; as a cure marker it is "
                   "right when the cure is one {a} and one {b}.",
             "es": "{card}: con tu farmacéutico aquí, tus acciones usan {a} y {b}; como marcador de curación "
                   "acierta si la cura es un {a} y un {b}.",
             "fr": "{card} : votre pharmacien ici, vos actions utilisent {a} et {b} ; un marqueur de guérison "
                   "y est juste si le remède est un {a} et un {b}."},
    "identical": {"en": "{card}: with your pharmacist here, your actions use any one colour (see each action "
                        "card); as a cure marker it is right when the two cure cards share a colour.",
                  "es": "{card}: con tu farmacéutico aquí, tus acciones usan un solo color cualquiera (ver cada "
                        "carta de acción); como marcador de curación acierta si las dos cartas de la cura son "
                        "del mismo color.",
                  "fr": "{card} : votre pharmacien ici, vos actions utilisent une seule couleur au choix (voir "
                        "chaque carte action) ; un marqueur de guérison y est juste si les deux cartes du "
                        "remède sont de la même couleur."},
    "scoring": {"en": "At the end of a round: answer on the right card {answer_right:+d}, follow on the right "
                      "card {follow_right:+d}, follow on a wrong card {follow_wrong:+d}, a wrong answer 0; "
                      "scores never go below {floor}. The game ends at the end of a round in which someone "
                      "has {target} points.",
                "es": "Al final de la ronda: respuesta en la carta correcta {answer_right:+d}, seguido en la "
                      "correcta {follow_right:+d}, seguido en una incorrecta {follow_wrong:+d}, respuesta "
                      "incorrecta 0; los puntos nunca bajan de {floor}. La partida acaba al final de una "
                      "ronda en la que alguien tiene {target} puntos.",
                "fr": "En fin de manche : réponse sur la bonne carte {answer_right:+d}, suivi sur la bonne "
                      "carte {follow_right:+d}, suivi sur une mauvaise carte {follow_wrong:+d}, mauvaise "
                      "réponse 0 ; les points ne descendent jamais sous {floor}. La partie s'arrête à la fin "
                      "d'une manche où quelqu'un a {target} points."},
    "predictions": {"en": "Predictions (advanced rules): after an action other than Curing you may take a "
                          "prediction marker of a colour (left in the pool: {pool}), each colour once per "
                          "round. At the end of the round: {prediction_right:+d} if that colour is in the "
                          "cure, {prediction_wrong:+d} if not.",
                    "es": "Predicciones (reglas avanzadas): tras una acción que no sea Curación puedes tomar un "
                          "marcador de predicción de un color (quedan: {pool}), cada color una vez por ronda. "
                          "Al final de la ronda: {prediction_right:+d} si ese color está en la cura, "
                          "{prediction_wrong:+d} si no.",
                    "fr": "Prédictions (règles avancées) : après une action autre que Guérison, vous pouvez "
                          "prendre un marqueur de prédiction d'une couleur (restants : {pool}), chaque couleur "
                          "une fois par manche. En fin de manche : {prediction_right:+d} si la couleur est "
                          "dans le remède, {prediction_wrong:+d} sinon."},
    "not_in_play": {"en": " (not in play in this game)", "es": " (no está en juego en esta partida)",
                    "fr": " (pas en jeu dans cette partie)"},
}

#: Words a player may type for the deck, the scoring and the predictions, in the three languages.
ALIASES = {
    "deck": ("deck", "cards", "ingredients", "mazo", "baraja", "cartas", "ingredientes", "paquet", "cartes",
             "ingredient", "ingrediente"),
    "scoring": ("scoring", "score", "points", "puntos", "puntuacion", "victoria"),
    "predictions": ("predictions", "prediction", "predicciones", "prediccion", "predictions"),
}


def _w(key: str, lang: str, **values: Any) -> str:
    return text(WORDS, key, lang, **values)


def topics(view: dict[str, Any], lang: str) -> list[str]:
    """Every topic by its name in ``lang``: the action cards, the medicine cards, then the rest."""
    names = [card_name(a, lang) for a in ACTIONS_TEXT]
    names += [medicine(m, lang) for m in view["medicines"]]
    extra = ["deck", "scoring", "predictions"]
    local = {"deck": {"en": "deck", "es": "mazo", "fr": "paquet"},
             "scoring": {"en": "scoring", "es": "puntos", "fr": "points"},
             "predictions": {"en": "predictions", "es": "predicciones", "fr": "prédictions"}}
    return names + [local[t][lang] for t in extra]


def explain(topic: str, view: dict[str, Any], lang: str = "en") -> str | None:
    """What ``topic`` is or does, in ``lang``; the list of topics for an empty one; None if no
    component has that name."""
    wanted = fold(topic)
    if not wanted:
        return _w("topics", lang, topics=", ".join(topics(view, lang)))
    for action, words in ACTIONS_TEXT.items():
        if wanted in {fold(n) for n in (action, *ACTION_CARDS[action].values())}:
            shown = card_name(action, lang) + ("" if action in view["action_cards"] else _w("not_in_play", lang))
            return f"{shown}: {words[lang]}"
    for name in view["medicines"]:
        if wanted in {fold(name), *(fold(medicine(name, other)) for other in ("en", "es", "fr"))}:
            return _medicine_card(name, view, lang)
    for key, words in ALIASES.items():
        if wanted in {fold(w) for w in words}:
            return _general(key, view, lang)
    return None


def _medicine_card(name: str, view: dict[str, Any], lang: str) -> str:
    colours = name.split("-")
    if not all(c in view["colours"] for c in colours):
        return _w("identical", lang, card=medicine(name, lang))
    return _w("pair", lang, card=medicine(name, lang), a=medicine(colours[0], lang), b=medicine(colours[1], lang))


def _general(key: str, view: dict[str, Any], lang: str) -> str:
    if key == "deck":
        deal = view["knowledge"][0] if view["knowledge"] and view["knowledge"][0]["k"] == "deal" else None
        size = deal["sizes"][0] if deal else sum(s["hand_size"] for s in view["seats"]) // len(view["seats"])
        return _w("deck", lang, cards=cards(view["ingredients"], lang), total=sum(view["ingredients"]), size=size)
    if key == "scoring":
        return _w("scoring", lang, target=view["target"], **view["scoring"])
    return _w("predictions", lang, pool=cards(view["prediction_pool"], lang), **view["scoring"])
