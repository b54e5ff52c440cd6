"""What a seat is asked to decide now, in one line of words (``State.prompt``): the web table
and the terminal show the same sentence.

One sentence per decision of the rule book: valuing the starting patients, keeping an
administrator, sorting tied dice, claiming an ambulance ("ambulance 1 is barred to the first
player"), admitting patients or sending one to the morgue, the extra offer, taking and
returning improvements, and each step of an activation ("Emergency room: choose 2 patients
of value 1-2").  It reads only what that seat may see: its own hospital and hand, and the
public table.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .content import COLOURS
from .effect_words import patients_phrase, relation_phrase, treatment_phrase
from .hospital import NURSE
from .labels import bed_number, colour_name
from .log_words import counted, joined

PROMPTS: dict[str, dict[str, str]] = {
    "start": {"en": "Give your starting patients the values {values}: your dice are {dice}; choose which gets which",
              "es": "Da a tus pacientes iniciales los valores {values}: tus dados son {dice}; elige cuál recibe cada "
                    "uno",
              "fr": "Donnez à vos patients de départ les valeurs {values} : vos dés sont {dice} ; choisissez qui "
                    "reçoit quoi"},
    "admin": {"en": "Keep one administrator: {names} (the other goes back to the box)",
              "es": "Quédate con un administrador: {names} (el otro vuelve a la caja)",
              "fr": "Gardez un directeur : {names} (l'autre retourne dans la boîte)"},
    "sort": {
             "en": "Tied dice of value {value} in different colours straddle ambulance {number}: choose which colour "
                   "goes first",
             "es": "Hay dados empatados a {value} de distintos colores en el límite de la ambulancia {number}: elige "
                   "qué color va primero",
             "fr": "Des dés à {value} de couleurs différentes sont à cheval sur l'ambulance {number} : choisissez la "
                   "couleur qui passe en premier"},
    "claim": {"en": "Choose an ambulance: {numbers}", "es": "Elige una ambulancia: {numbers}",
              "fr": "Choisissez une ambulance : {numbers}"},
    "claim_barred": {"en": "Choose an ambulance: {numbers} — ambulance 1 is barred to the first player",
                     "es": "Elige una ambulancia: {numbers} — la ambulancia 1 está vedada al jugador inicial",
                     "fr": "Choisissez une ambulance : {numbers} — l'ambulance 1 est interdite au premier joueur"},
    "morgue": {"en": "Your hospital is full: send {count} to the morgue to make room (each is a fatality)",
               "es": "Tu hospital está lleno: envía {count} a la morgue para hacer sitio (cada uno es un fallecido)",
               "fr": "Votre hôpital est plein : envoyez {count} à la morgue pour faire de la place (chacun est un "
                     "décès)"},
    "bed": {"en": "Choose a free bed for the arriving {die} ({left} still to admit)",
            "es": "Elige una cama libre para el {die} que llega ({left} por ingresar)",
            "fr": "Choisissez un lit libre pour le {die} qui arrive ({left} à admettre)"},
    "reveal": {"en": "You may reveal one extra department or specialist for this round's offer",
               "es": "Puedes revelar un departamento o especialista adicional para la oferta de esta ronda",
               "fr": "Vous pouvez révéler un service ou un spécialiste de plus pour l'offre de cette manche"},
    "take": {"en": "Take one improvement from the offer (a department or a specialist), or pass",
             "es": "Toma una mejora de la oferta (un departamento o un especialista), o pasa",
             "fr": "Prenez une amélioration de l'offre (un service ou un spécialiste), ou passez"},
    "return": {"en": "You may return one improvement for {blood}, or keep them all",
               "es": "Puedes devolver una mejora por {blood}, o conservarlas todas",
               "fr": "Vous pouvez rendre une amélioration contre {blood}, ou tout garder"},
    "idle": {"en": "Choose a department to use ({staff} free){blood}, or end your activation",
             "es": "Elige un departamento ({staff} libres){blood}, o termina tu activación",
             "fr": "Choisissez un service ({staff} libres){blood}, ou terminez votre activation"},
    "idle_none": {"en": "No department can treat your patients now{blood}: end your activation",
                  "es": "Ningún departamento puede curar a tus pacientes ahora{blood}: termina tu activación",
                  "fr": "Aucun service ne peut soigner vos patients maintenant{blood} : terminez votre activation"},
    "idle_blood": {"en": ", spend a blood bag",
                   "es": ", gasta una bolsa de sangre",
                   "fr": ", dépensez une poche de sang"},
    "idle_none_blood": {"en": " (you may spend a blood bag)", "es": " (puedes gastar una bolsa de sangre)",
                        "fr": " (vous pouvez dépenser une poche de sang)"},
    "nurse_1": {"en": "1 nurse", "es": "1 enfermero", "fr": "1 infirmier"},
    "nurse_n": {"en": "{n} nurses", "es": "{n} enfermeros", "fr": "{n} infirmiers"},
    "specialist_1": {"en": "1 specialist", "es": "1 especialista", "fr": "1 spécialiste"},
    "specialist_n": {"en": "{n} specialists", "es": "{n} especialistas", "fr": "{n} spécialistes"},
    "meeple": {"en": "{department}: send a nurse or one of your specialists to work there",
               "es": "{department}: envía un enfermero o uno de tus especialistas a trabajar allí",
               "fr": "{department} : envoyez un infirmier ou l'un de vos spécialistes y travailler"},
    "patients": {"en": "{department}: choose {patients}{treatment}",
                 "es": "{department}: elige {patients}{treatment}",
                 "fr": "{department} : choisissez {patients}{treatment}"},
    "specialist_treat": {"en": "{specialist}'s effect: choose {patients}{treatment}, or skip it",
                         "es": "Efecto del {specialist}: elige {patients}{treatment}, o renuncia a él",
                         "fr": "Effet du {specialist} : choisissez {patients}{treatment}, ou renoncez-y"},
    "specialist_blood": {"en": "{specialist}'s effect: gain {blood}, or skip it",
                         "es": "Efecto del {specialist}: gana {blood}, o renuncia a él",
                         "fr": "Effet du {specialist} : gagnez {blood}, ou renoncez-y"},
    "specialist_more": {"en": "{specialist}'s effect: choose {patients}",
                        "es": "Efecto del {specialist}: elige {patients}",
                        "fr": "Effet du {specialist} : choisissez {patients}"},
    "blood_use": {"en": "Blood bag on the patient in bed {bed}: treat it by +1, or make it count as another colour",
                  "es": "Bolsa de sangre en el paciente de la cama {bed}: cúralo en +1 o haz que cuente como otro "
                        "color",
                  "fr": "Poche de sang sur le patient du lit {bed} : soignez-le de +1 ou faites-le compter comme une "
                        "autre couleur"},
    "or": {"en": " or ", "es": " o ", "fr": " ou "},
    "waiting": {"en": "Decide your move", "es": "Decide tu jugada", "fr": "Décidez de votre coup"},
}


def _t(key: str, lang: str, **values: object) -> str:
    return text(PROMPTS, key, lang, **values)


def _either(parts: list[str], lang: str) -> str:
    """``2, 3 or 4``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + _t("or", lang) + parts[-1]


