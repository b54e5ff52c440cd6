"""Immunity's observation writer: ``encode(view(seat))`` written straight from the state.

Why it compares sources instead of replaying the actions played since its last write: one
Immunity action can run a long stretch of the turn by itself (a ``done`` may end a phase,
start the next turn, draw cards, reveal Environments and infect), so the actions do not say
cheaply what changed.  The writer keeps instead a copy of what each part of the observation
was last written from (a hand, an Environment's cards, a body's cells...) and rewrites a part
only when its source differs from that copy.  Comparing a few small lists and dicts costs far
less than encoding them, and a move changes only a handful of parts.  Comparing values, not
following one state object (so no :class:`~ludoteca.engine.observation.Follow`), also makes
any state safe to hand over: a clone, a restored copy, a state changed by hand, an earlier
position or another game only rewrite more parts.  (Sharing the encoded parts between the
seats' writers of one state was tried too: at two players the bookkeeping cost what it saved.)

The numbers come from the section functions and the :class:`~.encoding.Layout` that
:func:`.encoding.encode` uses, so only what is read differs, never what a number means.

What the seat may see: hands and face-down Environment cards are the secrets
(:mod:`.hidden`).  The writer reads a hand only for its own seat, and a face-down card's
pathogen only when :func:`.hidden.known_to` the seat, as :func:`.view.public_seat` does;
``tests/interop/test_interop_observation_writers.py`` holds it equal to the encoded view.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import numpy as np

from .encoding import (
    MAX_SEATS,
    body_values,
    environment_values,
    header_values,
    infection_values,
    layout,
    memory_values,
    one_hot,
    tally,
)
from .hidden import known_to


@cache
def _packer(size: int) -> Callable[..., None]:
    """``pack_into(buffer, byte_offset, *numbers)`` for ``size`` float32 numbers: straight into
    the array's memory, a few times faster than numpy's slice assignment from a list, and
    rounded the same way (a C double-to-float cast)."""
    return struct.Struct(f"={size}f").pack_into


@cache
def _packed(numbers: tuple[float, ...]) -> bytes:
    """The float32 bytes of numbers that recur (one-hots, the header): packed once."""
    return struct.pack(f"={len(numbers)}f", *numbers)


@cache
def _header_bytes(turn: int, turns: int, phase: str, stage: str | None, step: str) -> bytes:
    """The header's numbers as float32 bytes (a few hundred headers at most: packed once)."""
    return _packed(tuple(header_values(turn, turns, phase, stage, step)))


@lru_cache(maxsize=8192)
def _scaled_bytes(numbers: tuple[int, ...], divisor: int) -> bytes:
    """The float32 bytes of ``numbers`` divided by ``divisor`` (cells, used cells, damage or
    tumours, as :func:`~.encoding.scaled` gives them): few distinct tuples recur, packed once."""
    return struct.pack(f"={len(numbers)}f", *(number / divisor for number in numbers))


@lru_cache(maxsize=8192)
def _counts_bytes(counts: tuple[int, int]) -> bytes:
    """The float32 bytes of a seat's two hand sizes (each / 10), packed once."""
    return struct.pack("=2f", counts[0] / 10, counts[1] / 10)


@lru_cache(maxsize=8192)
def _environment_bytes(known: tuple[str | None, ...]) -> bytes:
    """The float32 bytes of an Environment as a viewer sees it (``known``: each card's
    pathogen, None when face down to the viewer; :func:`~.encoding.environment_values`)."""
    values = environment_values(known, layout().pathogen_pos)
    return struct.pack(f"={len(values)}f", *values)


@lru_cache(maxsize=8192)
def _infection_bytes(infections: tuple[tuple[str, int], ...]) -> bytes:
    """The float32 bytes of a body's infections, each ``(pathogen, counters)`` in the body's
    order (:func:`~.encoding.infection_values` adds them up in that order)."""
    values = infection_values([{"pathogen": p, "counters": c} for p, c in infections], layout().pathogen_pos)
    return struct.pack(f"={len(values)}f", *values)


@lru_cache(maxsize=8192)
def _body_bytes(body: tuple[int, ...]) -> bytes:
    """The float32 bytes of a body's six numbers (:func:`~.encoding.body_values`), packed once."""
    return struct.pack(f"={len(body)}f", *body_values(body))


#: The source of a part never written yet: equal to nothing, so the first write writes all.
_NEVER: Any = object()


