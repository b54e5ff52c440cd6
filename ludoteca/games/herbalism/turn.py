"""A turn, in the order of the rule book: move the pharmacist, take an action card, carry out
Inquiring, Feeding, Brewing or Appealing, then (advanced rules) predict.

A mixin of :class:`~ludoteca.games.herbalism.state.HerbalismState`: the methods named in
``phases.py`` for the phases ``move``, ``action``, ``give``, ``target``, ``respond`` and
``predict``.  Curing is in ``curing.py``.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.state import Action, Event

from .content import Content

#: The action cards that start by giving a card (and so need one to give).
GIVING = frozenset(("inquiring", "feeding"))


class TurnRules:
    """Moving, the four non-curing actions and predictions.  The state data are described in
    ``state.py``, which also provides ``holds_marker`` and ``_log`` (the round log)."""

    content: Content
    cards: tuple[str, ...]
    options: dict[str, Any]
    players: int
    active: int
    phase: str
    pending: dict[str, Any]
    hands: list[list[int]]
    pharmacist: list[int]
    predictions: list[list[str]]
    prediction_pool: list[int]

    # ---- who decides -----------------------------------------------------------------------
    def _active_seat(self) -> tuple[int, ...]:
        return (self.active,)

    def _target_seat(self) -> tuple[int, ...]:
        return (self.pending["target"],)

    def _others(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    # ---- 1. move the pharmacist --------------------------------------------------------------
    def _pharmacist_moves(self, seat: int) -> list[Action]:
        """Any medicine card but the one the pharmacist stands on (rule text: "no pueden elegir
        permanecer en la tarjeta de medicamentos original")."""
        here = self.pharmacist[seat]
        return [{"type": "move", "card": name} for m, name in enumerate(self.content.medicines) if m != here]

    def _move_pharmacist(self, seat: int, action: Action) -> list[Event]:
        self.pharmacist[seat] = self.content.medicines.index(action["card"])
        self.phase = "action"
        return [{"type": "moved", "seat": seat, "card": action["card"]}]

    # ---- 2. take an action card --------------------------------------------------------------
    def _action_choices(self, seat: int) -> list[Action]:
        """The action cards in play that can be carried out (dossier ruling: an action that
        cannot be carried out at all is not legal)."""
        can_give = self.can_give(seat)
        return [{"type": "action", "card": a} for a in self.cards if can_give or a not in GIVING]

    def can_give(self, seat: int) -> bool:
        """Whether ``seat`` holds a card of its medicine card's colours, which Inquiring and
        Feeding need."""
        hand = self.hands[seat]
        return any(hand[c] for c in self.content.colours_of(self.pharmacist[seat]))

    def _take_action(self, seat: int, action: Action) -> list[Event]:
        """Move the action marker to an action card in play and carry it out."""
        card = action["card"]
        medicine = self.content.medicines[self.pharmacist[seat]]
        self.pending = {"action": card, "medicine": medicine}
        self.phase = {"inquiring": "give", "feeding": "give", "curing": "answer"}.get(card, "target")
        return [{"type": "chose_action", "seat": seat, "card": card, "medicine": medicine}]

    # ---- Inquiring and Feeding ---------------------------------------------------------------
    def _gifts(self, seat: int) -> list[Action]:
        hand, colours = self.hands[seat], self.content.colours
        return [{"type": "give", "colour": colours[c], "target": t}
                for c in self.content.colours_of(self.pharmacist[seat]) if hand[c]
                for t in self._others(seat)]

    def _give(self, seat: int, action: Action) -> list[Event]:
        """Give a card of one of the colours; the receiver announces (Inquiring) or hands back
        (Feeding) all its cards of the other colour: the same one on the identical pair."""
        content, hands = self.content, self.hands
        a, b = seat, action["target"]
        x = content.colours.index(action["colour"])
        medicine = self.pharmacist[a]
        y = content.other_colour(medicine, x)
        hands[a][x] -= 1
        hands[b][x] += 1
        count = hands[b][y]
        entry = {"k": self.pending["action"], "by": a, "target": b, "medicine": content.medicines[medicine],
                 "colour": content.colours[x]}
        if self.pending["action"] == "inquiring":
            entry.update(counted=content.colours[y], count=count)
        else:
            hands[b][y] = 0
            hands[a][y] += count
            entry.update(returned=content.colours[y], count=count)
        return self._log(entry) + self._after_action()

    # ---- Brewing and Appealing ---------------------------------------------------------------
    def _targets(self, seat: int) -> list[Action]:
        return [{"type": "target", "target": t} for t in self._others(seat)]

    def _choose_target(self, seat: int, action: Action) -> list[Event]:
        b = action["target"]
        self.pending["target"] = b
        pair = self.content.pairs[self.pharmacist[seat]]
        if self.pending["action"] == "brewing" and pair is not None:
            # One card of each colour of the card that the target holds: no choice to make.
            hand, cards = self.hands[b], [0] * len(self.content.colours)
            for c in pair:
                if hand[c]:
                    cards[c] = 1
            return self._transfer(b, cards, entry_kind="brewing")
        self.phase = "respond"
        return [{"type": "targeted", "seat": seat, "target": b, "card": self.pending["action"]}]

    def _hand_overs(self, seat: int) -> list[Action]:
        colours = self.content.colours
        options = self.hand_over_colours()
        actions: list[Action] = [{"type": "hand_over", "colour": colours[c]} for c in options]
        if not options or (self.pending["action"] == "brewing" and self.options["brewing_pair_optional"]):
            actions.append({"type": "hand_over", "colour": None})
        return actions

    def hand_over_colours(self) -> list[int]:
        """Colours the target may hand over (Appealing: all of one held colour of the card;
        Brewing on the identical pair: two of one colour it holds at least twice)."""
        hand = self.hands[self.pending["target"]]
        need = 2 if self.pending["action"] == "brewing" else 1
        return [c for c in self.content.colours_of(self.pharmacist[self.active]) if hand[c] >= need]

    def _hand_over(self, seat: int, action: Action) -> list[Event]:
        """The target's choice: Appealing, all cards of one colour; identical-pair Brewing, two
        cards of one colour."""
        cards = [0] * len(self.content.colours)
        if action["colour"] is not None:
            c = self.content.colours.index(action["colour"])
            cards[c] = 2 if self.pending["action"] == "brewing" else self.hands[seat][c]
        return self._transfer(seat, cards, entry_kind=self.pending["action"], colour=action["colour"])

    def _transfer(self, target: int, cards: list[int], entry_kind: str,
                  colour: str | None = None) -> list[Event]:
        a = self.active
        for c, n in enumerate(cards):
            self.hands[target][c] -= n
            self.hands[a][c] += n
        entry: dict[str, Any] = {"k": entry_kind, "by": a, "target": target,
                                 "medicine": self.content.medicines[self.pharmacist[a]]}
        if entry_kind == "brewing":
            entry["cards"] = cards
        else:
            entry["colour"] = colour
        entry["count"] = sum(cards)
        return self._log(entry) + self._after_action()

    # ---- advanced rules: predictions ---------------------------------------------------------
    def _after_action(self) -> list[Event]:
        """Advanced rules: after an action other than Curing, the player may predict."""
        if self.options["predictions"] and self.predictable(self.active):
            self.phase = "predict"
            self.pending = {"action": "predict"}
            return []
        return self._next_turn()

    def predictable(self, seat: int) -> list[int]:
        """Colours ``seat`` may still predict: markers left in the pool, each colour once a round."""
        done = self.predictions[seat]
        return [c for c, name in enumerate(self.content.colours) if self.prediction_pool[c] > 0 and name not in done]

    def _prediction_choices(self, seat: int) -> list[Action]:
        colours = self.content.colours
        return [{"type": "predict", "colour": colours[c]} for c in self.predictable(seat)] + [
            {"type": "skip_prediction"}]

    def _predict(self, seat: int, action: Action) -> list[Event]:
        c = self.content.colours.index(action["colour"])
        self.prediction_pool[c] -= 1
        self.predictions[seat].append(action["colour"])
        return self._log({"k": "prediction", "seat": seat, "colour": action["colour"]}) + self._next_turn()

    def _skip_prediction(self, seat: int, action: Action) -> list[Event]:
        return self._next_turn()

    # ---- the next player ---------------------------------------------------------------------
    def _next_turn(self) -> list[Event]:
        """The next player clockwise who still holds a cure marker takes a turn."""
        self.active = self._next_holder(self.active)
        self.phase = "move"
        self.pending = {}
        return [{"type": "turn", "seat": self.active, "section": True}]

    def _next_holder(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.holds_marker(other):
                return other
        raise AssertionError("no player holds a cure marker")  # the round would have ended

