"""The normal bot's look-ahead (``Game.greedy_values``) worked out from the board's groups.

GreedyBot values each of some 400 placements by laying the strip on a copy of the position
and scoring the copy.  A placement changes the scores only where its three cells are: the
groups holding a covered crate lose those cells (and may fall apart), and each new goods crate
joins its equal neighbours.  So the score after any placement is the score now plus what the
strip breaks and joins, which this module reads from the board's groups (``Board.goods_groups``)
without copying anything:

* per spot, what covering its three cells breaks (``Cover``): it depends on the board alone,
  so both ways of laying a strip, both drawn strips and every determinization share it
  (``Board.memo``);
* per placement, which groups the new crates join (``SpotReader.after``);
* per decision, what follows the placement (``Turn``): the other drawn strip is next, or the
  turn ends (the rats' verdict in Rat Hot, the next draw, or the end of the game).

The numbers are exactly those of the state's own scores and heuristic (``heuristic.value``),
which the tests check against the clone-and-play path on many positions.  Where a placement
leads to a further look through the chain, that placement is played on a clone after all.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ludoteca.engine import Action

from . import heuristic
from .board import Board, Cell, Spot, footprint
from .content import COLOURS, GOODS, GOODS_CRATES, RAT, Content
from .placements import BACKWARD, FORWARD, Placements
from .scoring import end_scores, group_points

Value = tuple[float, float]
#: A group next to a spot, as the new crates may join it: (key, size, points); the key tells
#: the groups apart (``id`` of an untouched group, a negative number for what is left of a
#: broken one).
Neighbour = tuple[int, int, int]
#: Each goods crate -> the seat of its colour (red is seat 0).
OWNER = {crate: COLOURS.index(crate.split(" ", 1)[0]) for crate in GOODS_CRATES}
RATS = tuple(f"{colour} {RAT}" for colour in COLOURS)
#: The spots along a strip's axis and across it that share a cell with it: the most spots a
#: placement can take away from the legal ones (it only adds the rest).
OVERLAPPING_SPOTS = 14
NOBODY_LOST = [False, False]


class Cover(NamedTuple):
    """What covering a spot's three cells does, whatever the strip: ``delta`` per seat (the
    points of the groups that lose a cell replaced by those of what is left of them), the
    groups next to each cell by crate (``beside[i][crate]``), and the rats and goods covered
    per seat."""

    delta: tuple[int, int]
    beside: tuple[dict[str, tuple[Neighbour, ...]], ...]
    rats: tuple[int, int]
    goods: tuple[int, int]


class SpotReader:
    """Reads placements on one board, for one rule set's scoring (``points``)."""

    def __init__(self, board: Board, content: Content, rat_hot: bool) -> None:
        # Copies, not the board's own: every copy of the board shares the memo that keeps this
        # reader, and the board it was made on may be laid on later (it then starts a new memo).
        self.top = board.top.copy()
        self.groups = board.goods_groups().copy()
        self.content, self.rat_hot = content, rat_hot
        #: the groups' points per seat now, without Rat Hot's points scored during play
        self.totals = end_scores(board, content, rat_hot)
        self.spots: dict[Spot, Cover] = {}

    @classmethod
    def of(cls, board: Board, content: Content, rat_hot: bool) -> SpotReader:
        """The reader kept in ``board.memo`` (boards of other rule sets may share a memo: a new
        game's board is a copy of one start board, so the key names the scoring)."""
        key = ("spots", rat_hot, content.min_group, content.rat_penalty, content.pair_points, content.larger_points)
        reader = board.memo.get(key)
        if reader is None:
            reader = board.memo[key] = cls(board, content, rat_hot)
        return reader

    def points(self, size: int) -> int:
        return group_points(size, self.content, self.rat_hot)

    def spot(self, spot: Spot) -> Cover:
        found = self.spots.get(spot)
        if found is None:
            found = self.spots[spot] = self._cover(footprint(*spot))
        return found

    def _cover(self, cells: tuple[Cell, Cell, Cell]) -> Cover:
        """What covering ``cells`` breaks: every group holding one of them loses it, and what is
        left of it (one piece or several) scores on its own unless a new crate joins it."""
        top, groups = self.top, self.groups
        delta = [0, 0]
        pieces: dict[Cell, Neighbour] = {}
        broken = {id(g): g for g in (groups.get(cell) for cell in cells) if g is not None}
        for group in broken.values():
            owner = OWNER[top[next(iter(group))][2]]
            delta[owner] -= self.points(len(group))
            for piece in _pieces(set(group).difference(cells)):
                neighbour = (-1 - len(pieces), len(piece), self.points(len(piece)))
                delta[owner] += neighbour[2]
                pieces.update(dict.fromkeys(piece, neighbour))
        beside = []
        for x, y in cells:
            near: dict[str, dict[int, Neighbour]] = {}
            for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cell in cells:
                    continue
                neighbour = pieces.get(cell)
                if neighbour is None:
                    group = groups.get(cell)
                    if group is None:
                        continue
                    neighbour = (id(group), len(group), self.points(len(group)))
                near.setdefault(top[cell][2], {})[neighbour[0]] = neighbour
            beside.append({crate: tuple(found.values()) for crate, found in near.items()})
        covered = [top[cell][2] for cell in cells if cell in top]
        return Cover((delta[0], delta[1]), tuple(beside),
                     (covered.count(RATS[0]), covered.count(RATS[1])),
                     (sum(OWNER.get(c) == 0 for c in covered), sum(OWNER.get(c) == 1 for c in covered)))

    def after(self, spot: Cover, strip: Laid) -> tuple[int, int, int, int]:
        """The scores per seat after laying ``strip`` on ``spot`` (``scoring.end_scores``: the
        groups, and in Dschunke the rats), and Rat Hot's points scored at once for the groups
        the strip forms or changes (``scoring.groups_touched``).  Each run of equal goods of
        the strip joins the equal groups next to it; when the first and last runs are of the
        same crate (``merge``), a group next to both joins them into one."""
        delta = list(spot.delta)
        if not self.rat_hot:
            penalty = self.content.rat_penalty
            delta[0] += penalty * (strip.rats[0] - spot.rats[0])
            delta[1] += penalty * (strip.rats[1] - spot.rats[1])
        bonus = [0, 0]
        beside = spot.beside
        joined: list[tuple[str, int, dict[int, Neighbour]]] = []
        for crate, cells in strip.runs:
            found: dict[int, Neighbour] = {}
            for i in cells:
                for neighbour in beside[i].get(crate, ()):
                    found[neighbour[0]] = neighbour
            joined.append((crate, len(cells), found))
        if strip.merge and joined[0][2].keys() & joined[-1][2].keys():
            crate, size, found = joined.pop()
            first = joined[0]
            joined[0] = (crate, first[1] + size, {**first[2], **found})
        for crate, size, found in joined:
            owner = OWNER[crate]
            for _, grown, points in found.values():
                size += grown
                delta[owner] -= points
            delta[owner] += self.points(size)
            if self.rat_hot and size >= 2:
                bonus[owner] += self.points(size)
        totals = self.totals
        return totals[0] + delta[0], totals[1] + delta[1], bonus[0], bonus[1]


