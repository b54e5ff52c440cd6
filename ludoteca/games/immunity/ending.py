"""The end screen's score breakdown: the lines that make each player's health, as "OBJETIVO"
scores it (the healthiest player wins).

Health is minus the damage on the organs, each failed organ (a full damage track) counting
``failed_organ_penalty`` more; so the lines are one per damaged organ and one per failed organ,
and they sum exactly to ``scores[seat]``.  The tie-break (fewer active infections) is shown as
a line worth 0 points, because it decides between equal healths but is not part of them.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.i18n import text

WORDS: dict[str, dict[str, str]] = {
    "organ": {"en": "{organ}: {n} damage", "es": "{organ}: {n} de daño", "fr": "{organ} : {n} dégâts"},
    "failed": {"en": "{organ} failed (damage track full)", "es": "{organ} dejó de funcionar (pista de daño llena)",
               "fr": "{organ} hors d'usage (piste de dégâts pleine)"},
    "healthy": {"en": "No damage on any organ", "es": "Ningún órgano dañado", "fr": "Aucun organe endommagé"},
    "infections": {"en": "Active infections: {n} (fewer breaks a tie)",
                   "es": "Infecciones activas: {n} (menos desempata)",
                   "fr": "Infections actives : {n} (moins départage les ex æquo)"},
}


def score_breakdown(state: Any, lang: str) -> list[list[tuple[str, float]]]:
    """Per seat, ``(words, points)`` lines summing to its health (its score)."""
    content = state.content
    name = content.name
    penalty = content.rules["failed_organ_penalty"]
    table: list[list[tuple[str, float]]] = []
    for seat in range(state.players):
        damage = state.damage[seat]
        lines: list[tuple[str, float]] = []
        for organ in content.organs:
            if damage[organ]:
                lines.append((text(WORDS, "organ", lang, organ=name(organ, lang), n=damage[organ]), -damage[organ]))
            if damage[organ] >= content.organ_boxes[organ]:
                lines.append((text(WORDS, "failed", lang, organ=name(organ, lang)), -penalty))
        if not lines:
            lines.append((text(WORDS, "healthy", lang), 0))
        lines.append((text(WORDS, "infections", lang, n=len(state.infections[seat])), 0))
        table.append(lines)
    return table