def prompt(state: Any, seat: int, lang: str) -> str:
    """The decision ``seat`` faces now (``state`` is a ``DiceHospitalState``, typed loosely:
    the state imports this module)."""
    ask = _PHASES.get(state.phase)
    return ask(state, seat, lang) if ask is not None else _t("waiting", lang)


def _setup(state: Any, seat: int, lang: str) -> str:
    content = state.content
    hospital = state.hospitals[seat]
    if hospital["starting_dice"]:
        values = joined([str(v) for v in sorted(state.starting_values())], lang)
        dice = joined([colour_name(COLOURS[c], lang) for c in hospital["starting_dice"] if c >= 0], lang)
        return _t("start", lang, values=values, dice=dice)
    names = [content.administrators[a]["name"][lang] for a in state.administrator_hands[seat]]
    return _t("admin", lang, names=_either(names, lang))


def _sort(state: Any, seat: int, lang: str) -> str:
    tied, number = state.tie_being_sorted()
    return _t("sort", lang, value=tied[0][1] if tied else "", number=number)


def _claim(state: Any, seat: int, lang: str) -> str:
    numbers = _either([str(n) for n in state.claimable(seat)], lang)
    barred = (seat == state.first_player and state.players > 1
              and not state.options["first_player_may_take_ambulance_1"]
              and state.ambulance_owners and state.ambulance_owners[0] < 0)
    return _t("claim_barred" if barred else "claim", lang, numbers=numbers)


