"""The table's log in words: one past-tense line per Dice Hospital event, in English, Spanish
and French, naming each seat as the table does (``player``, the state's ``State.player``).

Why a module apart from :mod:`.labels`: an action label says what a seat may do now and reads
the position; a log line says what happened and reads only the event and the content, so the
server can write the whole history again after a reload or a language switch from the events
it kept.  Content keys in events become their translated names, beds are counted from 1 and
lists become sentences; a private event (``to``) has its public twin (``not_to``), so each seat
reads one line of the same moment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.engine.i18n import text

from .content import Content
from .labels import bed_number, beds_in_words, colour_name, report_text

Player = Callable[[int], str]

LINES: dict[str, dict[str, str]] = {
    "round": {"en": "Round {round} began", "es": "Empezó la ronda {round}", "fr": "La manche {round} a commencé"},
    "round_event": {"en": "Round {round} began; event: {name} ({text})",
                    "es": "Empezó la ronda {round}; evento: {name} ({text})",
                    "fr": "La manche {round} a commencé ; événement : {name} ({text})"},
    "start": {"en": "{who} gave the starting patients their values",
              "es": "{who} asignó valores a sus pacientes iniciales",
              "fr": "{who} a fixé les valeurs de ses patients de départ"},
    "admin_chosen": {"en": "{who} kept an administrator (secret until everybody has chosen)",
                     "es": "{who} se quedó con un administrador (secreto hasta que todos elijan)",
                     "fr": "{who} a gardé un directeur (secret jusqu'à ce que tous aient choisi)"},
    "admin_kept": {"en": "{who} kept the administrator {name} (secret until everybody has chosen)",
                   "es": "{who} se quedó con el administrador {name} (secreto hasta que todos elijan)",
                   "fr": "{who} a gardé le directeur {name} (secret jusqu'à ce que tous aient choisi)"},
    "administrators": {"en": "Administrators revealed: {list}", "es": "Administradores revelados: {list}",
                       "fr": "Directeurs révélés : {list}"},
    "who_has": {"en": "{who}, {name}", "es": "{who}, {name}", "fr": "{who}, {name}"},
    "sorted": {"en": "{who} put the {colour} {value} first among the tied dice",
               "es": "{who} colocó primero el {colour} {value} entre los dados empatados",
               "fr": "{who} a placé en premier le {colour} {value} parmi les dés à égalité"},
    "ambulance": {"en": "{who} took ambulance {number}, with {patients}",
                  "es": "{who} tomó la ambulancia {number}, con {patients}",
                  "fr": "{who} a pris l'ambulance {number}, avec {patients}"},
    "ambulance_empty": {"en": "{who} took ambulance {number}", "es": "{who} tomó la ambulancia {number}",
                        "fr": "{who} a pris l'ambulance {number}"},
    "first_player": {"en": "{who} became first player and gained a blood bag",
                     "es": "{who} pasó a ser jugador inicial y ganó una bolsa de sangre",
                     "fr": "{who} est devenu premier joueur et a gagné une poche de sang"},
    "first_player_no_blood": {"en": "{who} became first player", "es": "{who} pasó a ser jugador inicial",
                              "fr": "{who} est devenu premier joueur"},
    "morgue": {"en": "{who} sent the patient in bed {bed} to the morgue (a fatality)",
               "es": "{who} envió al paciente de la cama {bed} a la morgue (un fallecido)",
               "fr": "{who} a envoyé le patient du lit {bed} à la morgue (un décès)"},
    "admitted": {"en": "{who} admitted a {colour} {value} to bed {bed}",
                 "es": "{who} ingresó un {colour} {value} en la cama {bed}",
                 "fr": "{who} a admis un {colour} {value} au lit {bed}"},
    "revealed": {"en": "{who} revealed an extra {kind}: {name}", "es": "{who} reveló un {kind} adicional: {name}",
                 "fr": "{who} a révélé un {kind} supplémentaire : {name}"},
    "revealed_none": {"en": "{who} revealed nothing extra", "es": "{who} no reveló nada más",
                      "fr": "{who} n'a rien révélé de plus"},
    "took": {"en": "{who} took the {kind} {name}", "es": "{who} tomó el {kind} {name}",
             "fr": "{who} a pris le {kind} {name}"},
    "passed": {"en": "{who} took no improvement", "es": "{who} no tomó ninguna mejora",
               "fr": "{who} n'a pris aucune amélioration"},
    "returned": {"en": "{who} returned {name} for {blood}", "es": "{who} devolvió {name} por {blood}",
                 "fr": "{who} a rendu {name} contre {blood}"},
    "department": {"en": "{who} used {name} on {beds}", "es": "{who} usó {name} en {beds}",
                   "fr": "{who} a utilisé {name} sur {beds}"},
    "specialist": {"en": "{who}'s {name} treated {beds}", "es": "El {name} de {who} curó {beds}",
                   "fr": "Le {name} de {who} a soigné {beds}"},
    "discharged": {"en": "; discharged from {beds}", "es": "; alta desde {beds}", "fr": " ; sortie depuis {beds}"},
    "blood_gained": {"en": "{who} gained {blood}", "es": "{who} ganó {blood}", "fr": "{who} a gagné {blood}"},
    "blood_treat": {"en": "{who} treated the patient in bed {bed} with a blood bag",
                    "es": "{who} curó al paciente de la cama {bed} con una bolsa de sangre",
                    "fr": "{who} a soigné le patient du lit {bed} avec une poche de sang"},
    "blood_colour": {"en": "{who} made the patient in bed {bed} count as {colour} with a blood bag",
                     "es": "{who} hizo que el paciente de la cama {bed} cuente como {colour} con una bolsa de sangre",
                     "fr": "{who} a fait compter le patient du lit {bed} comme {colour} avec une poche de sang"},
    "activation_ended": {"en": "{who} ended the activation", "es": "{who} terminó su activación",
                         "fr": "{who} a terminé son activation"},
    "neglect": {"en": "{who}: {patients} went untreated and lost value",
                "es": "{who}: {patients} sin tratar perdieron valor",
                "fr": "{who} : {patients} sans soin ont perdu de la valeur"},
    "neglect_died": {"en": "{who}: {patients} went untreated and lost value; fatalities: {died}",
                     "es": "{who}: {patients} sin tratar perdieron valor; fallecidos: {died}",
                     "fr": "{who} : {patients} sans soin ont perdu de la valeur ; décès : {died}"},
    "shielded": {"en": " ({count} protected by the administrator)",
                 "es": " ({count} protegido(s) por el administrador)",
                 "fr": " ({count} protégé(s) par le directeur)"},
    "discharge": {"en": "{who} discharged {patients}: {points}", "es": "{who} dio de alta a {patients}: {points}",
                  "fr": "{who} a fait sortir {patients} : {points}"},
    "discharge_empty": {"en": "{who} discharged {patients}: {points}, and {bonus} for empty wards",
                        "es": "{who} dio de alta a {patients}: {points}, y {bonus} por tener las habitaciones vacías",
                        "fr": "{who} a fait sortir {patients} : {points}, et {bonus} pour les chambres vides"},
    "report": {"en": "{who} completed the medical report “{report}”: {points}",
               "es": "{who} cumplió el informe médico «{report}»: {points}",
               "fr": "{who} a rempli le rapport médical « {report} » : {points}"},
    "game_over": {"en": "Game over. {scores}. Winner: {winners}", "es": "Fin de la partida. {scores}. Gana: {winners}",
                  "fr": "Fin de la partie. {scores}. Vainqueur : {winners}"},
    "game_over_tie": {"en": "Game over. {scores}. Winners: {winners}",
                      "es": "Fin de la partida. {scores}. Ganan: {winners}",
                      "fr": "Fin de la partie. {scores}. Vainqueurs : {winners}"},
    "game_over_plain": {"en": "Game over. {scores}", "es": "Fin de la partida. {scores}",
                        "fr": "Fin de la partie. {scores}"},
    "score_of": {"en": "{who} {points}", "es": "{who} {points}", "fr": "{who} {points}"},
    "unknown": {"en": "Something happened at the table",
                "es": "Algo pasó en la mesa",
                "fr": "Il s'est passé quelque chose"},
    # counted words: (one, many)
    "patient_1": {"en": "1 patient", "es": "1 paciente", "fr": "1 patient"},
    "patient_n": {"en": "{n} patients", "es": "{n} pacientes", "fr": "{n} patients"},
    "point_1": {"en": "1 point", "es": "1 punto", "fr": "1 point"},
    "point_n": {"en": "{n} points", "es": "{n} puntos", "fr": "{n} points"},
    "blood_1": {"en": "1 blood bag", "es": "1 bolsa de sangre", "fr": "1 poche de sang"},
    "blood_n": {"en": "{n} blood bags", "es": "{n} bolsas de sangre", "fr": "{n} poches de sang"},
    "die": {"en": "{colour} {value}", "es": "{colour} {value}", "fr": "{colour} {value}"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
    "department_kind": {"en": "department", "es": "departamento", "fr": "service"},
    "specialist_kind": {"en": "specialist", "es": "especialista", "fr": "spécialiste"},
}


def line(key: str, lang: str, **values: object) -> str:
    return text(LINES, key, lang, **values)


def counted(word: str, n: int, lang: str) -> str:
    """``1 patient`` / ``3 patients`` (``-2 points``: a minus sign people read)."""
    shown = str(n).replace("-", "−")
    return line(f"{word}_1", lang) if n == 1 else line(f"{word}_n", lang, n=shown)


def joined(parts: list[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + line("and", lang) + parts[-1]


def dice_words(dice: list[list[Any]], lang: str) -> str:
    """``red 3, yellow 4 and green 5`` for ``[[colour, value], ...]`` (colour by name or index)."""
    from .content import COLOURS

    return joined([line("die", lang, colour=colour_name(c if isinstance(c, str) else COLOURS[c], lang), value=v)
                   for c, v in dice], lang)


def component_name(content: Content, kind: str, ident: str, lang: str) -> str:
    """The translated name of a department, specialist, administrator or event by its key."""
    if kind == "department":
        return content.department_names[content.department_ids.index(ident)][lang]
    if kind == "specialist":
        return content.specialist_names[content.specialist_ids.index(ident)][lang]
    if kind == "administrator":
        return content.administrators[content.administrator_index(ident)]["name"][lang]
    return next(e for e in content.events if e["id"] == ident)["name"][lang]


def describe_event(content: Content, event: dict[str, Any], lang: str, player: Player) -> str:
    """The log line of ``event``: past tense, names, words only."""
    try:
        return _line(content, event, lang, player)
    except (KeyError, IndexError, TypeError, ValueError, StopIteration):
        return line("unknown", lang)


def _line(content: Content, event: dict[str, Any], lang: str, player: Player) -> str:
    kind = event["type"]
    who = player(event["seat"]) if isinstance(event.get("seat"), int) else ""
    if kind == "round":
        if event.get("event"):
            entry = next(e for e in content.events if e["id"] == event["event"])
            return line("round_event", lang, round=event["round"], name=entry["name"][lang], text=entry["text"][lang])
        return line("round", lang, round=event["round"])
    if kind in ("start", "admin_chosen", "passed", "blood_treat", "activation_ended", "morgue"):
        return line(kind, lang, who=who, bed=bed_number(event.get("bed", 0)))
    if kind == "admin_kept":
        return line(kind, lang, who=who, name=component_name(content, "administrator", event["admin"], lang))
    if kind == "administrators":
        kept = [line("who_has", lang, who=player(seat), name=component_name(content, "administrator", ident, lang))
                for seat, ident in enumerate(event["ids"]) if ident is not None]
        return line(kind, lang, list="; ".join(kept))
    if kind == "sorted":
        return line(kind, lang, who=who, colour=colour_name(event["colour"], lang), value=event.get("value", ""))
    if kind == "ambulance":
        patients = event.get("patients") or []
        if not patients:
            return line("ambulance_empty", lang, who=who, number=event["number"])
        return line(kind, lang, who=who, number=event["number"], patients=dice_words(patients, lang))
    if kind == "first_player":
        return line("first_player" if event.get("blood", 1) else "first_player_no_blood", lang, who=who)
    if kind == "admitted":
        return line(kind, lang, who=who, bed=bed_number(event["bed"]), colour=colour_name(event["colour"], lang),
                    value=event["value"])
    if kind == "revealed":
        if event["kind"] == "none" or not event.get("id"):
            return line("revealed_none", lang, who=who)
        return line(kind, lang, who=who, kind=line(f"{event['kind']}_kind", lang),
                    name=component_name(content, event["kind"], event["id"], lang))
    if kind == "took":
        return line(kind, lang, who=who, kind=line(f"{event['kind']}_kind", lang),
                    name=component_name(content, event["kind"], event["id"], lang))
    if kind == "returned":
        return line(kind, lang, who=who, name=component_name(content, event["kind"], event["id"], lang),
                    blood=counted("blood", event.get("blood", 0), lang))
    if kind in ("department", "specialist"):
        said = line(kind, lang, who=who, name=component_name(content, kind, event["id"], lang),
                    beds=beds_in_words(event["beds"], lang))
        if event.get("discharged"):
            said += line("discharged", lang, beds=beds_in_words(event["discharged"], lang))
        return said
    if kind == "blood_gained":
        return line(kind, lang, who=who, blood=counted("blood", event["amount"], lang))
    if kind == "blood_colour":
        return line(kind, lang, who=who, bed=bed_number(event["bed"]), colour=colour_name(event["colour"], lang))
    if kind == "neglect":
        return _neglect(event, lang, who)
    if kind == "discharge":
        patients = counted("patient", event["patients"], lang)
        points = counted("point", event["points"], lang)
        if event["empty_bonus"]:
            return line("discharge_empty", lang, who=who, patients=patients, points=points,
                        bonus=counted("point", event["empty_bonus"], lang))
        return line(kind, lang, who=who, patients=patients, points=points)
    if kind == "report":
        report = next(r for r in content.reports if r["id"] == event["report"])
        return line(kind, lang, who=who, report=report_text(report, lang),
                    points=counted("point", event["points"], lang))
    if kind == "game_over":
        scores = ", ".join(line("score_of", lang, who=player(seat), points=counted("point", score, lang))
                           for seat, score in enumerate(event["scores"]))
        winners = event.get("winners", [])
        if not winners:
            return line("game_over_plain", lang, scores=scores)
        return line("game_over" if len(winners) == 1 else "game_over_tie", lang, scores=scores,
                    winners=joined([player(seat) for seat in winners], lang))
    return line("unknown", lang)


def _neglect(event: dict[str, Any], lang: str, who: str) -> str:
    untreated = len(event["beds"])
    shielded = len(event.get("shielded", []))
    died = len(event["died"])
    patients = counted("patient", untreated, lang)
    if died:
        said = line("neglect_died", lang, who=who, patients=patients, died=died)
    else:
        said = line("neglect", lang, who=who, patients=patients)
    if shielded:
        said += line("shielded", lang, count=shielded)
    return said
