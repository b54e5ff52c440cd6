"""Phases 4-6 and the end of the game: neglect, discharge (and, solo, the medical reports), the
shift change, and final scoring after the last round.  None of them needs a decision: they run
when the last seat ends its activation.
"""

from __future__ import annotations

from ludoteca.engine.state import Event

from .hospital import STARTING_DEPARTMENTS, Hospital
from .supplies import Supplies


class RoundEndRules(Supplies):
    def _end_activation(self) -> list[Event]:
        events = self._neglect()
        events += self._discharge()
        if self.players == 1:
            events += self._check_reports()
        if self.round >= self.content.rules["rounds"]:
            events += self._end_game()
        else:
            self._shift_change()
            events += self._start_round()
        return events

    # ---- phase 4: neglect -----------------------------------------------------------------------
    def neglect_loss(self, colour: int) -> int:
        """What an untreated patient of ``colour`` loses this round (variant and event included)."""
        kind, amount = self._event_kind()
        if kind == "no_neglect":
            return 0
        rules = self.content.rules
        loss = rules["virus_neglect_loss"] if self.options["super_resistant_virus"] else rules["neglect_loss"]
        colour_hit = kind == "colour_neglect_extra" and colour == self._event_colour()
        if kind == "neglect_extra" or colour_hit:
            loss += amount
        return loss

    def _neglect(self) -> list[Event]:
        events: list[Event] = []
        for seat in self.turn_order():
            hospital = self.hospitals[seat]
            cols, vals, treated = hospital["bed_colour"], hospital["bed_value"], hospital["bed_treated"]
            hospital["bed_tint"] = [-1] * len(cols)
            untreated = [b for b in range(len(cols)) if cols[b] >= 0 and not treated[b]]
            hospital["round_stats"]["untreated"] = len(untreated)
            shielded: set[int] = set()
            admin = self._administrator(hospital, "neglect_shield")
            if admin is not None:
                # The administrator shields the patients most at risk (lowest value first).
                ranked = sorted(untreated, key=lambda b: (vals[b], b))
                shielded = set(ranked[:admin["amount"]])
            died = []
            for bed in untreated:
                if bed in shielded:
                    continue
                vals[bed] -= self.neglect_loss(cols[bed])
                if vals[bed] <= 0:
                    died.append(bed)
                    self._to_morgue(hospital, bed)
            if untreated:
                events.append({"type": "neglect", "seat": seat, "beds": untreated,
                               "shielded": sorted(shielded), "died": died})
        return events

    # ---- phase 5: discharge ---------------------------------------------------------------------
    def discharge_points(self, count: int) -> int:
        """Points for ``count`` patients discharged in one round (the table's last step repeats)."""
        table = self.content.rules["discharge_points"]
        return sum(table[i] if i < len(table) else table[-1] for i in range(count))

    def _discharge(self) -> list[Event]:
        events: list[Event] = []
        kind, amount = self._event_kind()
        event_colour = self._event_colour()
        administrators = self.content.administrators
        for seat in self.turn_order():
            hospital = self.hospitals[seat]
            out = hospital["discharged"]
            table_points = self.discharge_points(len(out))
            admin = administrators[hospital["administrator"]] if hospital["administrator"] >= 0 else None
            admin_points = event_points = 0
            if admin and admin["kind"] == "colour_discharge_bonus":
                admin_points = admin["amount"] * sum(1 for c in out if c == admin["colour"])
            if kind == "colour_discharge_bonus":
                event_points = amount * sum(1 for c in out if c == event_colour)
            elif kind == "discharge_bonus_each":
                event_points = amount * len(out)
            points = table_points + admin_points + event_points
            empty = all(c < 0 for c in hospital["bed_colour"])
            bonus = 0
            if empty and (out or not self.options["empty_bonus_needs_discharge"]):
                bonus = self.content.rules["empty_wards_bonus"]
                if admin and admin["kind"] == "empty_bonus_extra":
                    admin_points += admin["amount"]
                    bonus += admin["amount"]
                if kind == "empty_bonus_extra":
                    event_points += amount
                    bonus += amount
            hospital["score"] += points + bonus
            # The ledger of this round's points, for the end's breakdown (score_words.py).
            hospital.setdefault("round_points", []).append({
                "round": self.round, "patients": len(out), "table": table_points,
                "empty": self.content.rules["empty_wards_bonus"] if bonus else 0,
                "administrator": admin_points, "event": event_points,
                "event_id": self.content.events[self.event]["id"] if event_points else None,
                "reports": []})
            for colour in out:
                self.bag[colour] += 1
            hospital["round_stats"].update(discharged=list(out), empty=empty)
            events.append({"type": "discharge", "seat": seat, "patients": len(out),
                           "points": points, "empty_bonus": bonus})
            hospital["discharged"] = []
        return events

    def report_met(self, report: int, hospital: Hospital) -> bool:
        """Whether the medical report ``report`` is met by this round's play."""
        rep = self.content.reports[report]
        kind, count, stats = rep["kind"], rep["count"], hospital["round_stats"]
        out = stats.get("discharged", [])
        if kind == "discharge_in_round":
            return len(out) >= count
        if kind == "colour_discharge_in_round":
            return sum(1 for c in out if c == rep["colour"]) >= count
        if kind == "all_colours_in_round":
            return all(sum(1 for c in out if c == k) >= max(1, count) for k in range(3))
        if kind == "empty_wards":
            return bool(stats.get("empty"))
        if kind == "own_departments":
            return len(hospital["departments"]) - STARTING_DEPARTMENTS >= count
        if kind == "own_specialists":
            return len(hospital["specialists"]) >= count
        if kind == "blood_bags":
            return hospital["blood_bags"] >= count
        if kind == "no_untreated":
            return stats.get("untreated", 1) == 0
        return stats.get("patients", 0) >= count   # full_hospital

    def _check_reports(self) -> list[Event]:
        """Solo: each face-up medical report met this round scores and is replaced."""
        hospital = self.hospitals[0]
        events: list[Event] = []
        for report in list(self.reports_face_up):
            if self.report_met(report, hospital):
                points = self.content.reports[report]["points"]
                hospital["score"] += points
                hospital["reports"].append(report)
                hospital["round_points"][-1]["reports"].append([self.content.reports[report]["id"], points])
                self.reports_face_up.remove(report)
                events.append({"type": "report", "seat": 0,
                               "report": self.content.reports[report]["id"], "points": points})
        while len(self.reports_face_up) < self.content.rules["reports_face_up"] and self.report_pile:
            self.reports_face_up.append(self.report_pile.pop())
        return events

    # ---- phase 6: shift change ---------------------------------------------------------------------
    def _shift_change(self) -> None:
        for hospital in self.hospitals:
            hospital["bed_treated"] = [0] * len(hospital["bed_treated"])
            hospital["ambulance"] = 0
        self.round += 1
        for offer, pile in ((self.department_offer, self.department_pile),
                            (self.specialist_offer, self.specialist_pile)):
            self.rng.shuffle(offer)
            pile[0:0] = offer
            offer.clear()
        self._draw_offers()

    # ---- the end of the game -----------------------------------------------------------------------
    def _end_game(self) -> list[Event]:
        rules = self.content.rules
        self.final_scores = []
        for hospital in self.hospitals:
            penalty = rules["fatality_penalty"]
            admin = self._administrator(hospital, "fatality_relief")
            if admin is not None:
                penalty = max(0, penalty - admin["amount"])
            self.final_scores.append(hospital["score"] - penalty * hospital["fatalities"]
                                     + rules["blood_bag_end_points"] * hospital["blood_bags"])
        self.phase = "over"
        return [{"type": "game_over", "scores": list(self.final_scores), "winners": self.winners}]

