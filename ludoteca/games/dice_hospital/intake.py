"""Phase 1, patient intake: the round's event, the roll, sorting tied colours into ambulances,
claiming ambulances and placing the arriving patients (or sending patients to the morgue).

Phases ``sort``, ``claim`` and ``place`` of :mod:`.phases`.
"""

from __future__ import annotations

from ludoteca.engine.state import Action, Event

from .content import COLOURS
from .hospital import admit
from .supplies import Supplies


class IntakeRules(Supplies):
    # ---- the start of a round -----------------------------------------------------------------
    def _start_round(self) -> list[Event]:
        """Events variant: one event card, revealed before the intake; then the staff is at
        home (:meth:`_staff_come_home`) and the intake begins.  The ``round`` event opens the
        round's section of the log."""
        self.event = -1
        if self.event_pile:
            self.event = self.event_pile.pop()
            kind, amount = self._event_kind()
            if kind == "blood_all":
                for seat in self.turn_order():
                    self._gain_blood(self.hospitals[seat], amount)
            elif kind == "offer_extra":
                for _ in range(amount):
                    if self.department_pile:
                        self.department_offer.append(self.department_pile.pop())
                    if self.specialist_pile:
                        self.specialist_offer.append(self.specialist_pile.pop())
        # The staff came home at the set-up or the shift change just played; counted here,
        # once the event that may add or strike a nurse is known.
        self._staff_come_home()
        for hospital in self.hospitals:
            hospital["round_stats"] = {}
        self.reveals_left = self.extra_reveals("round-start")
        started: Event = {"type": "round", "round": self.round, "section": True,
                          "event": self.content.events[self.event]["id"] if self.event >= 0 else None}
        self._next_reveal_or_roll()
        return [started]

    def _next_reveal_or_roll(self) -> None:
        """Board Game Arena's timing (option ``extra_offer_timing``): the round's first player
        may reveal one more offer before the intake; then the dice are rolled."""
        if self.reveals_left > 0 and (self.department_pile or self.specialist_pile):
            self.phase = "reveal"
            return
        self.reveals_left = 0
        self._intake_roll()

    def _intake_roll(self) -> None:
        """Draw 3 dice per ambulance, roll them (re-rolling 1s and 6s) and line them up lowest
        first; ambulances are filled from number 1 upwards."""
        kind, amount = self._event_kind()
        self.dice_per_ambulance = self.content.rules["dice_per_ambulance"] + (
            amount if kind == "ambulance_extra" else 0)
        line = []
        for _ in range(self.ambulance_count() * self.dice_per_ambulance):
            colour = self._draw_die()
            if colour < 0:
                break
            line.append([colour, self._roll()])
        line.sort(key=lambda die: die[1])
        self.intake_line = line
        self.sort_position = 0
        self._advance_sort()

    def _advance_sort(self) -> None:
        """Stop where equal values of different colours straddle an ambulance boundary: there
        the last player decides which colour goes first; otherwise fill the ambulances."""
        line, per = self.intake_line, self.dice_per_ambulance
        pos, total = self.sort_position, len(line)
        while pos < total:
            value = line[pos][1]
            end = pos
            while end < total and line[end][1] == value:
                end += 1
            if pos // per != (end - 1) // per and len({d[0] for d in line[pos:end]}) > 1:
                self.sort_position = pos
                self.phase = "sort"
                return
            pos = end
        self.ambulances = [line[i:i + per] for i in range(0, self.ambulance_count() * per, per)]
        self.ambulance_owners = [-1] * len(self.ambulances)
        self.intake_line = []
        self.queue = self.turn_order()
        self.phase = "claim"

    def sort_group(self) -> tuple[int, int]:
        """The positions [start, end) of the value group being sorted."""
        line, pos = self.intake_line, self.sort_position
        end = pos
        while end < len(line) and line[end][1] == line[pos][1]:
            end += 1
        return pos, end

    def claimable(self, seat: int) -> list[int]:
        """Ambulance numbers ``seat`` may take now."""
        barred = (seat == self.first_player and self.players > 1
                  and not self.options["first_player_may_take_ambulance_1"])
        return [i + 1 for i, owner in enumerate(self.ambulance_owners)
                if owner < 0 and not (barred and i == 0)]

    def lowest_ambulance_brings_blood(self, number: int) -> bool:
        """The blood bag of the lowest claimed ambulance.  Spanish text: "El jugador que reclama
        la ambulancia de menor valor consigue 1 bolsa de sangre"; French text: "Tout
        gestionnaire qui prend l'ambulance n°1 reçoit une poche de sang".  With players the two
        agree but for an unclaimed ambulance 1 (the Spanish text is followed); solo, where the
        one ambulance taken is always the lowest, only ambulance 1 brings it (option
        ``solo_blood_any_ambulance`` gives it for any)."""
        return self.players > 1 or number == 1 or self.options["solo_blood_any_ambulance"]

    # ---- who decides -------------------------------------------------------------------------
    def sorting_seat(self) -> tuple[int, ...]:
        """The seat to the first player's right sorts tied colours."""
        return ((self.first_player - 1) % self.players,)

    def next_in_queue(self) -> tuple[int, ...]:
        return (self.queue[0],)

    def seats_with_arrivals(self) -> tuple[int, ...]:
        return tuple(s for s, h in enumerate(self.hospitals) if h["arriving"])

    # ---- what they may do ----------------------------------------------------------------------
    def sort_actions(self, seat: int) -> list[Action]:
        start, end = self.sort_group()
        present = {d[0] for d in self.intake_line[start:end]}
        return [{"type": "sort", "colour": COLOURS[c]} for c in range(3) if c in present]

    def claim_actions(self, seat: int) -> list[Action]:
        return [{"type": "ambulance", "number": n} for n in self.claimable(seat)]

    def place_actions(self, seat: int) -> list[Action]:
        hospital = self.hospitals[seat]
        cols = hospital["bed_colour"]
        free = [b for b, c in enumerate(cols) if c < 0]
        if len(free) < len(hospital["arriving"]):
            return [{"type": "morgue", "bed": b} for b, c in enumerate(cols) if c >= 0]
        return [{"type": "bed", "bed": b} for b in free]

    # ---- handlers ---------------------------------------------------------------------------------
    def sort_die(self, seat: int, action: Action) -> list[Event]:
        colour = COLOURS.index(action["colour"])
        start, end = self.sort_group()
        line = self.intake_line
        j = next(i for i in range(start, end) if line[i][0] == colour)
        line[start], line[j] = line[j], line[start]
        value = line[start][1]
        self.sort_position = start + 1
        self._advance_sort()
        return [{"type": "sorted", "seat": seat, "colour": action["colour"], "value": value}]

    def claim_ambulance(self, seat: int, action: Action) -> list[Event]:
        number = action["number"]
        hospital = self.hospitals[seat]
        self.ambulance_owners[number - 1] = seat
        hospital["ambulance"] = number
        arriving = hospital["arriving"] = [list(d) for d in self.ambulances[number - 1]]
        if self.options["national_epidemic"]:
            for _ in range(self.content.rules["epidemic_extra_dice"]):
                colour = self._draw_die()
                if colour >= 0:
                    arriving.append([colour, self._roll()])
        self.queue.pop(0)
        events: list[Event] = [{"type": "ambulance", "seat": seat, "number": number,
                                "patients": [list(d) for d in arriving]}]
        if not self.queue:
            events += self._after_claims()
        return events

    def _after_claims(self) -> list[Event]:
        """The unclaimed ambulance's dice go back; the lowest claimed one brings a blood bag
        and the first-player token."""
        events: list[Event] = []
        for i, owner in enumerate(self.ambulance_owners):
            if owner < 0:
                for colour, _ in self.ambulances[i]:
                    self.bag[colour] += 1
        claimed = [i for i, owner in enumerate(self.ambulance_owners) if owner >= 0]
        if claimed:
            lowest = min(claimed)
            seat = self.ambulance_owners[lowest]
            gained = 0
            if self.lowest_ambulance_brings_blood(lowest + 1):
                gained = self._gain_blood(self.hospitals[seat], self.content.rules["lowest_ambulance_blood_bags"])
            self.first_player = seat
            events.append({"type": "first_player", "seat": seat, "blood": gained})
        for hospital in self.hospitals:
            hospital["arriving"].sort(key=lambda die: die[1])
        self.ambulances = []
        self.phase = "place"
        if not any(h["arriving"] for h in self.hospitals):
            self._start_improvements()
        return events

    def send_to_morgue(self, seat: int, action: Action) -> list[Event]:
        self._to_morgue(self.hospitals[seat], action["bed"])
        return [{"type": "morgue", "seat": seat, "bed": action["bed"]}]

    def admit_patient(self, seat: int, action: Action) -> list[Event]:
        bed = action["bed"]
        hospital = self.hospitals[seat]
        colour, value = hospital["arriving"].pop(0)
        admit(hospital, bed, colour, value)
        if not any(h["arriving"] for h in self.hospitals):
            for h in self.hospitals:
                h["round_stats"]["patients"] = sum(1 for c in h["bed_colour"] if c >= 0)
            self._start_improvements()
        return [{"type": "admitted", "seat": seat, "bed": bed, "colour": COLOURS[colour], "value": value}]

    # ---- refusals in words ---------------------------------------------------------------------
    def _why_illegal_in_claim(self, seat: int, action: Action) -> str | None:
        if action.get("type") != "ambulance":
            return None
        number = action.get("number")
        owners = self.ambulance_owners
        if not isinstance(number, int) or not 1 <= number <= len(owners):
            return f"there is no ambulance {number!r}; ambulances are 1-{len(owners)}"
        if owners[number - 1] >= 0:
            return f"ambulance {number} is already taken by {self.player(owners[number - 1])}"
        if number == 1:
            return "the first player may not take ambulance 1 (option first_player_may_take_ambulance_1)"
        return None

    def _why_illegal_in_place(self, seat: int, action: Action) -> str | None:
        kind = action.get("type")
        if kind not in ("bed", "morgue"):
            return None
        hospital = self.hospitals[seat]
        cols = hospital["bed_colour"]
        bed = action.get("bed")
        if not isinstance(bed, int) or not 0 <= bed < len(cols):
            return f"there is no bed {bed!r}; beds are 0-{len(cols) - 1}"
        free = cols.count(-1)
        arriving = len(hospital["arriving"])
        if kind == "bed" and free < arriving:
            return (f"only {free} bed(s) are free for {arriving} arriving "
                    "patients: send patients to the morgue first")
        if kind == "bed" and cols[bed] >= 0:
            return f"bed {bed} is taken"
        if kind == "morgue" and cols[bed] < 0:
            return f"bed {bed} is empty"
        if kind == "morgue":
            return "there is room for every arriving patient; no one goes to the morgue"
        return None
