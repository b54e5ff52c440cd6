"""The prompt: what the seat to act is asked to decide now, in one line of words.

Web and terminal show the same line (``State.prompt``).  It reads only what the seat knows:
its own hand, oxygen and infections, and the public boards.  Each line says the decision and
the rule that shapes it ("Discard down to the hand limit of 7: 2 more cards", "Buy immune cells:
you have 4 oxygen"), so a newcomer knows why these are the choices.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import CATALOGUE as LABELS
from .labels import players, words
from .phases import number_of

PROMPTS: dict[str, dict[str, str]] = {
    "discard": {"en": "Discard down to the hand limit of {limit} cards: {n} more to discard",
                "es": "Descarta hasta el límite de {limit} cartas en mano: te faltan {n}",
                "fr": "Défaussez jusqu'à la limite de {limit} cartes en main : encore {n}"},
    "start": {"en": "Turn {turn}, phase 1: play a medical card now, or end your phase",
              "es": "Turno {turn}, fase 1: juega ahora una carta médica o termina tu fase",
              "fr": "Tour {turn}, phase 1 : jouez maintenant une carte médicale ou terminez votre phase"},
    "buy": {"en": "Buy immune cells with your oxygen: you have {oxygen} (at most {cap} of each type)",
            "es": "Compra células inmunes con tu oxígeno: tienes {oxygen} (como máximo {cap} de cada tipo)",
            "fr": "Achetez des cellules immunitaires avec votre oxygène : vous en avez {oxygen} "
                  "(au plus {cap} de chaque type)"},
    "buy_none": {"en": "You have {oxygen} oxygen, too little for any cell you may still buy: "
                       "play a medical card or end your phase",
                 "es": "Tienes {oxygen} de oxígeno, no te llega para ninguna célula que puedas comprar: "
                       "juega una carta médica o termina tu fase",
                 "fr": "Vous avez {oxygen} oxygène, trop peu pour une cellule que vous pouvez encore acheter : "
                       "jouez une carte médicale ou terminez votre phase"},
    "clear": {"en": "Send your cells against your infections before they damage your organs: {infections}",
              "es": "Envía tus células contra tus infecciones antes de que dañen tus órganos: {infections}",
              "fr": "Envoyez vos cellules contre vos infections avant qu'elles n'endommagent vos organes : "
                    "{infections}"},
    "counters": {"en": "{pathogen} ({n} counters)", "es": "{pathogen} ({n} contadores)",
                 "fr": "{pathogen} ({n} marqueurs)"},
    "damage_next": {"en": "Your infections will now damage your organs: play a medical card or end your phase",
                    "es": "Tus infecciones van a dañar tus órganos: juega una carta médica o termina tu fase",
                    "fr": "Vos infections vont endommager vos organes : jouez une carte médicale ou terminez "
                          "votre phase"},
    "no_infection": {"en": "Phase 3: no infection to fight; play a medical card or end your phase",
                     "es": "Fase 3: no tienes infecciones que combatir; juega una carta médica o termina tu fase",
                     "fr": "Phase 3 : aucune infection à combattre ; jouez une carte médicale ou terminez "
                           "votre phase"},
    "spread": {"en": "Contagion: you may pass one pathogen to a valid target, or end your phase{crowded}",
               "es": "Contagio: puedes pasar un patógeno a un objetivo válido o terminar tu fase{crowded}",
               "fr": "Contagion : vous pouvez transmettre un pathogène à une cible valide ou terminer "
                     "votre phase{crowded}"},
    "spread_must": {"en": "Contagion: you must pass one pathogen to a valid target{crowded}",
                    "es": "Contagio: debes pasar un patógeno a un objetivo válido{crowded}",
                    "fr": "Contagion : vous devez transmettre un pathogène à une cible valide{crowded}"},
    "crowded": {"en": " ({players}: most cards in Environment 1, no valid target)",
                "es": " ({players}: más cartas en el Ambiente 1, no es objetivo válido)",
                "fr": " ({players} : le plus de cartes dans l'Environnement 1, pas une cible valide)"},
    "expose": {"en": "New exposure: put one pathogen card from your hand face down in a player's "
                     "Environment 1{crowded}",
               "es": "Nueva exposición: pon bocabajo una carta patógena de tu mano en el Ambiente 1 de un "
                     "jugador{crowded}",
               "fr": "Nouvelle exposition : posez face cachée une carte pathogène de votre main dans "
                     "l'Environnement 1 d'un joueur{crowded}"},
    "expose_may": {"en": "New exposure: you alone have the fewest cards, so you may decline instead of "
                         "exposing yourself",
                   "es": "Nueva exposición: solo tú tienes menos cartas, así que puedes no exponerte a ti mismo",
                   "fr": "Nouvelle exposition : vous seul avez le moins de cartes, vous pouvez donc refuser "
                         "de vous exposer vous-même"},
    "end": {"en": "Phase {number} ({phase}): play a medical card now, or end your phase",
            "es": "Fase {number} ({phase}): juega ahora una carta médica o termina tu fase",
            "fr": "Phase {number} ({phase}) : jouez maintenant une carte médicale ou terminez votre phase"},
}


def _say(key: str, lang: str, **values: Any) -> str:
    return text(PROMPTS, key, lang, **values)


def prompt(state: Any, seat: int, lang: str) -> str:
    """The decision ``seat`` faces now (the engine calls this only for a seat to move)."""
    phase, step = state.phase, state.step
    legal = state.legal_actions(seat, copy=False)
    kinds = {action["type"] for action in legal}
    if step == "discard":
        limit = state.content.rules["hand_limit"]
        return _say("discard", lang, limit=limit, n=state.hand_size(seat) - limit)
    if phase == "start":
        return _say("start", lang, turn=state.turn)
    if phase == "preparation" and step == "main":
        if "buy" in kinds:
            return _say("buy", lang, oxygen=state.oxygen[seat], cap=state.content.rules["max_cells_per_type"])
        return _say("buy_none", lang, oxygen=state.oxygen[seat])
    if phase == "response" and step == "main":
        if kinds & {"clear", "clear_tumour"}:
            name = state.content.name
            fights = [_say("counters", lang, pathogen=name(i["pathogen"], lang), n=i["counters"])
                      for i in state.infections[seat]]
            fights += [name(o, lang) for o, n in state.tumours[seat].items() if n]
            return _say("clear", lang, infections=words(fights, lang))
        if state.infections[seat]:
            return _say("damage_next", lang)
        return _say("no_infection", lang)
    if phase == "contagion" and kinds & {"spread", "spread_card"}:
        return _say("spread" if "done" in kinds else "spread_must", lang, crowded=_crowded(state, lang))
    if phase == "exposure" and "expose" in kinds:
        if "done" in kinds:
            return _say("expose_may", lang)
        return _say("expose", lang, crowded=_crowded(state, lang))
    return _say("end", lang, number=number_of(phase), phase=text(LABELS, f"phase_{phase}", lang))


def _crowded(state: Any, lang: str) -> str:
    """Who the rule "not onto the player with most cards" shuts out now, if anyone."""
    crowded = sorted(state.crowded())
    return _say("crowded", lang, players=players(state, crowded, lang)) if crowded else ""
