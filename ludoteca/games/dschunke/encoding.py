"""Dschunke as numbers, for the RL interfaces (``ludoteca.interop``): action indices and an
observation vector built from one seat's view.

Why a diamond of coordinates: the table has no edge, but it can only grow so far.  The start
strip's cells lie within Manhattan distance 1 of (0, 0), and every strip laid on the table
touches a crate already there and reaches at most 3 cells further, so after ``k`` strips every
crate lies within distance ``1 + 3k``.  The top-left cell of any spot the ``T``-th strip can
take therefore lies in the diamond ``|x| + |y| <= R`` with ``R = 3T + 1`` (130 for the 43
strips of Rat Hot).  Numbering the diamond's cells instead of the enclosing square halves the
action space and still covers every position the rules can ever list.

Action indices (``T`` = number of strips in the pile at set-up, 42 or 43):

* ``0 .. T-1``: ``{"type": "pick", "tile": i}``;
* ``T + 4*c + d``: ``{"type": "place", "tile": <the strip to place now>, "x", "y", "dir"}``
  where ``c`` numbers the cell ``(x, y)`` of the diamond row by row (``y`` from ``-R`` to
  ``R``, then ``x`` ascending) and ``d`` is the index of ``dir`` in ``E, W, S, N``.
  The strip is not part of the index: only one strip can be placed at any moment.

Observation (``observation_size`` floats, from the point of view of ``view["seat"]``; a
spectator sees it as red), built from the documented view keys only.  "Mine" is the seat's
colour, "theirs" the other colour.  The pieces that write it (``put_window``, ``add_outside``,
``hand_slot``, ``flag_at``, ``scalars``) take plain values, so that ``observer.py`` writes the
same numbers straight from the state, strip by strip:

* ``[0, 12*41*41)``: the board window ``|x|, |y| <= 20`` around the start strip, channel
  major: ``index = channel*1681 + (y+20)*41 + (x+20)``.  Channel 0 is the height of the top
  strip / 4; channel 1 is 1 where an empty crate shows; channels 2-6 my rice, vegetables,
  spice, fish, rat showing; channels 7-11 the same for theirs.
* next 12: the same channels summed over the cells outside the window, heights / 40 and the
  rest / 10 (random games stay inside it; a deliberately long line of strips may not).
* next 70: the two drawn strips, 35 each: present, to be placed now, then for each of its
  three crates (as printed) an 11-way one-hot (empty, my five kinds, their five kinds).
* next ``3T``: per strip id, 1 if it is in hand, 1 if placed, 1 if set aside.
* last 14: it is my turn, I am red, pile / T, placed strips / T, my score / 50, their score / 50,
  my visible rats / 10, theirs / 10, my Rat Hot bonus / 10, theirs / 10, Rat Hot rules,
  game over, I lost (3 rats), they lost.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from math import isqrt
from struct import Struct
from typing import Any

import numpy as np

from .content import COLOURS, EMPTY, GOODS, RAT, Content
from .placements import Placements

DIR_ORDER = ("E", "W", "S", "N")
DIR_NUMBER = {d: i for i, d in enumerate(DIR_ORDER)}
WINDOW = 20
SIDE = 2 * WINDOW + 1
AREA = SIDE * SIDE
#: Each spot of the window -> its compact number less the strip count, read forward (E or S;
#: backward, W or N, is one more): what ``CompactActions.numbers_of`` looks up per legal spot.
WINDOW_SPOTS = {(x, y, axis): 4 * ((y + WINDOW) * SIDE + x + WINDOW) + DIR_NUMBER["E" if axis == "h" else "S"]
                for y in range(-WINDOW, WINDOW + 1) for x in range(-WINDOW, WINDOW + 1) for axis in ("h", "v")}
KINDS = (*GOODS, RAT)                      # rice, vegetables, spice, fish, rat
CHANNELS = 2 + 2 * len(KINDS)              # height, empty, mine x5, theirs x5
CRATE_CLASSES = 1 + 2 * len(KINDS)         # empty, mine x5, theirs x5
HAND_SLOT = 2 + 3 * CRATE_CLASSES
SCALARS = 14
#: Where each part of the observation starts: the window's planes at 0, then these.
OUTSIDE = CHANNELS * AREA                  # the channels summed outside the window
HAND = OUTSIDE + CHANNELS                  # the two drawn strips
TILES = HAND + 2 * HAND_SLOT               # per strip id: in hand, placed, set aside
#: Each crate -> its class (0 empty, 1-5 my kinds, 6-10 their kinds, as in KINDS), by my colour.
#: Its board channel is one more (channel 0 is the height).
CRATE_CLASS = {mine: {EMPTY: 0, **{f"{colour} {kind}": 1 + k + (0 if colour == mine else len(KINDS))
                                   for colour in COLOURS for k, kind in enumerate(KINDS)}}
               for mine in COLOURS}


def radius(strips: int) -> int:
    """How far (Manhattan) from (0, 0) the top-left cell of a legal spot can ever be."""
    return 3 * strips + 1


def cell_count(strips: int) -> int:
    r = radius(strips)
    return 2 * r * r + 2 * r + 1


def num_actions(strips: int) -> int:
    return strips + 4 * cell_count(strips)


def cell_index(x: int, y: int, strips: int) -> int:
    """Row by row: for y <= 0 the rows -R..y-1 hold (y+R)^2 cells before (x, y)."""
    r = 3 * strips + 1
    if abs(x) + abs(y) > r:
        raise ValueError(f"({x}, {y}) lies outside the reachable diamond |x|+|y| <= {r}")
    if y <= 0:
        k = y + r
        return k * k + x + k
    # Row-major order reversed is the diamond turned half a circle: (x, y) -> (-x, -y).
    k = r - y
    return 2 * r * r + 2 * r - (k * k - x + k)


def cell_at(index: int, strips: int) -> tuple[int, int]:
    r, total = radius(strips), cell_count(strips)
    if not 0 <= index < total:
        raise ValueError(f"cell index {index} is outside 0..{total - 1}")
    if index < (r + 1) * (r + 1):
        k = isqrt(index)
        return index - k * k - k, k - r
    x, y = cell_at(total - 1 - index, strips)
    return -x, -y


def action_index(action: dict[str, Any], strips: int) -> int:
    kind = action.get("type")
    if kind == "place":
        direction = DIR_NUMBER.get(action["dir"])
        if direction is None:
            raise ValueError(f"'dir' must be one of {', '.join(DIR_ORDER)}; got {action['dir']!r}")
        x, y = action["x"], action["y"]
        r = 3 * strips + 1
        if y <= 0 and abs(x) <= r + y:  # cell_index inlined for the common half: hot in searches
            k = y + r
            return strips + 4 * (k * k + x + k) + direction
        return strips + 4 * cell_index(x, y, strips) + direction
    if kind == "pick":
        tile = action["tile"]
        if not 0 <= tile < strips:
            raise ValueError(f"strip {tile!r} is not a strip id 0..{strips - 1}")
        return tile
    raise ValueError(f"Dschunke actions are 'pick' and 'place'; got type {kind!r}")


def index_action(index: int, strips: int, active: int | None) -> dict[str, Any]:
    """The action numbered ``index``; a place index means the strip ``active`` (to place now)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < num_actions(strips):
        raise ValueError(f"action index must be a whole number 0..{num_actions(strips) - 1}; got {index!r}")
    if index < strips:
        return {"type": "pick", "tile": index}
    if active is None:
        raise ValueError(f"action index {index} places a strip, but no strip is chosen to place now")
    cell, direction = divmod(index - strips, 4)
    x, y = cell_at(cell, strips)
    return {"type": "place", "tile": active, "x": x, "y": y, "dir": DIR_ORDER[direction]}


