"""Labels for Dice Hospital actions in English, Spanish and French, and the words labels,
log lines (:mod:`.log_words`) and prompts (:mod:`.prompts`) share: colours, beds, reports.

People see words, not data: every label names departments, specialists, administrators and
medical reports by their names, counts beds from 1 as people do, names seats deciding at once
by the table's names, and never falls back to the engine's ``key=value`` form for an action
the game produces.

``describe_action`` needs a little of the position (the offer a "take" points at, what the
seats to move own at an index); it reads it through the named accessors of :class:`Table`,
which the state provides, so this module does not import the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ludoteca.engine.i18n import text

from .content import COLOURS, Content


class Table(Protocol):
    """What the labels read of a position (``DiceHospitalState`` provides it)."""

    content: Content

    @property
    def to_move(self) -> tuple[int, ...]: ...

    def offer(self, kind: str) -> list[int]: ...

    def owned(self, seat: int, kind: str) -> list[int]: ...

    def starting_colours(self, seat: int) -> list[int]: ...

    def tie_being_sorted(self) -> tuple[list[list[int]], int]: ...

    def player(self, seat: int, lang: str = "en") -> str: ...


COLOUR_NAMES = {
    "red": {"en": "red", "es": "rojo", "fr": "rouge"},
    "yellow": {"en": "yellow", "es": "amarillo", "fr": "jaune"},
    "green": {"en": "green", "es": "verde", "fr": "vert"},
}

CATALOGUE: dict[str, dict[str, str]] = {
    "start": {"en": "Give the starting patients the values {values}",
              "es": "Asignar a los pacientes iniciales los valores {values}",
              "fr": "Donner aux patients de départ les valeurs {values}"},
    "sort_tie": {"en": "Put the {colour} {value} next, into ambulance {number} (tied {value}s: {dice})",
                 "es": "Colocar el {colour} {value} a continuación, en la ambulancia {number} "
                       "(empatados a {value}: {dice})",
                 "fr": "Placer le {colour} {value} ensuite, dans l'ambulance {number} "
                       "(ex aequo à {value} : {dice})"},
    "for_seat": {"en": "{what} ({seat})", "es": "{what} ({seat})", "fr": "{what} ({seat})"},
    "admin": {"en": "Keep the administrator {name}", "es": "Quedarse con el administrador {name}",
              "fr": "Garder le directeur {name}"},
    "sort": {"en": "Put a {colour} die next in the ambulances",
             "es": "Colocar un dado {colour} a continuación en las ambulancias",
             "fr": "Placer ensuite un dé {colour} dans les ambulances"},
    "ambulance": {"en": "Take ambulance {number}", "es": "Tomar la ambulancia {number}",
                  "fr": "Prendre l'ambulance {number}"},
    "morgue": {"en": "Send the patient in bed {bed} to the morgue",
               "es": "Enviar al paciente de la cama {bed} a la morgue",
               "fr": "Envoyer le patient du lit {bed} à la morgue"},
    "bed": {"en": "Admit the next patient to bed {bed}",
            "es": "Ingresar al siguiente paciente en la cama {bed}",
            "fr": "Admettre le patient suivant au lit {bed}"},
    "reveal": {"en": "Reveal an extra {kind}", "es": "Revelar un {kind} adicional",
               "fr": "Révéler un {kind} supplémentaire"},
    "reveal_none": {"en": "Reveal nothing extra", "es": "No revelar nada más",
                    "fr": "Ne rien révéler de plus"},
    "take": {"en": "Take {name}", "es": "Tomar {name}", "fr": "Prendre {name}"},
    "pass": {"en": "Take no improvement", "es": "No tomar mejora", "fr": "Ne prendre aucune amélioration"},
    "return": {"en": "Return {name} for a blood bag", "es": "Devolver {name} por una bolsa de sangre",
               "fr": "Rendre {name} contre une poche de sang"},
    "keep": {"en": "Keep every improvement", "es": "Conservar todas las mejoras",
             "fr": "Garder toutes les améliorations"},
    "department": {"en": "Use {name}", "es": "Usar {name}", "fr": "Utiliser {name}"},
    "nurse": {"en": "Send a nurse", "es": "Enviar un enfermero", "fr": "Envoyer un infirmier"},
    "meeple": {"en": "Send the {name}", "es": "Enviar al {name}", "fr": "Envoyer le {name}"},
    "patient": {"en": "Treat the patient in bed {bed}", "es": "Curar al paciente de la cama {bed}",
                "fr": "Soigner le patient du lit {bed}"},
    "skip": {"en": "Skip the specialist's effect", "es": "Renunciar al efecto del especialista",
             "fr": "Renoncer à l'effet du spécialiste"},
    "bonus": {"en": "Use the specialist's effect: gain blood bags",
              "es": "Usar el efecto del especialista: ganar bolsas de sangre",
              "fr": "Utiliser l'effet du spécialiste : gagner des poches de sang"},
    "blood": {"en": "Spend a blood bag on the patient in bed {bed}",
              "es": "Gastar una bolsa de sangre en el paciente de la cama {bed}",
              "fr": "Dépenser une poche de sang pour le patient du lit {bed}"},
    "blood_treat": {"en": "Blood bag: treat by 1", "es": "Bolsa de sangre: curar 1",
                    "fr": "Poche de sang : soigner de 1"},
    "blood_colour": {"en": "Blood bag: make it {colour} this phase",
                     "es": "Bolsa de sangre: que sea {colour} esta fase",
                     "fr": "Poche de sang : le rendre {colour} pour cette phase"},
    "end": {"en": "End my activation", "es": "Terminar mi activación", "fr": "Terminer mon activation"},
    "department_kind": {"en": "department", "es": "departamento", "fr": "service"},
    "specialist_kind": {"en": "specialist", "es": "especialista", "fr": "spécialiste"},
    "and": {"en": " and ", "es": " y ", "fr": " et "},
    "one_bed": {"en": "bed {beds}", "es": "la cama {beds}", "fr": "le lit {beds}"},
    "some_beds": {"en": "beds {beds}", "es": "las camas {beds}", "fr": "les lits {beds}"},
    # medical reports (solo): what each kind asks, for labels and the terminal
    "report_discharge_in_round": {"en": "discharge {count} patients in one round",
                                  "es": "dar de alta a {count} pacientes en una ronda",
                                  "fr": "faire sortir {count} patients en une manche"},
    "report_colour_discharge_in_round": {"en": "discharge {count} {colour} patients in one round",
                                         "es": "dar de alta a {count} pacientes de color {colour} en una ronda",
                                         "fr": "faire sortir {count} patients de couleur {colour} en une manche"},
    "report_all_colours_in_round": {"en": "discharge a patient of every colour in one round",
                                    "es": "dar de alta a un paciente de cada color en una ronda",
                                    "fr": "faire sortir un patient de chaque couleur en une manche"},
    "report_empty_wards": {"en": "end a discharge phase with every ward empty",
                           "es": "terminar una fase de altas con todas las habitaciones vacías",
                           "fr": "finir une phase de sortie avec toutes les chambres vides"},
    "report_own_departments": {"en": "own {count} department improvements",
                               "es": "tener {count} departamentos de mejora",
                               "fr": "posséder {count} services en amélioration"},
    "report_own_specialists": {"en": "own {count} specialists", "es": "tener {count} especialistas",
                               "fr": "posséder {count} spécialistes"},
    "report_blood_bags": {"en": "hold {count} blood bags at the end of a round",
                          "es": "tener {count} bolsas de sangre al final de una ronda",
                          "fr": "avoir {count} poches de sang à la fin d'une manche"},
    "report_no_untreated": {"en": "leave no patient untreated in a round",
                            "es": "no dejar ningún paciente sin tratar en una ronda",
                            "fr": "ne laisser aucun patient sans soin pendant une manche"},
    "report_full_hospital": {"en": "have {count} patients after the intake",
                             "es": "tener {count} pacientes tras el ingreso",
                             "fr": "avoir {count} patients après l'admission"},
}


def colour_name(colour: str, lang: str) -> str:
    return COLOUR_NAMES[colour][lang]


def _names(content: Content, kind: str) -> tuple[dict[str, str], ...]:
    return content.department_names if kind == "department" else content.specialist_names


def _name_of(content: Content, kind: str, ident: str, lang: str) -> str:
    ids = content.department_ids if kind == "department" else content.specialist_ids
    return _names(content, kind)[ids.index(ident)][lang]


def bed_number(bed: int) -> int:
    """The bed as people count it: the first bed is bed 1 (actions and events count from 0)."""
    return bed + 1


def beds_in_words(beds: list[int], lang: str) -> str:
    """``bed 4`` / ``beds 1, 5 and 6`` in ``lang``, counted from 1."""
    numbers = [str(bed_number(b)) for b in beds]
    joined = numbers[0] if len(numbers) == 1 else (
        ", ".join(numbers[:-1]) + text(CATALOGUE, "and", lang) + numbers[-1])
    return text(CATALOGUE, "one_bed" if len(beds) == 1 else "some_beds", lang, beds=joined)


def report_text(report: dict[str, Any], lang: str) -> str:
    """What a medical report asks, in words (the content gives kinds and counts, no texts)."""
    colour = COLOURS[report["colour"]] if "colour" in report else None
    return text(CATALOGUE, f"report_{report['kind']}", lang, count=report["count"],
                colour=colour_name(colour, lang) if colour else "")


def describe_action(table: Table, action: dict[str, Any], lang: str) -> str:
    content = table.content
    kind = action.get("type")
    try:
        if kind == "start":
            return text(CATALOGUE, "start", lang, values=_per_seat(table, lambda seat: _start_values(
                table, seat, action["values"], lang), lang))
        if kind == "admin":
            admin = content.administrators[content.administrator_index(action["admin"])]
            return text(CATALOGUE, "admin", lang, name=admin["name"][lang])
        if kind == "sort":
            tied, number = table.tie_being_sorted()
            if not tied:
                return text(CATALOGUE, "sort", lang, colour=colour_name(action["colour"], lang))
            return text(CATALOGUE, "sort_tie", lang, colour=colour_name(action["colour"], lang),
                        value=tied[0][1], number=number,
                        dice=", ".join(colour_name(COLOURS[c], lang) for c, _ in tied))
        if kind == "ambulance":
            return text(CATALOGUE, "ambulance", lang, number=action["number"])
        if kind in ("morgue", "bed", "patient", "blood"):
            return text(CATALOGUE, kind, lang, bed=bed_number(action["bed"]))
        if kind == "reveal":
            if action["kind"] == "none":
                return text(CATALOGUE, "reveal_none", lang)
            return text(CATALOGUE, "reveal", lang, kind=text(CATALOGUE, f"{action['kind']}_kind", lang))
        if kind == "take":
            offer = table.offer(action["kind"])
            return text(CATALOGUE, "take", lang, name=_names(content, action["kind"])[offer[action["index"]]][lang])
        if kind == "return":
            return text(CATALOGUE, "return", lang, name=_owned_name(table, action, lang))
        if kind == "department":
            return text(CATALOGUE, "department", lang, name=_owned_name(table, action, lang))
        if kind == "meeple":
            if action["meeple"] < 0:
                return text(CATALOGUE, "nurse", lang)
            return text(CATALOGUE, "meeple", lang, name=_owned_name(table, action, lang))
        if kind == "blood_use":
            if action["use"] == "treat":
                return text(CATALOGUE, "blood_treat", lang)
            return text(CATALOGUE, "blood_colour", lang, colour=colour_name(action["use"], lang))
        if kind in ("pass", "keep", "skip", "bonus", "end"):
            return text(CATALOGUE, kind, lang)
    except (KeyError, IndexError, TypeError, ValueError):
        pass
    return ", ".join(f"{k}={v}" for k, v in action.items())


def _per_seat(table: Table, words: Callable[[int], str | None], lang: str) -> str:
    """What an action means for the seats deciding it at once: one phrase when it means the
    same for all of them, else each seat's (``describe`` has no seat, and seats activating or
    setting up at once own different departments, specialists and dice)."""
    phrases: dict[str, list[int]] = {}
    for seat in table.to_move:
        phrase = words(seat)
        if phrase is not None:
            phrases.setdefault(phrase, []).append(seat)
    if len(phrases) == 1:
        return next(iter(phrases))
    return " / ".join(text(CATALOGUE, "for_seat", lang, what=phrase,
                           seat=", ".join(table.player(s, lang) for s in seats))
                      for phrase, seats in phrases.items())


def _start_values(table: Table, seat: int, values: list[int], lang: str) -> str | None:
    """``red 5, yellow 3, green 4``: each starting die's colour with the value it gets."""
    colours = table.starting_colours(seat)
    if len(colours) != len(values):
        return None
    return ", ".join(f"{colour_name(COLOURS[c], lang)} {v}" if c >= 0 else str(v)
                     for c, v in zip(colours, values, strict=True))


def _owned_name(table: Table, action: dict[str, Any], lang: str) -> str:
    """The name of the department / specialist an action points at, for whoever may choose it
    now (each seat's name when seats choosing at once own different things at that index)."""
    is_department = action["type"] == "department" or (action["type"] == "return"
                                                       and action["kind"] == "department")
    kind = "department" if is_department else "specialist"
    if action["type"] == "department":
        index = action["dept"]
    elif action["type"] == "meeple":
        index = action["meeple"]
    else:
        index = action["index"]
    def name(seat: int) -> str | None:
        owned = table.owned(seat, kind)
        return _names(table.content, kind)[owned[index]][lang] if 0 <= index < len(owned) else None

    return _per_seat(table, name, lang) or text(CATALOGUE, f"{kind}_kind", lang)
