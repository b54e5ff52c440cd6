"""RL interop: a fixed integer for every action the game can list, and a fixed-size encoding
of a seat's view (docs/games/herbalism.md, "RL interface", has the tables).

Actions (57, seats absolute up to 4): 0-6 ``move`` (medicine cards in content order), 7-11
``action`` (``content.ACTIONS`` order), 12-27 ``give`` (colour-major, target seat 0..3),
28-31 ``target``, 32-36 ``hand_over`` (the four colours, then None), 37-40 ``predict``, 41
``skip_prediction``, 42-48 ``answer``, 49-55 ``follow``, 56 ``pass``.  Indices are type-strict:
``1.0`` or ``True`` for a seat is no action.

Observation (183 floats, ``SECTIONS`` in order): seat and active seat one-hot, the phase one-hot
(``phases.TABLE`` order), the pending action card and target, the own hand / 5, per seat its
hand size / 14, score / target, pharmacist card (8 slots) and cure marker (10 slots), medicine
cards checked wrong, the cure if known, predictions and the pool, the action cards in play, the
cards this seat gave to and received from each seat (/ 5) and each seat's last Inquiring count.
The cards given and received in a round, and the scores when ties play on, have no limit in the
rules: they are shown through ``squash`` (the plain ratio up to 5 cards or the target, then
rising towards 2).  ``bounds`` gives the least and the most each number can be, from the rules
and the content (the envs' ``Box``); all are finite.

Why the view only: an agent trained on these numbers must never see what its seat could not
(the other hands, the cure), so ``encode`` reads the documented view keys and nothing else.
The envs' observation writer (observer.py) reads the state instead, but writes through the same
steps (``write_*``, ``Notes``) on the same layout (``START``); it is tested equal to ``encode``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from itertools import permutations
from typing import Any

from ludoteca.engine.state import short

from .content import ACTIONS, Content, content_for
from .phases import TABLE

#: The phases in the order of the table (the observation's phase one-hot).
PHASES = tuple(TABLE)

MAX_SEATS = 4


#: The types an action's values take (names, seats, ``None`` for handing over nothing).  Two
#: values of these types are equal only when their types are too, which is what makes the
#: look-up below type-strict with one check per value.
EXACT = frozenset((str, int, type(None)))

#: Action number by an action's ``(key, value)`` pairs, in any order.
Numbers = dict[tuple[tuple[str, Any], ...], int]


def action_table(content: Content) -> tuple[tuple[dict[str, Any], ...], Numbers]:
    """Every action the game can list, in a fixed order, and each one's index."""
    global _last
    seen = _last
    if seen[0] is content:  # the envs number every legal action at every step: skip the cache's hashing
        return seen[1]
    table = _table(content.colours, content.medicines)
    _last = (content, table)
    return table


@lru_cache(maxsize=16)  # keyed by the content's names: a handful of distinct tables at most
def _table(colours: tuple[str, ...], medicines: tuple[str, ...]) -> tuple[tuple[dict[str, Any], ...], Numbers]:
    actions: list[dict[str, Any]] = []
    actions += [{"type": "move", "card": m} for m in medicines]
    actions += [{"type": "action", "card": a} for a in ACTIONS]
    actions += [{"type": "give", "colour": c, "target": t} for c in colours for t in range(MAX_SEATS)]
    actions += [{"type": "target", "target": t} for t in range(MAX_SEATS)]
    actions += [{"type": "hand_over", "colour": c} for c in (*colours, None)]
    actions += [{"type": "predict", "colour": c} for c in colours]
    actions += [{"type": "skip_prediction"}]
    actions += [{"type": "answer", "card": m} for m in medicines]
    actions += [{"type": "follow", "card": m} for m in medicines]
    actions += [{"type": "pass"}]
    # every order of an action's keys (three at most), so an action is found as it comes
    numbers = {order: i for i, action in enumerate(actions) for order in permutations(action.items())}
    return tuple(actions), numbers


#: The content whose table was asked for last, and that table (the one-entry memo above).
_last: tuple[Content | None, Any] = (None, None)


