"""The turn machine: who acts, when a player's part of a phase begins and ends, what comes next.

Everything without a choice (die rolls, draws, environment cards, the infection loop, damage)
happens here by itself, and a part whose only legal action would be ``done`` ends by itself,
so a player is only ever asked a real question.  The phases themselves are declared in
:mod:`.phases`; this mixin runs them.
"""

from __future__ import annotations

from typing import Any

from .phases import AFTER, BEFORE, PART_BEGINS, PART_ENDS, QUEUES, TABLE, number_of

Action = dict[str, Any]
Event = dict[str, Any]

DONE: Action = {"type": "done"}


class TurnMachine:
    """Mixed into ImmunityState: runs the declared phases (see :mod:`.phases`)."""

    # ---- named in the phase table ------------------------------------------------------------
    def acting_seat(self) -> tuple[int, ...]:
        """The one seat whose part of the phase is under way (the head of ``queue``)."""
        queue = self.queue
        return (queue[0],) if queue else ()

    def on_done(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._end_part(seat, events)
        self._advance(events)
        return events

    def _part_choices(self, seat: int, main: list[Action]) -> list[Action]:
        """A part's choices: the phase's own actions ``main`` (callers compute them only in step
        ``main``), then ``done``, then every playable medical card."""
        return [*main, DONE, *self._medical_actions(seat)]

    # ---- running the phases ------------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        """Run everything automatic until a player has a real choice (or the game ends)."""
        while self.phase != AFTER:
            if not self.queue:
                self._next_phase(events)
                continue
            seat = self.queue[0]
            if not self.part_started:
                self.part_started = True
                self._start_part(seat, events)
            legal = self._legal_actions(seat)
            if legal and legal != [DONE]:
                self.remember_legal(seat, legal)
                return
            self._end_part(seat, events)

    def _next_phase(self, events: list[Event]) -> None:
        """The next phase of this turn, or the next turn (or the end after the last one)."""
        following = TABLE[self.phase].then
        if self.phase == BEFORE or AFTER in following:  # a turn is over (or none began yet)
            if self.turn >= len(self.content.life_line):
                self.phase = AFTER
                self.queue = []
                events.append({"type": "game_over", "scores": self.scores, "winners": self.winners})
                return
            self._start_turn(events)
            return
        self._enter_phase(following[0], events)

    def _enter_phase(self, phase: str, events: list[Event]) -> None:
        self.phase = phase
        arrange = QUEUES.get(phase)
        self.queue = getattr(self, arrange)() if arrange else list(self.order)
        self.part_started = False
        events.append({"type": "phase", "phase": phase, "number": number_of(phase)})

    def _start_part(self, seat: int, events: list[Event]) -> None:
        self.step = "main"
        begin = PART_BEGINS.get(self.phase)
        if begin is not None:
            getattr(self, begin)(seat, events)

    def _end_part(self, seat: int, events: list[Event]) -> None:
        """The player's part of the phase ends (``done``, a medical card, or nothing to do)."""
        finish = PART_ENDS.get(self.phase)
        if finish is not None and getattr(self, finish)(seat, events):
            return  # the part goes on (phase 1: discard down to the hand limit first)
        self._close_part()

    def _close_part(self) -> None:
        self.queue.pop(0)
        self.part_started = False
        self.step = "main"
