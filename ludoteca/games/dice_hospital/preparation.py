"""Set-up decisions (rule book, set-up 10-11): every seat at once values its starting patients
and keeps one of the two administrators dealt to it; the choices are revealed together.

Phase ``setup`` of :mod:`.phases`.
"""

from __future__ import annotations

import itertools

from ludoteca.engine.state import Action, Event

from .supplies import Supplies


class PreparationRules(Supplies):
    def starting_values(self) -> list[int]:
        rules = self.content.rules
        return rules["panic_start_values"] if self.options["admissions_panic"] else rules["start_values"]

    def start_assignments(self, seat: int) -> list[list[int]]:
        """Distinct ways to give the starting values to the starting dice (in draw order)."""
        colours = self.hospitals[seat]["starting_dice"]
        seen, out = set(), []
        for perm in itertools.permutations(self.starting_values()):
            key = tuple(sorted(zip(colours, perm, strict=True)))
            if key not in seen:
                seen.add(key)
                out.append(list(perm))
        out.sort()
        return out

    # ---- who decides, and what ------------------------------------------------------------
    def seats_preparing(self) -> tuple[int, ...]:
        return tuple(s for s, h in enumerate(self.hospitals) if not h["setup_done"])

    def preparation_actions(self, seat: int) -> list[Action]:
        hospital = self.hospitals[seat]
        if hospital["starting_dice"]:
            return [{"type": "start", "values": v} for v in self.start_assignments(seat)]
        admins = self.content.administrators
        return [{"type": "admin", "admin": admins[a]["id"]} for a in self.administrator_hands[seat]]

    # ---- handlers ---------------------------------------------------------------------------
    def value_starting_patients(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        colours, values = hospital["bed_colour"], hospital["bed_value"]
        for bed, (colour, value) in enumerate(zip(hospital["starting_dice"], action["values"], strict=True)):
            if colour >= 0:
                colours[bed] = colour
                values[bed] = value
        hospital["starting_dice"] = []
        if not self.administrator_hands[seat]:
            hospital["setup_done"] = True
        return self._maybe_finish_setup([{"type": "start", "seat": seat}])

    def keep_administrator(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        admins = self.content.administrators
        hospital["administrator"] = next(a for a in self.administrator_hands[seat]
                                         if admins[a]["id"] == action["admin"])
        hospital["setup_done"] = True
        # The table learns that a choice was made; only its owner reads which (the private twin).
        return self._maybe_finish_setup([{"type": "admin_chosen", "seat": seat, "not_to": [seat]},
                                         {"type": "admin_kept", "seat": seat, "admin": action["admin"],
                                          "to": [seat]}])

    def _maybe_finish_setup(self, events: list[Event]) -> list[Event]:
        if all(h["setup_done"] for h in self.hospitals):
            admins = self.content.administrators
            events.append({"type": "administrators",
                           "ids": [admins[h["administrator"]]["id"] if h["administrator"] >= 0 else None
                                   for h in self.hospitals]})
            events += self._finish_setup()
        return events

    def _finish_setup(self) -> list[Event]:
        """Administrators are revealed (the unkept ones go back to the box) and act."""
        for seat in self.turn_order():
            hospital = self.hospitals[seat]
            self.administrator_hands[seat] = []
            admin = self._administrator(hospital, "start_blood")
            if admin is not None:
                self._gain_blood(hospital, admin["amount"])
        return self._start_round()