def action_index(content: Content, action: dict[str, Any]) -> int:
    """The index of ``action``; anything not listed (or of another type) raises ValueError.

    The pairs find the action (``1.0`` and ``True`` equal ``1`` there); the type check then
    refuses those look-alikes."""
    seen = _last  # (action_table's memo, read here first: this runs for every legal action at every env step)
    numbers = seen[1][1] if seen[0] is content else action_table(content)[1]
    try:
        number = numbers[tuple(action.items())]
        for value in action.values():
            if type(value) not in EXACT:
                raise TypeError
        return number
    except (KeyError, TypeError, AttributeError):
        raise ValueError(f"not a herbalism action: {short(action)}") from None


def num_distinct_actions(content: Content) -> int:
    return len(action_table(content)[0])


def index_action(content: Content, index: int) -> dict[str, Any]:
    actions = action_table(content)[0]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(actions):
        raise ValueError(f"herbalism action indices run 0..{len(actions) - 1}; got {short(index)}")
    return dict(actions[index])


# ---- observation -------------------------------------------------------------------------------
# Fixed layout, sizes for 4 colours, 7 medicine cards and up to 4 seats (see the docs page).
SECTIONS = (
    ("seat", MAX_SEATS), ("active", MAX_SEATS), ("phase", len(PHASES)), ("pending_action", len(ACTIONS)),
    ("pending_target", MAX_SEATS), ("hand", 4), ("hand_sizes", MAX_SEATS), ("scores", MAX_SEATS),
    ("pharmacists", MAX_SEATS * 8), ("markers", MAX_SEATS * 10), ("checked_wrong", 7), ("known_cure", 5),
    ("predictions", MAX_SEATS * 4), ("pool", 4), ("action_cards", len(ACTIONS)),
    ("gave", MAX_SEATS * 4), ("received", MAX_SEATS * 4), ("announced", MAX_SEATS),
)
OBSERVATION_SIZE = sum(n for _, n in SECTIONS)
#: Where each section starts: the one layout ``encode`` and the writer (observer.py) fill.
START = {name: sum(n for _, n in SECTIONS[:i]) for i, (name, _) in enumerate(SECTIONS)}
END = {name: START[name] + n for name, n in SECTIONS}
SEAT, ACTIVE, PHASE = START["seat"], START["active"], START["phase"]
PENDING_ACTION, PENDING_TARGET, HAND = START["pending_action"], START["pending_target"], START["hand"]
HAND_SIZES, SCORES, PHARMACISTS, MARKERS = START["hand_sizes"], START["scores"], START["pharmacists"], START["markers"]
CHECKED_WRONG, KNOWN_CURE, PREDICTIONS = START["checked_wrong"], START["known_cure"], START["predictions"]
POOL, ACTION_CARDS, GAVE, RECEIVED = START["pool"], START["action_cards"], START["gave"], START["received"]
ANNOUNCED = START["announced"]
#: The phase one-hot's slot of each phase.
PHASE_SLOT = {name: i for i, name in enumerate(PHASES)}


def squash(value: float, unit: float) -> float:
    """``value / unit`` up to ``unit``, then ``2 - unit / value``: the same number where values
    usually lie, still rising beyond, and never above 2.  For the two quantities the rules leave
    without limit (cards moved between two seats in a round, scores when ties play on), so that
    every observation number has a finite bound."""
    return value / unit if value <= unit else 2.0 - unit / value


def encode(view: dict[str, Any]) -> list[float]:
    """The view as numbers (see SECTIONS); built from the view only.

    The writing steps below are shared with the writer, which reads the same facts from the
    state (observer.py) and calls a step again only when its facts changed: only the reading
    differs, never where or how a number is written."""
    out = [0.0] * OBSERVATION_SIZE
    seat, medicines, seats = view["seat"], view["medicines"], view["seats"]
    write_fixed(out, seat, view["action_cards"])
    write_turn(out, view["active"], PHASES.index(view["phase"]), view["pending"])
    write_hands(out, view.get("hand"), [public["hand_size"] for public in seats])
    write_scores(out, [public["score"] for public in seats], float(view["target"]))
    write_pharmacists(out, [medicines.index(public["pharmacist"]) if public["pharmacist"] else -1
                            for public in seats])
    markers = [public["cure_marker"] for public in seats]
    write_markers(out, [-1 if marker is None else medicines.index(marker["card"]) for marker in markers],
                  ["" if marker is None else marker["side"] for marker in markers])
    write_predictions(out, [public["predictions"] for public in seats], view["prediction_pool"], view["colours"])
    notes = Notes(seat, view["colours"], medicines)
    for entry in view["knowledge"]:
        notes.learn(entry)  # (every entry: Notes.KINDS only spares the writer some redacting)
    notes.write(out)
    return out


