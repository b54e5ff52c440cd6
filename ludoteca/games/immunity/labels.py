"""Labels for Immunity's actions and log lines in English, Spanish and French.

Card, cell and organ names come from the content file, so a renamed card needs no code change.
People see words: players are "player 2", infections are named by their pathogen and counted
from 1, lists are joined in words; never a raw id, list or index.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

CATALOGUE: dict[str, dict[str, str]] = {
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
    "spread_card": {"en": "Contagion: {card} face down on player {seat}",
                    "es": "Contagio: {card} bocabajo a jugador {seat}",
                    "fr": "Contagion : {card} face cachée au joueur {seat}"},
    "expose": {"en": "Expose player {seat} to {card} (face down)",
               "es": "Exponer a jugador {seat} a {card} (bocabajo)",
               "fr": "Exposer le joueur {seat} à {card} (face cachée)"},
    "medical": {"en": "Play {card}{detail} (ends my phase)",
                "es": "Jugar {card}{detail} (termina mi fase)",
                "fr": "Jouer {card}{detail} (termine ma phase)"},
    "on": {"en": " on {what}", "es": " sobre {what}", "fr": " sur {what}"},
    "infection": {"en": "{pathogen} (infection {number})", "es": "{pathogen} (infección {number})",
                  "fr": "{pathogen} (infection {number})"},
    "an_infection": {"en": "an infection", "es": "una infección", "fr": "une infection"},
    "nobody": {"en": "nobody", "es": "nadie", "fr": "personne"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
    "roll": {"en": "player {seat} rolls {roll}", "es": "jugador {seat} saca {roll}",
             "fr": "joueur {seat} fait {roll}"},
    "rerolled": {"en": "; the tied highest rolled again", "es": "; los empatados en cabeza repiten",
                 "fr": " ; les ex æquo en tête relancent"},
    "phase_start": {"en": "start of turn", "es": "inicio de turno", "fr": "début du tour"},
    "phase_preparation": {"en": "immune preparation", "es": "preparación inmune",
                          "fr": "préparation immunitaire"},
    "phase_response": {"en": "immune response", "es": "respuesta inmune", "fr": "réponse immunitaire"},
    "phase_contagion": {"en": "contagion", "es": "contagio", "fr": "contagion"},
    "phase_exposure": {"en": "new exposure", "es": "nueva exposición", "fr": "nouvelle exposition"},
    "player": {"en": "player {seat}", "es": "jugador {seat}", "fr": "joueur {seat}"},
    "neighbours": {"en": "the neighbours", "es": "los vecinos", "fr": "les voisins"},
    "everyone": {"en": "everyone else", "es": "todos los demás", "fr": "tous les autres"},
    "contact": {"en": "contact", "es": "contacto", "fr": "contact"},
    "droplets": {"en": "droplets", "es": "gotas", "fr": "gouttelettes"},
    "air": {"en": "air", "es": "aire", "fr": "air"},
    "fluids": {"en": "fluids", "es": "fluidos", "fr": "fluides"},
    "ev_turn": {"en": "Turn {turn} ({stage})", "es": "Turno {turn} ({stage})",
                "fr": "Tour {turn} ({stage})"},
    "ev_phase": {"en": "Phase {number}: {name}", "es": "Fase {number}: {name}",
                 "fr": "Phase {number} : {name}"},
    "ev_rolls": {"en": "Die rolls: {rolls}{rerolled}; order: {order}",
                 "es": "Tiradas: {rolls}{rerolled}; orden: {order}",
                 "fr": "Dés : {rolls}{rerolled} ; ordre : {order}"},
    "ev_environment": {"en": "Player {seat} plays environment {card}",
                       "es": "Jugador {seat} juega el ambiente {card}",
                       "fr": "Le joueur {seat} joue l'environnement {card}"},
    "ev_infected": {"en": "Player {seat} is infected by {pathogen}",
                    "es": "Jugador {seat} queda infectado por {pathogen}",
                    "fr": "Le joueur {seat} est infecté par {pathogen}"},
    "ev_eliminated": {"en": "Player {seat} eliminates {pathogen}",
                      "es": "Jugador {seat} elimina {pathogen}",
                      "fr": "Le joueur {seat} élimine {pathogen}"},
    "ev_damage": {"en": "{pathogen} deals {amount} damage to each of {organs} of player {seat}",
                  "es": "{pathogen} inflige {amount} de daño a {organs} del jugador {seat}",
                  "fr": "{pathogen} inflige {amount} dégâts à {organs} du joueur {seat}"},
    "ev_game_over": {"en": "Game over; the healthiest: {winners}", "es": "Fin de la partida; los más sanos: {winners}",
                     "fr": "Fin de partie ; les plus sains : {winners}"},
    "ev_reveal": {"en": "Player {seat} reveals {cards}", "es": "Jugador {seat} voltea {cards}",
                  "fr": "Le joueur {seat} révèle {cards}"},
    "ev_draw": {"en": "Player {seat} draws {medical} medical and {pathogen} pathogen cards",
                "es": "Jugador {seat} roba {medical} cartas médicas y {pathogen} patógenas",
                "fr": "Le joueur {seat} pioche {medical} cartes médicales et {pathogen} pathogènes"},
    "ev_drawn": {"en": "You draw {cards}", "es": "Robas {cards}", "fr": "Vous piochez {cards}"},
    "ev_discard": {"en": "Player {seat} discards {card}", "es": "Jugador {seat} descarta {card}",
                   "fr": "Le joueur {seat} défausse {card}"},
    "ev_oxygen": {"en": "Player {seat} receives {total} oxygen",
                  "es": "Jugador {seat} recibe {total} de oxígeno",
                  "fr": "Le joueur {seat} reçoit {total} oxygène"},
    "ev_oxygen_end": {"en": "Player {seat} stores {stored} oxygen and loses {lost}",
                      "es": "Jugador {seat} guarda {stored} de oxígeno y pierde {lost}",
                      "fr": "Le joueur {seat} garde {stored} oxygène et en perd {lost}"},
    "ev_buy": {"en": "Player {seat} buys {cell}", "es": "Jugador {seat} compra {cell}",
               "fr": "Le joueur {seat} achète {cell}"},
    "ev_cleared": {"en": "Player {seat}'s {cell} removes {amount} from {pathogen}",
                   "es": "{cell} del jugador {seat} quita {amount} a {pathogen}",
                   "fr": "{cell} du joueur {seat} retire {amount} à {pathogen}"},
    "ev_tumour_cleared": {"en": "Player {seat}'s {cell} removes a tumour from the {organ}",
                          "es": "{cell} del jugador {seat} quita un tumor de {organ}",
                          "fr": "{cell} du joueur {seat} retire une tumeur : {organ}"},
    "ev_tumour_damage": {"en": "Tumours deal {amount} damage to player {seat}'s {organ}",
                         "es": "Los tumores infligen {amount} de daño a {organ} del jugador {seat}",
                         "fr": "Les tumeurs infligent {amount} dégâts à {organ} du joueur {seat}"},
    "ev_contagion": {"en": "Player {seat} spreads {pathogen} ({mode}) to {targets}",
                     "es": "Jugador {seat} contagia {pathogen} ({mode}) a {targets}",
                     "fr": "Le joueur {seat} transmet {pathogen} ({mode}) à {targets}"},
    "ev_spread_card": {"en": "Player {seat} puts a pathogen face down on player {target}",
                       "es": "Jugador {seat} pone un patógeno bocabajo al jugador {target}",
                       "fr": "Le joueur {seat} pose un pathogène face cachée au joueur {target}"},
    "ev_expose": {"en": "Player {seat} exposes player {target} to a face-down pathogen",
                  "es": "Jugador {seat} expone al jugador {target} a un patógeno bocabajo",
                  "fr": "Le joueur {seat} expose le joueur {target} à un pathogène face cachée"},
    "ev_placed": {"en": "You put {card} face down on player {target}",
                  "es": "Pones {card} bocabajo al jugador {target}",
                  "fr": "Vous posez {card} face cachée au joueur {target}"},
    "ev_medical": {"en": "Player {seat} plays {card}", "es": "Jugador {seat} juega {card}",
                   "fr": "Le joueur {seat} joue {card}"},
    "childhood": {"en": "childhood", "es": "infancia", "fr": "enfance"},
    "adult": {"en": "adulthood", "es": "edad adulta", "fr": "âge adulte"},
    "old": {"en": "old age", "es": "senectud", "fr": "vieillesse"},
}


def player(seat: int, lang: str) -> str:
    return text(CATALOGUE, "player", lang, seat=seat)


def players(seats: list[int], lang: str) -> str:
    """Seats in words: "player 0, player 2 and player 3" (or "nobody")."""
    names = [player(s, lang) for s in seats]
    if not names:
        return text(CATALOGUE, "nobody", lang)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + text(CATALOGUE, "and", lang) + names[-1]


def _infection(state: Any, index: Any, lang: str) -> tuple[str, str]:
    """The pathogen id and the words for the acting seat's infection number ``index``."""
    seat = state.to_move[0] if state.to_move else 0
    infections = state.infections[seat]
    if not isinstance(index, int) or not 0 <= index < len(infections):
        return "", text(CATALOGUE, "an_infection", lang)
    pid = infections[index]["pathogen"]
    return pid, text(CATALOGUE, "infection", lang, pathogen=state.content.name(pid, lang), number=index + 1)


