"""Herbalism's rules, in the order of the rule book: set-up, a turn, the five actions, curing,
the end of a round and of the game.

A turn is a chain of small decisions, each listed by ``legal_actions``::

    move (pharmacist to another medicine card) -> action (an action card in play) ->
        inquiring/feeding: give {colour, target}               -> [predict] -> next player
        brewing/appealing: target {target} -> [target: hand_over {colour}] -> [predict]
        curing:            answer {card} -> each other marker holder: answer | follow | pass
                           -> secret checks from the active player clockwise

The target of Appealing (and of Brewing on the identical-pair card) always makes its
``hand_over`` decision, even with a single option: if only targets with a real choice were asked,
everyone would learn from the turn order that the target held both colours.
"""

from __future__ import annotations

import marshal
import random
from typing import Any

from ludoteca.engine import State
from ludoteca.engine.state import Action, Event

from . import belief, labels
from .content import ACTIONS, Content, content_for
from .knowledge import audience, redact

#: The decision steps, in turn order (view["phase"]).
PHASES = ("move", "action", "give", "target", "respond", "predict", "answer", "respond_cure", "over")


class HerbalismState(State):
    FIELDS = ("round", "scores", "start", "active", "phase", "hands", "cure", "pharmacist", "marker",
              "side", "pending", "predicted", "pool", "log", "last_round")
    #: Undo never crosses these: a cure marker checked against the secret cure, the cure shown.
    REVEALS = frozenset({"check", "reveal"})

    k: Content
    cards: tuple[str, ...]

    # ---- set-up ----------------------------------------------------------------------------
    def setup(self) -> None:
        self._derive()
        self.scores = [0] * self.players
        self.round = 0
        self.last_round = None
        self.start = self.rng.randrange(self.players)  # round 1: a random start player
        self._new_round()

    def _derive(self) -> None:
        """Caches rebuilt from the options (not saved: they follow from ``options``)."""
        self.k = content_for(self.options)
        preset = self.options["actions"]
        chosen = self.options["advanced_actions"] if preset == "advanced" else self.k.action_sets[preset]
        self.cards = tuple(a for a in ACTIONS if a in chosen)
        self._beliefs: dict[Any, Any] = {}

    def _dump_fields(self) -> dict[str, Any]:
        """A copy, so a saved state never changes with the live one (and vice versa)."""
        return marshal.loads(marshal.dumps(super()._dump_fields()))

    def _load_fields(self, fields: dict[str, Any]) -> None:
        super()._load_fields(marshal.loads(marshal.dumps(dict(fields))))
        self._derive()

    def _copy_fields(self, other: State) -> None:
        super()._copy_fields(other)
        other.k = self.k  # type: ignore[attr-defined]
        other.cards = self.cards  # type: ignore[attr-defined]
        other._beliefs = dict(self._beliefs)  # type: ignore[attr-defined]

    def _new_round(self) -> None:
        """Shuffle the 14 ingredients, 2 face down as the cure, the rest dealt evenly."""
        k, players = self.k, self.players
        deck = [c for c, n in enumerate(k.totals) for _ in range(n)]
        self.rng.shuffle(deck)
        self.cure = [0] * len(k.colours)
        for c in deck[:k.cure_cards]:
            self.cure[c] += 1
        size = k.hand_size[players]
        self.hands = [[0] * len(k.colours) for _ in range(players)]
        for i, c in enumerate(deck[k.cure_cards:]):
            self.hands[i // size][c] += 1
        self.round += 1
        self.pharmacist = [-1] * players        # medicine index; -1: not yet on a card
        self.marker = [-1] * players            # medicine index of the cure marker; -1: in hand
        self.side = [""] * players              # "answer" / "follow" once placed
        self.predicted = [[] for _ in range(players)]
        self.pool = [k.markers_per_colour] * len(k.colours)
        self.log = [{"k": "deal", "hands": [list(h) for h in self.hands], "cure": list(self.cure)}]
        self.active = self.start
        self.phase = "move"
        self.pending = {}

    # ---- who decides -----------------------------------------------------------------------
    @property
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase == "respond":
            return (self.pending["target"],)
        if phase == "respond_cure":
            return (self.pending["responders"][self.pending["index"]],)
        return (self.active,)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def holds_marker(self, seat: int) -> bool:
        return self.marker[seat] == -1

    # ---- what may be done ------------------------------------------------------------------
    def _colours_of(self, medicine: int) -> tuple[int, ...]:
        """The colours a medicine card lets you use: its two, or all four (identical pair)."""
        pair = self.k.pairs[medicine]
        return tuple(range(len(self.k.colours))) if pair is None else pair

    def _other(self, medicine: int, given: int) -> int:
        """The colour counted / handed back: the other colour, or the same on the identical pair."""
        pair = self.k.pairs[medicine]
        if pair is None:
            return given
        return pair[1] if pair[0] == given else pair[0]

    def _others(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def _legal_actions(self, seat: int) -> list[Action]:
        k, phase = self.k, self.phase
        names, colours = k.medicines, k.colours
        if phase == "move":
            here = self.pharmacist[seat]
            return [{"type": "move", "card": names[m]} for m in range(len(names)) if m != here]
        if phase == "action":
            return [{"type": "action", "card": a} for a in self.cards if self._can_take(seat, a)]
        if phase == "give":
            hand = self.hands[seat]
            return [{"type": "give", "colour": colours[c], "target": t}
                    for c in self._colours_of(self.pharmacist[seat]) if hand[c]
                    for t in self._others(seat)]
        if phase == "target":
            return [{"type": "target", "target": t} for t in self._others(seat)]
        if phase == "respond":
            options = self._hand_over_options()
            actions = [{"type": "hand_over", "colour": colours[c]} for c in options]
            if not options or (self.pending["action"] == "brewing" and self.options["brewing_pair_optional"]):
                actions.append({"type": "hand_over", "colour": None})
            return actions
        if phase == "predict":
            return [{"type": "predict", "colour": colours[c]} for c in self._predictable(seat)] + [
                {"type": "skip_prediction"}]
        if phase == "answer":
            return [{"type": "answer", "card": names[m]} for m in range(len(names))]
        if phase == "respond_cure":
            taken = set(self.marker)
            return ([{"type": "answer", "card": names[m]} for m in range(len(names)) if m not in taken]
                    + [{"type": "follow", "card": names[m]} for m in range(len(names)) if m in taken]
                    + [{"type": "pass"}])
        return []

    def _can_take(self, seat: int, card: str) -> bool:
        """An action that cannot be carried out at all is not legal (dossier ruling):
        Inquiring and Feeding need a card of one of your medicine card's colours."""
        if card in ("inquiring", "feeding"):
            hand = self.hands[seat]
            return any(hand[c] for c in self._colours_of(self.pharmacist[seat]))
        return True

    def _hand_over_options(self) -> list[int]:
        """Colours the target may hand over (Appealing: all of one held colour of the card;
        Brewing on the identical pair: two of one colour it holds at least twice)."""
        hand = self.hands[self.pending["target"]]
        medicine = self.pharmacist[self.active]
        need = 2 if self.pending["action"] == "brewing" else 1
        return [c for c in self._colours_of(medicine) if hand[c] >= need]

    def _predictable(self, seat: int) -> list[int]:
        done = self.predicted[seat]
        return [c for c, name in enumerate(self.k.colours) if self.pool[c] > 0 and name not in done]

    # ---- clear refusals --------------------------------------------------------------------
    def _why_not_to_move(self, seat: int) -> str | None:
        if self.phase != "over" and not self.holds_marker(seat):
            return (f"seat {seat} is not to move: it has used its cure marker this round, so it takes no "
                    f"more actions and its turns are skipped (waiting for seat {self.to_move[0]})")
        return None

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        """Rule-book reasons for the common mistakes; None falls back to the generic message."""
        k, kind = self.k, action.get("type")
        card = action.get("card")
        if kind == "move" and card in k.medicines and k.medicines.index(card) == self.pharmacist[seat]:
            return (f"your pharmacist is already on {action['card']}: you must move it to a "
                        f"different medicine card")
        if kind == "give" and self.phase == "give" and action.get("colour") in k.colours:
            c = k.colours.index(action["colour"])
            medicine = self.pharmacist[seat]
            if c not in self._colours_of(medicine):
                return (f"{action['colour']} is not a colour of your medicine card "
                        f"{k.medicines[medicine]}")
            if not self.hands[seat][c]:
                return f"you hold no {action['colour']} card to give"
            if action.get("target") == seat:
                return "give the card to another player, not to yourself"
        if kind in ("give", "target") and action.get("target") == seat:
            return "choose another player, not yourself"
        if (kind == "answer" and self.phase == "respond_cure" and card in k.medicines
                and k.medicines.index(card) in self.marker):
            return f"{card} already has a cure marker: answer on a card without one, or follow it"
        if kind == "follow" and self.phase == "respond_cure" and action.get("card") in k.medicines:
            return f"{action['card']} has no cure marker to follow"
        if kind == "action" and action.get("card") in ("inquiring", "feeding") and action["card"] in self.cards:
            return (f"{action['card']} needs a card of your medicine card's colours in your hand "
                    f"({k.medicines[self.pharmacist[seat]]})")
        if kind == "action" and action.get("card") in ACTIONS:
            return (f"the action card {action['card']} is not in play in this game; in play: "
                    f"{', '.join(self.cards)}")
        if kind == "hand_over" and self.phase == "respond":
            return "hand over a colour you hold of the active player's medicine card (or nothing if you hold none)"
        return None

    # ---- doing it --------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        return getattr(self, "_do_" + action["type"])(seat, action)

    def _do_move(self, seat: int, action: Action) -> list[Event]:
        """1. Move the pharmacist to a different medicine card (mandatory)."""
        self.pharmacist[seat] = self.k.medicines.index(action["card"])
        self.phase = "action"
        return [{"type": "moved", "seat": seat, "card": action["card"]}]

    def _do_action(self, seat: int, action: Action) -> list[Event]:
        """2. Move the action marker to an action card in play and carry it out."""
        card = action["card"]
        medicine = self.k.medicines[self.pharmacist[seat]]
        self.pending = {"action": card, "medicine": medicine}
        self.phase = {"inquiring": "give", "feeding": "give", "curing": "answer"}.get(card, "target")
        return [{"type": "chose_action", "seat": seat, "card": card, "medicine": medicine}]

    def _do_give(self, seat: int, action: Action) -> list[Event]:
        """Inquiring / Feeding: give a card of one of the colours; the receiver announces
        (Inquiring) or hands back (Feeding) the other colour: the same one on the identical pair."""
        k, hands = self.k, self.hands
        a, b = seat, action["target"]
        x = k.colours.index(action["colour"])
        medicine = self.pharmacist[a]
        y = self._other(medicine, x)
        hands[a][x] -= 1
        hands[b][x] += 1
        count = hands[b][y]
        entry = {"k": self.pending["action"], "by": a, "target": b, "medicine": k.medicines[medicine],
                 "colour": k.colours[x]}
        if self.pending["action"] == "inquiring":
            entry.update(counted=k.colours[y], count=count)
        else:
            hands[b][y] = 0
            hands[a][y] += count
            entry.update(returned=k.colours[y], count=count)
        return self._log(entry) + self._after_action()

    def _do_target(self, seat: int, action: Action) -> list[Event]:
        """Brewing / Appealing: choose another player."""
        b = action["target"]
        self.pending["target"] = b
        medicine = self.pharmacist[seat]
        if self.pending["action"] == "brewing" and self.k.pairs[medicine] is not None:
            # One card of each colour of the card that the target holds: no choice to make.
            hand, cards = self.hands[b], [0] * len(self.k.colours)
            for c in self.k.pairs[medicine]:
                if hand[c]:
                    cards[c] = 1
            return self._transfer(b, cards, entry_kind="brewing")
        self.phase = "respond"
        return [{"type": "targeted", "seat": seat, "target": b, "card": self.pending["action"]}]

    def _do_hand_over(self, seat: int, action: Action) -> list[Event]:
        """The target's choice: Appealing, all cards of one colour; identical-pair Brewing, two
        cards of one colour."""
        cards = [0] * len(self.k.colours)
        if action["colour"] is not None:
            c = self.k.colours.index(action["colour"])
            cards[c] = 2 if self.pending["action"] == "brewing" else self.hands[seat][c]
        return self._transfer(seat, cards, entry_kind=self.pending["action"],
                              colour=action["colour"])

    def _transfer(self, target: int, cards: list[int], entry_kind: str,
                  colour: str | None = None) -> list[Event]:
        a = self.active
        for c, n in enumerate(cards):
            self.hands[target][c] -= n
            self.hands[a][c] += n
        entry: dict[str, Any] = {"k": entry_kind, "by": a, "target": target,
                                 "medicine": self.k.medicines[self.pharmacist[a]]}
        if entry_kind == "brewing":
            entry["cards"] = cards
        else:
            entry["colour"] = colour
        entry["count"] = sum(cards)
        return self._log(entry) + self._after_action()

    def _after_action(self) -> list[Event]:
        """Advanced rules: after an action other than Curing, the player may predict."""
        if self.options["predictions"] and self._predictable(self.active):
            self.phase = "predict"
            self.pending = {"action": "predict"}
            return []
        return self._next_turn()

    def _do_predict(self, seat: int, action: Action) -> list[Event]:
        c = self.k.colours.index(action["colour"])
        self.pool[c] -= 1
        self.predicted[seat].append(action["colour"])
        return self._log({"k": "prediction", "seat": seat, "colour": action["colour"]}) + self._next_turn()

    def _do_skip_prediction(self, seat: int, action: Action) -> list[Event]:
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        """The next player clockwise who still holds a cure marker takes a turn."""
        self.active = self._next_holder(self.active)
        self.phase = "move"
        self.pending = {}
        return [{"type": "turn", "seat": self.active}]

    def _next_holder(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if self.holds_marker(other):
                return other
        raise AssertionError("no player holds a cure marker")  # the round would have ended

    # ---- curing ----------------------------------------------------------------------------
    def _do_answer(self, seat: int, action: Action) -> list[Event]:
        return self._place(seat, action["card"], "answer")

    def _do_follow(self, seat: int, action: Action) -> list[Event]:
        return self._place(seat, action["card"], "follow")

    def _place(self, seat: int, card: str, side: str) -> list[Event]:
        self.marker[seat] = self.k.medicines.index(card)
        self.side[seat] = side
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

    def _do_pass(self, seat: int, action: Action) -> list[Event]:
        return self._log({"k": "pass", "seat": seat}) + self._next_responder()

    def _next_responder(self) -> list[Event]:
        self.pending["index"] += 1
        if self.pending["index"] < len(self.pending["responders"]):
            return []
        return self._checks()

    def _checks(self) -> list[Event]:
        """From the active player clockwise, each placed marker is checked in secret; the first
        right one ends the round.  A wrong marker stays on its card: that player is out of
        actions for the round.  If one holder is left, it must cure at once; if none, the round
        ends without a winner."""
        events: list[Event] = []
        k = self.k
        for seat in self.pending["placed"]:
            medicine = self.marker[seat]
            right = k.matches(self.cure, medicine)
            events += self._log({"k": "check", "seat": seat, "card": k.medicines[medicine],
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
            if self.marker[seat] == medicine and self.side[seat] == "answer":
                return seat
        return None

    # ---- end of a round and of the game ----------------------------------------------------
    def round_deltas(self) -> list[int]:
        """Points of this round: answer marker on the right card +3, follow marker on the right
        card +1, on a wrong card -1; advanced predictions +1 / -1."""
        k = self.k
        right = k.right_medicine(self.cure)
        deltas = [0] * self.players
        for seat in range(self.players):
            if self.marker[seat] == right:
                deltas[seat] += k.answer_right if self.side[seat] == "answer" else k.follow_right
            elif self.marker[seat] != -1 and self.side[seat] == "follow":
                deltas[seat] += k.follow_wrong
            for name in self.predicted[seat]:
                in_cure = self.cure[k.colours.index(name)] > 0
                deltas[seat] += k.prediction_right if in_cure else k.prediction_wrong
        return deltas

    def _end_round(self, winner: int | None) -> list[Event]:
        k = self.k
        deltas = self.round_deltas()
        self.scores = [max(k.floor, s + d) for s, d in zip(self.scores, deltas, strict=True)]
        right = k.medicines[k.right_medicine(self.cure)]
        events = self._log({"k": "reveal", "cure": list(self.cure), "card": right})
        self.last_round = {"round": self.round, "winner": winner, "cure": list(self.cure), "card": right,
                           "deltas": deltas, "scores": list(self.scores)}
        events.append({"type": "round_over", **self.last_round})
        best = max(self.scores)
        leaders = self.scores.count(best)
        if best >= self.options["target"] and (leaders == 1 or self.options["tie"] == "share"):
            self.phase = "over"
            self.pending = {}
            return events + [{"type": "game_over", "scores": list(self.scores)}]
        # The player to the left of the round's winner starts; no winner: the next player.
        self.start = (winner if winner is not None else self.start) + 1
        self.start %= self.players
        self._new_round()
        return events + self._deal_events()

    def _deal_events(self) -> list[Event]:
        events: list[Event] = [{"type": "round_start", "round": self.round, "start": self.start}]
        for seat in range(self.players):
            events.append({"type": "dealt", "hand": list(self.hands[seat]), "to": [seat]})
        return events

    def _log(self, entry: dict[str, Any]) -> list[Event]:
        """Record ``entry`` in the round log; events: the spectators' copy and the full one."""
        self.log.append(entry)
        seats = audience(entry)
        public = {"type": entry["k"], **{key: v for key, v in redact(entry, None).items() if key != "k"}}
        if seats is None:
            return [public]
        private = {"type": entry["k"], **{key: v for key, v in entry.items() if key != "k"}, "to": seats}
        return [public, private]

    # ---- results ---------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:  # type: ignore[override]
        return self._scores

    @scores.setter
    def scores(self, value: list[int]) -> None:
        self._scores = value

    # ---- views -----------------------------------------------------------------------------
    def knowledge(self, seat: int | None) -> list[dict[str, Any]]:
        """``seat``'s knowledge sheet: everything it has learned this round, in order."""
        return [redact(entry, seat) for entry in self.log]

    def _view(self, seat: int | None) -> dict[str, Any]:
        k = self.k
        names = k.medicines
        pending = dict(self.pending)
        for key in ("responders", "placed"):
            if key in pending:
                pending[key] = list(pending[key])
        view = {
            "round": self.round,
            "scores": list(self.scores),
            "target": self.options["target"],
            "start_player": self.start,
            "active": self.active,
            "phase": self.phase,
            "colours": list(k.colours),
            "ingredients": list(k.totals),
            "medicines": list(names),
            "action_cards": list(self.cards),
            "pharmacists": [names[m] if m >= 0 else None for m in self.pharmacist],
            "cure_markers": [{"card": names[m], "side": s} if m >= 0 else None
                             for m, s in zip(self.marker, self.side, strict=True)],
            "hand_sizes": [sum(h) for h in self.hands],
            "predictions": [list(p) for p in self.predicted],
            "prediction_pool": list(self.pool),
            "pending": pending,
            "knowledge": self.knowledge(seat),
            "last_round": None if self.last_round is None else {
                key: (list(v) if isinstance(v, list) else v) for key, v in self.last_round.items()},
        }
        if seat is not None:
            view["hand"] = list(self.hands[seat])
        return view

    # ---- determinization -------------------------------------------------------------------
    def _prepare_determinize(self, seat: int | None) -> None:
        """The seat's belief filter is built on this state first, so the next determinization
        of this position (or a later one) reuses it."""
        belief.warm(self, seat)

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Redraw the other hands, the cure and every detail ``seat`` did not see, exactly as
        consistent with its knowledge sheet (see belief.py)."""
        belief.resample(self, seat, rng)

    # ---- labels ----------------------------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        return labels.describe_action(action, lang)

    def _describe_event(self, event: Event, lang: str) -> str:
        return labels.describe_event(event, lang)

    # ---- RL interop ------------------------------------------------------------------------
    def action_index(self, action: Action) -> int:
        """A stable integer for ``action`` (see rl.py)."""
        from . import rl
        return rl.action_index(self.k, action)

    def index_action(self, index: int) -> Action:
        from . import rl
        return rl.index_action(self.k, index)