def observation_size(strips: int) -> int:
    return CHANNELS * AREA + CHANNELS + 2 * HAND_SLOT + 3 * strips + SCALARS


def bounds(content: Content, rat_hot: bool) -> tuple[np.ndarray, np.ndarray]:
    """The least and the most each number of the observation can ever be, for this content.

    Why these hold, with ``T`` strips in the pile and ``C = 3(T + 1)`` strip cells in all (the
    start strip's three included): a column's height is the number of strip cells stacked in
    it (no strip ever lies on air), so a height is at most ``T + 1`` and the heights of all
    visible cells sum to at most ``C``; there are at most ``C`` visible cells, so at most ``C``
    rats or crates of a kind show.  Scores: in Dschunke a colour's groups hold at most ``C``
    crates and ``n(n+1)/2`` grows faster than the sum of its parts, so they score at most
    ``C(C+1)/2``, and each visible rat adds ``rat_penalty`` (negative, or up to +10 by a
    designer's params).  In Rat Hot there are at most ``C/2`` groups of two or more at the
    end and each strip scores at most three groups during play (one per crate), each worth
    ``pair_points`` or ``larger_points``."""
    strips, cells = len(content.tiles), 3 * (len(content.tiles) + 1)
    low = np.zeros(observation_size(strips), dtype=np.float64)
    high = np.ones(observation_size(strips), dtype=np.float64)
    high[:AREA] = (strips + 1) / 4.0                      # a window cell's height / 4
    outside = CHANNELS * AREA
    high[outside] = cells / 40.0                          # heights outside the window, / 40
    high[outside + 1: outside + CHANNELS] = cells / 10.0  # crates of a kind outside, / 10
    per_group = (content.pair_points, content.larger_points)
    best_group, worst_group = max(0, *per_group), min(0, *per_group)
    bonus_high, bonus_low = (3 * strips * best_group, 3 * strips * worst_group) if rat_hot else (0, 0)
    if rat_hot:
        score_high = cells // 2 * best_group + bonus_high
        score_low = cells // 2 * worst_group + bonus_low
    else:
        score_high = cells * (cells + 1) // 2 + cells * max(0, content.rat_penalty)
        score_low = cells * min(0, content.rat_penalty)
    scalars = len(high) - SCALARS
    # turn, red, pile, placed, scores (2), rats (2), bonus (2), Rat Hot, over, lost (2)
    low[scalars + 4: scalars + 6], high[scalars + 4: scalars + 6] = score_low / 50.0, score_high / 50.0
    high[scalars + 6: scalars + 8] = cells / 10.0
    low[scalars + 8: scalars + 10], high[scalars + 8: scalars + 10] = bonus_low / 10.0, bonus_high / 10.0
    return low, high


