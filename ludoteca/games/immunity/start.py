"""Fase 1, start of turn: the life line advances, the die decides the order, everyone draws and
plays an environment card for the life stage, and a player over the hand limit discards."""

from __future__ import annotations

from typing import Any

from .turns import DONE

Action = dict[str, Any]
Event = dict[str, Any]


class StartOfTurn:
    """Mixed into ImmunityState: phase 1 ("Inicio de turno")."""

    def _start_turn(self, events: list[Event]) -> None:
        content = self.content
        self.turn += 1
        stage = content.life_line[self.turn - 1]
        # a new turn opens a section of the log (the web page groups the lines under it)
        events.append({"type": "turn", "turn": self.turn, "stage": stage, "section": True})
        self.order = self._roll_for_order(events)
        self.environment_played = [[] for _ in range(self.players)]
        for seat in self.order:
            self._draw_cards(seat, content.rules["draw_medical"], content.rules["draw_pathogen"], events)
            for _ in range(content.rules["environment_cards"]):
                card = self._draw("environment")
                if card is not None:
                    self._play_environment(seat, card, stage, events)
        self._enter_phase("start", events)

    def _roll_for_order(self, events: list[Event]) -> list[int]:
        """Everyone rolls; the highest plays first, then the player to the left, and so on.

        Players tied for the highest roll again (among themselves) until one is highest."""
        sides = self.content.rules["die_sides"]
        rolls = [self.rng.randint(1, sides) for _ in range(self.players)]
        self.rolls = list(rolls)
        contenders = [s for s in range(self.players) if rolls[s] == max(rolls)]
        rerolls = []
        while len(contenders) > 1:
            again = {s: self.rng.randint(1, sides) for s in contenders}
            rerolls.append({str(s): v for s, v in again.items()})
            best = max(again.values())
            contenders = [s for s in contenders if again[s] == best]
        first = contenders[0]
        order = [(first + k) % self.players for k in range(self.players)]
        events.append({"type": "rolls", "rolls": rolls, "rerolls": rerolls, "order": order})
        return order

    def _play_environment(self, seat: int, card: str, stage: str, events: list[Event]) -> None:
        """Apply the environment card's effect for the current life stage, then discard it."""
        effect = self.content.environment_effects[card, stage]
        self.environment_played[seat].append(card)
        events.append({"type": "environment", "seat": seat, "card": card, "stage": stage})
        for _ in range(effect.expose):
            drawn = self._draw("pathogen")
            if drawn is not None:
                self.environment_1[seat].append(self._entry(drawn, up=False, by=None, token=False))
        self.oxygen_bonus[seat] += effect.oxygen
        self.defence_bonus[seat] += effect.defence
        self._draw_cards(seat, effect.draw_medical, effect.draw_pathogen, events)
        damage, tumours = self.damage[seat], self.tumours[seat]
        for organ, hurt, heal, tumour in effect.organs:
            self._hurt(seat, organ, hurt)
            damage[organ] = max(0, damage[organ] - heal)
            tumours[organ] += tumour
        cells = self.cells[seat]
        for cell, gained, lost in effect.cells:
            cells[cell] += min(gained, max(0, self.cap_left(seat, cell)))
            cells[cell] = max(0, cells[cell] - lost)
        self.environment_discard.append(card)

    # ---- a player's part of phase 1 ------------------------------------------------------------
    def begin_start_part(self, seat: int, events: list[Event]) -> None:
        """Phase 1 leaves a player nothing of its own to do: ``done`` or a medical card."""
        self.step = "end"

    def must_discard(self, seat: int, events: list[Event]) -> bool:
        """At the end of phase 1 a player over the hand limit discards one card at a time."""
        if self.hand_size(seat) > self.content.rules["hand_limit"]:
            self.step = "discard"
            return True
        return False

    def start_choices(self, seat: int) -> list[Action]:
        if self.step == "discard":
            return [{"type": "discard", "card": card} for card in self._distinct_hand(seat)]
        return [DONE, *self._medical_actions(seat)]  # phase 1 leaves nothing else to do

    def on_discard(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        card = action["card"]
        if card in self.medical_hands[seat]:
            self.medical_hands[seat].remove(card)
            self.medical_discard.append(card)
        else:
            self.pathogen_hands[seat].remove(card)
            self.pathogen_discard.append(card)
        events.append({"type": "discard", "seat": seat, "card": card})
        if self.hand_size(seat) <= self.content.rules["hand_limit"]:
            self._close_part()
        self._advance(events)
        return events