# Each ``write_*`` step fills its sections of ``out``, a list (``encode``) or a float32
# memoryview (the writer), which must hold zeros there for the steps marked "one-hot"; the others
# write every number of their sections that a game of these players can show.

def write_fixed(out: Any, seat: int | None, cards: Any) -> None:
    """What stays for a whole game (one-hot): the seat and the action cards in play."""
    if seat is not None:
        out[SEAT + seat] = 1.0
    for card in cards:
        out[ACTION_CARDS + ACTIONS.index(card)] = 1.0


def write_turn(out: Any, active: int, phase: int, pending: Mapping[str, Any]) -> None:
    """Whose turn, the phase (its slot) and the step in progress (one-hot)."""
    out[ACTIVE + active] = 1.0
    out[PHASE + phase] = 1.0
    action = pending.get("action")
    if action in ACTIONS:
        out[PENDING_ACTION + ACTIONS.index(action)] = 1.0
    if "target" in pending:
        out[PENDING_TARGET + pending["target"]] = 1.0


def write_hands(out: Any, hand: Any, sizes: Any) -> None:
    """The seat's own hand (None for a spectator, whose slots stay 0) and every hand's size."""
    if hand is not None:
        for c, n in enumerate(hand):
            out[HAND + c] = n / 5.0
    for s, size in enumerate(sizes):
        out[HAND_SIZES + s] = size / 14.0


def write_scores(out: Any, scores: Any, target: float) -> None:
    """Every score against the target (squashed past it)."""
    for s, score in enumerate(scores):
        out[SCORES + s] = squash(score, target)


def write_pharmacists(out: Any, pharmacists: Any) -> None:
    """Per seat, the card its pharmacist is on (index, -1 off the cards; one-hot)."""
    for s, where in enumerate(pharmacists):
        out[PHARMACISTS + s * 8 + (where if where >= 0 else 7)] = 1.0


def write_markers(out: Any, markers: Any, sides: Any) -> None:
    """Per seat, the card its cure marker is on (index, -1 still in hand) and its side (one-hot)."""
    for s, marker in enumerate(markers):
        if marker < 0:
            out[MARKERS + s * 10 + 9] = 1.0
        else:
            out[MARKERS + s * 10 + marker] = 1.0
            out[MARKERS + s * 10 + (7 if sides[s] == "answer" else 8)] = 1.0


def write_predictions(out: Any, predictions: Any, pool: Any, colours: Any) -> None:
    """The colours each seat predicted (one-hot) and the prediction pool."""
    for s, names in enumerate(predictions):
        for name in names:
            out[PREDICTIONS + s * 4 + colours.index(name)] = 1.0
    for c, n in enumerate(pool):
        out[POOL + c] = n / 2.0


#: The action cards that move cards between two players (each adds to ``gave`` / ``received``).
TRANSFERS = frozenset(("inquiring", "feeding", "brewing", "appealing"))


