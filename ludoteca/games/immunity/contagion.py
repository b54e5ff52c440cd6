"""Fase 4, contagion, and Fase 5, new exposure: pathogens move from one player to another.

Phase 4: one contagious infection (face-up vector tokens) or one hand card (face down) onto a
valid target; phase 5: one hand pathogen face down onto anyone not among the most loaded, the
sickest player first.  "The player with most cards in Environment 1" is never a valid target
(:meth:`Body.crowded`).
"""

from __future__ import annotations

from typing import Any

from .turns import DONE

Action = dict[str, Any]
Event = dict[str, Any]


class Contagion:
    """Mixed into ImmunityState: phase 4 ("Contagio") and phase 5 ("Nueva exposición")."""

    # ---- Fase 4 ----------------------------------------------------------------------------------
    def contagion_choices(self, seat: int) -> list[Action]:
        if self.step != "main":
            return self._part_choices(seat, [])
        actions = self._contagion_actions(seat)
        # Option contagion = "compulsory": with a valid target, spreading comes first.
        if actions and self.options["contagion"] == "compulsory":
            return actions
        return self._part_choices(seat, actions)

    def _contagion_actions(self, seat: int) -> list[Action]:
        """One contagious infection (face up, as tokens) or one hand card (face down)."""
        content = self.content
        crowded = self.crowded()
        others = [s for s in range(self.players) if s != seat and s not in crowded]
        near = [s for s in self.neighbours(seat) if s not in crowded]
        actions: list[Action] = []
        for index, infection in enumerate(self.infections[seat]):
            mode = content.pathogens[infection["pathogen"]].contagion
            if mode == "contact":
                actions.extend({"type": "spread", "infection": index, "seat": s} for s in near)
            elif (mode == "droplets" and near) or (mode == "air" and others):
                actions.append({"type": "spread", "infection": index, "seat": None})
        for card in dict.fromkeys(self.pathogen_hands[seat]):
            mode = content.pathogens[card].contagion
            targets = near if mode in ("contact", "droplets") else others if mode == "air" else []
            actions.extend({"type": "spread_card", "card": card, "seat": s} for s in targets)
        return actions

    def on_spread(self, seat: int, action: Action) -> list[Event]:
        """Contagion by contact (one neighbour), droplets (both neighbours) or air (everyone)."""
        events: list[Event] = []
        target = action["seat"]
        pid = self.infections[seat][action["infection"]]["pathogen"]
        mode = self.content.pathogens[pid].contagion
        crowded = self.crowded()
        if target is not None:
            targets = [target]
        elif mode == "droplets":
            targets = [s for s in self.neighbours(seat) if s not in crowded]
        else:
            targets = [s for s in range(self.players) if s != seat and s not in crowded]
        for s in targets:
            self.environment_1[s].append(self._entry(pid, up=True, by=seat, token=True))
        events.append({"type": "contagion", "seat": seat, "pathogen": pid, "mode": mode,
                       "targets": targets})
        self.step = "end"
        self._advance(events)
        return events

    def on_spread_card(self, seat: int, action: Action) -> list[Event]:
        return self._place_from_hand(seat, action, "spread_card")

    # ---- Fase 5 ----------------------------------------------------------------------------------
    def exposure_order(self) -> list[int]:
        """The sickest player (most damage) starts; ties go to the earlier player this turn."""
        position = {seat: k for k, seat in enumerate(self.order)}
        sickness = {s: sum(self.damage[s].values()) for s in range(self.players)}
        ranked = sorted(range(self.players), key=lambda s: (-sickness[s], position[s]))
        if self.options["exposure_order"] == "by_damage":
            return ranked
        first = ranked[0]
        return [(first + k) % self.players for k in range(self.players)]

    def begin_exposure_part(self, seat: int, events: list[Event]) -> None:
        """A player without pathogen cards has nothing to expose anyone to."""
        if not self.pathogen_hands[seat]:
            self.step = "end"

    def exposure_choices(self, seat: int) -> list[Action]:
        if self.step == "main":
            main, may_decline = self._exposure_actions(seat)
            if not may_decline:
                return main
            return [*main, DONE, *self._medical_actions(seat)]
        return [DONE, *self._medical_actions(seat)]

    def _exposure_actions(self, seat: int) -> tuple[list[Action], bool]:
        """One hand pathogen face down on anyone not among the most loaded.

        Returns the actions and whether the player may decline (no card, no target, or the only
        target is the player alone with fewest cards)."""
        crowded = self.crowded()
        targets = [s for s in range(self.players) if s not in crowded]
        actions = [{"type": "expose", "card": card, "seat": s}
                   for card in dict.fromkeys(self.pathogen_hands[seat]) for s in targets]
        return actions, not actions or targets == [seat]

    def on_expose(self, seat: int, action: Action) -> list[Event]:
        return self._place_from_hand(seat, action, "expose")

    # ---- shared ----------------------------------------------------------------------------------
    def _place_from_hand(self, seat: int, action: Action, kind: str) -> list[Event]:
        """A hand pathogen face down into the target's Environment 1: its owner does not know it,
        the player who put it there does."""
        card, target = action["card"], action["seat"]
        self.pathogen_hands[seat].remove(card)
        self.environment_1[target].append(self._entry(card, up=False, by=seat, token=False))
        events: list[Event] = [
            {"type": kind, "seat": seat, "target": target, "not_to": [seat]},
            {"type": f"{kind}_card", "seat": seat, "target": target, "card": card, "to": [seat]},
        ]
        self.step = "end"
        self._advance(events)
        return events
