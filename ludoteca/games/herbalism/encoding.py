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
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ludoteca.engine.state import short

from .content import ACTIONS, Content, content_for
from .phases import TABLE

#: The phases in the order of the table (the observation's phase one-hot).
PHASES = tuple(TABLE)

MAX_SEATS = 4


#: An action as a hashable key that tells ``1``, ``1.0``, ``True`` and ``"1"`` apart.
Key = tuple[tuple[str, type, Any], ...]


def action_table(content: Content) -> tuple[tuple[dict[str, Any], ...], dict[Key, int]]:
    """Every action the game can list, in a fixed order, and each one's index."""
    return _table(content.colours, content.medicines)


@lru_cache(maxsize=16)  # keyed by the content's names: a handful of distinct tables at most
def _table(colours: tuple[str, ...], medicines: tuple[str, ...]) -> tuple[tuple[dict[str, Any], ...], dict[Key, int]]:
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
    return tuple(actions), {_key(a): i for i, a in enumerate(actions)}


def _key(action: dict[str, Any]) -> Key:
    return tuple((name, type(value), value) for name, value in sorted(action.items()))


def num_distinct_actions(content: Content) -> int:
    return len(action_table(content)[0])


def action_index(content: Content, action: dict[str, Any]) -> int:
    """The index of ``action``; anything not listed (or of another type) raises ValueError."""
    try:
        return action_table(content)[1][_key(action)]
    except (KeyError, TypeError, AttributeError):
        raise ValueError(f"not a herbalism action: {short(action)}") from None


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


def squash(value: float, unit: float) -> float:
    """``value / unit`` up to ``unit``, then ``2 - unit / value``: the same number where values
    usually lie, still rising beyond, and never above 2.  For the two quantities the rules leave
    without limit (cards moved between two seats in a round, scores when ties play on), so that
    every observation number has a finite bound."""
    return value / unit if value <= unit else 2.0 - unit / value


def encode(view: dict[str, Any]) -> list[float]:
    """The view as numbers (see SECTIONS); built from the view only."""
    colours, medicines = view["colours"], view["medicines"]
    out: dict[str, list[float]] = {name: [0.0] * n for name, n in SECTIONS}
    seat = view["seat"]
    if seat is not None:
        out["seat"][seat] = 1.0
    out["active"][view["active"]] = 1.0
    out["phase"][PHASES.index(view["phase"])] = 1.0
    pending = view["pending"]
    if pending.get("action") in ACTIONS:
        out["pending_action"][ACTIONS.index(pending["action"])] = 1.0
    if "target" in pending:
        out["pending_target"][pending["target"]] = 1.0
    for c, n in enumerate(view.get("hand", [0, 0, 0, 0])):
        out["hand"][c] = n / 5.0
    target = float(view["target"])
    for s, public in enumerate(view["seats"]):
        out["hand_sizes"][s] = public["hand_size"] / 14.0
        out["scores"][s] = squash(public["score"], target)
        where = public["pharmacist"]
        out["pharmacists"][s * 8 + (medicines.index(where) if where else 7)] = 1.0
        marker = public["cure_marker"]
        if marker is None:
            out["markers"][s * 10 + 9] = 1.0
        else:
            out["markers"][s * 10 + medicines.index(marker["card"])] = 1.0
            out["markers"][s * 10 + (7 if marker["side"] == "answer" else 8)] = 1.0
        for name in public["predictions"]:
            out["predictions"][s * 4 + colours.index(name)] = 1.0
    for c, n in enumerate(view["prediction_pool"]):
        out["pool"][c] = n / 2.0
    for a in view["action_cards"]:
        out["action_cards"][ACTIONS.index(a)] = 1.0
    for e in view["knowledge"]:
        kind = e["k"]
        if kind == "check" and not e["correct"]:
            out["checked_wrong"][medicines.index(e["card"])] = 1.0
        if kind in ("check", "reveal") and "cure" in e:
            out["known_cure"][4] = 1.0
            for c, n in enumerate(e["cure"]):
                out["known_cure"][c] = n / 2.0
        if kind in ("inquiring", "feeding", "brewing", "appealing") and seat is not None:
            moved = _moved(e, colours)
            if moved is None:
                continue
            if e["by"] == seat:
                other = e["target"]
                gave, got = moved
            elif e["target"] == seat:
                other = e["by"]
                got, gave = moved
            else:
                continue
            for c in range(4):
                out["gave"][other * 4 + c] += gave[c]
                out["received"][other * 4 + c] += got[c]
        if kind == "inquiring":
            out["announced"][e["target"]] = e["count"] / 5.0
    out["gave"] = [squash(n, 5.0) for n in out["gave"]]
    out["received"] = [squash(n, 5.0) for n in out["received"]]
    return [v for name, _ in SECTIONS for v in out[name]]


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


#: The action cards that move cards between two players (each adds to ``gave`` / ``received``).
TRANSFERS = frozenset(("inquiring", "feeding", "brewing", "appealing"))


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