class Notes:
    """What a seat has noted this round, from its knowledge sheet (``knowledge.redact``'s
    entries, in order): medicine cards checked wrong, the cure once known, the cards it gave to
    and received from each seat, each seat's last Inquiring announcement.

    Why a class: the writer keeps one per round and feeds it only the new entries of the log,
    while ``encode`` feeds it the whole sheet; both then write the same numbers."""

    __slots__ = ("seat", "colours", "medicines", "wrong", "cure", "moved", "announced")

    def __init__(self, seat: int | None, colours: Any, medicines: Any) -> None:
        self.seat, self.colours, self.medicines = seat, colours, medicines
        self.wrong: list[int] = []
        self.cure: Any = None
        #: cards given and received by slot (``GAVE`` / ``RECEIVED`` + seat * 4 + colour), those
        #: that moved only: the writer rewrites a handful, not all 32
        self.moved: dict[int, float] = {}
        self.announced: dict[int, float] = {}

    #: The kinds of entry that can hold a note; the others (the deal, predictions, answers,
    #: follows, passes) never do, so the writer need not even redact them.
    KINDS = frozenset(("check", "reveal", *TRANSFERS))

    def learn(self, e: Mapping[str, Any]) -> bool:
        """Note one entry of the seat's sheet (as that seat sees it); whether it held a note."""
        kind, seat = e["k"], self.seat
        noted = False
        if kind == "check" and not e["correct"]:
            self.wrong.append(self.medicines.index(e["card"]))
            noted = True
        if kind in ("check", "reveal") and "cure" in e:
            self.cure = e["cure"]
            noted = True
        if kind == "inquiring":       # announced aloud: every seat and a spectator note it
            self.announced[e["target"]] = e["count"] / 5.0
            noted = True
        if kind in TRANSFERS and seat is not None:
            moved = _moved(e, self.colours)
            if moved is None:
                return noted
            if e["by"] == seat:
                other = e["target"]
                gave, got = moved
            elif e["target"] == seat:
                other = e["by"]
                got, gave = moved
            else:
                return noted
            counts = self.moved
            for c in range(4):
                if gave[c]:
                    slot = GAVE + other * 4 + c
                    counts[slot] = counts.get(slot, 0.0) + gave[c]
                if got[c]:
                    slot = RECEIVED + other * 4 + c
                    counts[slot] = counts.get(slot, 0.0) + got[c]
            noted = True
        return noted

    def write(self, out: Any) -> None:
        """Write the notes.  ``out`` holds zeros in their sections, or what these notes wrote
        before they grew: within a round notes are only added and counts only rise, so every
        number they ever wrote is written again."""
        for card in self.wrong:
            out[CHECKED_WRONG + card] = 1.0
        if self.cure is not None:
            out[KNOWN_CURE + 4] = 1.0
            for c, n in enumerate(self.cure):
                out[KNOWN_CURE + c] = n / 2.0
        for slot, n in self.moved.items():
            out[slot] = squash(n, 5.0)
        for s, count in self.announced.items():
            out[ANNOUNCED + s] = count


def bounds(players: int, options: Mapping[str, Any]) -> tuple[list[float], list[float]]:
    """The least and the most each number of ``encode`` can be, for any view of any position of
    a game with these players and (resolved, ``Game.resolve_options``) options: the envs' Box.

    Why each holds, derived from the rules and this game's content (``params`` included), never
    from sampled games:

    - one-hots and marks (seat, active, phase, pending card and target, pharmacist, cure marker,
      checked wrong, the cure's "known" flag, predictions, action cards) are set to 1, never
      added up: 0..1;
    - cards are conserved (hands plus the cure hold the deck, the cure always ``cure_cards``):
      a hand holds at most all the cards of a colour, at most the deck less the cure in all; a
      known cure at most ``cure_cards`` of a colour and no more than the colour has; an
      Inquiring announcement counts cards of one colour, at most that colour's total;
    - the prediction pool starts each round at ``markers_per_colour`` and only goes down;
    - scores start at 0 and a round's total never takes them below the floor; for the high see
      :func:`_score_high`;
    - the cards this seat gave to and received from each seat add up over every transfer of the
      round, and a round has no limit on its turns (two players may pass one card back and
      forth with Inquiring for ever while nobody cures): with any of Inquiring, Feeding,
      Brewing or Appealing in play they have no upper limit, so they are shown squashed
      (:func:`squash`, below 2); with Curing alone they stay 0.  Scores where the rules set no
      limit (:func:`_score_high`) are squashed the same way.
    """
    content = content_for(options["params"] or None)
    target = float(options["target"])
    in_hands = sum(content.totals) - content.cure_cards
    high: dict[str, list[float]] = {name: [1.0] * n for name, n in SECTIONS}
    low: dict[str, list[float]] = {name: [0.0] * n for name, n in SECTIONS}
    high["hand"] = [min(n, in_hands) / 5.0 for n in content.totals]
    high["hand_sizes"] = [in_hands / 14.0] * MAX_SEATS
    low["scores"] = [min(0, content.floor) / target] * MAX_SEATS
    high["scores"] = [min(2.0, squash(_score_high(players, options, content), target))] * MAX_SEATS
    high["known_cure"] = [min(n, content.cure_cards) / 2.0 for n in content.totals] + [1.0]
    high["pool"] = [content.markers_per_colour / 2.0] * len(content.colours)
    moved = 2.0 if set(_cards_in_play(options, content)) & TRANSFERS else 0.0
    high["gave"] = [moved] * (MAX_SEATS * 4)
    high["received"] = [moved] * (MAX_SEATS * 4)
    high["announced"] = [max(content.totals) / 5.0] * MAX_SEATS
    return ([v for name, _ in SECTIONS for v in low[name]],
            [v for name, _ in SECTIONS for v in high[name]])