def describe_action(state: Any, action: dict[str, Any], lang: str) -> str:
    """A legal action in words (``state`` gives the names and the acting seat's infections)."""
    name = state.content.name
    kind = action.get("type")
    if kind == "done":
        return text(CATALOGUE, "done", lang)
    if kind == "discard":
        return text(CATALOGUE, "discard", lang, card=name(action["card"], lang))
    if kind == "buy":
        return text(CATALOGUE, "buy", lang, cell=name(action["cell"], lang))
    if kind == "clear":
        return text(CATALOGUE, "clear", lang, cell=name(action["cell"], lang),
                    infection=_infection(state, action["infection"], lang)[1])
    if kind == "clear_tumour":
        return text(CATALOGUE, "clear_tumour", lang, cell=name(action["cell"], lang),
                    organ=name(action["organ"], lang))
    if kind == "spread":
        pid, _ = _infection(state, action["infection"], lang)
        pathogens = state.content.pathogens
        mode = pathogens[pid].contagion if pid in pathogens else "contact"
        if action["seat"] is not None:
            targets = player(action["seat"], lang)
        else:
            targets = text(CATALOGUE, "neighbours" if mode == "droplets" else "everyone", lang)
        return text(CATALOGUE, "spread", lang,
                    pathogen=name(pid, lang) if pid else text(CATALOGUE, "an_infection", lang),
                    mode=text(CATALOGUE, mode, lang), targets=targets)
    if kind in ("spread_card", "expose"):
        return text(CATALOGUE, kind, lang, card=name(action["card"], lang), seat=action["seat"])
    if kind == "medical":
        target, other = action.get("target"), action.get("seat")
        parts = []
        if isinstance(target, str):
            parts.append(name(target, lang))
        elif isinstance(target, int):
            parts.append(_infection(state, target, lang)[1])
        if other is not None:
            parts.append(player(other, lang))
        detail = text(CATALOGUE, "on", lang, what=", ".join(parts)) if parts else ""
        return text(CATALOGUE, "medical", lang, card=name(action["card"], lang), detail=detail)
    return ", ".join(f"{k}={v}" for k, v in action.items())


