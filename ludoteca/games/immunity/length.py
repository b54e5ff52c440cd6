"""The most actions an Immunity game can take (``Game.max_game_length``), argued from the rules.

OpenSpiel sizes its buffers and truncates games by this number, so it must hold for *every*
legal game with these players and options, never only for the games a sample happened to play.
Every count below is read from the content of the options (``params`` included) and the
``cell_cap`` option; the other options only change which actions are legal, not how many.

The argument.  A game is ``T = len(life_line)`` turns (at most ``content.MAX_TURNS``); it never
ends early.  A turn has five phases and in each one every seat has exactly one part (the queue
is filled once, on entering the phase, and only shrinks).  Set-up asks nobody anything.  A part
ends with at most one ``done`` or medical card (a medical card ends the part); besides that:

* phase 1: after it, ``discard`` one card at a time while the hand is over the hand limit;
* phase 2: ``buy``s.  Each one takes a step of the per-type cap (``cells`` with ``cell_cap =
  owned``, ``cells_bought``, reset at the part's start, with ``per_turn``), and nothing lowers
  either during phase 2 (cells die only in phase 3 and in phase 1's environment cards), so a
  cost-0 cell cannot be bought again and again: at most ``cap`` per type;
* phase 3: ``clear`` / ``clear_tumour``.  Each one uses a cell (counted in ``cells_used``, or the
  cell dies), and nothing gives a cell during phase 3 (a ``gain_cell`` card ends the part): at
  most the cells owned, of the types that can act, when the part begins;
* phases 4 and 5: one ``spread`` / ``spread_card`` / ``expose``, which ends the phase's own
  step (only ``done`` or a medical card remain): at most 1.

Hence per seat: ``7 T + discards + buys + clears``, times the seats.  No part can loop: every
action but ``done`` and the medical cards uses up something that the part cannot get back
(a card of the hand, a step of the cap, an unused cell, the phase's one placement).

* Discards: cards reach a hand only at set-up and at the start of a turn (draws and the
  environment cards' draws), and phase 1 leaves every hand at most the hand limit, so the
  most a hand can hold at turn ``t`` follows ``h = min(all cards, h + draws_t)``, with
  ``max(0, h - limit)`` discards, then ``h = min(h, limit)``; the set-up hand starts it.
* Buys, over the whole game per type: at most ``cap`` a turn; with ``owned`` also at most
  ``cap - start`` plus every cell of the type lost (``0 <= start + bought + gained - lost <=
  cap``), where a turn loses at most its environment cards' ``lose_cell`` and, for a cell that
  dies when it acts, the ``cap`` cells it can hold in phase 3.  So a cell that neither dies
  nor is lost to an environment card is bought at most ``cap - start`` times in a game.
* Clears: with ``owned``, at most ``cap`` cells of each acting type (``start <= cap`` is checked
  and buying, environment and medical gains all stop at the cap).  With ``per_turn`` cells
  may pile up: at turn ``t`` at most ``start`` plus, for each turn so far, ``cap`` bought, the
  environment cards' gains and ``min(5, copies)`` ``gain_cell`` cards (each physical card is
  played at most once a turn, since cards reach hands only at its start), every gain cut to
  ``cap`` by ``Body.cap_left``.

Only cards that can be dealt (``copies > 0``) count.  (The turn-order die is re-rolled by the
game itself until one seat is highest; that takes no action, so it is not counted.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import Cell, Content, EnvironmentEffect, content_for
from .phases import NUMBERS

#: A seat's parts a turn: one per phase, each closed by at most one ``done`` or medical card.
PARTS_PER_TURN = len(NUMBERS)
#: Phase 4's spread and phase 5's exposure: at most one placement each, per seat and turn.
PLACEMENTS_PER_TURN = 2


def _live_effects(c: Content, stage: str) -> list[EnvironmentEffect]:
    """The effects at ``stage`` of the environment cards that can be dealt (copies > 0)."""
    return [c.environment_effects[k, stage] for k in c.environment_ids if c.environment[k]["copies"] > 0]


def _acts(cell: Cell) -> bool:
    """Whether a cell can ever be assigned in phase 3 (``ImmuneResponse._clear_actions``)."""
    return bool(cell.clear > 0 and cell.clears) or cell.clears_tumours > 0


def discards(c: Content) -> list[int]:
    """The most cards one seat discards in each turn's phase 1 (one entry per turn)."""
    rules, envs = c.rules, c.rules["environment_cards"]
    cards = sum(p.copies for p in c.pathogens.values()) + sum(m.copies for m in c.medical.values())
    limit = rules["hand_limit"]
    hand = min(cards, rules["setup_medical"] + rules["setup_pathogen"])
    found = []
    for stage in c.life_line:
        env_draw = max((e.draw_medical + e.draw_pathogen for e in _live_effects(c, stage)), default=0)
        hand = min(cards, hand + rules["draw_medical"] + rules["draw_pathogen"] + envs * env_draw)
        found.append(max(0, hand - limit))
        hand = min(hand, limit)
    return found


