"""Exact determinization: sample the hidden cards from everything one seat knows.

What is hidden from a seat: the other hands and the cure as dealt, and the colour of every card
that moved in an action it took no part in.  A *world* is one such complete history: a deal of
the 14 cards (cards of one colour told apart, as a shuffle does) plus the colour chosen in each
unseen action.  We sample **uniformly among the worlds consistent with the seat's knowledge
sheet** (equivalently: the exact posterior if the deal is a fair shuffle and every unseen choice
is weighted equally).

How (a forward filter and backward sampling, exact, no rejection):

1. A world's cards at one moment are a count matrix (players + cure) x 4 colours, packed in one
   int, 3 bits a cell.  The deal's prior is every matrix agreeing with the seat's own hand and
   the public hand sizes, weighted by its number of card-level deals (prod 1/n! per hidden
   cell).  There are at most a few hundred (495 with 4 players), enumerated once and cached.
2. Each entry of the seat's knowledge sheet is a step: a constraint (an announced count, a
   whole-colour hand-over, a failed check, the reveal) and/or a move of cards.  Where the seat
   did not see the colour, the step branches over the colours the rules allow; each branch is
   "if these cells are in range, add this delta".  The filter is a dict matrix -> total weight
   of the histories that reach it.
3. Draw the final matrix by weight, then walk back: a step's predecessors are ``w - delta`` for
   each branch whose checks pass and which the previous filter holds, each drawn by its
   forward weight.  That is an exact draw of a whole history.
4. Write that history into the state: the deal, the unseen colours of every log entry, the
   other players' check results, the current hands and the cure.  The seat's own sheet is
   unchanged by construction; the other seats' sheets now tell the sampled story.

The filters are cached per seat on the state (and shared with its clones), so determinizing the
same position again, or a position a few actions later, only runs the new steps.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Protocol

from .content import Content
from .knowledge import TRANSFERS, redact

BITS = 3
MASK = 7


class Table(Protocol):
    """The state data the determinizer reads and rewrites (``Table``; typed loosely
    so this module does not import the state, which imports it)."""

    content: Content
    options: dict[str, Any]
    players: int
    round: int
    phase: str
    active: int
    pharmacist: list[int]
    hands: list[list[int]]
    cure: list[int]
    log: list[dict[str, Any]]
    #: seat -> its forward filter (a :class:`Belief`), shared with clones
    beliefs: dict[Any, Any]


@lru_cache(maxsize=4096)
def _vectors(size: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every count vector of ``size`` cards with at most ``caps[c]`` of colour c."""
    if len(caps) == 1:
        return ((size,),) if size <= caps[0] else ()
    return tuple((v, *rest) for v in range(min(size, caps[0]) + 1) for rest in _vectors(size - v, caps[1:]))


@lru_cache(maxsize=8)  # one per player count with the shipped colours; a few MB each at most
def _all_deals(totals: tuple[int, ...], sizes: tuple[int, ...]) -> dict[Any, dict[int, float]]:
    """Every deal (rows: players then the cure) with its number of card-level deals (up to a
    constant), grouped by (seat, that seat's hand) and under None for a spectator.

    Built once per player count and process (4 players: 10,982 deals, about a quarter of a
    second), so any seat's prior is then a lookup."""
    ncol = len(totals)
    shift = BITS * ncol
    every: dict[int, float] = {}
    layer = [(totals, 0, 1.0, ())]
    for h, size in enumerate(sizes):
        nxt = []
        for left, world, weight, rows in layer:
            for vec in _vectors(size, left):
                packed = 0
                for c, n in enumerate(vec):
                    packed |= n << (BITS * c)
                nxt.append((tuple(a - b for a, b in zip(left, vec, strict=True)), world | packed << (shift * h),
                            weight / math.prod(math.factorial(n) for n in vec), (*rows, vec)))
        layer = nxt
    groups: dict[Any, dict[int, float]] = {None: every}
    for _left, world, weight, rows in layer:
        every[world] = weight
        for seat in range(len(sizes) - 1):
            own = rows[seat]
            # a seat's own hand is certain: drop its factor so weights count the hidden cells
            own_factor = math.prod(math.factorial(n) for n in own)
            groups.setdefault((seat, own), {})[world] = weight * own_factor
    return groups


