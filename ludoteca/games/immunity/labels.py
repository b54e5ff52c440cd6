"""Labels for Immunity's actions and log lines in English, Spanish and French.

Card, cell and organ names come from the content file, so a renamed card needs no code change.
People see words: players by the names the table shows (``state.player``), infections by
their pathogen and counted from 1, lists joined in words; never a raw id, list or index.
Action labels are what a player may do (imperative); log lines say what happened (past tense),
so another player's move never reads as an instruction.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

CATALOGUE: dict[str, dict[str, str]] = {
    # ---- actions: what the player may choose ------------------------------------------------
    "done": {"en": "End my phase", "es": "Terminar mi fase", "fr": "Terminer ma phase"},
    "discard": {"en": "Discard {card}", "es": "Descartar {card}", "fr": "Défausser {card}"},
    "buy": {"en": "Buy {cell}", "es": "Comprar {cell}", "fr": "Acheter {cell}"},
    "clear": {"en": "Use {cell} against {infection}", "es": "Usar {cell} contra {infection}",
              "fr": "Utiliser {cell} contre {infection}"},
    "clear_tumour": {"en": "Use {cell} against a tumour in the {organ}",
                     "es": "Usar {cell} contra un tumor en {organ}",
                     "fr": "Utiliser {cell} contre une tumeur : {organ}"},
    "spread": {"en": "Spread {pathogen} ({mode}) to {targets}",
               "es": "Contagiar {pathogen} ({mode}) a {targets}",
               "fr": "Transmettre {pathogen} ({mode}) à {targets}"},
    "spread_card": {"en": "Contagion: {card} face down on {target}",
                    "es": "Contagio: {card} bocabajo a {target}",
                    "fr": "Contagion : {card} face cachée chez {target}"},
    "expose": {"en": "Expose {target} to {card} (face down)",
               "es": "Exponer a {target} a {card} (bocabajo)",
               "fr": "Exposer {target} à {card} (face cachée)"},
    "expose_self": {"en": "Expose yourself to {card} (face down)", "es": "Exponerte a {card} (bocabajo)",
                    "fr": "Vous exposer à {card} (face cachée)"},
    "medical": {"en": "Play {card}{detail} (ends my phase)",
                "es": "Jugar {card}{detail} (termina mi fase)",
                "fr": "Jouer {card}{detail} (termine ma phase)"},
    "on": {"en": " on {what}", "es": " sobre {what}", "fr": " sur {what}"},
    "to_player": {"en": " ({what} to {player})", "es": " ({what} a {player})", "fr": " ({what} pour {player})"},
    "infection": {"en": "{pathogen} (infection {number})", "es": "{pathogen} (infección {number})",
                  "fr": "{pathogen} (infection {number})"},
    "an_infection": {"en": "an infection", "es": "una infección", "fr": "une infection"},
    "nobody": {"en": "nobody", "es": "nadie", "fr": "personne"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
    "phase_start": {"en": "start of turn", "es": "inicio de turno", "fr": "début du tour"},
    "phase_preparation": {"en": "immune preparation", "es": "preparación inmune",
                          "fr": "préparation immunitaire"},
    "phase_response": {"en": "immune response", "es": "respuesta inmune", "fr": "réponse immunitaire"},
    "phase_contagion": {"en": "contagion", "es": "contagio", "fr": "contagion"},
    "phase_exposure": {"en": "new exposure", "es": "nueva exposición", "fr": "nouvelle exposition"},
    "neighbours": {"en": "the neighbours", "es": "los vecinos", "fr": "les voisins"},
    "everyone": {"en": "everyone else", "es": "todos los demás", "fr": "tous les autres"},
    "contact": {"en": "contact", "es": "contacto", "fr": "contact"},
    "droplets": {"en": "droplets", "es": "gotas", "fr": "gouttelettes"},
    "air": {"en": "air", "es": "aire", "fr": "air"},
    "fluids": {"en": "fluids", "es": "fluidos", "fr": "fluides"},
    "by_contact": {"en": "by contact", "es": "por contacto", "fr": "par contact"},
    "by_droplets": {"en": "by droplets", "es": "por gotas", "fr": "par gouttelettes"},
    "by_air": {"en": "through the air", "es": "por el aire", "fr": "par l'air"},
    "by_fluids": {"en": "through body fluids", "es": "por fluidos corporales", "fr": "par les fluides corporels"},
    "childhood": {"en": "childhood", "es": "infancia", "fr": "enfance"},
    "adult": {"en": "adulthood", "es": "edad adulta", "fr": "âge adulte"},
    "old": {"en": "old age", "es": "senectud", "fr": "vieillesse"},
    # ---- log lines: what happened ------------------------------------------------------------
    "ev_turn": {"en": "Turn {turn} began ({stage})", "es": "Empezó el turno {turn} ({stage})",
                "fr": "Le tour {turn} a commencé ({stage})"},
    "ev_phase": {"en": "Phase {number} began: {name}", "es": "Empezó la fase {number}: {name}",
                 "fr": "La phase {number} a commencé : {name}"},
    "roll": {"en": "{player} rolled {roll}", "es": "{player} sacó {roll}", "fr": "{player} a fait {roll}"},
    "ev_rolls": {"en": "Dice for the order: {rolls}{rerolled}; playing order: {order}",
                 "es": "Dados para el orden: {rolls}{rerolled}; orden de juego: {order}",
                 "fr": "Dés pour l'ordre : {rolls}{rerolled} ; ordre de jeu : {order}"},
    "rerolled": {"en": "; tied for the highest, {players} rolled again: {rolls}",
                 "es": "; empatados en cabeza, {players} repitieron: {rolls}",
                 "fr": " ; ex æquo en tête, {players} ont relancé : {rolls}"},
    "ev_environment": {"en": "{player} played the environment card {card} ({stage})",
                       "es": "{player} jugó la carta de ambiente {card} ({stage})",
                       "fr": "{player} a joué la carte d'environnement {card} ({stage})"},
    "ev_infected": {"en": "{player} was infected by {pathogen} ({counters} extension counter(s))",
                    "es": "{player} quedó infectado por {pathogen} ({counters} contador(es) de extensión)",
                    "fr": "{player} a été infecté par {pathogen} ({counters} marqueur(s) d'extension)"},
    "ev_eliminated": {"en": "{player} eliminated {pathogen}", "es": "{player} eliminó {pathogen}",
                      "fr": "{player} a éliminé {pathogen}"},
    "ev_remembered": {"en": "{player} eliminated {pathogen}, now in immune memory",
                      "es": "{player} eliminó {pathogen}, que pasa a su memoria inmune",
                      "fr": "{player} a éliminé {pathogen}, désormais dans sa mémoire immunitaire"},
    "ev_damage": {"en": "{pathogen} dealt {player} {amount} damage to {organs} and grew to {counters} counters",
                  "es": "{pathogen} causó a {player} {amount} de daño en {organs} y creció a {counters} contadores",
                  "fr": "{pathogen} a infligé à {player} {amount} dégâts ({organs}) et est passé à {counters} "
                        "marqueurs"},
    "each_of": {"en": "each of {organs}", "es": "cada uno de estos: {organs}", "fr": "sur chacun : {organs}"},
    "ev_game_over": {"en": "The game ended: {winners} won with health {health}",
                     "es": "Terminó la partida: ganó {winners} con salud {health}",
                     "fr": "La partie est terminée : {winners} a gagné avec une santé de {health}"},
    "ev_game_over_shared": {"en": "The game ended: {winners} shared the win with health {health}",
                            "es": "Terminó la partida: {winners} compartieron la victoria con salud {health}",
                            "fr": "La partie est terminée : {winners} se partagent la victoire avec une santé "
                                  "de {health}"},
    "ev_reveal": {"en": "{player} revealed their environments: {cards}",
                  "es": "{player} destapó sus ambientes: {cards}",
                  "fr": "{player} a révélé ses environnements : {cards}"},
    "ev_reveal_none": {"en": "{player} had no card in their environments",
                       "es": "{player} no tenía cartas en sus ambientes",
                       "fr": "{player} n'avait aucune carte dans ses environnements"},
    "ev_draw": {"en": "{player} drew {medical} medical and {pathogen} pathogen cards",
                "es": "{player} robó {medical} cartas médicas y {pathogen} patógenas",
                "fr": "{player} a pioché {medical} cartes médicales et {pathogen} pathogènes"},
    "ev_drawn": {"en": "You drew {cards}", "es": "Robaste {cards}", "fr": "Vous avez pioché {cards}"},
    "ev_discard": {"en": "{player} discarded {card}", "es": "{player} descartó {card}",
                   "fr": "{player} a défaussé {card}"},
    "ev_oxygen": {"en": "{player} received {total} oxygen", "es": "{player} recibió {total} de oxígeno",
                  "fr": "{player} a reçu {total} oxygène"},
    "ev_oxygen_end": {"en": "{player} stored {stored} oxygen and lost {lost}",
                      "es": "{player} guardó {stored} de oxígeno y perdió {lost}",
                      "fr": "{player} a gardé {stored} oxygène et en a perdu {lost}"},
    "ev_buy": {"en": "{player} bought {cell} ({oxygen} oxygen left)",
               "es": "{player} compró {cell} (le queda {oxygen} de oxígeno)",
               "fr": "{player} a acheté {cell} (il lui reste {oxygen} oxygène)"},
    "ev_cleared": {"en": "{player} used {cell} against {pathogen}: {amount} counter(s) removed",
                   "es": "{player} usó {cell} contra {pathogen}: quitó {amount} contador(es)",
                   "fr": "{player} a utilisé {cell} contre {pathogen} : {amount} marqueur(s) retiré(s)"},
    "ev_tumour_cleared": {"en": "{player} used {cell} against a tumour in the {organ}: {amount} removed",
                          "es": "{player} usó {cell} contra un tumor en {organ}: quitó {amount}",
                          "fr": "{player} a utilisé {cell} contre une tumeur ({organ}) : {amount} retirée(s)"},
    "ev_tumour_damage": {"en": "Tumours dealt {player} {amount} damage to the {organ}",
                         "es": "Los tumores causaron a {player} {amount} de daño en {organ}",
                         "fr": "Des tumeurs ont infligé à {player} {amount} dégâts ({organ})"},
    "ev_contagion": {"en": "{player} spread {pathogen} {mode} to {targets}",
                     "es": "{player} contagió {pathogen} {mode} a {targets}",
                     "fr": "{player} a transmis {pathogen} {mode} à {targets}"},
    "ev_spread_card": {"en": "{player} put a pathogen card face down in {target}'s Environment 1",
                       "es": "{player} puso una carta patógena bocabajo en el Ambiente 1 de {target}",
                       "fr": "{player} a posé une carte pathogène face cachée dans l'Environnement 1 de {target}"},
    "ev_expose": {"en": "{player} exposed {target} to a face-down pathogen card",
                  "es": "{player} expuso a {target} a una carta patógena bocabajo",
                  "fr": "{player} a exposé {target} à une carte pathogène face cachée"},
    "ev_placed": {"en": "You put {card} face down in {target}'s Environment 1",
                  "es": "Pusiste {card} bocabajo en el Ambiente 1 de {target}",
                  "fr": "Vous avez posé {card} face cachée dans l'Environnement 1 de {target}"},
    "ev_placed_self": {"en": "You put {card} face down in your own Environment 1",
                       "es": "Pusiste {card} bocabajo en tu propio Ambiente 1",
                       "fr": "Vous avez posé {card} face cachée dans votre propre Environnement 1"},
    "ev_medical": {"en": "{player} played {card}{detail}", "es": "{player} jugó {card}{detail}",
                   "fr": "{player} a joué {card}{detail}"},
}


def _say(key: str, lang: str, **values: Any) -> str:
    return text(CATALOGUE, key, lang, **values)


def words(items: list[str], lang: str) -> str:
    """Items in words: "a", "a and b", "a, b and c" (or "nobody")."""
    if not items:
        return _say("nobody", lang)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + _say("and", lang) + items[-1]


def players(state: Any, seats: list[int], lang: str) -> str:
    """Seats by the names the table shows: "Ana, Bruno and Chloé" (or "nobody")."""
    return words([state.player(s, lang) for s in seats], lang)


def _infection(state: Any, index: Any, lang: str) -> tuple[str, str]:
    """The pathogen id and the words for the acting seat's infection number ``index``."""
    seat = state.to_move[0] if state.to_move else 0
    infections = state.infections[seat]
    if not isinstance(index, int) or not 0 <= index < len(infections):
        return "", _say("an_infection", lang)
    pid = infections[index]["pathogen"]
    return pid, _say("infection", lang, pathogen=state.content.name(pid, lang), number=index + 1)