def _pieces(cells: set[Cell]) -> list[set[Cell]]:
    """``cells`` split into orthogonally connected pieces."""
    pieces = []
    while cells:
        start = cells.pop()
        piece, frontier = {start}, [start]
        while frontier:
            x, y = frontier.pop()
            for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cell in cells:
                    cells.discard(cell)
                    piece.add(cell)
                    frontier.append(cell)
        pieces.append(piece)
    return pieces


class Laid(NamedTuple):
    """A strip read one way: its crates as they land on the footprint, the runs of equal goods
    among them, whether the first and last run may join through a neighbour, and its rats and
    goods per seat."""

    crates: tuple[str, str, str]
    runs: tuple[tuple[str, tuple[int, ...]], ...]
    merge: bool
    rats: tuple[int, int]
    goods: tuple[int, int]


def laid(crates: list[str]) -> Laid:
    """``crates`` (as they land on the footprint's cells, in order) read as a ``Laid``."""
    runs: list[tuple[str, list[int]]] = []
    for i, crate in enumerate(crates):
        if crate not in GOODS_CRATES:
            continue
        if runs and runs[-1][0] == crate and runs[-1][1][-1] == i - 1:
            runs[-1][1].append(i)
        else:
            runs.append((crate, [i]))
    merge = len(runs) > 1 and runs[0][0] == runs[-1][0]
    return Laid(tuple(crates), tuple((c, tuple(cells)) for c, cells in runs), merge,  # type: ignore[arg-type]
                (crates.count(RATS[0]), crates.count(RATS[1])),
                (sum(OWNER.get(c) == 0 for c in crates), sum(OWNER.get(c) == 1 for c in crates)))


