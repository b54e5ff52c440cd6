"""A player's body in numbers: health, immune defence, oxygen income, who may be targeted.

These are the named accessors the rules, the view and the tests read; each is computed from
the state's fields and the content, never stored, so it cannot disagree with them.
"""

from __future__ import annotations


class Body:
    """Mixed into ImmunityState: the numbers derived from a player's board."""

    def health_penalty(self, seat: int) -> int:
        """Damage on the organs, each full (failed) organ counting ``failed_organ_penalty`` extra."""
        content = self.content
        damage = self.damage[seat]
        failed = sum(1 for o in content.organs if damage[o] >= content.organ_boxes[o])
        return sum(damage.values()) + failed * content.rules["failed_organ_penalty"]

    def defence(self, seat: int) -> int:
        """Immune defence: the cells' defence, card effects, minus what infections take away."""
        content = self.content
        cells = self.cells[seat]
        value = self.defence_bonus[seat]
        for cell, defence in content.defending_cells:
            value += cells[cell] * defence
        pathogens = content.pathogens
        for infection in self.infections[seat]:
            value -= pathogens[infection["pathogen"]].defence_penalty
        return value

    def oxygen_income(self, seat: int) -> int:
        """Oxygen from the respiratory and digestive systems (less when damaged) and erythrocytes."""
        content = self.content
        every = content.rules["oxygen_lost_every"]
        damage = self.damage[seat]
        total = 0
        for organ in content.organs:
            base = content.organ_oxygen[organ]
            if base and damage[organ] < content.organ_boxes[organ]:
                total += max(0, base - damage[organ] // every)
        cells = self.cells[seat]
        total += sum(cells[cell] * content.cells[cell].oxygen for cell in content.cell_ids)
        return total

    def crowded(self) -> set[int]:
        """ "Demasiados patógenos": the players with the most cards in Environment 1 are no target.

        When every player ties, nobody is singled out (option ``full_tie_blocks`` changes this)."""
        if self.options["crowding"] == "both":
            counts = [len(self.environment_1[s]) + len(self.environment_2[s]) for s in range(self.players)]
        else:
            counts = [len(e) for e in self.environment_1]
        most = max(counts)
        if min(counts) == most and not self.options["full_tie_blocks"]:
            return set()
        return {s for s in range(self.players) if counts[s] == most}

    def neighbours(self, seat: int) -> list[int]:
        """The players to the left and right (one player when only two play)."""
        n = self.players
        return sorted({(seat + 1) % n, (seat - 1) % n} - {seat})

    def cap_left(self, seat: int, cell: str, buying: bool = False) -> int:
        """How many more cells of this type the player may still get ("máximo de 3 células de
        cada tipo"): on the board, or with option cell_cap='per_turn' bought this phase 2
        (cards that give cells are then not limited)."""
        limit = self.content.rules["max_cells_per_type"]
        if self.options["cell_cap"] == "per_turn":
            return limit - self.cells_bought[seat][cell] if buying else limit
        return limit - self.cells[seat][cell]

    def _hurt(self, seat: int, organ: str, amount: int) -> None:
        """Damage an organ; its track holds no more than its boxes."""
        if amount > 0:
            boxes = self.content.organ_boxes[organ]
            self.damage[seat][organ] = min(boxes, self.damage[seat][organ] + amount)