def encode(view: dict[str, Any]) -> list[float]:
    """The observation vector of ``view`` (layout in the module docstring)."""
    return encode_array(view).tolist()


def encode_array(view: dict[str, Any]) -> np.ndarray:
    """:func:`encode` as a float32 numpy array, built without a 20 000-item Python list
    (``ludoteca.interop`` uses it when a game offers it: it is most of the cost of a step).
    It reads only the documented view keys; it is the definition the writer of
    ``observer.py`` is tested against."""
    seat = view["seat"]
    me = 0 if seat is None else seat
    seats = view["seats"]
    classes = CRATE_CLASS[seats[me]["colour"]]
    strips = view["strips"]
    out = np.zeros(observation_size(strips), dtype=np.float32)
    numbers = memoryview(out)
    for cell in view["cells"]:
        height, channel = cell["height"], 1 + classes[cell["crate"]]
        at = WINDOW_AT.get((cell["x"], cell["y"]))
        if at is not None:
            put_window(numbers, at, height, channel)
        else:
            add_outside(numbers, height, channel)
    for slot, entry in enumerate(view["drawn"][:2]):
        put_slot(numbers, slot, hand_slot(entry["crates"], entry["tile"] == view["to_place"], classes))
    for entry in view["drawn"]:
        numbers[flag_at(strips, IN_HAND, entry["tile"])] = 1.0
    for placement in view["placed"]:
        if placement["tile"] >= 0:  # the start strip, -1, has no flag
            numbers[flag_at(strips, PLACED, placement["tile"])] = 1.0
    for tile in view["set_aside"]:
        numbers[flag_at(strips, SET_ASIDE, tile)] = 1.0
    put_scalars(numbers, scalars(
        me, strips, turn=view["turn"], over=view["is_over"], pile=view["pile_size"], placed=len(view["placed"]),
        scores=view["scores"], rats=[s["rats"] for s in seats], bonus=[s["bonus"] for s in seats],
        rat_hot=view["rules"] == "rat-hot", lost=[s["lost"] for s in seats]))
    return out


