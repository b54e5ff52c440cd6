"""The normal bot's judgement of a position: ``evaluate(view, seat)``, from the seat's view only.

Own health against the best opponent's, plus defences and minus looming harm.  Health, cells,
infections, tumours and environment sizes are public (``seats``); nothing secret is read, so
a bot using it can never cheat.  The keys are the documented view keys (docs/games/immunity.md).

Cells are valued by what each type does for the turns that are left (clearing, tumours,
oxygen, storage, memory, defence), read from this game's content (the view's ``params``), and
oxygen still to spend is worth :data:`OXYGEN` a unit.  So in phase 2 buying a cell is worth
its use minus its price: the bot buys the best value for money first, a dearer cell is bought
less, and every type is bought when it pays (the balance lab measures prices with this bot).
"""

from __future__ import annotations

import functools
from typing import Any

from .content import Content, content_of
from .phases import number_of

#: What one unit of oxygen to spend is worth, in units of organ damage: a cell's price is
#: weighed against its use at this rate.
OXYGEN = 0.3
#: Worth of a clearing cell's counter removed per use; doubled while an infection it attacks
#: is present.
CLEAR = 0.25
#: Worth of a tumour counter removed per use (NK cells), doubled while a tumour is present.
TUMOUR = 0.2
#: Worth of immune memory per phase 3 left (the first memory cell only: one is enough).
MEMORY = 0.3
#: Phase 3s a persistent cell's clearing is counted for (further ahead is too uncertain).
HORIZON = 3
#: Every cell counts a little for itself (it is on the board, and cards may use it).
BASE = 0.1
#: The k-th copy of a type adds 1 / (1 + SATURATION * k) of the first one's worth.
SATURATION = 0.4


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Higher is better for ``seat``; in units of organ damage."""
    return _value(view, view["seats"], seat, content_of(view.get("params") or None))


def evaluate_state(state: Any, seat: int) -> float:
    """``evaluate(state.view(seat), seat)`` without building the view: the same number.

    Why: the search bots value thousands of positions per decision, and a full view (every
    body, discard pile and placed card copied) cost three times the evaluation.  This reads
    the same public numbers and ``seat``'s own board straight from the state, nothing hidden
    (hands, face-down cards and decks are never read); tests/games/immunity/test_immunity_evaluate_state.py
    checks it equals ``evaluate`` of the view on every position of random games."""
    boards = [_board(state, s, s == seat) for s in range(state.players)]
    info = {"turns": len(state.content.life_line), "turn": state.turn, "phase_number": number_of(state.phase)}
    return _value(info, boards, seat, state.content)


def _board(state: Any, s: int, mine: bool) -> dict[str, Any]:
    """The part of ``public_seat`` (view.py) that ``_value`` reads: the whole board for the
    seat valued, health and the environments' sizes for the others."""
    board = {"health": -state.health_penalty(s), "environment_1": state.environment_1[s],
             "environment_2": state.environment_2[s]}
    if mine:
        board.update(defence=state.defence(s), infections=state.infections[s], tumours=state.tumours[s],
                     cells=state.cells[s], oxygen=state.oxygen[s], oxygen_bonus=state.oxygen_bonus[s],
                     stored_oxygen=state.stored_oxygen[s], memory=state.memory[s])
    return board


def _value(view: dict[str, Any], seats: list[dict[str, Any]], seat: int, content: Content) -> float:
    me = seats[seat]
    others = [b for i, b in enumerate(seats) if i != seat]
    best_other = max(b["health"] for b in others)
    counters = sum(i["counters"] for i in me["infections"])
    pressure = sum(len(b["environment_1"]) + len(b["environment_2"]) for b in others) / len(others)
    return (me["health"] - best_other
            + 0.5 * me["defence"] + cells_worth(view, me, content)
            + OXYGEN * (me["oxygen"] + me["oxygen_bonus"] + me["stored_oxygen"])
            + 0.3 * len(me["memory"])
            - 0.7 * counters - 0.8 * sum(me["tumours"].values())
            - 0.4 * len(me["environment_1"]) - 0.3 * len(me["environment_2"]) + 0.15 * pressure)


def cells_worth(view: dict[str, Any], board: dict[str, Any], content: Content) -> float:
    """What the cells on ``board`` are still worth (defence is counted apart, in ``defence``)."""
    turns, turn, number = view["turns"], view["turn"], view["phase_number"]
    responses_left = turns if not turn else turns - turn + (1 if number <= 3 else 0)
    incomes_left = turns if not turn else turns - turn + (1 if number < 2 else 0)
    pathogens = content.pathogens
    infected = {pathogens[i["pathogen"]].group for i in board["infections"] if i["pathogen"] in pathogens}
    has_tumour = any(board["tumours"].values())
    uses_left = min(responses_left, HORIZON)
    cells = board["cells"]
    worth = 0.0
    remembers = False
    for cell_id, clear, clears, tumours, oxygen, store, memory, dies in _cell_numbers(content):
        count = cells.get(cell_id, 0)
        if not count:
            continue
        uses = 1 if dies else uses_left
        each = BASE + OXYGEN * (oxygen * incomes_left + store * 0.5 * min(incomes_left, 2))
        if clear:
            each += CLEAR * clear * uses * (2 if clears & infected else 1)
        if tumours:
            each += TUMOUR * tumours * uses * (2 if has_tumour else 1)
        worth += each * _COPIES[min(count, len(_COPIES) - 1)]
        remembers = remembers or memory
    return worth + (MEMORY * responses_left if remembers else 0.0)


#: _COPIES[n]: what n copies of a type count, in units of the first one.
_COPIES = [sum(1 / (1 + SATURATION * k) for k in range(n)) for n in range(21)]


@functools.lru_cache(maxsize=32)
def _cell_numbers(content: Content) -> tuple[tuple[Any, ...], ...]:
    """Per cell type, the numbers its worth reads (once per content: evaluate runs per action)."""
    return tuple((c, cell.clear, cell.clears, cell.clears_tumours, cell.oxygen, cell.store, cell.memory,
                  cell.dies_on_use) for c, cell in content.cells.items())
