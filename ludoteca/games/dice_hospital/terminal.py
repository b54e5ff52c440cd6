"""The terminal board of Dice Hospital (``ludoteca play``), drawn from a view alone."""

from __future__ import annotations

from typing import Any

from .content import COLOURS, content_for
from .labels import colour_name, report_text

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
    "blue": {"en": "blue", "es": "azul", "fr": "bleu"},
    "done": {"en": "done", "es": "terminado", "fr": "terminé"},
    "phase_setup": {"en": "set-up", "es": "preparación", "fr": "mise en place"},
    "phase_sort": {"en": "sorting the intake", "es": "ordenar el ingreso", "fr": "tri des admissions"},
    "phase_claim": {"en": "claiming ambulances", "es": "elegir ambulancias", "fr": "choix des ambulances"},
    "phase_place": {"en": "admitting patients", "es": "ingresar pacientes", "fr": "admission des patients"},
    "phase_reveal": {"en": "revealing an extra offer", "es": "revelar una oferta más",
                     "fr": "révéler une offre de plus"},
    "phase_take": {"en": "improvements", "es": "mejoras", "fr": "améliorations"},
    "phase_return": {"en": "returning improvements", "es": "devolver mejoras", "fr": "rendre des améliorations"},
    "phase_activate": {"en": "activation", "es": "activación", "fr": "activation"},
    "phase_over": {"en": "game over", "es": "fin de la partida", "fr": "fin de la partie"},
    "legend": {"en": "R/Y/G = red/yellow/green, * treated, ~ blood-bag colour, x used",
               "es": "R/Y/G = rojo/amarillo/verde, * curado, ~ color por bolsa de sangre, x usado",
               "fr": "R/Y/G = rouge/jaune/vert, * soigné, ~ couleur par poche de sang, x utilisé"},
}


def _meeple(colour: str, lang: str) -> str:
    return colour_name(colour, lang) if colour in COLOURS else BOARD_WORDS[colour][lang]


def _die(colour: str, value: int) -> str:
    return f"{colour[0].upper()}{value}"


def render_text(view: dict[str, Any], lang: str) -> str:
    """A plain-text board for the terminal, from a view only (names from the shipped content)."""
    content = content_for(None)

    def w(key: str) -> str:
        return BOARD_WORDS[key][lang]

    dept_names = dict(zip(content.department_ids, content.department_names, strict=True))
    spec_names = dict(zip(content.specialist_ids, content.specialist_names, strict=True))
    admins = {a["id"]: a for a in content.administrators}
    phase = BOARD_WORDS.get(f"phase_{view['phase']}", {}).get(lang, view["phase"])
    lines = [f"{w('round')} {view['round']}/{view['rounds']} · {w('phase')}: {phase} · "
             f"{w('first')}: {w('seat')} {view['first_player'] + 1}"]
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
            + (f" ({w('seat')} {a['owner'] + 1})" if a["owner"] >= 0 else "")
            for a in view["ambulances"]))
    if view["intake_line"]:
        lines.append("> " + " ".join(_die(c, v) for c, v in view["intake_line"]))
    if view.get("medical_reports"):
        reports = {r["id"]: r for r in content.reports}
        lines.append(f"{w('reports')}: " + "; ".join(report_text(reports[r], lang) for r in view["medical_reports"]))
    per_ward = view["beds_per_ward"]
    for seat, pl in enumerate(view["seats"]):
        # Seats and beds counted from 1, as the labels and the web board count them; the score is
        # the view's (final once over), as the end's breakdown sums it.
        head = (f"{w('seat')} {seat + 1}: {w('score')} {view['scores'][seat]}, {w('blood')} {pl['blood_bags']}, "
                f"{w('dead')} {pl['fatalities']}, {w('nurses')} {pl['nurses']}")
        if pl["administrator"]:
            head += f", {admins[pl['administrator']]['name'][lang]}"
        if view["phase"] == "activate" and not pl["activating"]:
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
        wards = [" ".join(f"{b + 1}:{cells[b]}" for b in range(start, min(start + per_ward, len(cells))))
                 for start in range(0, len(cells), per_ward)]
        lines.append(f"  {w('beds')}: " + " | ".join(wards))
        lines.append(f"  {w('depts')}: " + ", ".join(
            f"{i} {dept_names[d['id']][lang]}{' x' if d['used'] else ''}"
            for i, d in enumerate(pl["departments"])))
        if pl["specialists"]:
            lines.append(f"  {w('specs')}: " + ", ".join(
                f"{i} {spec_names[k['id']][lang]} ({_meeple(k['meeple'], lang)}){' x' if k['used'] else ''}"
                for i, k in enumerate(pl["specialists"])))
        if pl["arriving"]:
            lines.append(f"  {w('arriving')}: " + " ".join(_die(c, v) for c, v in pl["arriving"]))
        if pl["discharged"]:
            lines.append(f"  {w('discharged')}: " + " ".join(c[0].upper() for c in pl["discharged"]))
    lines.append(w("legend"))
    return "\n".join(lines)