def prior(totals: tuple[int, ...], sizes: tuple[int, ...], own: int,
          own_hand: tuple[int, ...] | None) -> dict[int, float]:
    """Every count matrix of the deal (rows: players then the cure) with its weight; row
    ``own`` fixed to ``own_hand`` when given (a seat knows its hand)."""
    groups = _all_deals(totals, sizes)
    return groups[None] if own_hand is None else groups[(own, own_hand)]


class _Steps:
    """Turns knowledge-sheet entries into filter steps over packed count matrices."""

    def __init__(self, state: Table) -> None:
        self.content = state.content
        self.pair_optional = state.options["brewing_pair_optional"]
        self.ncol = len(self.content.colours)
        self.cure_row = state.players
        self.units = [[1 << (BITS * (self.ncol * h + c)) for c in range(self.ncol)]
                      for h in range(state.players + 1)]
        self.offs = [[BITS * (self.ncol * h + c) for c in range(self.ncol)]
                     for h in range(state.players + 1)]

    def colours_of(self, medicine_name: str) -> tuple[int, ...]:
        return self.content.colours_of(self.content.medicines.index(medicine_name))

    def other(self, medicine_name: str, x: int) -> int:
        return self.content.other_colour(self.content.medicines.index(medicine_name), x)

    def cure_of(self, w: int) -> list[int]:
        offs = self.offs[self.cure_row]
        return [(w >> o) & MASK for o in offs]

    def row(self, w: int, h: int) -> list[int]:
        return [(w >> o) & MASK for o in self.offs[h]]

    def step(self, e: dict[str, Any]) -> tuple[str, Any] | None:
        """The step for a knowledge-sheet entry, or None if it says nothing about cards.

        ("move", [(choice, delta, checks), ...]): a world ``w`` passing every check
        ``lo <= cell <= hi`` of a candidate becomes ``w + delta`` (cards moved by that choice);
        ("filter", predicate): worlds failing it are dropped."""
        kind = e["k"]
        U, O, content = self.units, self.offs, self.content  # noqa: E741
        if kind in ("inquiring", "feeding"):
            a, b, n = e["by"], e["target"], e["count"]
            xs = [content.colours.index(e["colour"])] if "colour" in e else list(self.colours_of(e["medicine"]))
            cands = []
            for x in xs:
                y = self.other(e["medicine"], x)
                before = n - (x == y)   # the target's count of y before receiving x
                delta = U[b][x] - U[a][x]
                if kind == "feeding":
                    delta += n * (U[a][y] - U[b][y])
                cands.append((x, delta, ((O[a][x], 1, MASK), (O[b][y], before, before))))
            return ("move", cands)
        if kind == "brewing":
            a, b, n = e["by"], e["target"], e["count"]
            pair = content.pairs[content.medicines.index(e["medicine"])]
            if pair is not None:
                # One of each colour of the card the target holds: no choice, but which ones
                # moved is hidden when only one did.
                p, q = pair
                cands = []
                for hp, hq in ((1, 1), (1, 0), (0, 1), (0, 0)):
                    if hp + hq != n or ("cards" in e and (e["cards"][p], e["cards"][q]) != (hp, hq)):
                        continue
                    delta = hp * (U[a][p] - U[b][p]) + hq * (U[a][q] - U[b][q])
                    checks = ((O[b][p], hp, MASK if hp else 0), (O[b][q], hq, MASK if hq else 0))
                    cands.append(((hp, hq), delta, checks))
                return ("move", cands)
            if n == 0:
                if self.pair_optional:  # declining says nothing about the target's hand
                    return None
                return ("move", [(None, 0, tuple((O[b][c], 0, 1) for c in range(self.ncol)))])
            xs = [e["cards"].index(2)] if "cards" in e else list(range(self.ncol))
            return ("move", [(x, 2 * (U[a][x] - U[b][x]), ((O[b][x], 2, MASK),)) for x in xs])
        if kind == "appealing":
            a, b, n = e["by"], e["target"], e["count"]
            allowed = self.colours_of(e["medicine"])
            if n == 0:
                return ("move", [(None, 0, tuple((O[b][c], 0, 0) for c in allowed))])
            xs = [content.colours.index(e["colour"])] if "colour" in e else list(allowed)
            return ("move", [(x, n * (U[a][x] - U[b][x]), ((O[b][x], n, n),)) for x in xs])
        if kind == "check":
            medicine, right = content.medicines.index(e["card"]), e["correct"]
            known = e.get("cure")
            if known is not None:
                return ("filter", lambda w: self.cure_of(w) == known)
            return ("filter", lambda w: content.matches(self.cure_of(w), medicine) == right)
        if kind == "reveal":
            cure = e["cure"]
            return ("filter", lambda w: self.cure_of(w) == cure)
        return None

    def holds_any(self, seat: int, colours: tuple[int, ...]) -> Any:
        offs = self.offs[seat]
        return lambda w: any((w >> offs[c]) & MASK for c in colours)


