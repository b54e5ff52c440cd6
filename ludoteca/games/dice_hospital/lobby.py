"""Dice Hospital's options and variants with the words the lobby shows for them, in English,
Spanish and French: a label, one line of help, and a name for each choice.

Why a module of its own: the words for players are long, and ``game.py`` should read as the
game's description.  Each option is a table playing a ruling differently (the default is the
ruling, see docs/games/dice-hospital.md); each variant is a named preset of those options, so
the lobby can show exactly what a variant sets.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.options import Option, choice, flag, params_option

VARIANT_OPTIONS = ("admissions_panic", "national_epidemic", "super_resistant_virus",
                   "experimental_medicine", "events")


def _words(en: str, es: str, fr: str) -> dict[str, str]:
    return {"en": en, "es": es, "fr": fr}


OPTION_SPECS: dict[str, Option] = {
    "first_player_may_take_ambulance_1": flag(
        False,
        help=_words("The French rules bar the first player from ambulance 1; tick to lift that ban.",
                    "Las reglas francesas prohíben la ambulancia 1 al jugador inicial; márcalo para quitar esa "
                    "prohibición.",
                    "Les règles françaises interdisent l'ambulance 1 au premier joueur ; cochez pour lever cette "
                    "interdiction."),
        label=_words("First player may take ambulance 1", "El jugador inicial puede tomar la ambulancia 1",
                     "Le premier joueur peut prendre l'ambulance 1")),
    "empty_bonus_needs_discharge": flag(
        False,
        help=_words("The +5 for empty wards counts only in a round in which you discharged at least one patient "
                    "(the rules give it for empty wards alone).",
                    "Los +5 por habitaciones vacías solo cuentan en una ronda en la que diste de alta al menos a un "
                    "paciente (las reglas los dan solo por tenerlas vacías).",
                    "Le +5 des chambres vides ne compte que dans une manche où vous avez fait sortir au moins un "
                    "patient (les règles le donnent pour les chambres vides seules)."),
        label=_words("Empty-wards bonus needs a discharge", "La bonificación por habitaciones vacías exige un alta",
                     "Le bonus des chambres vides exige une sortie")),
    "extra_offer_timing": choice(
        "round-start", "round-start", "after-intake",
        help=_words("With two players or solo, the first player may reveal one more department or specialist "
                    "each round: choose when.",
                    "Con dos jugadores o en solitario, el jugador inicial puede revelar un departamento o "
                    "especialista más cada ronda: elige cuándo.",
                    "À deux joueurs ou en solo, le premier joueur peut révéler un service ou un spécialiste de "
                    "plus à chaque manche : choisissez quand."),
        label=_words("When the extra offer is revealed", "Cuándo se revela la oferta adicional",
                     "Quand l'offre supplémentaire est révélée"),
        words={"round-start": _words("At the start of the round, before the ambulances (as on Board Game Arena)",
                                     "Al empezar la ronda, antes de las ambulancias (como en Board Game Arena)",
                                     "Au début de la manche, avant les ambulances (comme sur Board Game Arena)"),
               "after-intake": _words("After the ambulances are taken, by the new first player",
                                      "Después de tomar las ambulancias, por el nuevo jugador inicial",
                                      "Après la prise des ambulances, par le nouveau premier joueur")}),
    "blood_bags_between_departments_only": flag(
        False,
        help=_words("A stricter reading: blood bags may be spent only between two departments, never in the middle "
                    "of one (the rules allow any moment of your activation).",
                    "Una lectura más estricta: las bolsas de sangre solo se gastan entre dos departamentos, nunca a "
                    "mitad de uno (las reglas permiten cualquier momento de tu activación).",
                    "Une lecture plus stricte : les poches de sang ne se dépensent qu'entre deux services, jamais au "
                    "milieu d'un (les règles permettent tout moment de votre activation)."),
        label=_words("Blood bags only between departments", "Bolsas de sangre solo entre departamentos",
                     "Poches de sang seulement entre deux services")),
    "solo_blood_any_ambulance": flag(
        False,
        help=_words("Solo: the blood bag comes with whichever ambulance you take, not only ambulance 1 (the French "
                    "rules give it for ambulance 1).",
                    "En solitario: la bolsa de sangre llega con cualquier ambulancia que tomes, no solo con la 1 (las "
                    "reglas francesas la dan por la ambulancia 1).",
                    "En solo : la poche de sang vient avec n'importe quelle ambulance prise, pas seulement la 1 (les "
                    "règles françaises la donnent pour l'ambulance 1)."),
        label=_words("Solo: a blood bag with any ambulance", "Solitario: bolsa de sangre con cualquier ambulancia",
                     "Solo : poche de sang avec toute ambulance")),
    "admissions_panic": flag(
        False,
        help=_words("Variant: every player starts with 5 patients valued 3, 3, 4, 5 and 5 instead of 3.",
                    "Variante: cada jugador empieza con 5 pacientes de valores 3, 3, 4, 5 y 5 en lugar de 3.",
                    "Variante : chaque joueur commence avec 5 patients de valeurs 3, 3, 4, 5 et 5 au lieu de 3."),
        label=_words("Admissions Panic", "Pánico en admisiones", "Panique aux admissions")),
    "national_epidemic": flag(
        False,
        help=_words("Variant: each ambulance taken brings one extra rolled patient.",
                    "Variante: cada ambulancia tomada trae un paciente más, tirado al azar.",
                    "Variante : chaque ambulance prise amène un patient de plus, lancé au hasard."),
        label=_words("National Epidemic", "Epidemia nacional", "Épidémie nationale")),
    "super_resistant_virus": flag(
        False,
        help=_words("Variant: each round an untreated patient loses 2 instead of 1.",
                    "Variante: cada ronda un paciente sin tratar pierde 2 en lugar de 1.",
                    "Variante : à chaque manche, un patient sans soin perd 2 au lieu de 1."),
        label=_words("Super-resistant Virus", "Virus superresistente", "Virus super-résistant")),
    "experimental_medicine": flag(
        False,
        help=_words("Variant: 8 more departments and 12 more specialists join the piles (this project's cards).",
                    "Variante: se añaden 8 departamentos y 12 especialistas más a los mazos (cartas de este proyecto).",
                    "Variante : 8 services et 12 spécialistes de plus rejoignent les piles (cartes de ce projet)."),
        label=_words("Experimental Medicine", "Medicina experimental", "Médecine expérimentale")),
    "events": flag(
        False,
        help=_words("Variant: an event card changes the rules of each round (this project's cards).",
                    "Variante: una carta de evento cambia las reglas de cada ronda (cartas de este proyecto).",
                    "Variante : une carte événement modifie les règles de chaque manche (cartes de ce projet)."),
        label=_words("Events", "Eventos", "Événements")),
    "params": params_option(),
}

VARIANTS: dict[str, dict[str, Any]] = {
    "admissions-panic": {"admissions_panic": True},
    "national-epidemic": {"national_epidemic": True},
    "super-resistant-virus": {"super_resistant_virus": True},
    "experimental-medicine": {"experimental_medicine": True},
    "events": {"events": True},
    "first-player-ambulance-1": {"first_player_may_take_ambulance_1": True},
    "everything": {name: True for name in VARIANT_OPTIONS},
}


def _named(en: tuple[str, str], es: tuple[str, str], fr: tuple[str, str]) -> dict[str, dict[str, str]]:
    return {lang: {"name": name, "description": description}
            for lang, (name, description) in (("en", en), ("es", es), ("fr", fr))}


VARIANT_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "admissions-panic": _named(
        ("Admissions Panic", "Everybody starts with 5 patients (3, 3, 4, 5 and 5) instead of 3."),
        ("Pánico en admisiones", "Todos empiezan con 5 pacientes (3, 3, 4, 5 y 5) en lugar de 3."),
        ("Panique aux admissions", "Chacun commence avec 5 patients (3, 3, 4, 5 et 5) au lieu de 3.")),
    "national-epidemic": _named(
        ("National Epidemic", "Each ambulance taken brings one extra rolled patient."),
        ("Epidemia nacional", "Cada ambulancia tomada trae un paciente más."),
        ("Épidémie nationale", "Chaque ambulance prise amène un patient de plus.")),
    "super-resistant-virus": _named(
        ("Super-resistant Virus", "Untreated patients lose 2 a round instead of 1."),
        ("Virus superresistente", "Los pacientes sin tratar pierden 2 por ronda en lugar de 1."),
        ("Virus super-résistant", "Les patients sans soin perdent 2 par manche au lieu de 1.")),
    "experimental-medicine": _named(
        ("Experimental Medicine", "8 more departments and 12 more specialists in the piles."),
        ("Medicina experimental", "8 departamentos y 12 especialistas más en los mazos."),
        ("Médecine expérimentale", "8 services et 12 spécialistes de plus dans les piles.")),
    "events": _named(
        ("Events", "An event card changes each round's rules."),
        ("Eventos", "Una carta de evento cambia las reglas de cada ronda."),
        ("Événements", "Une carte événement change les règles de chaque manche.")),
    "first-player-ambulance-1": _named(
        ("First player may take ambulance 1", "Lifts the French rules' ban on the first player taking ambulance 1."),
        ("El jugador inicial puede tomar la ambulancia 1",
         "Quita la prohibición de las reglas francesas de que el jugador inicial tome la ambulancia 1."),
        ("Le premier joueur peut prendre l'ambulance 1",
         "Lève l'interdiction des règles françaises : le premier joueur peut prendre l'ambulance 1.")),
    "everything": _named(
        ("All five variants", "Admissions Panic, National Epidemic, Super-resistant Virus, Experimental Medicine "
                              "and Events together."),
        ("Las cinco variantes", "Pánico en admisiones, Epidemia nacional, Virus superresistente, Medicina "
                                "experimental y Eventos a la vez."),
        ("Les cinq variantes", "Panique aux admissions, Épidémie nationale, Virus super-résistant, Médecine "
                               "expérimentale et Événements ensemble.")),
}