# The pieces below write through a memoryview of the float32 array (``memoryview(out)``):
# storing a Python float there rounds it to float32 as numpy does, at a third of the cost of
# numpy's item assignment, and ``observer.py`` writes an observation in a few dozen stores.

#: The flags per strip id, each a run of ``strips`` numbers from TILES on.
IN_HAND, PLACED, SET_ASIDE = range(3)
#: A drawn strip's slot when no strip is drawn there.
EMPTY_SLOT = array("f", bytes(4 * HAND_SLOT))
SCALAR_NUMBERS = Struct(f"{SCALARS}f")
#: Each cell (x, y) of the window -> where it lies in a board plane (cells not listed lie outside).
WINDOW_AT = {(x, y): (y + WINDOW) * SIDE + (x + WINDOW)
             for y in range(-WINDOW, WINDOW + 1) for x in range(-WINDOW, WINDOW + 1)}


def put_window(out: memoryview, at: int, height: int, channel: int) -> None:
    """A visible cell of the window (``at`` from ``WINDOW_AT``): its height and its crate's
    channel (1 + its class), on planes that held nothing there."""
    out[at] = height / 4.0
    out[channel * AREA + at] = 1.0


def add_outside(out: memoryview, height: int, channel: int) -> None:
    """A visible cell outside the window, added to the sums.  They are float32 running totals
    (the float32 scalar keeps numpy's arithmetic), so every writer adds the outside cells in
    the same order, the view's (x, then y), to get the same bits."""
    out[OUTSIDE] = np.float32(out[OUTSIDE]) + height / 40.0
    out[OUTSIDE + channel] = np.float32(out[OUTSIDE + channel]) + 0.1


def hand_slot(crates: Sequence[str], active: bool, classes: dict[str, int]) -> array:
    """The numbers of a drawn strip's slot: present, to be placed now, then a one-hot class
    per crate as printed."""
    numbers = array("f", EMPTY_SLOT)
    numbers[0] = 1.0
    numbers[1] = 1.0 if active else 0.0
    for i, crate in enumerate(crates):
        numbers[2 + i * CRATE_CLASSES + classes[crate]] = 1.0
    return numbers


def put_slot(out: memoryview, slot: int, numbers: array) -> None:
    """Drawn strip ``slot`` (0 or 1): a ``hand_slot``, or EMPTY_SLOT when none is drawn there."""
    start = HAND + slot * HAND_SLOT
    out[start:start + HAND_SLOT] = numbers


def flag_at(strips: int, which: int, tile: int) -> int:
    """Where strip ``tile``'s flag ``which`` (IN_HAND, PLACED or SET_ASIDE) lies."""
    return TILES + which * strips + tile


def scalars(me: int, strips: int, *, turn: int, over: bool, pile: int, placed: int, scores: Sequence[int],
            rats: Sequence[int], bonus: Sequence[int], rat_hot: bool, lost: Sequence[bool]) -> tuple[float, ...]:
    """The last 14 numbers.  ``placed`` counts the start strip; pairs are by seat, red first."""
    other = 1 - me
    return (
        1.0 if (not over and turn == me) else 0.0,
        1.0 if me == 0 else 0.0,
        pile / strips,
        (placed - 1) / strips,
        scores[me] / 50.0, scores[other] / 50.0,
        rats[me] / 10.0, rats[other] / 10.0,
        bonus[me] / 10.0, bonus[other] / 10.0,
        1.0 if rat_hot else 0.0,
        1.0 if over else 0.0,
        1.0 if lost[me] else 0.0,
        1.0 if lost[other] else 0.0,
    )


