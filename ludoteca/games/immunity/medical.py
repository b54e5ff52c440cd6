"""Medical cards ("MAZO MÉDICO"): played at the end of any phase, and playing one ends that
player's part of the phase.  Their effects are content (``medical.<card>.effect``)."""

from __future__ import annotations

from typing import Any

Action = dict[str, Any]
Event = dict[str, Any]
#: The one target shape of a card that needs no choice.
NO_TARGET = ((None, None),)


class MedicalCards:
    """Mixed into ImmunityState: which medical cards can be played now, and their effects."""

    def _medical_actions(self, seat: int) -> list[Action]:
        """Every medical card in hand with every target it can take now."""
        hand = self.medical_hands[seat]
        if not hand:
            return []
        content = self.content
        pathogens = content.pathogens
        infections = self.infections[seat]
        actions: list[Action] = []
        for card in dict.fromkeys(hand):
            med = content.medical[card]
            effect = med.effect
            if effect == "oxygen" or (effect == "defence" and med.target == "self"):
                targets = NO_TARGET
            elif effect == "clear":
                groups = med.groups
                targets = [(i, None) for i, inf in enumerate(infections)
                           if pathogens[inf["pathogen"]].group in groups]
            elif effect == "memory":
                known = self.memory[seat]
                targets = NO_TARGET if any(p not in known for p in med.pathogens) else ()
            elif effect == "heal":
                damage = self.damage[seat]
                targets = [(o, None) for o in content.organs if damage[o] > 0]
            elif effect == "remove_tumour":
                tumours = self.tumours[seat]
                targets = [(o, None) for o in content.organs if tumours[o] > 0]
            elif effect == "defence":  # on an opponent
                targets = [(None, s) for s in range(self.players) if s != seat]
            elif effect == "gain_cell":
                targets = NO_TARGET if self.cap_left(seat, med.cell) > 0 else ()
            else:  # spread_fluids
                fluids = [i for i, inf in enumerate(infections) if pathogens[inf["pathogen"]].contagion == "fluids"]
                if fluids:
                    crowded = self.crowded()
                    others = [s for s in range(self.players) if s != seat and s not in crowded]
                    targets = [(i, s) for i in fluids for s in others]
                else:
                    targets = ()
            for target, other in targets:
                actions.append({"type": "medical", "card": card, "target": target, "seat": other})
        return actions

    def on_medical(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._play_medical(seat, action, events)
        self._end_part(seat, events)
        self._advance(events)
        return events

    def _play_medical(self, seat: int, action: Action, events: list[Event]) -> None:
        content = self.content
        card, target, other = action["card"], action["target"], action["seat"]
        med = content.medical[card]
        self.medical_hands[seat].remove(card)
        self.medical_discard.append(card)
        aimed = self.infections[seat][target]["pathogen"] if isinstance(target, int) else None
        # the pathogen aimed at is named in the event: the infection's number changes once cleared
        events.append({"type": "medical", "seat": seat, "card": card, "target": target,
                       "other": other, "pathogen": aimed})
        effect = med.effect
        if effect == "clear":
            self._remove_counters(seat, target, med.amount, events)
        elif effect == "memory":
            for pid in med.pathogens:
                if pid not in self.memory[seat]:
                    self.memory[seat].append(pid)
        elif effect == "heal":
            self.damage[seat][target] = max(0, self.damage[seat][target] - med.amount)
        elif effect == "remove_tumour":
            self.tumours[seat][target] = max(0, self.tumours[seat][target] - med.amount)
        elif effect == "oxygen":
            self.oxygen_bonus[seat] += med.amount
        elif effect == "defence":
            self.defence_bonus[seat if other is None else other] += med.amount
        elif effect == "gain_cell":
            self.cells[seat][med.cell] += min(med.amount, self.cap_left(seat, med.cell))
        else:  # spread_fluids: a vector token of a fluid-borne infection
            pid = self.infections[seat][target]["pathogen"]
            self.environment_1[other].append(self._entry(pid, up=True, by=seat, token=True))
            events.append({"type": "contagion", "seat": seat, "pathogen": pid, "mode": "fluids",
                           "targets": [other]})