class Belief:
    """The forward filter over one seat's knowledge sheet (immutable once built; extended by
    copying the lists, so clones that share it never see each other's later steps)."""

    __slots__ = ("round", "entries", "filters", "steps")

    def __init__(self, round_no: int, entries: list[dict[str, Any]], filters: list[dict[int, float]],
                 steps: list[Any]) -> None:
        self.round, self.entries, self.filters, self.steps = round_no, entries, filters, steps


def _belief(state: Table, seat: int | None, sheet: list[dict[str, Any]], steps: _Steps) -> Belief:
    """The filter for ``sheet``, reusing a cached one for a prefix of it."""
    cache = state.beliefs
    old = cache.get(seat)
    if old is not None and old.round == state.round and len(old.entries) <= len(sheet) \
            and old.entries == sheet[:len(old.entries)]:
        entries, filters, steps_ = list(old.entries), list(old.filters), list(old.steps)
    else:
        deal = sheet[0]
        sizes = tuple(deal["sizes"]) + (state.content.cure_cards,)
        own = tuple(deal["hand"]) if seat is not None else None
        own_seat = -1 if seat is None else seat
        entries, filters, steps_ = [deal], [prior(state.content.totals, sizes, own_seat, own)], [None]
    for i in range(len(entries), len(sheet)):
        e = sheet[i]
        entries.append(e)
        step = steps.step(e)
        current = filters[-1]
        if step is None:
            filters.append(current)
            steps_.append(None)
            continue
        kind, how = step
        if kind == "filter":
            filters.append({w: p for w, p in current.items() if how(w)})
        else:
            new: dict[int, float] = {}
            get = new.get
            for w, p in current.items():
                for _x, delta, checks in how:
                    for off, lo, hi in checks:
                        v = (w >> off) & MASK
                        if v < lo or v > hi:
                            break
                    else:
                        w2 = w + delta
                        new[w2] = get(w2, 0.0) + p
            filters.append(new)
        steps_.append(step)
        if not filters[-1]:
            raise RuntimeError(f"herbalism: knowledge sheet of seat {seat} is inconsistent at entry {i}: {e}")
    result = Belief(state.round, entries, filters, steps_)
    cache[seat] = result
    return result


def warm(state: Table, seat: int | None) -> None:
    """Build (or extend) ``seat``'s cached filter on ``state``."""
    _belief(state, seat, [redact(e, seat) for e in state.log], _Steps(state))


def _final(state: Table, seat: int | None) -> tuple[Belief, _Steps, dict[int, float]]:
    steps = _Steps(state)
    belief = _belief(state, seat, [redact(e, seat) for e in state.log], steps)
    final = belief.filters[-1]
    # A public fact not yet in the log: whoever is about to give (Inquiring/Feeding) holds a
    # card of a colour of their medicine card, or the action would not have been legal.
    if state.phase == "give":
        medicine = state.content.medicines[state.pharmacist[state.active]]
        holds = steps.holds_any(state.active, steps.colours_of(medicine))
        final = {w: p for w, p in final.items() if holds(w)}
    return belief, steps, final