class _Block:
    """One seat's block: where its parts lie (byte offsets into the array) and what each was
    last written from (copies: the state changes its own lists and dicts in place)."""

    __slots__ = ("hand_counts", "environment_1", "environment_2", "infections", "memory",
                 "cells", "cells_used", "damage", "tumours", "defence_bonus", "defence", "health", "body",
                 "at_acting", "at_counts", "at_environment_1", "at_environment_2", "at_infections",
                 "at_memory", "at_cells", "at_cells_used", "at_damage", "at_tumours", "at_body",
                 "at_position")

    def __init__(self, start: int) -> None:
        at = layout()
        for name in self.__slots__:
            setattr(self, name, _NEVER)
        self.at_acting = start + at.acting_flag  # an index: the one number written alone
        for part in ("environment_1", "environment_2", "infections", "memory", "cells", "cells_used",
                     "damage", "tumours", "body", "position"):
            setattr(self, f"at_{part}", 4 * (start + getattr(at, part)))
        self.at_counts = 4 * (start + at.hand_counts)


class ImmunityObserver:
    """One seat's observation (``seat`` None: a spectator's) of any state of ``players``."""

    def __init__(self, players: int, seat: int | None) -> None:
        at = self.at = layout()
        self.players, self.seat = players, seat
        me = self.me = seat if seat is not None else 0
        self.values = np.zeros(at.size, dtype=np.float32)
        self._bytes = memoryview(self.values).cast("B")  # the same memory, byte by byte
        #: Each seat's block: the viewer's first, then around the table.
        self._blocks = [_Block(at.block((s - me) % players)) for s in range(players)]
        for s in range(players):
            self.values[at.block(s) + at.present] = 1.0
        p, m = len(at.pathogen_ids), len(at.medical_ids)
        self._pack_pathogens, self._pack_medical = _packer(p), _packer(m)
        self._pack_environment, self._pack_infections = _packer(p + 1), _packer(2 * p)
        self._pack_cells, self._pack_organs = _packer(len(at.cell_ids)), _packer(len(at.organs))
        self._pack_2, self._pack_body, self._pack_decks = _packer(2), _packer(6), _packer(3)
        self._header: Any = _NEVER
        self._acting: int | None = None  # nobody acting: the zeros the array starts with
        self._hand: Any = _NEVER
        self._order: Any = _NEVER
        self._decks: Any = _NEVER
        self._pathogen_pile, self._medical_pile = _Pile(at.pathogen_pos), _Pile(at.medical_pos)

    def write(self, state: Any) -> np.ndarray:
        """This seat's observation of ``state``, rewriting the parts whose source changed."""
        self._write_turn(state)
        if self.seat is not None:
            self._write_hand(state)
        for s in range(self.players):
            self._write_seat(state, s, self._blocks[s])
        self._write_order(state)
        self._write_piles(state)
        return self.values

    def _put_bytes(self, start: int, data: bytes) -> None:
        self._bytes[4 * start:4 * start + len(data)] = data

    # ---- the parts ---------------------------------------------------------------------------
    def _write_turn(self, state: Any) -> None:
        """Turn, phase, stage and step; the acting seat (header and each block's flag)."""
        at = self.at
        header = (state.turn, state.phase, state.step)
        if header != self._header:
            life_line = state.content.life_line
            stage = life_line[state.turn - 1] if state.turn else None
            self._put_bytes(at.header, _header_bytes(state.turn, len(life_line), state.phase, stage, state.step))
            self._header = header
        to_move = state.to_move
        acting = to_move[0] if to_move else None
        if acting != self._acting:
            before = self._acting
            relative = None if acting is None else (acting - self.me) % self.players
            self._put_bytes(at.acting, _packed(tuple(one_hot(relative))))
            if before is not None:
                self.values[self._blocks[before].at_acting] = 0.0
            if acting is not None:
                self.values[self._blocks[acting].at_acting] = 1.0
            self._acting = acting

    def _write_hand(self, state: Any) -> None:
        """The viewer's own hand (a spectator's part stays zero)."""
        at, me = self.at, self.me
        medical, pathogen = state.medical_hands[me], state.pathogen_hands[me]
        if (medical, pathogen) != self._hand:
            self._pack_medical(self.values, 4 * at.hand_medical, *tally(medical, at.medical_pos))
            self._pack_pathogens(self.values, 4 * at.hand_pathogen, *tally(pathogen, at.pathogen_pos))
            self._hand = (list(medical), list(pathogen))

    def _write_seat(self, state: Any, s: int, k: _Block) -> None:
        """Seat ``s``'s board: each part rewritten only when its source changed.

        The per-cell and per-organ parts and the body are kept as the tuples of numbers they
        are written from (``read_cells`` / ``read_organs`` read one in a C call) and written as
        the float32 bytes of that tuple, packed once per distinct tuple (:func:`_scaled_bytes`):
        a changed part is one look-up and one copy, no list built, no dict copied."""
        at, out, raw = self.at, self.values, self._bytes
        pos = at.pathogen_pos
        counts = (len(state.medical_hands[s]), len(state.pathogen_hands[s]))
        if counts != k.hand_counts:
            data = _counts_bytes(counts)
            raw[k.at_counts:k.at_counts + 8] = data
            k.hand_counts = counts
        viewer = self.seat
        env = state.environment_1[s]
        if env != k.environment_1:
            data = _environment_bytes(tuple(e["pathogen"] if known_to(e, viewer) else None for e in env))
            raw[k.at_environment_1:k.at_environment_1 + len(data)] = data
            k.environment_1 = [dict(e) for e in env]
        env = state.environment_2[s]
        if env != k.environment_2:
            data = _environment_bytes(tuple(e["pathogen"] if known_to(e, viewer) else None for e in env))
            raw[k.at_environment_2:k.at_environment_2 + len(data)] = data
            k.environment_2 = [dict(e) for e in env]
        infections = state.infections[s]
        if infections != k.infections:
            data = _infection_bytes(tuple((i["pathogen"], i["counters"]) for i in infections))
            raw[k.at_infections:k.at_infections + len(data)] = data
            k.infections = [dict(i) for i in infections]
            k.defence = _NEVER
        memory = state.memory[s]
        if memory != k.memory:
            self._pack_pathogens(out, k.at_memory, *memory_values(memory, pos))
            k.memory = list(memory)
        read = at.read_cells
        numbers = read(state.cells[s])
        if numbers != k.cells:
            data = _scaled_bytes(numbers, 3)
            raw[k.at_cells:k.at_cells + len(data)] = data
            k.cells = numbers
            k.defence = _NEVER
        numbers = read(state.cells_used[s])
        if numbers != k.cells_used:
            data = _scaled_bytes(numbers, 3)
            raw[k.at_cells_used:k.at_cells_used + len(data)] = data
            k.cells_used = numbers
        read = at.read_organs
        numbers = read(state.damage[s])
        if numbers != k.damage:
            data = _scaled_bytes(numbers, 10)
            raw[k.at_damage:k.at_damage + len(data)] = data
            k.damage = numbers
            k.health = _NEVER
        numbers = read(state.tumours[s])
        if numbers != k.tumours:
            data = _scaled_bytes(numbers, 3)
            raw[k.at_tumours:k.at_tumours + len(data)] = data
            k.tumours = numbers
        # The body: defence reads the cells, infections and defence bonus, health the damage;
        # each is recomputed only when one of those changed.
        bonus = state.defence_bonus[s]
        if k.defence is _NEVER or bonus != k.defence_bonus:
            k.defence, k.defence_bonus = state.defence(s), bonus
        if k.health is _NEVER:
            k.health = -state.health_penalty(s)
        body = (state.oxygen[s], state.stored_oxygen[s], state.oxygen_bonus[s], bonus, k.defence, k.health)
        if body != k.body:
            data = _body_bytes(body)
            raw[k.at_body:k.at_body + len(data)] = data
            k.body = body

    def _write_order(self, state: Any) -> None:
        """Each seat's place in this turn's order."""
        order = state.order
        if order != self._order:
            for s, k in enumerate(self._blocks):
                self._bytes[k.at_position:k.at_position + 4 * MAX_SEATS] = _packed(tuple(
                    one_hot(order.index(s) if s in order else None)))
            self._order = list(order)

    def _write_piles(self, state: Any) -> None:
        """Deck sizes and the pathogen and medical discard piles."""
        at = self.at
        decks = (len(state.pathogen_deck), len(state.medical_deck), len(state.environment_deck))
        if decks != self._decks:
            self._pack_decks(self.values, 4 * at.decks, decks[0] / 60, decks[1] / 60, decks[2] / 60)
            self._decks = decks
        counts = self._pathogen_pile.update(state.pathogen_discard)
        if counts is not None:
            self._pack_pathogens(self.values, 4 * at.discard_pathogen, *counts)
        counts = self._medical_pile.update(state.medical_discard)
        if counts is not None:
            self._pack_medical(self.values, 4 * at.discard_medical, *counts)


class _Pile:
    """A discard pile's cards per id, kept up as the pile grows.

    Why: a pile only grows between reshuffles, by a card or two a move, and counting it
    afresh each time it grows was a measurable part of a write."""

    def __init__(self, positions: dict[str, int]) -> None:
        self.positions = positions
        self.seen: list[str] | None = None
        self.counts: list[float] = []

    def update(self, pile: list[str]) -> list[float] | None:
        """The counts of ``pile``, or None when it is the pile counted last."""
        seen = self.seen
        if pile == seen:
            return None
        if seen is not None and len(pile) > len(seen) and pile[:len(seen)] == seen:
            for card in pile[len(seen):]:
                self.counts[self.positions[card]] += 1
        else:
            self.counts = tally(pile, self.positions)
        self.seen = list(pile)
        return self.counts