def put_scalars(out: memoryview, values: tuple[float, ...]) -> None:
    """Store ``scalars`` at the end (packing a float32 rounds as numpy's cast does)."""
    SCALAR_NUMBERS.pack_into(out, 4 * (len(out) - SCALARS), *values)


class CompactActions:
    """The interop default: numbers matched to the observation's board window.

    Why: the full numbering covers every spot the rules could ever list (130 094 numbers), and a
    policy's output layer over it is mostly numbers no real game uses (over 300 random games,
    0.014% of the legal spots lay outside the 41 x 41 window).  Here:

    * ``0 .. T-1``: pick strip ``i``;
    * ``T + 4*((y+20)*41 + (x+20)) + d``: place the strip to place now at ``(x, y)`` of the
      window, ``d`` the index of ``dir`` in ``E, W, S, N`` (the observation's cell order);
    * ``T + 4*41*41``, the last number: place it on a spot outside the window, the first such
      legal spot in the game's order, so that a position whose spots all lie outside still has
      a legal number.  It stands for every outside spot at once (``shared``).
    """

    def __init__(self, game: Any, players: int, options: Any) -> None:
        self.strips = game.strips_in(options)
        self.outside = self.strips + 4 * AREA
        self.size = self.outside + 1
        self.shared = frozenset({self.outside})

    def index(self, state: Any, action: dict[str, Any]) -> int:
        kind = action.get("type")
        if kind == "pick":
            tile = action["tile"]
            if not 0 <= tile < self.strips:
                raise ValueError(f"strip {tile!r} is not a strip id 0..{self.strips - 1}")
            return tile
        if kind != "place":
            raise ValueError(f"Dschunke actions are 'pick' and 'place'; got type {kind!r}")
        direction = DIR_NUMBER.get(action["dir"])
        if direction is None:
            raise ValueError(f"'dir' must be one of {', '.join(DIR_ORDER)}; got {action['dir']!r}")
        x, y = action["x"], action["y"]
        if abs(x) > WINDOW or abs(y) > WINDOW:
            return self.outside
        return self.strips + 4 * ((y + WINDOW) * SIDE + x + WINDOW) + direction

    def numbers_of(self, state: Any, legal: Sequence[dict[str, Any]]) -> list[int]:
        """The number of each action of ``legal`` (the state's legal list), in its order: for
        the placements straight from their spots, with no action built (``index`` per action
        was most of an env step)."""
        if not isinstance(legal, Placements):
            return [self.index(state, action) for action in legal]
        strips, outside, get = self.strips, self.outside, WINDOW_SPOTS.get
        forward = [outside if base is None else strips + base for base in map(get, legal.spots)]
        if not legal.both_ways:
            return forward
        return forward + [number if number == outside else number + 1 for number in forward]

    def action(self, state: Any, number: int) -> dict[str, Any]:
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < self.size:
            raise ValueError(f"action number must be a whole number 0..{self.size - 1}; got {number!r}")
        if number < self.strips:
            return {"type": "pick", "tile": number}
        if state.to_place is None:
            raise ValueError(f"action number {number} places a strip, but no strip is chosen to place now")
        if number == self.outside:
            for action in state.legal_actions(state.turn, copy=False):
                if action["type"] == "place" and max(abs(action["x"]), abs(action["y"])) > WINDOW:
                    return dict(action)
            raise ValueError("no legal spot lies outside the board window now")
        cell, direction = divmod(number - self.strips, 4)
        y, x = divmod(cell, SIDE)
        return {"type": "place", "tile": state.to_place, "x": x - WINDOW, "y": y - WINDOW, "dir": DIR_ORDER[direction]}