def distribution(state: Table, seat: int | None) -> dict[tuple[tuple[int, ...], ...], float]:
    """The exact probability of each current deal (hands..., cure) given ``seat``'s knowledge:
    tests compare it with brute force; bots may read marginals (e.g. of the cure) from it."""
    belief, steps, final = _final(state, seat)
    total = sum(final.values())
    return {tuple(tuple(steps.row(w, h)) for h in range(state.players + 1)): p / total
            for w, p in final.items()}


def cure_marginal(state: Table, seat: int | None) -> dict[tuple[int, ...], float]:
    """The exact chance of each cure (its count per colour) given ``seat``'s knowledge: the
    consistent worlds' weights summed by their cure row.  The sharp heuristic reads it
    (heuristic.sharp_cure_odds); it costs one pass over the filter's worlds (a few hundred)."""
    _belief_, steps, final = _final(state, seat)
    shift = steps.offs[steps.cure_row][0]
    by_row: dict[int, float] = {}
    for w, p in final.items():
        row = w >> shift  # the cure is the last row: the bits above it are all zero
        by_row[row] = by_row.get(row, 0.0) + p
    total = sum(by_row.values())
    return {tuple(steps.cure_of(row << shift)): p / total for row, p in by_row.items()}


def resample(state: Table, seat: int | None, rng: random.Random) -> None:
    """Replace everything ``seat`` cannot know with an exact draw from its consistent worlds."""
    belief, steps, final = _final(state, seat)
    worlds = list(final)
    w = rng.choices(worlds, weights=list(final.values()))[0] if len(worlds) > 1 else worlds[0]
    now = w
    n = len(belief.entries)
    before: list[int] = [0] * n
    choice: list[Any] = [None] * n
    for t in range(n - 1, 0, -1):
        step = belief.steps[t]
        if step is None or step[0] == "filter":
            before[t] = w
            continue
        previous = belief.filters[t - 1]
        preds, weights = [], []
        for x, delta, checks in step[1]:
            pw = w - delta   # undo the move; a world the filter knows and whose checks pass
            if pw in previous and all(lo <= (pw >> off) & MASK <= hi for off, lo, hi in checks):
                preds.append((pw, x))
                weights.append(previous[pw])
        prev, x = preds[0] if len(preds) == 1 else rng.choices(preds, weights=weights)[0]
        before[t], choice[t] = prev, x
        w = prev
    _write(state, seat, steps, w, now, before, choice)


def _write(state: Table, seat: int | None, steps: _Steps, deal: int, now: int,
           before: list[int], choice: list[Any]) -> None:
    """Put the sampled history into ``state``: deal, unseen colours, checks, hands and cure."""
    content, players = state.content, state.players
    names = content.colours
    cure = steps.cure_of(deal)
    state.log[0]["hands"] = [steps.row(deal, h) for h in range(players)]
    state.log[0]["cure"] = list(cure)
    for t in range(1, len(state.log)):
        e = state.log[t]
        kind = e["k"]
        if kind == "check" and e["seat"] != seat:
            e["cure"] = list(cure)
        if kind not in TRANSFERS or seat in (e["by"], e["target"]):
            continue
        x = choice[t]
        if kind in ("inquiring", "feeding"):
            e["colour"] = names[x]
            e["counted" if kind == "inquiring" else "returned"] = names[steps.other(e["medicine"], x)]
        elif kind == "appealing":
            e["colour"] = None if x is None else names[x]
        else:
            cards = [0] * len(names)
            pair = content.pairs[content.medicines.index(e["medicine"])]
            if pair is not None:
                cards[pair[0]], cards[pair[1]] = x
            elif x is not None:
                cards[x] = 2
            e["cards"] = cards
    state.hands = [steps.row(now, h) for h in range(players)]
    state.cure = steps.cure_of(now)
    # Other seats' sheets now tell the sampled story: their cached filters no longer apply.
    state.beliefs = {s: b for s, b in state.beliefs.items() if s == seat}
