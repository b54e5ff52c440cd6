"""The lobby's words for Herbalism: each option's name, help and choices, and each variant's
name and one-line description, in English, Spanish and French.

Why here and not in ``game.py``: three languages of plain words would bury the game's
metadata; ``game.py`` reads these tables when it declares its options and variants."""

from __future__ import annotations

from .labels import ACTION_CARDS

LABELS = {
    "actions": {"en": "Action cards", "es": "Cartas de acción", "fr": "Cartes action"},
    "advanced_actions": {"en": "Action cards of the advanced game", "es": "Cartas de acción del juego avanzado",
                         "fr": "Cartes action du jeu avancé"},
    "target": {"en": "Points to win", "es": "Puntos para ganar", "fr": "Points pour gagner"},
    "predictions": {"en": "Prediction markers", "es": "Marcadores de predicción", "fr": "Marqueurs de prédiction"},
    "brewing_pair_optional": {"en": "Brewing on the identical pair: the target may refuse",
                              "es": "Fabricación de cerveza en la pareja idéntica: el objetivo puede negarse",
                              "fr": "Brassage sur la paire identique : la cible peut refuser"},
    "tie": {"en": "A tie at the end", "es": "Empate al final", "fr": "Égalité à la fin"},
}

HELP = {
    "actions": {"en": "Which action cards are on the table. The first game uses Appealing and Curing; the "
                      "advanced game lets you choose them.",
                "es": "Qué cartas de acción hay en la mesa. La primera partida usa Atractivo y Curación; el "
                      "juego avanzado te deja elegirlas.",
                "fr": "Quelles cartes action sont sur la table. La première partie utilise Attrait et Guérison ; "
                      "le jeu avancé vous laisse les choisir."},
    "advanced_actions": {"en": "With the advanced action cards: the ones in play. Curing is always among them.",
                         "es": "Con las cartas de acción avanzadas: las que están en juego. Curación siempre está.",
                         "fr": "Avec les cartes action avancées : celles en jeu. Guérison en fait toujours partie."},
    "target": {"en": "The game ends at the end of a round in which someone has this many points.",
               "es": "La partida acaba al final de una ronda en la que alguien tiene estos puntos.",
               "fr": "La partie s'arrête à la fin d'une manche où quelqu'un a ce nombre de points."},
    "predictions": {"en": "Advanced rule: after an action other than Curing you may bet that a colour is in the "
                          "cure (+1 if it is, -1 if not).",
                    "es": "Regla avanzada: tras una acción que no sea Curación puedes apostar a que un color está "
                          "en la cura (+1 si está, -1 si no).",
                    "fr": "Règle avancée : après une action autre que Guérison, vous pouvez parier qu'une couleur "
                          "est dans le remède (+1 si oui, -1 sinon)."},
    "brewing_pair_optional": {"en": "The rule text says the target 'may choose'; with this on, a target holding "
                                    "a pair may still hand over nothing.",
                              "es": "El reglamento dice que el objetivo 'puede elegir'; con esto activado, un "
                                    "objetivo con una pareja puede no entregar nada.",
                              "fr": "La règle dit que la cible « peut choisir » ; avec cette option, une cible "
                                    "qui a une paire peut ne rien donner."},
    "tie": {"en": "If the best score is shared at the end: share the win, or play more rounds until one player "
                  "leads.",
            "es": "Si la mejor puntuación está empatada al final: compartir la victoria o jugar más rondas hasta "
                  "que alguien vaya primero.",
            "fr": "Si le meilleur score est partagé à la fin : partager la victoire, ou jouer d'autres manches "
                  "jusqu'à ce qu'un joueur mène."},
}