def _place(state: Any, seat: int, lang: str) -> str:
    hospital = state.hospitals[seat]
    arriving = hospital["arriving"]
    free = hospital["bed_colour"].count(-1)
    if free < len(arriving):
        return _t("morgue", lang, count=counted("patient", len(arriving) - free, lang))
    colour, value = arriving[0]
    die = f"{colour_name(COLOURS[colour], lang)} {value}"
    return _t("bed", lang, die=die, left=counted("patient", len(arriving), lang))


def _reveal(state: Any, seat: int, lang: str) -> str:
    return _t("reveal", lang)


def _take(state: Any, seat: int, lang: str) -> str:
    return _t("take", lang)


def _return(state: Any, seat: int, lang: str) -> str:
    return _t("return", lang, blood=counted("blood", state.content.rules["return_blood_bags"], lang))


def _activate(state: Any, seat: int, lang: str) -> str:
    content = state.content
    hospital = state.hospitals[seat]
    step = hospital["activation"]
    at = step["step"]
    if at == "idle":
        legal = state.legal_actions(seat, copy=False)
        bags = any(a["type"] == "blood" for a in legal)
        if not any(a["type"] == "department" for a in legal):
            return _t("idle_none", lang, blood=_t("idle_none_blood", lang) if bags else "")
        staff = [_t("nurse_1" if hospital["nurses"] == 1 else "nurse_n", lang, n=hospital["nurses"])]
        free_specialists = hospital["specialists_used"].count(0)
        if free_specialists:
            staff.append(_t("specialist_1" if free_specialists == 1 else "specialist_n", lang, n=free_specialists))
        return _t("idle", lang, staff=joined(staff, lang), blood=_t("idle_blood", lang) if bags else "")
    if at == "blood_use":
        return _t("blood_use", lang, bed=bed_number(step["bed"]))
    department_index = hospital["departments"][step["department"]]
    department = content.department_names[department_index][lang]
    if at == "meeple":
        return _t("meeple", lang, department=department)
    if at == "patients":
        target = content.department_targets[department_index]
        chosen = len(step["chosen"])
        patients = patients_phrase(target, lang, target[0] - chosen, more=bool(chosen))
        return _t("patients", lang, department=department, patients=patients,
                  treatment=treatment_phrase(target, lang) if not chosen else "")
    specialist_index = hospital["specialists"][step["meeple"]] if step["meeple"] != NURSE else -1
    specialist = content.specialist_names[specialist_index][lang]
    if content.specialist_blood[specialist_index]:
        return _t("specialist_blood", lang, specialist=specialist,
                  blood=counted("blood", content.specialist_blood[specialist_index], lang))
    target = content.specialist_targets[specialist_index]
    chosen = len(step["chosen"])
    if at == "specialist_more":
        return _t("specialist_more", lang, specialist=specialist,
                  patients=patients_phrase(target, lang, target[0] - chosen, more=True) + relation_phrase(target, lang))
    return _t("specialist_treat", lang, specialist=specialist, patients=patients_phrase(target, lang),
              treatment=treatment_phrase(target, lang) + relation_phrase(target, lang))


_PHASES = {"setup": _setup, "sort": _sort, "claim": _claim, "place": _place, "reveal": _reveal,
           "take": _take, "return": _return, "activate": _activate}