def describe_action(state: Any, action: dict[str, Any], lang: str) -> str:
    """A legal action in words (``state`` gives the names and the acting seat's infections)."""
    name = state.content.name
    kind = action.get("type")
    if kind == "done":
        return _say("done", lang)
    if kind == "discard":
        return _say("discard", lang, card=name(action["card"], lang))
    if kind == "buy":
        return _say("buy", lang, cell=name(action["cell"], lang))
    if kind == "clear":
        return _say("clear", lang, cell=name(action["cell"], lang),
                    infection=_infection(state, action["infection"], lang)[1])
    if kind == "clear_tumour":
        return _say("clear_tumour", lang, cell=name(action["cell"], lang), organ=name(action["organ"], lang))
    if kind == "spread":
        pid, _ = _infection(state, action["infection"], lang)
        pathogens = state.content.pathogens
        mode = pathogens[pid].contagion if pid in pathogens else "contact"
        if action["seat"] is not None:
            targets = state.player(action["seat"], lang)
        else:
            targets = _say("neighbours" if mode == "droplets" else "everyone", lang)
        return _say("spread", lang, pathogen=name(pid, lang) if pid else _say("an_infection", lang),
                    mode=_say(mode, lang), targets=targets)
    if kind in ("spread_card", "expose"):
        card, target = name(action["card"], lang), action["seat"]
        if kind == "expose" and state.to_move and state.to_move[0] == target:
            return _say("expose_self", lang, card=card)  # phase 5 allows it (themself included)
        return _say(kind, lang, card=card, target=state.player(target, lang))
    if kind == "medical":
        target, other = action.get("target"), action.get("seat")
        what = (name(target, lang) if isinstance(target, str)
                else _infection(state, target, lang)[1] if isinstance(target, int) else "")
        if other is not None:
            who = state.player(other, lang)
            detail = _say("to_player", lang, what=what, player=who) if what else _say("on", lang, what=who)
        else:
            detail = _say("on", lang, what=what) if what else ""
        return _say("medical", lang, card=name(action["card"], lang), detail=detail)
    return ", ".join(f"{k}={v}" for k, v in action.items())