CHOICES = {
    # the names of the action cards a list of ``advanced_actions`` holds
    "advanced_actions": ACTION_CARDS,
    "actions": {
        "first-game": {"en": "First game: Appealing and Curing", "es": "Primera partida: Atractivo y Curación",
                       "fr": "Première partie : Attrait et Guérison"},
        "basic": {"en": "Basic: Inquiring and Curing", "es": "Básico: Indagar y Curación",
                  "fr": "Base : Enquête et Guérison"},
        "normal": {"en": "Normal: Feeding, Appealing and Curing", "es": "Normal: Alimentación, Atractivo y Curación",
                   "fr": "Normal : Nourrir, Attrait et Guérison"},
        "advanced": {"en": "Advanced: the cards you choose", "es": "Avanzado: las cartas que elijáis",
                     "fr": "Avancé : les cartes de votre choix"},
    },
    "target": {
        6: {"en": "6 points (the rule book)", "es": "6 puntos (el reglamento)", "fr": "6 points (la règle)"},
        7: {"en": "7 points (some editions)", "es": "7 puntos (algunas ediciones)",
            "fr": "7 points (certaines éditions)"},
    },
    "tie": {
        "share": {"en": "Share the win", "es": "Compartir la victoria", "fr": "Partager la victoire"},
        "play_on": {"en": "Play more rounds", "es": "Jugar más rondas", "fr": "Jouer d'autres manches"},
    },
}


def _variant(en: tuple[str, str], es: tuple[str, str], fr: tuple[str, str]) -> dict[str, dict[str, str]]:
    return {lang: {"name": name, "description": description}
            for lang, (name, description) in (("en", en), ("es", es), ("fr", fr))}


VARIANTS = {
    "first-game": _variant(
        ("First game", "Only Appealing and Curing: the gentlest way to learn."),
        ("Primera partida", "Solo Atractivo y Curación: la forma más suave de aprender."),
        ("Première partie", "Seulement Attrait et Guérison : la façon la plus douce d'apprendre.")),
    "basic": _variant(
        ("Basic", "Inquiring and Curing: ask how many cards the others hold."),
        ("Básico", "Indagar y Curación: pregunta cuántas cartas tienen los demás."),
        ("Base", "Enquête et Guérison : demandez combien de cartes ont les autres.")),
    "normal": _variant(
        ("Normal", "Feeding, Appealing and Curing: the usual game."),
        ("Normal", "Alimentación, Atractivo y Curación: la partida habitual."),
        ("Normal", "Nourrir, Attrait et Guérison : la partie habituelle.")),
    "advanced": _variant(
        ("Advanced", "All five action cards on the table."),
        ("Avanzado", "Las cinco cartas de acción en la mesa."),
        ("Avancé", "Les cinq cartes action sur la table.")),
    "advanced-predictions": _variant(
        ("Advanced with predictions", "All five action cards, and prediction markers to bet on the cure's colours."),
        ("Avanzado con predicciones", "Las cinco cartas de acción y marcadores para apostar por los colores de "
                                      "la cura."),
        ("Avancé avec prédictions", "Les cinq cartes action et des marqueurs pour parier sur les couleurs du "
                                    "remède.")),
    "advanced-subset": _variant(
        ("Inquiring and Brewing", "Advanced game with only Inquiring, Brewing and Curing."),
        ("Indagar y Fabricación", "Juego avanzado solo con Indagar, Fabricación de cerveza y Curación."),
        ("Enquête et Brassage", "Jeu avancé avec seulement Enquête, Brassage et Guérison.")),
    "advanced-optional-pair": _variant(
        ("Advanced, Brewing may be refused", "All five action cards; the target of Brewing on the identical "
                                             "pair may hand over nothing."),
        ("Avanzado, se puede negar la Fabricación", "Las cinco cartas de acción; el objetivo de Fabricación de "
                                                    "cerveza en la pareja idéntica puede no entregar nada."),
        ("Avancé, Brassage refusable", "Les cinq cartes action ; la cible du Brassage sur la paire identique "
                                       "peut ne rien donner.")),
    "target-7-play-on": _variant(
        ("Longer game", "7 points to win, and a tie is played on until one player leads."),
        ("Partida larga", "7 puntos para ganar, y un empate se sigue jugando hasta que alguien vaya primero."),
        ("Partie longue", "7 points pour gagner, et une égalité se joue jusqu'à ce qu'un joueur mène.")),
}