def describe_event(state: Any, event: dict[str, Any], lang: str) -> str:
    """A log line for ``event`` (private ones, with "to", are only shown to their reader)."""
    name = state.content.name
    kind = event.get("type")
    if kind == "turn":
        return text(CATALOGUE, "ev_turn", lang, turn=event["turn"],
                    stage=text(CATALOGUE, event["stage"], lang))
    if kind == "phase":
        return text(CATALOGUE, "ev_phase", lang, number=event["number"],
                    name=text(CATALOGUE, f"phase_{event['phase']}", lang))
    if kind == "rolls":
        rolls = ", ".join(text(CATALOGUE, "roll", lang, seat=s, roll=r) for s, r in enumerate(event["rolls"]))
        rerolled = text(CATALOGUE, "rerolled", lang) if event["rerolls"] else ""
        return text(CATALOGUE, "ev_rolls", lang, rolls=rolls, rerolled=rerolled,
                    order=", ".join(player(s, lang) for s in event["order"]))
    if kind == "environment":
        return text(CATALOGUE, "ev_environment", lang, seat=event["seat"],
                    card=name(event["card"], lang))
    if kind in ("infected", "eliminated"):
        return text(CATALOGUE, f"ev_{kind}", lang, seat=event["seat"],
                    pathogen=name(event["pathogen"], lang))
    if kind == "damage":
        return text(CATALOGUE, "ev_damage", lang, seat=event["seat"], amount=event["amount"],
                    pathogen=name(event["pathogen"], lang),
                    organs=", ".join(name(o, lang) for o in event["organs"]))
    if kind in ("reveal", "drawn"):
        return text(CATALOGUE, f"ev_{kind}", lang, seat=event["seat"],
                    cards=", ".join(name(p, lang) for p in event["cards"]) or "—")
    if kind in ("draw", "oxygen", "oxygen_end", "tumour_damage", "spread_card", "expose"):
        values = {k: v for k, v in event.items() if k != "type"}
        if "organ" in values:
            values["organ"] = name(values["organ"], lang)
        return text(CATALOGUE, f"ev_{kind}", lang, **values)
    if kind in ("discard", "buy", "cleared", "tumour_cleared", "medical"):
        values = {k: (name(v, lang) if k in ("card", "cell", "pathogen", "organ") else v)
                  for k, v in event.items() if k != "type"}
        return text(CATALOGUE, f"ev_{kind}", lang, **values)
    if kind in ("expose_card", "spread_card_card"):
        return text(CATALOGUE, "ev_placed", lang, card=name(event["card"], lang),
                    target=event["target"])
    if kind == "contagion":
        return text(CATALOGUE, "ev_contagion", lang, seat=event["seat"], targets=players(event["targets"], lang),
                    pathogen=name(event["pathogen"], lang), mode=text(CATALOGUE, event["mode"], lang))
    if kind == "game_over":
        return text(CATALOGUE, "ev_game_over", lang, winners=players(event["winners"], lang))
    return ", ".join(f"{k}={v}" for k, v in event.items() if k != "to")
