"""What the lobby shows for Dschunke: each option's name, help and choices, and each variant
as a named preset, in plain words in English, Spanish and French (no code names)."""

from __future__ import annotations

from ludoteca.engine.options import choice, params_option

OPTION_SPECS = {
    "rules": choice(
        "dschunke", "dschunke", "rat-hot",
        label={"en": "Rules", "es": "Reglas", "fr": "Règles"},
        help={
            "en": "Dschunke scores once at the end and each visible rat costs a point; Rat Hot scores "
                  "groups as soon as a strip makes them, and three visible rats of yours lose the game.",
            "es": "Dschunke puntúa una sola vez al final y cada rata a la vista resta un punto; Rat Hot "
                  "puntúa los grupos en cuanto una baldosa los forma, y tres ratas tuyas a la vista te "
                  "hacen perder.",
            "fr": "Dschunke compte une seule fois à la fin et chaque rat visible coûte un point ; Rat Hot "
                  "compte les groupes dès qu'une tuile les forme, et trois de vos rats visibles vous font "
                  "perdre.",
        },
        words={
            "dschunke": {"en": "Dschunke (score at the end)", "es": "Dschunke (se puntúa al final)",
                         "fr": "Dschunke (décompte à la fin)"},
            "rat-hot": {"en": "Rat Hot (score as you play)", "es": "Rat Hot (se puntúa al jugar)",
                        "fr": "Rat Hot (on marque en jouant)"},
        },
    ),
    "opening": choice(
        "one-strip", "one-strip", "two-strips",
        label={"en": "Opening", "es": "Apertura", "fr": "Ouverture"},
        help={
            "en": "How the game starts: Red lays a single strip first and Green the last one (21 strips "
                  "each), or every turn draws two strips, Red's first one too (Red 22, Green 20).",
            "es": "Cómo empieza la partida: Rojo coloca primero una sola baldosa y Verde la última (21 "
                  "baldosas cada uno), o cada turno se roban dos, también el primero de Rojo (Rojo 22, "
                  "Verde 20).",
            "fr": "Le début de partie : Rouge pose d'abord une seule tuile et Vert la dernière (21 tuiles "
                  "chacun), ou chaque tour pioche deux tuiles, le premier de Rouge aussi (Rouge 22, Vert 20).",
        },
        words={
            "one-strip": {"en": "Red opens with one strip", "es": "Rojo abre con una baldosa",
                          "fr": "Rouge ouvre avec une tuile"},
            "two-strips": {"en": "Two strips every turn", "es": "Dos baldosas en cada turno",
                           "fr": "Deux tuiles à chaque tour"},
        },
    ),
    "tie_break": choice(
        "none", "none", "goods",
        label={"en": "A tie", "es": "Un empate", "fr": "Une égalité"},
        help={
            "en": "Equal scores share the win, or the player showing more goods of their own colour wins.",
            "es": "Con la misma puntuación se comparte la victoria, o gana quien muestre más mercancías "
                  "de su color.",
            "fr": "À score égal la victoire est partagée, ou gagne celui qui montre le plus de marchandises "
                  "de sa couleur.",
        },
        words={
            "none": {"en": "Shared win", "es": "Victoria compartida", "fr": "Victoire partagée"},
            "goods": {"en": "Most visible goods wins", "es": "Gana quien muestre más mercancías",
                      "fr": "Le plus de marchandises visibles gagne"},
        },
    ),
    "params": params_option({
        "en": "For designers: changes to the strip list or to any scoring number (each within its range).",
        "es": "Para diseñadores: cambios en la lista de baldosas o en cualquier número de puntuación "
              "(cada uno dentro de su rango).",
        "fr": "Pour les auteurs : changements de la liste des tuiles ou de tout nombre de décompte "
              "(chacun dans sa plage).",
    }),
}

VARIANT_WORDS = {
    "rat-hot": {
        "en": {"name": "Rat Hot",
               "description": "Queen Games' edition: groups score as soon as a strip makes them, and "
                              "three visible rats of yours lose the game."},
        "es": {"name": "Rat Hot",
               "description": "La edición de Queen Games: los grupos puntúan en cuanto una baldosa los "
                              "forma, y tres ratas tuyas a la vista te hacen perder."},
        "fr": {"name": "Rat Hot",
               "description": "L'édition de Queen Games : les groupes marquent dès qu'une tuile les "
                              "forme, et trois de vos rats visibles vous font perdre."},
    },
    "tie-break-goods": {
        "en": {"name": "Ties broken by goods",
               "description": "Dschunke, but a tie goes to the player showing more goods of their colour."},
        "es": {"name": "Desempate por mercancías",
               "description": "Dschunke, pero un empate lo gana quien muestre más mercancías de su color."},
        "fr": {"name": "Égalité départagée aux marchandises",
               "description": "Dschunke, mais une égalité va à celui qui montre le plus de marchandises "
                              "de sa couleur."},
    },
    "two-strips": {
        "en": {"name": "Two strips every turn",
               "description": "The rule text's opening: Red's first turn draws two strips too, so Red "
                              "lays 22 strips and Green 20."},
        "es": {"name": "Dos baldosas en cada turno",
               "description": "La apertura del reglamento: el primer turno de Rojo también roba dos "
                              "baldosas, así que Rojo coloca 22 y Verde 20."},
        "fr": {"name": "Deux tuiles à chaque tour",
               "description": "L'ouverture de la règle : le premier tour de Rouge pioche aussi deux "
                              "tuiles, donc Rouge pose 22 tuiles et Vert 20."},
    },
}
