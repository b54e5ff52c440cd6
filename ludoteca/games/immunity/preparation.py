"""Fase 2, immune preparation: oxygen comes in, cells are bought with it, what is left is lost
(except what adipocytes store for the next turn)."""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]
Event = dict[str, Any]


class ImmunePreparation:
    """Mixed into ImmunityState: phase 2 ("Preparación inmune")."""

    def receive_oxygen(self, seat: int, events: list[Event]) -> None:
        income = self.oxygen_income(seat)
        total = max(0, income + self.oxygen_bonus[seat] + self.stored_oxygen[seat])
        events.append({"type": "oxygen", "seat": seat, "income": income,
                       "bonus": self.oxygen_bonus[seat], "stored": self.stored_oxygen[seat],
                       "total": total})
        self.oxygen[seat] = total
        self.oxygen_bonus[seat] = 0
        self.stored_oxygen[seat] = 0
        self.cells_bought[seat] = {cell: 0 for cell in self.content.cell_ids}

    def lose_unspent_oxygen(self, seat: int, events: list[Event]) -> bool:
        """Unspent oxygen disappears, except what adipocytes store for the next turn."""
        content = self.content
        capacity = sum(self.cells[seat][cell] * content.cells[cell].store for cell in content.cell_ids)
        kept = min(self.oxygen[seat], capacity)
        lost = self.oxygen[seat] - kept
        self.stored_oxygen[seat] = kept
        self.oxygen[seat] = 0
        if kept or lost:
            events.append({"type": "oxygen_end", "seat": seat, "stored": kept, "lost": lost})
        return False

    def preparation_choices(self, seat: int) -> list[Action]:
        return self._part_choices(seat, self._buy_actions(seat) if self.step == "main" else [])

    def _buy_actions(self, seat: int) -> list[Action]:
        """Every affordable cell below its per-type maximum."""
        content = self.content
        oxygen = self.oxygen[seat]
        limit = content.rules["max_cells_per_type"]
        # the per-type maximum (Body.cap_left): cells on the board, or bought this phase 2
        counted = self.cells_bought[seat] if self.options["cell_cap"] == "per_turn" else self.cells[seat]
        cells = content.cells
        return [{"type": "buy", "cell": cell} for cell in content.cell_ids
                if cells[cell].cost <= oxygen and counted[cell] < limit]

    def on_buy(self, seat: int, action: Action) -> list[Event]:
        cell = action["cell"]
        self.oxygen[seat] -= self.content.cells[cell].cost
        self.cells[seat][cell] += 1
        self.cells_bought[seat][cell] += 1
        events: list[Event] = [{"type": "buy", "seat": seat, "cell": cell, "oxygen": self.oxygen[seat]}]
        self._advance(events)
        return events