def _cards_in_play(options: Mapping[str, Any], content: Content) -> tuple[str, ...]:
    """The action cards on the table (as ``game.cards_in_play`` and ``state.derive``, which this
    module may not import)."""
    if options["actions"] == "advanced":
        return tuple(a for a in ACTIONS if a in options["advanced_actions"])
    return content.action_sets[options["actions"]]


def _score_high(players: int, options: Mapping[str, Any], content: Content) -> float:
    """The most a score can reach, or ``math.inf`` where the rules set no limit.

    A seat's score rises in a round by at most ``gain``: its one cure marker scores
    ``answer_right`` or ``follow_right`` at best, and (option ``predictions``) each colour it
    predicted scores once, of which at most ``cure_cards`` are in the cure.

    - ``tie = "share"``: the game ends after the first round that ends with a score at
      ``target`` or more, so every round starts with all scores at most ``target - 1`` and a
      score is at most ``target - 1 + gain``.
    - ``tie = "play_on"``, 2 players, predictions scoring nothing, ``follow_right`` other than
      ``answer_right``: a round starts either with both scores below ``target`` or with both
      tied at ``target`` or more (a lone leader there would have ended the game).  From a tie,
      a round nobody wins never raises a score, and a won round breaks the tie (at most one
      answer lies on the right card; the other seat gets ``follow_right``, 0 or less), which
      ends the game.  So a tie is at most ``target - 1 + marker`` and a score at most
      ``target - 1 + 2 * marker``.
    - any other ``tie = "play_on"`` game: no limit is given, because in general there is none.
      With the shipped scoring and 3 or 4 players, tied leaders A and B at ``target`` both
      follow C's right answer (+1 each, C +3), then C follows a wrong answer in three rounds
      nobody wins (-1 each) while A and B answer wrong (0), and so on: A and B stay tied and
      climb for ever.  With predictions, two tied leaders each predict a cure colour in rounds
      nobody wins; with ``follow_right == answer_right``, one follows the other's right answer.
    """
    marker = max(content.answer_right, content.follow_right, 0)
    predicting = bool(options["predictions"]) and content.markers_per_colour > 0
    in_cure = min(content.cure_cards, len(content.colours))  # colours a 2-card cure can show
    gain = marker + (in_cure * max(content.prediction_right, 0) if predicting else 0)
    if options["tie"] == "share":
        return options["target"] - 1 + gain
    predictions_score = predicting and (content.prediction_right != 0 or content.prediction_wrong != 0)
    if players == 2 and not predictions_score and content.follow_right != content.answer_right:
        return options["target"] - 1 + 2 * marker
    return math.inf


def _moved(e: dict[str, Any], colours: list[str]) -> tuple[list[int], list[int]] | None:
    """(cards from ``by`` to ``target``, cards back) when the entry shows the colours."""
    to_target, back = [0] * 4, [0] * 4
    kind = e["k"]
    if kind in ("inquiring", "feeding"):
        if "colour" not in e:
            return None
        to_target[colours.index(e["colour"])] += 1
        if kind == "feeding":
            back[colours.index(e["returned"])] += e["count"]
    elif kind == "brewing":
        if "cards" not in e:
            return None
        back = list(e["cards"])
    else:
        if "colour" not in e:
            return None
        if e["colour"] is not None:
            back[colours.index(e["colour"])] = e["count"]
    return to_target, back
