"""The end screen: how each seat's final score was made, round by round, as the rule book
scores it ("Puntos de victoria": answer on the right card +3, follow on the right card +1,
follow on a wrong card -1; advanced predictions +1 / -1; a score never below 0).

Why from ``rounds``: the state keeps every finished round's reasons (``CuringRules.round_parts``),
so the lines sum exactly to ``scores`` (the floor's correction is a line of its own), and
nothing hidden is shown: the cure of a finished round is public."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

from .labels import a_colour_card, medicine_card

WHY = {
    "answer_right": {"en": "Round {round}: answered on the right card, {what}",
                     "es": "Ronda {round}: respondió en la carta correcta, {what}",
                     "fr": "Manche {round} : a répondu sur la bonne carte, {what}"},
    "follow_right": {"en": "Round {round}: followed the right answer on {what}",
                     "es": "Ronda {round}: siguió la respuesta correcta en {what}",
                     "fr": "Manche {round} : a suivi la bonne réponse sur {what}"},
    "follow_wrong": {"en": "Round {round}: followed a wrong answer on {what}",
                     "es": "Ronda {round}: siguió una respuesta incorrecta en {what}",
                     "fr": "Manche {round} : a suivi une mauvaise réponse sur {what}"},
    "prediction_right": {"en": "Round {round}: predicted {what}, and it was in the cure",
                         "es": "Ronda {round}: predijo {what} y estaba en la cura",
                         "fr": "Manche {round} : a prédit {what}, et elle était dans le remède"},
    "prediction_wrong": {"en": "Round {round}: predicted {what}, and it was not in the cure",
                         "es": "Ronda {round}: predijo {what} y no estaba en la cura",
                         "fr": "Manche {round} : a prédit {what}, et elle n'était pas dans le remède"},
    "floor": {"en": "Round {round}: a score never goes below {floor}",
              "es": "Ronda {round}: la puntuación nunca baja de {floor}",
              "fr": "Manche {round} : un score ne descend jamais sous {floor}"},
    "none": {"en": "No points scored", "es": "Ningún punto conseguido", "fr": "Aucun point marqué"},
}


def breakdown(rounds: list[dict[str, Any]], players: int, floor: int, lang: str) -> list[list[tuple[str, float]]]:
    """Per seat, ``(words, points)`` for every reason its score moved, in the order of play;
    a seat that never scored gets one line worth 0."""
    lines: list[list[tuple[str, float]]] = [[] for _ in range(players)]
    for result in rounds:
        for seat, parts in enumerate(result["parts"]):
            for why, points, what in parts:
                lines[seat].append((_line(why, result["round"], what, floor, lang), points))
    for seat_lines in lines:
        if not seat_lines:
            seat_lines.append((text(WHY, "none", lang), 0))
    return lines


def _line(why: str, round_number: int, what: str | None, floor: int, lang: str) -> str:
    if why == "floor":
        return text(WHY, "floor", lang, round=round_number, floor=floor)
    shown = a_colour_card(what, lang) if why.startswith("prediction") else medicine_card(what, lang)
    return text(WHY, why, lang, round=round_number, what=shown)
