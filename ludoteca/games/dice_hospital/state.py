"""Dice Hospital rules: eight rounds of six phases, read top to bottom like the rule book.

The turn structure is declared in :mod:`.phases`; the rules of each phase live in their own
module, combined here as mixins:

* :mod:`.preparation`  set-up choices (starting patients' values, an administrator)
* :mod:`.intake`       phase 1: roll, sort tied colours, claim ambulances, place patients
* :mod:`.improvements` phase 2: reveal an extra offer, take an improvement, return one
* :mod:`.activation`   phase 3: departments, meeples, patients, specialists, blood bags
* :mod:`.round_end`    phases 4-6 and the end: neglect, discharge, reports, shift change

The table's data are the ``FIELDS`` below (annotated in :class:`.supplies.Supplies`); each
seat's hospital is a dict whose keys :mod:`.hospital` documents.  What a seat may see is built
by :mod:`.view`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ludoteca.engine import State
from ludoteca.engine.state import Action, Event

from . import encoding, labels, log_words, prompts, score_words
from .activation import ActivationRules
from .content import content_for
from .hospital import new_hospital, patients_left
from .improvements import ImprovementRules
from .intake import IntakeRules
from .phases import TABLE
from .preparation import PreparationRules
from .round_end import RoundEndRules
from .view import view


class DiceHospitalState(PreparationRules, IntakeRules, ImprovementRules, ActivationRules, RoundEndRules,
                        State):
    FIELDS = ("phase", "round", "first_player", "bag", "department_pile", "specialist_pile",
              "department_offer", "specialist_offer", "ambulances", "ambulance_owners", "intake_line",
              "dice_per_ambulance", "sort_position", "queue", "reveals_left", "event", "event_pile",
              "reports_face_up", "report_pile", "blood_supply", "hospitals", "administrator_hands",
              "final_scores")
    PHASES = TABLE
    #: Undo never crosses these: everybody's secret administrator choice shown at once, and an
    #: extra offer turned face up (chance is caught by the RNG count as well).
    REVEALS = frozenset({"administrators", "revealed"})
    #: Where the hidden pieces are (the conformance suite deals them anew and checks the
    #: views): each seat's administrators dealt, and the order of the face-down piles.  The
    #: administrator a seat keeps is one of its hand's until everybody has chosen.
    SECRETS: ClassVar = {"administrators": {"administrator_hands": "seat"},
                         "departments": {"department_pile": "nobody"},
                         "specialists": {"specialist_pile": "nobody"},
                         "events": {"event_pile": "nobody"},
                         "reports": {"report_pile": "nobody"}}

    # ---- set-up ----------------------------------------------------------------------------
    def setup(self) -> None:
        """Rule book, set-up: piles shuffled, offers face up, the dice bag for the player count,
        each player's starting dice drawn and two administrators dealt."""
        self.derive()
        content = self.content
        rules = content.rules
        rng = self.rng
        players = self.players
        self.phase = "setup"
        self.round = 1
        self.first_player = rng.randrange(players)
        per_colour = max(0, rules["dice_per_colour"]
                         - rules["dice_removed_per_missing_player"] * (4 - self.offers_as_players()))
        self.bag = [per_colour] * 3
        experimental = self.options["experimental_medicine"]
        self.department_pile = list(content.department_tiles) + (
            list(content.experimental_department_tiles) if experimental else [])
        self.specialist_pile = list(content.specialist_cards) + (
            list(content.experimental_specialist_cards) if experimental else [])
        rng.shuffle(self.department_pile)
        rng.shuffle(self.specialist_pile)
        self.department_offer, self.specialist_offer = [], []
        self.ambulances, self.ambulance_owners, self.intake_line, self.queue = [], [], [], []
        self.dice_per_ambulance = rules["dice_per_ambulance"]
        self.sort_position = 0
        self.reveals_left = 0
        self.event = -1
        self.event_pile = list(range(len(content.events))) if self.options["events"] else []
        rng.shuffle(self.event_pile)
        self.report_pile = list(range(len(content.reports))) if players == 1 else []
        rng.shuffle(self.report_pile)
        self.reports_face_up = []
        self.blood_supply = rules["blood_bag_supply"]
        self.final_scores = None
        self.hospitals = [new_hospital(rules["beds"]) for _ in range(players)]
        self.administrator_hands = [[] for _ in range(players)]
        self._draw_offers()
        for _ in range(rules["reports_face_up"]):
            if self.report_pile:
                self.reports_face_up.append(self.report_pile.pop())
        start = self.starting_values()
        admins = list(range(len(content.administrators)))
        rng.shuffle(admins)
        for seat in self.turn_order():
            self.hospitals[seat]["starting_dice"] = [self._draw_die() for _ in start]
            self.administrator_hands[seat] = [admins.pop() for _ in range(rules["admins_dealt"]) if admins]

    def derive(self) -> None:
        """The compiled content for this game's params (a bounded cache shares it)."""
        self.content = content_for(self.options["params"] or None)

    # ---- the end -----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[float]:
        """The banked points while playing; the final scores once over."""
        if self.final_scores is not None:
            return list(self.final_scores)
        return [h["score"] for h in self.hospitals]

    @property
    def winners(self) -> list[int]:
        """Most points; ties: fewest patients left, then the highest total of their values."""
        if self.final_scores is None:
            return []
        final = self.final_scores

        def key(seat: int) -> tuple[int, int, int]:
            left = patients_left(self.hospitals[seat])
            return (final[seat], -len(left), sum(left))

        best = max(key(s) for s in range(self.players))
        return [s for s in range(self.players) if key(s) == best]

    def solo_title(self) -> dict[str, str] | None:
        """Solo: the rating ladder's title earned by the final score (project content)."""
        if not self.final_scores:
            return None
        earned = [step["title"] for step in self.content.ladder if self.final_scores[0] >= step["points"]]
        return earned[-1] if earned else None

    # ---- named accessors (labels read these, never the data) --------------------------------------
    def offer(self, kind: str) -> list[int]:
        """The face-up ``"department"`` tiles or ``"specialist"`` cards (content indices)."""
        return self.department_offer if kind == "department" else self.specialist_offer

    def owned(self, seat: int, kind: str) -> list[int]:
        """The departments or specialists ``seat`` owns, in its own order (content indices)."""
        return self.hospitals[seat]["departments" if kind == "department" else "specialists"]

    def starting_colours(self, seat: int) -> list[int]:
        """The colours of ``seat``'s starting dice still to be valued, in draw order."""
        return self.hospitals[seat]["starting_dice"]

    def tie_being_sorted(self) -> tuple[list[list[int]], int]:
        """In phase ``sort``: the tied dice (``[colour, value]``) and the ambulance the next of
        them goes into; ``([], 0)`` in any other phase."""
        if self.phase != "sort":
            return [], 0
        start, end = self.sort_group()
        return self.intake_line[start:end], start // self.dice_per_ambulance + 1

    # ---- views, refusals, hidden information --------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        """The rule behind a refusal, from the current phase's ``_why_illegal_in_<phase>``;
        a malformed action (wrong keys or types) gets the engine's message naming the key."""
        kind = action.get("type")
        sample = next((a for a in self._legal(seat) if a["type"] == kind), None)
        if sample is not None and (set(sample) != set(action) or any(
                type(action[key]) is not type(value) for key, value in sample.items())):
            return None
        why = getattr(self, f"_why_illegal_in_{self.phase}", None)
        try:
            return why(seat, action) if why is not None else None
        except (TypeError, IndexError, KeyError):
            return None

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Face-down piles are reshuffled; during set-up other seats' administrator hands are
        redealt from the cards ``seat`` has not seen (their choice stays secret until all chose)."""
        for pile in (self.department_pile, self.specialist_pile, self.event_pile, self.report_pile):
            pile.sort()  # the sample must depend on what the seat knows and the rng, not the true order
            rng.shuffle(pile)
        if self.phase != "setup":
            return
        own = set(self.administrator_hands[seat]) if seat is not None else set()
        unseen = [a for a in range(len(self.content.administrators)) if a not in own]
        rng.shuffle(unseen)
        for other in range(self.players):
            if other == seat:
                continue
            hand = self.administrator_hands[other] = [unseen.pop() for _ in self.administrator_hands[other]]
            if self.hospitals[other]["administrator"] >= 0:
                self.hospitals[other]["administrator"] = hand[0]

    # ---- labels and RL interop ---------------------------------------------------------------------
    def _describe(self, action: Action, lang: str) -> str:
        return labels.describe_action(self, action, lang)

    def _describe_event(self, event: Event, lang: str) -> str:
        return log_words.describe_event(self.content, event, lang, lambda seat: self.player(seat, lang))

    def _prompt(self, seat: int, lang: str) -> str:
        return prompts.prompt(self, seat, lang)

    def _score_breakdown(self, lang: str) -> list[list[tuple[str, float]]]:
        return score_words.breakdown(self, lang)

    def action_index(self, action: Action) -> int:
        """A fixed integer for ``action`` (see ``encoding.ActionLayout`` for the blocks); an
        action the game can never list raises ValueError naming it, as in every game."""
        try:
            return encoding.action_index(self.options, action)
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"dice-hospital: no action index for {action!r}") from exc

    def index_action(self, index: int) -> Action:
        return encoding.index_action(self.options, index)
