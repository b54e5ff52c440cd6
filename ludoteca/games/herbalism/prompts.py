"""The prompt: one line telling the seat to move what it decides now, in words, with the rule
that bounds the choice ("Inquiring: give another player a red or blue card; they will announce
how many cards of the other colour they hold").

Why from the state: the line may use what this seat knows (its own hand, its medicine card,
the markers on the table) and nothing else: a target is told what it holds, never the active
player's hand.  The web page and the terminal show the same line (``State.prompt``)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import Who, a_colour_card, card_name, colour_plural, medicine_card

PROMPTS = {
    "move_first": {"en": "Move your pharmacist onto a medicine card: its colours are the ones your action will use",
                   "es": "Coloca tu farmacéutico en una carta de medicina: sus colores son los que usará tu acción",
                   "fr": "Placez votre pharmacien sur une carte médicament : ses couleurs sont celles de votre action"},
    "move": {"en": "Move your pharmacist from {card} to a different medicine card",
             "es": "Mueve tu farmacéutico de {card} a otra carta de medicina",
             "fr": "Déplacez votre pharmacien de {card} vers une autre carte médicament"},
    "action": {"en": "Choose an action card, using {card}: {cards}",
               "es": "Elige una carta de acción, con {card}: {cards}",
               "fr": "Choisissez une carte action, avec {card} : {cards}"},
    "cannot_give": {"en": " ({cards} needs a card of its colours in your hand)",
                    "es": " ({cards} necesita una carta de sus colores en tu mano)",
                    "fr": " ({cards} demande une carte de ses couleurs en main)"},
    "cannot_give_both": {"en": " ({cards} need a card of its colours in your hand)",
                         "es": " ({cards} necesitan una carta de sus colores en tu mano)",
                         "fr": " ({cards} demandent une carte de ses couleurs en main)"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
    "or": {"en": " or ", "es": " o ", "fr": " ou "},
    "any_colour": {"en": "a card of any colour you hold", "es": "una carta de cualquier color que tengas",
                   "fr": "une carte de n'importe quelle couleur que vous avez"},
    "inquiring": {"en": "Inquiring: give another player {what}; they will announce how many cards {which} they hold",
                  "es": "Indagar: da {what} a otro jugador; anunciará cuántas cartas {which} tiene",
                  "fr": "Enquête : donnez {what} à un autre joueur ; il annoncera combien de cartes {which} il a"},
    "feeding": {"en": "Feeding: give another player {what}; they will hand you all their cards {which}",
                "es": "Alimentación: da {what} a otro jugador; te entregará todas sus cartas {which}",
                "fr": "Nourrir : donnez {what} à un autre joueur ; il vous donnera toutes ses cartes {which}"},
    "other": {"en": "of the other colour", "es": "del otro color", "fr": "de l'autre couleur"},
    "same": {"en": "of the colour you gave (that card included)", "es": "del color que diste (contando esa carta)",
             "fr": "de la couleur donnée (cette carte comprise)"},
    "brewing_pair": {"en": "Brewing: choose a player; they will hand you one card of each colour of {card} they hold",
                     "es": "Fabricación de cerveza: elige a un jugador; te entregará una carta de cada color de "
                           "{card} que tenga",
                     "fr": "Brassage : choisissez un joueur ; il vous donnera une carte de chaque couleur de {card} "
                           "qu'il possède"},
    "brewing_identical": {"en": "Brewing: choose a player; they will hand you two cards of one colour, if they "
                                "hold a pair",
                          "es": "Fabricación de cerveza: elige a un jugador; te entregará dos cartas de un mismo "
                                "color, si tiene una pareja",
                          "fr": "Brassage : choisissez un joueur ; il vous donnera deux cartes d'une même couleur, "
                                "s'il a une paire"},
    "appealing": {"en": "Appealing: choose a player; they will hand you all their cards of one colour of {card}, "
                        "their choice",
                  "es": "Atractivo: elige a un jugador; te entregará todas sus cartas de un color de {card}, "
                        "a su elección",
                  "fr": "Attrait : choisissez un joueur ; il vous donnera toutes ses cartes d'une couleur de "
                        "{card}, à son choix"},
    "appealing_identical": {"en": "Appealing: choose a player; they will hand you all their cards of one colour, "
                                  "their choice",
                            "es": "Atractivo: elige a un jugador; te entregará todas sus cartas de un color, "
                                  "a su elección",
                            "fr": "Attrait : choisissez un joueur ; il vous donnera toutes ses cartes d'une couleur, "
                                  "à son choix"},
    "respond_appealing": {"en": "{p} played Appealing on you: hand over all your {colours}",
                          "es": "{p} jugó Atractivo sobre ti: entrega todas tus {colours}",
                          "fr": "{p} a joué Attrait sur vous : donnez toutes vos {colours}"},
    "respond_brewing": {"en": "{p} played Brewing on you: hand over two {colours}",
                        "es": "{p} jugó Fabricación de cerveza sobre ti: entrega dos {colours}",
                        "fr": "{p} a joué Brassage sur vous : donnez deux {colours}"},
    "respond_optional": {"en": ", or refuse", "es": ", o niégate", "fr": ", ou refusez"},
    "respond_nothing": {"en": "{p} played {action} on you: you hold no cards to hand over, so you hand over nothing",
                        "es": "{p} jugó {action} sobre ti: no tienes cartas que entregar, así que no entregas nada",
                        "fr": "{p} a joué {action} sur vous : vous n'avez aucune carte à donner, vous ne donnez rien"},
    "predict": {"en": "You may predict a colour in the cure ({right:+d} if it is there, {wrong:+d} if not), "
                      "or make no prediction",
                "es": "Puedes predecir un color de la cura ({right:+d} si está, {wrong:+d} si no) o no predecir",
                "fr": "Vous pouvez prédire une couleur du remède ({right:+d} si elle y est, {wrong:+d} sinon) "
                      "ou ne rien prédire"},
    "answer": {"en": "Curing: place your cure marker, answer side up, on the medicine card you think is the cure "
                     "({points:+d} if right)",
               "es": "Curación: coloca tu marcador de curación, con la respuesta hacia arriba, en la carta de "
                     "medicina que creas que es la cura ({points:+d} si aciertas)",
               "fr": "Guérison : placez votre marqueur de guérison, face réponse, sur la carte médicament que "
                     "vous pensez être le remède ({points:+d} si c'est juste)"},
    "forced": {"en": "You hold the last cure marker, so you must cure now: place it, answer side up, on a medicine "
                     "card ({points:+d} if right)",
               "es": "Tienes el último marcador de curación y debes curar ya: colócalo, con la respuesta hacia "
                     "arriba, en una carta de medicina ({points:+d} si aciertas)",
               "fr": "Vous avez le dernier marqueur de guérison et devez guérir maintenant : posez-le, face "
                     "réponse, sur une carte médicament ({points:+d} si c'est juste)"},
    "respond_cure": {"en": "{p} is curing on {card}: answer on a card without a marker ({answer:+d} if right), "
                           "follow a marker ({follow:+d} if right, {wrong:+d} if wrong), or pass",
                     "es": "{p} cura en {card}: responde en una carta sin marcador ({answer:+d} si aciertas), "
                           "sigue un marcador ({follow:+d} si acierta, {wrong:+d} si no) o pasa",
                     "fr": "{p} guérit sur {card} : répondez sur une carte sans marqueur ({answer:+d} si c'est "
                           "juste), suivez un marqueur ({follow:+d} si juste, {wrong:+d} sinon) ou passez"},
    "wait": {"en": "Wait for your turn", "es": "Espera tu turno", "fr": "Attendez votre tour"},
}

GIVING = ("inquiring", "feeding")


def _p(key: str, lang: str, **values: Any) -> str:
    return text(PROMPTS, key, lang, **values)


def prompt(state: Any, seat: int, lang: str, who: Who) -> str:
    """What ``seat`` (one of ``state.to_move``) decides now, in ``lang``; ``who`` names players."""
    phase, content, pending = state.phase, state.content, state.pending
    here = state.pharmacist[state.active]
    card = medicine_card(content.medicines[here], lang) if here >= 0 else ""
    if phase == "move":
        return _p("move_first", lang) if here < 0 else _p("move", lang, card=card)
    if phase == "action":
        legal = [a["card"] for a in state.legal_actions(seat, copy=False)]
        line = _p("action", lang, card=card, cards=_either([card_name(a, lang) for a in legal], lang))
        barred = [card_name(a, lang) for a in state.cards if a in GIVING and a not in legal]
        if not barred:
            return line
        key = "cannot_give" if len(barred) == 1 else "cannot_give_both"
        return line + _p(key, lang, cards=_p("and", lang).join(barred))
    if phase == "give":
        colours = content.colours_of(here)
        held = [content.colours[c] for c in colours if state.hands[seat][c]]
        if content.pairs[here] is None:
            what, which = _p("any_colour", lang), _p("same", lang)
        else:
            what, which = _either([a_colour_card(c, lang) for c in held], lang), _p("other", lang)
        return _p(pending["action"], lang, what=what, which=which)
    if phase == "target":
        action, identical = pending["action"], content.pairs[here] is None
        if action == "brewing":
            return _p("brewing_identical", lang) if identical else _p("brewing_pair", lang, card=card)
        return _p("appealing_identical", lang) if identical else _p("appealing", lang, card=card)
    if phase == "respond":
        return _respond(state, seat, lang, who)
    if phase == "predict":
        return _p("predict", lang, right=content.prediction_right, wrong=content.prediction_wrong)
    if phase == "answer":
        return _p("forced" if pending.get("forced") else "answer", lang, points=content.answer_right)
    if phase == "respond_cure":
        first = pending["placed"][0]
        return _p("respond_cure", lang, p=who(first), card=medicine_card(content.medicines[state.marker_card[first]],
                                                                          lang),
                  answer=content.answer_right, follow=content.follow_right, wrong=content.follow_wrong)
    return _p("wait", lang)


def _respond(state: Any, seat: int, lang: str, who: Who) -> str:
    """The target's hand-over: what it may give, read from its own hand."""
    action, content = state.pending["action"], state.content
    colours = [content.colours[c] for c in state.hand_over_colours()]
    by = who(state.active)
    if not colours:
        return _p("respond_nothing", lang, p=by, action=card_name(action, lang))
    shown = _either([colour_plural(c, lang) for c in colours], lang)
    line = _p("respond_brewing" if action == "brewing" else "respond_appealing", lang, p=by, colours=shown)
    if action == "brewing" and state.options["brewing_pair_optional"]:
        line += _p("respond_optional", lang)
    return line


def _either(parts: list[str], lang: str) -> str:
    """ "a, b or c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + _p("or", lang) + parts[-1]