def describe_event(state: Any, event: dict[str, Any], lang: str) -> str:
    """A log line for ``event`` in the past tense (private ones, with "to", reach only their
    reader; their public twins carry "not_to", so each seat reads one line of the two)."""
    name = state.content.name
    kind = event.get("type")
    who = state.player(event["seat"], lang) if isinstance(event.get("seat"), int) else ""
    if kind == "turn":
        return _say("ev_turn", lang, turn=event["turn"], stage=_say(event["stage"], lang))
    if kind == "phase":
        return _say("ev_phase", lang, number=event["number"], name=_say(f"phase_{event['phase']}", lang))
    if kind == "rolls":
        return _rolls(state, event, lang)
    if kind == "environment":
        return _say("ev_environment", lang, player=who, card=name(event["card"], lang),
                    stage=_say(event["stage"], lang))
    if kind == "infected":
        return _say("ev_infected", lang, player=who, pathogen=name(event["pathogen"], lang),
                    counters=event["counters"])
    if kind == "eliminated":
        return _say("ev_remembered" if event.get("memory") else "ev_eliminated", lang, player=who,
                    pathogen=name(event["pathogen"], lang))
    if kind == "damage":
        organs = [name(o, lang) for o in event["organs"]]
        where = words(organs, lang) if len(organs) == 1 else _say("each_of", lang, organs=words(organs, lang))
        return _say("ev_damage", lang, pathogen=name(event["pathogen"], lang), player=who,
                    amount=event["amount"], organs=where, counters=event["counters"])
    if kind == "reveal":
        cards = [name(p, lang) for p in event["cards"]]
        if not cards:
            return _say("ev_reveal_none", lang, player=who)
        return _say("ev_reveal", lang, player=who, cards=words(cards, lang))
    if kind == "drawn":
        return _say("ev_drawn", lang, cards=words([name(p, lang) for p in event["cards"]], lang))
    if kind == "draw":
        return _say("ev_draw", lang, player=who, medical=event["medical"], pathogen=event["pathogen"])
    if kind == "oxygen":
        return _say("ev_oxygen", lang, player=who, total=event["total"])
    if kind == "oxygen_end":
        return _say("ev_oxygen_end", lang, player=who, stored=event["stored"], lost=event["lost"])
    if kind == "tumour_damage":
        return _say("ev_tumour_damage", lang, player=who, amount=event["amount"], organ=name(event["organ"], lang))
    if kind in ("spread_card", "expose"):
        return _say(f"ev_{kind}", lang, player=who, target=state.player(event["target"], lang))
    if kind in ("expose_card", "spread_card_card"):
        if event["target"] == event["seat"]:
            return _say("ev_placed_self", lang, card=name(event["card"], lang))
        return _say("ev_placed", lang, card=name(event["card"], lang), target=state.player(event["target"], lang))
    if kind in ("discard", "buy", "cleared", "tumour_cleared"):
        values = {k: (name(v, lang) if k in ("card", "cell", "pathogen", "organ") else v)
                  for k, v in event.items() if k not in ("type", "seat", "to", "not_to")}
        return _say(f"ev_{kind}", lang, player=who, **values)
    if kind == "medical":
        return _say("ev_medical", lang, player=who, card=name(event["card"], lang),
                    detail=_medical_detail(state, event, lang))
    if kind == "contagion":
        return _say("ev_contagion", lang, player=who, targets=players(state, event["targets"], lang),
                    pathogen=name(event["pathogen"], lang), mode=_say(f"by_{event['mode']}", lang))
    if kind == "game_over":
        winners = event["winners"]
        health = event["scores"][winners[0]] if winners else 0
        return _say("ev_game_over_shared" if len(winners) > 1 else "ev_game_over", lang,
                    winners=players(state, winners, lang), health=_number(health))
    return ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("to", "not_to"))


