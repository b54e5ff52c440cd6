"""The end of a Dice Hospital game in words: per seat, the lines that make its score, as the
rule book counts them (points of the discharge table per round, the empty-wards bonus, the
administrator's and the event's extra points, solo medical reports; at the end −2 per
fatality and +1 per blood bag left), summing exactly to ``scores[seat]``.

Why a ledger: a seat's banked score is one number, but a newcomer needs to see where it came
from; each discharge phase writes what its points were made of into the hospital's
``round_points`` (:mod:`.round_end`), and this module only puts that into words.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import report_text
from .log_words import component_name, counted

WORDS: dict[str, dict[str, str]] = {
    "round": {"en": "Round {round}: {patients} discharged", "es": "Ronda {round}: {patients} con alta",
              "fr": "Manche {round} : sortie de {patients}"},
    "empty": {"en": "Round {round}: every ward empty", "es": "Ronda {round}: todas las habitaciones vacías",
              "fr": "Manche {round} : toutes les chambres vides"},
    "event": {"en": "Round {round}: event {name}", "es": "Ronda {round}: evento {name}",
              "fr": "Manche {round} : événement {name}"},
    "administrator": {"en": "Administrator {name}", "es": "Administrador {name}", "fr": "Directeur {name}"},
    "report": {"en": "Medical report “{report}”", "es": "Informe médico «{report}»",
               "fr": "Rapport médical « {report} »"},
    "fatalities": {"en": "{count} fatalities × −{each}", "es": "{count} fallecidos × −{each}",
                   "fr": "{count} décès × −{each}"},
    "relief": {"en": "Administrator {name}: fatalities cost {each} less",
               "es": "Administrador {name}: cada fallecido resta {each} menos",
               "fr": "Directeur {name} : chaque décès coûte {each} de moins"},
    "blood": {"en": "{count} blood bags left × +{each}", "es": "{count} bolsas de sangre restantes × +{each}",
              "fr": "{count} poches de sang restantes × +{each}"},
    "other": {"en": "Other points banked", "es": "Otros puntos obtenidos", "fr": "Autres points gagnés"},
    "nothing": {"en": "No points yet", "es": "Aún sin puntos", "fr": "Pas encore de points"},
}


def _w(key: str, lang: str, **values: object) -> str:
    return text(WORDS, key, lang, **values)


def breakdown(state: Any, lang: str) -> list[list[tuple[str, float]]]:
    """Per seat: ``(words, points)`` lines summing to ``state.scores[seat]``.  ``state`` is a
    ``DiceHospitalState`` (typed loosely: the state imports this module)."""
    return [seat_lines(state, seat, lang) for seat in range(state.players)]


def seat_lines(state: Any, seat: int, lang: str) -> list[tuple[str, float]]:
    content = state.content
    rules = content.rules
    hospital = state.hospitals[seat]
    admin = content.administrators[hospital["administrator"]] if hospital["administrator"] >= 0 else None
    lines: list[tuple[str, float]] = []
    admin_points = 0
    for entry in hospital.get("round_points", []):
        number = entry["round"]
        if entry["patients"] or entry["table"]:
            lines.append((_w("round", lang, round=number, patients=counted("patient", entry["patients"], lang)),
                          entry["table"]))
        if entry["empty"]:
            lines.append((_w("empty", lang, round=number), entry["empty"]))
        if entry["event"]:
            name = component_name(content, "event", entry["event_id"], lang)
            lines.append((_w("event", lang, round=number, name=name), entry["event"]))
        admin_points += entry["administrator"]
        for report, points in entry["reports"]:
            found = next(r for r in content.reports if r["id"] == report)
            lines.append((_w("report", lang, report=report_text(found, lang)), points))
    if admin_points and admin is not None:
        lines.append((_w("administrator", lang, name=admin["name"][lang]), admin_points))
    banked = sum(points for _words, points in lines)
    if banked != hospital["score"]:
        # A position built or saved before the ledger existed: what the ledger cannot explain.
        lines.append((_w("other", lang), hospital["score"] - banked))
    if state.final_scores is not None:
        fatalities = hospital["fatalities"]
        each = rules["fatality_penalty"]
        lines.append((_w("fatalities", lang, count=fatalities, each=each), -each * fatalities))
        if admin is not None and admin["kind"] == "fatality_relief" and fatalities:
            relief = each - max(0, each - admin["amount"])
            lines.append((_w("relief", lang, name=admin["name"][lang], each=relief), relief * fatalities))
        bags, worth = hospital["blood_bags"], rules["blood_bag_end_points"]
        lines.append((_w("blood", lang, count=bags, each=worth), worth * bags))
    return lines or [(_w("nothing", lang), 0)]
