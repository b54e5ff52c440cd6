"""Curing and the end of a round, in the order of the rule book: the answer, the others'
answers, follows and passes clockwise, the secret checks, the round's points, the next round
or the end of the game.

A mixin of :class:`~ludoteca.games.herbalism.state.HerbalismState`: the methods named in
``phases.py`` for the phases ``answer`` and ``respond_cure``.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.state import Action, Event

from .content import Content


class CuringRules:
    """Placing and checking cure markers, scoring a round.  The state provides ``holds_marker``,
    ``_log``, ``_next_turn`` (``turn.py``) and ``_new_round``."""

    content: Content
    options: dict[str, Any]
    players: int
    active: int
    phase: str
    pending: dict[str, Any]
    hands: list[list[int]]
    cure: list[int]
    marker_card: list[int]
    marker_side: list[str]
    predictions: list[list[str]]
    start_player: int
    recent_winner: int | None
    round: int
    last_round: dict[str, Any] | None
    rounds: list[dict[str, Any]]

    # ---- placing markers ---------------------------------------------------------------------
    def _cure_responder(self) -> tuple[int, ...]:
        return (self.pending["responders"][self.pending["index"]],)

    def _answers(self, seat: int) -> list[Action]:
        """The active player's answer may go on any medicine card ("cualquier carta")."""
        return [{"type": "answer", "card": name} for name in self.content.medicines]

    def _cure_responses(self, seat: int) -> list[Action]:
        """Answer on a card without a marker, follow on a card with one, or pass."""
        names, taken = self.content.medicines, set(self.marker_card)
        return ([{"type": "answer", "card": names[m]} for m in range(len(names)) if m not in taken]
                + [{"type": "follow", "card": names[m]} for m in range(len(names)) if m in taken]
                + [{"type": "pass"}])

    def _answer(self, seat: int, action: Action) -> list[Event]:
        return self._place(seat, action["card"], "answer")

    def _follow(self, seat: int, action: Action) -> list[Event]:
        return self._place(seat, action["card"], "follow")

    def _place(self, seat: int, card: str, side: str) -> list[Event]:
        self.marker_card[seat] = self.content.medicines.index(card)
        self.marker_side[seat] = side
        events = self._log({"k": side, "seat": seat, "card": card})
        if self.phase == "answer":
            # Clockwise, each other player who still holds a marker answers, follows or passes.
            responders = [(seat + i) % self.players for i in range(1, self.players)]
            self.pending = {"action": "curing", "responders": [s for s in responders if self.holds_marker(s)],
                            "index": 0, "placed": [seat]}
            if self.pending["responders"]:
                self.phase = "respond_cure"
                return events
            return events + self._checks()
        self.pending["placed"].append(seat)
        return events + self._next_responder()

    def _pass(self, seat: int, action: Action) -> list[Event]:
        return self._log({"k": "pass", "seat": seat}) + self._next_responder()

    def _next_responder(self) -> list[Event]:
        self.pending["index"] += 1
        if self.pending["index"] < len(self.pending["responders"]):
            return []
        return self._checks()

    # ---- the checks ----------------------------------------------------------------------------
    def _checks(self) -> list[Event]:
        """From the active player clockwise, each placed marker is checked in secret; the first
        right one ends the round.  A wrong marker stays on its card: that player is out of
        actions for the round.  If one holder is left, it must cure at once; if none, the round
        ends without a winner."""
        events: list[Event] = []
        content = self.content
        for seat in self.pending["placed"]:
            medicine = self.marker_card[seat]
            right = content.matches(self.cure, medicine)
            events += self._log({"k": "check", "seat": seat, "card": content.medicines[medicine],
                                 "correct": right, "cure": list(self.cure)})
            if right:
                return events + self._end_round(self._answerer_on(medicine))
        holders = [s for s in range(self.players) if self.holds_marker(s)]
        if not holders:
            return events + self._end_round(None)
        if len(holders) == 1:
            self.active = holders[0]
            self.phase = "answer"
            self.pending = {"action": "curing", "forced": True}
            return events + [{"type": "forced_cure", "seat": holders[0]}]
        return events + self._next_turn()

    def _answerer_on(self, medicine: int) -> int | None:
        for seat in range(self.players):
            if self.marker_card[seat] == medicine and self.marker_side[seat] == "answer":
                return seat
        return None

    # ---- end of a round and of the game --------------------------------------------------------
    def round_deltas(self) -> list[int]:
        """Points of this round: answer marker on the right card +3, follow marker on the right
        card +1, on a wrong card -1; advanced predictions +1 / -1 (numbers from the content)."""
        return [sum(points for _why, points, _what in parts) for parts in self.round_parts()]

    def round_parts(self) -> list[list[list[Any]]]:
        """Per seat, why its score moves this round: ``[why, points, what]`` entries, ``why``
        one of the content's scoring keys and ``what`` the medicine card or colour (the end
        screen's breakdown reads them; ``round_deltas`` sums them)."""
        content = self.content
        right = content.right_medicine(self.cure)
        parts: list[list[list[Any]]] = [[] for _ in range(self.players)]
        for seat in range(self.players):
            card, side = self.marker_card[seat], self.marker_side[seat]
            if card == right:
                why = "answer_right" if side == "answer" else "follow_right"
                parts[seat].append([why, getattr(content, why), content.medicines[card]])
            elif card != -1 and side == "follow":
                parts[seat].append(["follow_wrong", content.follow_wrong, content.medicines[card]])
            for name in self.predictions[seat]:
                why = "prediction_right" if self.cure[content.colours.index(name)] > 0 else "prediction_wrong"
                parts[seat].append([why, getattr(content, why), name])
        return parts

    def _end_round(self, winner: int | None) -> list[Event]:
        content = self.content
        parts = self.round_parts()
        deltas = [sum(points for _why, points, _what in seat_parts) for seat_parts in parts]
        before = self.scores
        self.scores = [max(content.floor, s + d) for s, d in zip(before, deltas, strict=True)]
        # what each score really moved by: a -1 on a score at the floor changes nothing
        changes = [after - s for s, after in zip(before, self.scores, strict=True)]
        for seat_parts, delta, change in zip(parts, deltas, changes, strict=True):
            if change != delta:
                seat_parts.append(["floor", change - delta, None])
        self.rounds.append({"round": self.round, "winner": winner, "parts": parts})
        right = content.medicines[content.right_medicine(self.cure)]
        events = self._log({"k": "reveal", "cure": list(self.cure), "card": right})
        self.last_round = {"round": self.round, "winner": winner, "cure": list(self.cure), "card": right,
                           "deltas": deltas, "changes": changes, "scores": list(self.scores)}
        events.append({"type": "round_over", **self.last_round})
        best = max(self.scores)
        leaders = self.scores.count(best)
        if best >= self.options["target"] and (leaders == 1 or self.options["tie"] == "share"):
            self.phase = "over"
            self.pending = {}
            return events + [{"type": "game_over", "scores": list(self.scores)}]
        self.start_player = self.next_start_player(winner)
        self._new_round()
        return events + self._deal_events()

    def next_start_player(self, winner: int | None) -> int:
        """Preparar 5: "El jugador sentado a la izquierda del jugador que ha ganado la ronda más
        recientemente es el jugador inicial": the most recent round *won*, so a round nobody
        won leaves that winner in place.  Before anyone has won a round (the text does not
        say), the player to the left of the previous start player (dossier ruling)."""
        if winner is not None:
            self.recent_winner = winner
        before = self.recent_winner if self.recent_winner is not None else self.start_player
        return (before + 1) % self.players

    def _deal_events(self) -> list[Event]:
        events: list[Event] = [{"type": "round_start", "round": self.round, "start": self.start_player,
                                "section": True}]
        for seat in range(self.players):
            events.append({"type": "dealt", "hand": list(self.hands[seat]), "to": [seat]})
        return events
