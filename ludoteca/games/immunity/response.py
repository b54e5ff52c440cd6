"""Fase 3, immune response: reveal both environments, the infection loop ("at least one"),
Environment 1 -> 2 -> discard, clearing with cells, then damage, growth and tumours."""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]
Event = dict[str, Any]


class ImmuneResponse:
    """Mixed into ImmunityState: phase 3 ("Respuesta inmune")."""

    def immune_response(self, seat: int, events: list[Event]) -> None:
        """Reveal, then the infection loop, then Environment 1 -> 2 -> discard."""
        content = self.content
        self.cells_used[seat] = {cell: 0 for cell in content.cell_ids}
        # Reveal with the earliest placed card on top.
        pile = sorted(self.environment_1[seat] + self.environment_2[seat], key=lambda e: e["placed"])
        for entry in pile:
            entry["face_up"] = True
        events.append({"type": "reveal", "seat": seat, "cards": [e["pathogen"] for e in pile]})
        memory = self.memory[seat]
        candidates = [e for e in pile if e["pathogen"] not in memory]
        total = sum(content.pathogens[e["pathogen"]].infectivity for e in candidates)
        infected: list[dict[str, Any]] = []
        start_defence = self.defence(seat)
        while candidates and total > self.defence(seat):
            entry = self._most_infective(candidates)
            candidates.remove(entry)
            total -= content.pathogens[entry["pathogen"]].infectivity
            self._infect(seat, entry, events)
            infected.append(entry)
        # "NOTA: Al menos uno."
        if not infected and candidates:
            literal = self.options["at_least_one"] == "literal"
            if not literal or start_defence > total:
                entry = self._most_infective(candidates)
                self._infect(seat, entry, events)
                infected.append(entry)
        self.defence_bonus[seat] = 0
        # Environment 1 -> Environment 2 -> discard, for those that did not infect.
        gone = {e["placed"] for e in infected}
        for entry in self.environment_2[seat]:
            if entry["placed"] not in gone:
                self._discard_entry(entry)
        self.environment_2[seat] = [e for e in self.environment_1[seat] if e["placed"] not in gone]
        self.environment_1[seat] = []

    def _most_infective(self, candidates: list[dict[str, Any]]) -> dict[str, Any]:
        """Highest infectivity; among equals the upper card (placed first)."""
        pathogens = self.content.pathogens
        best = candidates[0]
        for entry in candidates[1:]:
            if pathogens[entry["pathogen"]].infectivity > pathogens[best["pathogen"]].infectivity:
                best = entry
        return best

    def _infect(self, seat: int, entry: dict[str, Any], events: list[Event]) -> None:
        pathogen = self.content.pathogens[entry["pathogen"]]
        self.infections[seat].append({"pathogen": entry["pathogen"], "counters": pathogen.extension,
                                      "vector_token": entry["vector_token"]})
        events.append({"type": "infected", "seat": seat, "pathogen": entry["pathogen"],
                       "counters": pathogen.extension})

    # ---- clearing ------------------------------------------------------------------------------
    def response_choices(self, seat: int) -> list[Action]:
        return self._part_choices(seat, self._clear_actions(seat) if self.step == "main" else [])

    def _clear_actions(self, seat: int) -> list[Action]:
        """Every unused clearing cell against every infection of a group it attacks, and every
        unused tumour-clearing cell against every organ with a tumour."""
        content = self.content
        cells, used = self.cells[seat], self.cells_used[seat]
        actions: list[Action] = []
        infections = self.infections[seat]
        for cell in content.clearing_cells:
            if cells[cell] - used[cell] <= 0:
                continue
            clears = content.cells[cell].clears
            for index, infection in enumerate(infections):
                if content.pathogens[infection["pathogen"]].group in clears:
                    actions.append({"type": "clear", "cell": cell, "infection": index})
        for cell in content.tumour_cells:
            if cells[cell] - used[cell] <= 0:
                continue
            for organ in content.organs:
                if self.tumours[seat][organ] > 0:
                    actions.append({"type": "clear_tumour", "cell": cell, "organ": organ})
        return actions

    def on_clear(self, seat: int, action: Action) -> list[Event]:
        cell, index = action["cell"], action["infection"]
        self._use_cell(seat, cell)
        amount = self.content.cells[cell].clear
        events: list[Event] = [{"type": "cleared", "seat": seat, "cell": cell,
                                "pathogen": self.infections[seat][index]["pathogen"], "amount": amount}]
        self._remove_counters(seat, index, amount, events)
        self._advance(events)
        return events

    def on_clear_tumour(self, seat: int, action: Action) -> list[Event]:
        cell, organ = action["cell"], action["organ"]
        self._use_cell(seat, cell)
        removed = min(self.tumours[seat][organ], self.content.cells[cell].clears_tumours)
        self.tumours[seat][organ] -= removed
        events: list[Event] = [{"type": "tumour_cleared", "seat": seat, "cell": cell, "organ": organ,
                                "amount": removed}]
        self._advance(events)
        return events

    def _use_cell(self, seat: int, cell: str) -> None:
        """A cell acts once per phase 3; short-lived ones (neutrophils) die doing it."""
        if self.content.cells[cell].dies_on_use:
            self.cells[seat][cell] -= 1
        else:
            self.cells_used[seat][cell] += 1

    def _remove_counters(self, seat: int, index: int, amount: int, events: list[Event]) -> None:
        infection = self.infections[seat][index]
        infection["counters"] -= amount
        if infection["counters"] <= 0:
            self._eliminate(seat, index, events)

    def _eliminate(self, seat: int, index: int, events: list[Event]) -> None:
        """A cleared pathogen goes to immune memory if the player owns a memory cell."""
        infection = self.infections[seat].pop(index)
        pid = infection["pathogen"]
        remembered = any(self.cells[seat][cell] > 0 for cell in self.content.memory_cells)
        if remembered:
            if pid not in self.memory[seat]:
                self.memory[seat].append(pid)
            if not infection["vector_token"]:
                self.memory_box[seat].append(pid)
        elif not infection["vector_token"]:
            self.pathogen_discard.append(pid)
        events.append({"type": "eliminated", "seat": seat, "pathogen": pid, "memory": remembered})

    # ---- the end of a player's phase 3 ---------------------------------------------------------
    def infections_damage(self, seat: int, events: list[Event]) -> bool:
        """Uncleared pathogens damage each target organ per counter, then gain a counter; then
        the tumours deal their damage."""
        content = self.content
        rules = content.rules
        for infection in self.infections[seat]:
            pathogen = content.pathogens[infection["pathogen"]]
            hits = infection["counters"] * rules["damage_per_counter"]
            for organ in pathogen.targets:
                self._hurt(seat, organ, hits)
            if pathogen.oncogenic:
                self.tumours[seat][pathogen.targets[0]] += pathogen.oncogenic
            infection["counters"] = min(rules["max_extension"], infection["counters"] + rules["extension_growth"])
            events.append({"type": "damage", "seat": seat, "pathogen": infection["pathogen"],
                           "organs": list(pathogen.targets), "amount": hits,
                           "counters": infection["counters"]})
        for organ in content.organs:
            count = self.tumours[seat][organ]
            if count:
                self._hurt(seat, organ, count * rules["tumour_damage"])
                events.append({"type": "tumour_damage", "seat": seat, "organ": organ,
                               "amount": count * rules["tumour_damage"]})
        return False