def _medical_detail(state: Any, event: dict[str, Any], lang: str) -> str:
    """" on Salmonella enterica", " on Skin", " on Bruno": what a played medical card aimed at."""
    name = state.content.name
    target, other = event.get("target"), event.get("other")
    what = (name(event["pathogen"], lang) if event.get("pathogen")
            else name(target, lang) if isinstance(target, str) else "")
    if isinstance(other, int):
        if what:
            return _say("to_player", lang, what=what, player=state.player(other, lang))
        return _say("on", lang, what=state.player(other, lang))
    return _say("on", lang, what=what) if what else ""


def _rolls(state: Any, event: dict[str, Any], lang: str) -> str:
    rolls = words([_say("roll", lang, player=state.player(s, lang), roll=r) for s, r in enumerate(event["rolls"])],
                  lang)
    rerolled = ""
    for again in event["rerolls"]:
        seats = [int(s) for s in again]
        rerolled += _say("rerolled", lang, players=players(state, seats, lang),
                         rolls=words([_say("roll", lang, player=state.player(s, lang), roll=again[str(s)])
                                      for s in seats], lang))
    return _say("ev_rolls", lang, rolls=rolls, rerolled=rerolled, order=players(state, event["order"], lang))


def _number(value: float) -> str:
    """A score as people write it: −3 with a true minus sign, whole numbers without ".0"."""
    n = int(value) if float(value).is_integer() else value
    return f"−{-n}" if n < 0 else str(n)
