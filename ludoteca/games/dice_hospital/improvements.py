"""Phase 2, hospital improvements: with two players (and solo) the first player may reveal one
more offer (at the start of the round by default, see ``extra_reveals``); then in ambulance
order each takes a department tile or a specialist card (with its meeple) or passes; then
each may return one improvement for a blood bag.

Phases ``reveal``, ``take`` and ``return`` of :mod:`.phases`.
"""

from __future__ import annotations

from ludoteca.engine.state import Action, Event

from .hospital import STARTING_DEPARTMENTS, Hospital
from .supplies import Supplies


class ImprovementRules(Supplies):
    def _start_improvements(self) -> None:
        self.queue = sorted((s for s in range(self.players) if self.hospitals[s]["ambulance"]),
                            key=lambda s: self.hospitals[s]["ambulance"])
        self.reveals_left = self.extra_reveals("after-intake")
        self._next_reveal_or_take()

    def extra_reveals(self, timing: str) -> int:
        """French text: "S'il n'y a que 2 gestionnaires, celui qui commence peut choisir de
        révéler une tuile Service ou une carte Spécialiste en plus" (solo too, whose offers are
        as for two).  How many the first player may reveal at ``timing`` (``"round-start"``,
        before the intake as on Board Game Arena, or ``"after-intake"``, by the new first
        player), per option ``extra_offer_timing``."""
        if self.players > 2 or self.options["extra_offer_timing"] != timing:
            return 0
        return self.content.rules["two_player_extra_reveals"]

    def _next_reveal_or_take(self) -> None:
        if self.reveals_left > 0 and (self.department_pile or self.specialist_pile):
            self.phase = "reveal"
            return
        self.reveals_left = 0
        self.phase = "take"
        if not self.queue:
            self._start_returns()

    def _start_returns(self) -> None:
        for hospital in self.hospitals:
            hospital["return_decided"] = not (len(hospital["departments"]) > STARTING_DEPARTMENTS
                                              or hospital["specialists"])
        self.phase = "return"
        if all(h["return_decided"] for h in self.hospitals):
            self._start_activation()

    # ---- who decides -----------------------------------------------------------------------
    def revealing_seat(self) -> tuple[int, ...]:
        return (self.first_player,)

    def seats_deciding_returns(self) -> tuple[int, ...]:
        return tuple(s for s, h in enumerate(self.hospitals) if not h["return_decided"])

    # ---- what they may do --------------------------------------------------------------------
    def reveal_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        if self.department_pile:
            acts.append({"type": "reveal", "kind": "department"})
        if self.specialist_pile:
            acts.append({"type": "reveal", "kind": "specialist"})
        acts.append({"type": "reveal", "kind": "none"})
        return acts

    def take_actions(self, seat: int) -> list[Action]:
        acts: list[Action] = [{"type": "take", "kind": "department", "index": i}
                              for i in range(len(self.department_offer))]
        acts += [{"type": "take", "kind": "specialist", "index": i}
                 for i in range(len(self.specialist_offer))]
        acts.append({"type": "pass"})
        return acts

    def return_actions(self, seat: int) -> list[Action]:
        hospital = self.hospitals[seat]
        acts: list[Action] = [{"type": "return", "kind": "department", "index": i}
                              for i in range(STARTING_DEPARTMENTS, len(hospital["departments"]))]
        acts += [{"type": "return", "kind": "specialist", "index": i}
                 for i in range(len(hospital["specialists"]))]
        acts.append({"type": "keep"})
        return acts

    # ---- handlers -------------------------------------------------------------------------------
    def reveal_offer(self, seat: int, action: Action) -> list[Event]:
        what = action["kind"]
        shown = None
        if what == "department":
            self.department_offer.append(self.department_pile.pop())
            shown = self.content.department_ids[self.department_offer[-1]]
        elif what == "specialist":
            self.specialist_offer.append(self.specialist_pile.pop())
            shown = self.content.specialist_ids[self.specialist_offer[-1]]
        self.reveals_left = self.reveals_left - 1 if what != "none" else 0
        if self.options["extra_offer_timing"] == "round-start":
            self._next_reveal_or_roll()
        else:
            self._next_reveal_or_take()
        return [{"type": "revealed", "seat": seat, "kind": what, "id": shown}]

    def take_improvement(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        index = action["index"]
        if action["kind"] == "department":
            tile = self.department_offer.pop(index)
            hospital["departments"].append(tile)
            hospital["departments_used"].append(0)
            hospital["department_workers"].append(None)
            name = self.content.department_ids[tile]
        else:
            card = self.specialist_offer.pop(index)
            hospital["specialists"].append(card)
            hospital["specialists_used"].append(0)
            name = self.content.specialist_ids[card]
        return self._next_taker([{"type": "took", "seat": seat, "kind": action["kind"], "id": name}])

    def pass_improvement(self, seat: int, action: Action) -> list[Event]:
        return self._next_taker([{"type": "passed", "seat": seat}])

    def _next_taker(self, events: list[Event]) -> list[Event]:
        self.queue.pop(0)
        if not self.queue:
            self._start_returns()
        return events

    def return_improvement(self, seat: int, action: Action) -> list[Event]:
        hospital = self.hospitals[seat]
        index = action["index"]
        if action["kind"] == "department":
            item = hospital["departments"].pop(index)
            hospital["departments_used"].pop(index)
            hospital["department_workers"].pop(index)
            self.department_pile.insert(0, item)
            name = self.content.department_ids[item]
        else:
            item = hospital["specialists"].pop(index)
            hospital["specialists_used"].pop(index)
            self.specialist_pile.insert(0, item)
            name = self.content.specialist_ids[item]
        gained = self._gain_blood(hospital, self.content.rules["return_blood_bags"])
        return self._returned(hospital, [{"type": "returned", "seat": seat, "kind": action["kind"],
                                          "id": name, "blood": gained}])

    def keep_improvements(self, seat: int, action: Action) -> list[Event]:
        return self._returned(self.hospitals[seat], [])

    def _returned(self, hospital: Hospital, events: list[Event]) -> list[Event]:
        hospital["return_decided"] = True
        if all(h["return_decided"] for h in self.hospitals):
            self._start_activation()
        return events