def buys_per_part(c: Content) -> int:
    """The most ``buy`` actions in one phase-2 part: the cap for every cell type."""
    return c.rules["max_cells_per_type"] * len(c.cell_ids)


def buys(c: Content, per_turn_cap: bool) -> dict[str, int]:
    """The most cells of each type one seat buys in the whole game."""
    cap, envs, turns = c.rules["max_cells_per_type"], c.rules["environment_cards"], len(c.life_line)
    found = {}
    for cid, cell in c.cells.items():
        every_turn = turns * cap
        if per_turn_cap:
            found[cid] = every_turn
            continue
        lost = 0
        for stage in c.life_line:
            lose = max((g for e in _live_effects(c, stage) for k, _, g in e.cells if k == cid), default=0)
            lost += envs * min(cap, lose) + (cap if cell.dies_on_use and _acts(cell) else 0)
        found[cid] = min(every_turn, cap - cell.start + lost)
    return found


def clears(c: Content, per_turn_cap: bool) -> list[int]:
    """The most ``clear`` / ``clear_tumour`` actions in one seat's phase-3 part, per turn."""
    cap, envs = c.rules["max_cells_per_type"], c.rules["environment_cards"]
    acting = [cid for cid, cell in c.cells.items() if _acts(cell)]
    if not per_turn_cap:
        return [cap * len(acting)] * len(c.life_line)
    owned = {cid: c.cells[cid].start for cid in acting}
    found = []
    for stage in c.life_line:
        for cid in acting:
            env_gain = max((g for e in _live_effects(c, stage) for k, g, _ in e.cells if k == cid), default=0)
            cards = [m for m in c.medical.values() if m.effect == "gain_cell" and m.cell == cid and m.copies > 0]
            plays = min(PARTS_PER_TURN, sum(m.copies for m in cards))
            card_gain = min(cap, max((m.amount for m in cards), default=0))
            owned[cid] += cap + envs * min(cap, env_gain) + plays * card_gain
        found.append(sum(owned.values()))
    return found


def per_seat(c: Content, per_turn_cap: bool) -> dict[str, int]:
    """The bound for one seat, by kind of action (the total is the sum of the values)."""
    turns = len(c.life_line)
    return {"done or medical": PARTS_PER_TURN * turns, "spread or expose": PLACEMENTS_PER_TURN * turns,
            "discard": sum(discards(c)), "buy": sum(buys(c, per_turn_cap).values()),
            "clear": sum(clears(c, per_turn_cap))}


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    """The most actions of a game with ``players`` and these resolved ``options`` (see above)."""
    c = content_for(options.get("params") or None)
    per_turn_cap = options.get("cell_cap", "owned") == "per_turn"
    return players * sum(per_seat(c, per_turn_cap).values())