class Turn:
    """What follows a placement by ``seat`` in ``state``, the same for every spot: the other
    drawn strip is next, or the turn ends (Rat Hot's rats judged, the next strips drawn from
    the determinized pile, or the game over)."""

    def __init__(self, state: Any, seat: int) -> None:
        self.seat = seat
        self.bonus = state.bonus
        self.limit = state.content.rat_limit if state.rat_hot else None
        self.shown = state.board.shown
        self.tie_break = state.options["tie_break"] == "goods"
        rest = [tile for tile in state.drawn if tile != state.to_place]
        self.continues = bool(rest)
        pile = state.pile
        coming = rest or [pile[-1 - i] for i in range(min(2, len(pile)))]
        self.over = not coming
        # The strip laid last this turn: the other drawn one, or the next seat's lone strip.
        self.last = state.strip(coming[0]) if len(coming) == 1 else []

    def value(self, totals: tuple[int, int, int, int], spot: Cover, strip: Laid) -> Value:
        """``greedy_value`` of the position after laying ``strip`` on ``spot``, whose scores
        are ``totals`` (``SpotReader.after``): the same ``heuristic.value`` the state's own
        evaluation computes, with the scores, rats and verdicts the placement brings about."""
        seat, bonus, limit = self.seat, self.bonus, self.limit
        scores = [totals[0] + bonus[0] + totals[2], totals[1] + bonus[1] + totals[3]]
        rats: list[int] = []
        if limit is not None:
            shown = self.shown
            rats = [shown[RATS[s]] - spot.rats[s] + strip.rats[s] for s in (0, 1)]
            if not self.continues and rats[seat] >= limit:
                # Rat Hot: ending the turn showing the limit loses at once.
                return 0.0, heuristic.value(seat, [seat == 0, seat == 1], scores, limit, True, _unasked)
        if self.over:
            share = self._share(scores, spot, strip)
            return 2.0 * share, heuristic.value(seat, NOBODY_LOST, scores, limit, True, _unasked)
        return 1.0, heuristic.value(seat, NOBODY_LOST, scores, limit, False,
                                    lambda: heuristic.with_last_strip(rats, list(COLOURS), self.last))

    def _share(self, scores: list[int], spot: Cover, strip: Laid) -> float:
        """The seat's win share at the end of the game (``DschunkeState.winners``)."""
        if scores[0] != scores[1]:
            return 1.0 if scores[self.seat] > scores[1 - self.seat] else 0.0
        if self.tie_break:
            shown = self.shown
            goods = [sum(shown[f"{COLOURS[s]} {good}"] for good in GOODS) - spot.goods[s] + strip.goods[s]
                     for s in (0, 1)]
            if goods[0] != goods[1]:
                return 1.0 if goods[self.seat] > goods[1 - self.seat] else 0.0
        return 0.5


def _unasked() -> list[int]:
    """The rats, where ``heuristic.value`` does not ask for them (a decided game, or Dschunke)."""
    return []


def greedy_values(state: Any, seat: int, budget: int, depth: int) -> list[Value] | None:
    """``Game.greedy_values`` for Dschunke: a pick is played on a clone (there are two), the
    placements are read from the board."""
    if state.phase == "pick":
        values = []
        for action in state.legal_actions(seat, copy=False):
            child = state.clone()
            child.apply_trusted(seat, action)
            values.append(chain_value(child, seat, budget, depth))
        return values
    if state.phase == "place":
        return placement_values(state, seat, budget, depth)
    return None


def chain_value(state: Any, seat: int, budget: int, depth: int) -> Value:
    """``ludoteca.bots.values.chain_value``, its look through the chain read from the board."""
    if depth <= 0 or state.is_over or seat not in state.to_move or budget < 2:
        return greedy_value(state, seat)
    count = len(state.legal_actions(seat, copy=False))
    if count > budget:
        return greedy_value(state, seat)
    values = greedy_values(state, seat, budget // count, depth - 1)
    assert values is not None
    return max(values)


def greedy_value(state: Any, seat: int) -> Value:
    """``ludoteca.bots.values.greedy_value``: a decided game outranks any heuristic value."""
    if state.is_over:
        winners = state.winners
        return 2.0 * (1.0 / len(winners) if seat in winners else 0.0), heuristic.evaluate_state(state, seat)
    return 1.0, heuristic.evaluate_state(state, seat)


def placement_values(state: Any, seat: int, budget: int, depth: int) -> list[Value]:
    """Every placement of the strip to place now, forward then backward (``Placements``)."""
    legal = state.legal_actions(seat, copy=False)
    assert isinstance(legal, Placements)
    spots = legal.spots
    reader = SpotReader.of(state.board, state.content, state.rat_hot)
    turn = Turn(state, seat)
    strip = state.strip(legal.tile)
    ways = [(FORWARD, laid(strip))]
    if legal.both_ways:
        ways.append((BACKWARD, laid(strip[::-1])))
    through = depth >= 1 and budget >= 2 and turn.continues and _may_look_through(state, budget)
    values: list[Value] = []
    read, after, value = reader.spot, reader.after, turn.value
    for direction, way in ways:
        for spot in spots:
            if through:
                values.append(_played(state, seat, legal.tile, spot, direction, budget, depth))
                continue
            found = read(spot)
            values.append(value(after(found, way), found, way))
    return values


def _may_look_through(state: Any, budget: int) -> bool:
    """Whether some placement of the first strip may leave few enough placements of the second
    (at most ``budget``) for the bot to look through them: a placement takes away at most
    ``OVERLAPPING_SPOTS`` spots, so with more spots left than that the answer is no."""
    other = next(tile for tile in state.drawn if tile != state.to_place)
    crates = state.strip(other)
    fewest = (len(state.board.spots) - OVERLAPPING_SPOTS) * (2 if crates[0] != crates[2] else 1)
    return fewest <= budget


def _played(state: Any, seat: int, tile: int, spot: Spot, direction: dict[str, str], budget: int,
            depth: int) -> Value:
    """A placement played on a clone, for the rare look through the second strip's placements
    (the first turns of a game, when few spots are open)."""
    x, y, axis = spot
    action: Action = {"type": "place", "tile": tile, "x": x, "y": y, "dir": direction[axis]}
    child = state.clone()
    child.apply_trusted(seat, action)
    return chain_value(child, seat, budget, depth)
