"""Labels for Dice Hospital actions and events in English, Spanish and French."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.engine.i18n import text

if TYPE_CHECKING:
    from .state import DiceHospitalState

COLOUR_NAMES = {
    "red": {"en": "red", "es": "rojo", "fr": "rouge"},
    "yellow": {"en": "yellow", "es": "amarillo", "fr": "jaune"},
    "green": {"en": "green", "es": "verde", "fr": "vert"},
}

CATALOGUE: dict[str, dict[str, str]] = {
    "start": {"en": "Give the starting patients the values {values}",
              "es": "Asignar a los pacientes iniciales los valores {values}",
              "fr": "Donner aux patients de départ les valeurs {values}"},
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
    # events
    "ev_ambulance": {"en": "Seat {seat} takes ambulance {number}",
                     "es": "El asiento {seat} toma la ambulancia {number}",
                     "fr": "La place {seat} prend l'ambulance {number}"},
    "ev_first_player": {"en": "Seat {seat} becomes first player and gains a blood bag",
                        "es": "El asiento {seat} pasa a ser jugador inicial y gana una bolsa de sangre",
                        "fr": "La place {seat} devient premier joueur et gagne une poche de sang"},
    "ev_department": {"en": "Seat {seat} uses {name} on beds {beds}",
                      "es": "El asiento {seat} usa {name} en las camas {beds}",
                      "fr": "La place {seat} utilise {name} sur les lits {beds}"},
    "ev_discharge": {"en": "Seat {seat} discharges {patients} patient(s): {points} points (+{bonus})",
                     "es": "El asiento {seat} da de alta a {patients} paciente(s): {points} puntos (+{bonus})",
                     "fr": "La place {seat} fait sortir {patients} patient(s) : {points} points (+{bonus})"},
    "ev_neglect": {"en": "Seat {seat}: {count} neglected patient(s), {died} died",
                   "es": "Asiento {seat}: {count} paciente(s) desatendido(s), {died} fallecido(s)",
                   "fr": "Place {seat} : {count} patient(s) négligé(s), {died} décès"},
    "ev_start": {"en": "Seat {seat} has valued its starting patients",
                 "es": "El asiento {seat} ha asignado valores a sus pacientes iniciales",
                 "fr": "La place {seat} a fixé les valeurs de ses patients de départ"},
    "ev_admin_chosen": {"en": "Seat {seat} has kept an administrator",
                        "es": "El asiento {seat} se ha quedado con un administrador",
                        "fr": "La place {seat} a gardé un directeur"},
    "ev_administrators": {"en": "Administrators (by seat): {ids}", "es": "Administradores (por asiento): {ids}",
                          "fr": "Directeurs (par place) : {ids}"},
    "ev_sorted": {"en": "Seat {seat} puts a {colour} die next", "es": "El asiento {seat} coloca un dado {colour}",
                  "fr": "La place {seat} place un dé {colour}"},
    "ev_morgue": {"en": "Seat {seat} sends the patient in bed {bed} to the morgue",
                  "es": "El asiento {seat} envía al paciente de la cama {bed} a la morgue",
                  "fr": "La place {seat} envoie le patient du lit {bed} à la morgue"},
    "ev_admitted": {"en": "Seat {seat} admits a patient to bed {bed}",
                    "es": "El asiento {seat} ingresa a un paciente en la cama {bed}",
                    "fr": "La place {seat} admet un patient au lit {bed}"},
    "ev_revealed": {"en": "Seat {seat} reveals: {kind}", "es": "El asiento {seat} revela: {kind}",
                    "fr": "La place {seat} révèle : {kind}"},
    "ev_took": {"en": "Seat {seat} takes {id}", "es": "El asiento {seat} toma {id}",
                "fr": "La place {seat} prend {id}"},
    "ev_passed": {"en": "Seat {seat} takes no improvement", "es": "El asiento {seat} no toma mejora",
                  "fr": "La place {seat} ne prend aucune amélioration"},
    "ev_returned": {"en": "Seat {seat} returns {id} for {blood} blood bag(s)",
                    "es": "El asiento {seat} devuelve {id} por {blood} bolsa(s) de sangre",
                    "fr": "La place {seat} rend {id} contre {blood} poche(s) de sang"},
    "ev_specialist": {"en": "Seat {seat}'s {id} treats beds {beds}",
                      "es": "El {id} del asiento {seat} cura las camas {beds}",
                      "fr": "Le {id} de la place {seat} soigne les lits {beds}"},
    "ev_blood_gained": {"en": "Seat {seat} gains {amount} blood bag(s)",
                        "es": "El asiento {seat} gana {amount} bolsa(s) de sangre",
                        "fr": "La place {seat} gagne {amount} poche(s) de sang"},
    "ev_blood_treat": {"en": "Seat {seat} treats bed {bed} with a blood bag",
                       "es": "El asiento {seat} cura la cama {bed} con una bolsa de sangre",
                       "fr": "La place {seat} soigne le lit {bed} avec une poche de sang"},
    "ev_blood_colour": {"en": "Seat {seat} makes bed {bed} {colour} with a blood bag",
                        "es": "El asiento {seat} vuelve {colour} la cama {bed} con una bolsa de sangre",
                        "fr": "La place {seat} rend le lit {bed} {colour} avec une poche de sang"},
    "ev_activation_ended": {"en": "Seat {seat} ends its activation",
                            "es": "El asiento {seat} termina su activación",
                            "fr": "La place {seat} termine son activation"},
    "ev_report": {"en": "Seat {seat} completes the medical report {report}: {points} points",
                  "es": "El asiento {seat} cumple el informe médico {report}: {points} puntos",
                  "fr": "La place {seat} remplit le rapport médical {report} : {points} points"},
    "ev_game_over": {"en": "Game over: {scores}", "es": "Fin de la partida: {scores}",
                     "fr": "Fin de la partie : {scores}"},
}


def colour_name(colour: str, lang: str) -> str:
    return COLOUR_NAMES[colour][lang]


def describe_action(state: DiceHospitalState, action: dict[str, Any], lang: str) -> str:
    C = state.C
    kind = action.get("type")
    try:
        if kind == "start":
            return text(CATALOGUE, "start", lang, values=", ".join(map(str, action["values"])))
        if kind == "admin":
            admin = next(a for a in C.admins if a["id"] == action["admin"])
            return text(CATALOGUE, "admin", lang, name=admin["name"][lang])
        if kind == "sort":
            return text(CATALOGUE, "sort", lang, colour=colour_name(action["colour"], lang))
        if kind in ("ambulance",):
            return text(CATALOGUE, "ambulance", lang, number=action["number"])
        if kind in ("morgue", "bed", "patient", "blood"):
            return text(CATALOGUE, kind, lang, bed=action["bed"])
        if kind == "reveal":
            if action["kind"] == "none":
                return text(CATALOGUE, "reveal_none", lang)
            return text(CATALOGUE, "reveal", lang,
                        kind=text(CATALOGUE, f"{action['kind']}_kind", lang))
        if kind == "take":
            offer = state.doffer if action["kind"] == "department" else state.soffer
            names = C.dept_names if action["kind"] == "department" else C.spec_names
            return text(CATALOGUE, "take", lang, name=names[offer[action["index"]]][lang])
        if kind == "return":
            return text(CATALOGUE, "return", lang, name=_owned_name(state, action, lang))
        if kind == "department":
            return text(CATALOGUE, "department", lang, name=_owned_name(state, action, lang))
        if kind == "meeple":
            if action["meeple"] < 0:
                return text(CATALOGUE, "nurse", lang)
            return text(CATALOGUE, "meeple", lang, name=_owned_name(state, action, lang))
        if kind == "blood_use":
            if action["use"] == "treat":
                return text(CATALOGUE, "blood_treat", lang)
            return text(CATALOGUE, "blood_colour", lang, colour=colour_name(action["use"], lang))
        if kind in ("pass", "keep", "skip", "bonus", "end"):
            return text(CATALOGUE, kind, lang)
    except (KeyError, IndexError, StopIteration, TypeError):
        pass
    return ", ".join(f"{k}={v}" for k, v in action.items())


def _owned_name(state: DiceHospitalState, action: dict[str, Any], lang: str) -> str:
    """The name of the department / specialist an action points at, for whoever may choose it
    now.  ``describe`` has no seat, so when seats activating at once own different things at
    that index the label names the index instead."""
    C = state.C
    is_department = action["type"] == "department" or (action["type"] == "return"
                                                       and action["kind"] == "department")
    if action["type"] == "department":
        index = action["dept"]
    elif action["type"] == "meeple":
        index = action["meeple"]
    else:
        index = action["index"]
    names = set()
    for seat in state.to_move:
        pl = state.P[seat]
        owned = pl["depts"] if is_department else pl["specs"]
        if 0 <= index < len(owned):
            names.add((C.dept_names if is_department else C.spec_names)[owned[index]][lang])
    if len(names) == 1:
        return names.pop()
    key = "department_kind" if is_department else "specialist_kind"
    return f"{text(CATALOGUE, key, lang)} {index}"


def describe_event(state: DiceHospitalState, event: dict[str, Any], lang: str) -> str:
    kind = event.get("type")
    C = state.C
    if kind == "ambulance":
        return text(CATALOGUE, "ev_ambulance", lang, seat=event["seat"], number=event["number"])
    if kind == "first_player":
        return text(CATALOGUE, "ev_first_player", lang, seat=event["seat"])
    if kind == "department":
        index = C.dept_ids.index(event["id"])
        return text(CATALOGUE, "ev_department", lang, seat=event["seat"],
                    name=C.dept_names[index][lang], beds=event["beds"])
    if kind == "discharge":
        return text(CATALOGUE, "ev_discharge", lang, seat=event["seat"],
                    patients=event["patients"], points=event["points"],
                    bonus=event["empty_bonus"])
    if kind == "neglect":
        return text(CATALOGUE, "ev_neglect", lang, seat=event["seat"],
                    count=len(event["beds"]), died=len(event["died"]))
    if kind == "game_over":
        return text(CATALOGUE, "ev_game_over", lang, scores=event["scores"])
    if kind == "administrators":
        names = {admin["id"]: admin["name"][lang] for admin in C.admins}
        chosen = [f"{seat}: {names[admin]}" for seat, admin in enumerate(event["ids"]) if admin is not None]
        return text(CATALOGUE, "ev_administrators", lang, ids="; ".join(chosen))
    if kind in ("sorted", "blood_colour"):
        return text(CATALOGUE, f"ev_{kind}", lang, **{**event, "colour": colour_name(event["colour"], lang)})
    if f"ev_{kind}" in CATALOGUE:
        return text(CATALOGUE, f"ev_{kind}", lang, **event)
    return ", ".join(f"{k}={v}" for k, v in event.items() if k != "to")


BOARD_WORDS: dict[str, dict[str, str]] = {
    "round": {"en": "Round", "es": "Ronda", "fr": "Manche"},
    "phase": {"en": "phase", "es": "fase", "fr": "phase"},
    "first": {"en": "first player", "es": "jugador inicial", "fr": "premier joueur"},
    "event": {"en": "event", "es": "evento", "fr": "événement"},
    "bag": {"en": "Bag", "es": "Bolsa", "fr": "Sac"},
    "offers": {"en": "Offers", "es": "Ofertas", "fr": "Offres"},
    "ambulances": {"en": "Ambulances", "es": "Ambulancias", "fr": "Ambulances"},
    "seat": {"en": "Seat", "es": "Asiento", "fr": "Place"},
    "score": {"en": "score", "es": "puntos", "fr": "score"},
    "blood": {"en": "blood bags", "es": "bolsas de sangre", "fr": "poches de sang"},
    "dead": {"en": "fatalities", "es": "fallecidos", "fr": "décès"},
    "nurses": {"en": "nurses", "es": "enfermeros", "fr": "infirmiers"},
    "beds": {"en": "beds", "es": "camas", "fr": "lits"},
    "depts": {"en": "departments", "es": "departamentos", "fr": "services"},
    "specs": {"en": "specialists", "es": "especialistas", "fr": "spécialistes"},
    "arriving": {"en": "arriving", "es": "llegando", "fr": "arrivants"},
    "discharged": {"en": "discharged", "es": "altas", "fr": "sortis"},
    "reports": {"en": "Medical reports", "es": "Informes médicos", "fr": "Rapports médicaux"},
    "done": {"en": "done", "es": "terminado", "fr": "terminé"},
    "legend": {"en": "R/Y/G = red/yellow/green, * treated, ~ blood-bag colour, x used",
               "es": "R/Y/G = rojo/amarillo/verde, * curado, ~ color por bolsa de sangre, x usado",
               "fr": "R/Y/G = rouge/jaune/vert, * soigné, ~ couleur par poche de sang, x utilisé"},
}


def _die(colour: str, value: int) -> str:
    return f"{colour[0].upper()}{value}"


def render_board(view: dict[str, Any], lang: str, content: Any) -> str:
    """A plain-text board for the terminal, from a view only."""
    def w(key: str) -> str:
        return BOARD_WORDS[key][lang]

    dept_names = dict(zip(content.dept_ids, content.dept_names, strict=True))
    spec_names = dict(zip(content.spec_ids, content.spec_names, strict=True))
    lines = [f"{w('round')} {view['round']}/{view['rounds']} · {w('phase')} {view['phase']} · "
             f"{w('first')}: {view['first_player']}"]
    if view.get("event"):
        event = next(e for e in content.events if e["id"] == view["event"])
        lines[0] += f" · {w('event')}: {event['name'][lang]} ({event['text'][lang]})"
    bag = view["bag"]
    lines.append(f"{w('bag')}: " + " ".join(f"{colour_name(c, lang)} {n}" for c, n in bag.items())
                 + f" · {w('blood')} {view['blood_supply']}")
    offers = view["offers"]
    lines.append(f"{w('offers')}: " + ", ".join(dept_names[d][lang] for d in offers["departments"])
                 + " | " + ", ".join(spec_names[k][lang] for k in offers["specialists"]))
    if view["ambulances"]:
        lines.append(f"{w('ambulances')}: " + " | ".join(
            f"{a['number']}: " + " ".join(_die(c, v) for c, v in a["patients"])
            + (f" ({w('seat')} {a['owner']})" if a["owner"] >= 0 else "")
            for a in view["ambulances"]))
    if view["intake_line"]:
        lines.append("> " + " ".join(_die(c, v) for c, v in view["intake_line"]))
    if view.get("medical_reports"):
        lines.append(f"{w('reports')}: " + ", ".join(view["medical_reports"]))
    for seat, pl in enumerate(view["players_state"]):
        head = (f"{w('seat')} {seat}: {w('score')} {pl['score']}, {w('blood')} {pl['blood_bags']}, "
                f"{w('dead')} {pl['fatalities']}, {w('nurses')} {pl['nurses']}")
        if pl["administrator"]:
            admin = next(a for a in content.admins if a["id"] == pl["administrator"])
            head += f", {admin['name'][lang]}"
        if pl["done"] and view["phase"] == "activate":
            head += f" ({w('done')})"
        lines.append(head)
        cells = []
        for bed in pl["beds"]:
            if bed is None:
                cells.append("..")
                continue
            cell = _die(bed["colour"], bed["value"]) + ("*" if bed["treated"] else "")
            if bed["tint"]:
                cell += "~" + bed["tint"][0].upper()
            cells.append(cell)
        wards = [" ".join(f"{i * 3 + k}:{cells[i * 3 + k]}" for k in range(3) if i * 3 + k < len(cells))
                 for i in range((len(cells) + 2) // 3)]
        lines.append(f"  {w('beds')}: " + " | ".join(wards))
        lines.append(f"  {w('depts')}: " + ", ".join(
            f"{i} {dept_names[d['id']][lang]}{' x' if d['used'] else ''}"
            for i, d in enumerate(pl["departments"])))
        if pl["specialists"]:
            lines.append(f"  {w('specs')}: " + ", ".join(
                f"{i} {spec_names[k['id']][lang]} ({k['meeple']}){' x' if k['used'] else ''}"
                for i, k in enumerate(pl["specialists"])))
        if pl["arriving"]:
            lines.append(f"  {w('arriving')}: " + " ".join(_die(c, v) for c, v in pl["arriving"]))
        if pl["discharged"]:
            lines.append(f"  {w('discharged')}: " + " ".join(c[0].upper() for c in pl["discharged"]))
    lines.append(w("legend"))
    return "\n".join(lines)
