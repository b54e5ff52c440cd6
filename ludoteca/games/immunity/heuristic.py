"""The normal bot's judgement of a position: ``evaluate(view, seat)``, from the seat's view only.

Own health against the best opponent's, plus defences and minus looming harm.  Health, cells,
infections, tumours and environment sizes are public (``seats``); of the cards in the
environments only those the seat may see are read (face up, or placed by the seat), so a bot
using it can never cheat.  The keys are the documented view keys (docs/games/immunity.md).

Everything is valued by what it still does under the rules, for the phases still to come *for
this seat* (its own part of the phase under way counts, a part already played does not):

- a cell by what it does in the phase 3s left (clearing, tumours, memory) and the phase 2s
  left (oxygen, storage), read from this game's content (the view's ``params``); its defence
  counts for the next phase 3 and, the cell staying on the board, for later ones;
- oxygen to spend in phase 2 by the best set of cells it can still buy (a small knapsack:
  "para adquirir una célula ... deberá gastar un número de Puntos de oxígeno igual al coste",
  at most 3 of each type, and "los Puntos de oxígeno que no se hayan gastado ... desaparecen",
  except what adipocytes store).  So buying any cell of that best set keeps the value, buying
  another loses, and ending the phase loses what the oxygen could have bought: the greedy bot
  buys the best *set* for its oxygen instead of the best single cell, and a dear cell (a B
  lymphocyte at 6) is bought whenever it is worth more than the cheap ones its price would buy;
- oxygen for a later phase 2 (a card's bonus, the adipocytes' store) only if one is left;
- a pathogen card by its threat (infectivity, and the damage its extension does to its target
  organs), where the seat can see it: the worse it is, the better in an opponent's environment
  and the worse in one's own; one in the seat's immune memory cannot infect and counts nothing.

So in phase 2 the bot buys what pays for the turns left (erythrocytes early, when their oxygen
has many phase 2s to come; B lymphocytes when the memory's phase 3s outweigh their price),
and in phases 4 and 5 it puts its worst pathogens on its opponents (the balance lab measures
prices and content with this bot).
"""

from __future__ import annotations

import functools
from typing import Any

from .content import Content, content_of
from .hidden import known_to
from .phases import number_of

#: What one unit of oxygen for a later phase 2 is worth, in units of organ damage: a cell's
#: price is weighed against its use at this rate.
OXYGEN = 0.3
#: Worth of a clearing cell's counter removed per use; doubled while an infection it attacks
#: is present.
CLEAR = 0.25
#: Worth of a tumour counter removed per use (NK cells), doubled while a tumour is present.
TUMOUR = 0.2
#: Worth of immune memory per phase 3 left (the first memory cell only: one is enough).
MEMORY = 0.3
#: Worth of each pathogen in immune memory per phase 3 left (up to ``HORIZON``): it can no
#: longer infect nor add infectivity.
REMEMBERED = 0.1
#: Phase 3s a persistent cell's clearing is counted for (further ahead is too uncertain).
HORIZON = 3
#: Every cell counts a little for itself (it is on the board, and cards may use it).
BASE = 0.1
#: A cell with nothing left to do (an erythrocyte after the last phase 2) counts a hair below
#: nothing, so that the bot ends its phase rather than spend oxygen that is lost anyway on it.
USELESS = -0.01
#: The k-th copy of a type adds 1 / (1 + SATURATION * k) of the first one's worth.
SATURATION = 0.4
#: Worth of a point of defence at the next phase 3.
DEFENCE = 0.5
#: Worth of a point of a cell's defence at each later phase 3 (up to ``HORIZON`` in all).
DEFENCE_LATER = 0.15
#: Worth of an extension counter on an infection, per organ it targets (it damages each one at
#: the end of every phase 3 it survives, and grows).
COUNTER = 0.35
#: Worth of a counter whatever its targets.
COUNTER_BASE = 0.35
#: Worth of a tumour counter (it damages its organ every phase 3).
TUMOUR_COUNTER = 0.8
#: Harm of an average pathogen card in one's own Environment 1 / Environment 2.
ENV_1, ENV_2 = 0.4, 0.3
#: Gain of an average pathogen card in an opponent's environment (averaged over opponents).
PRESSURE = 0.15


def evaluate(view: dict[str, Any], seat: int) -> float:
    """Higher is better for ``seat``; in units of organ damage."""
    return _value(view, view["seats"], seat, content_of(view.get("params") or None))


def evaluate_state(state: Any, seat: int) -> float:
    """``evaluate(state.view(seat), seat)`` without building the view: the same number.

    Why: the search bots value thousands of positions per decision, and a full view (every
    body, discard pile and placed card copied) cost three times the evaluation.  This reads
    the same public numbers and ``seat``'s own board straight from the state, and of the
    environment cards only those ``seat`` may see (``known_to``), as the view does; hands and
    decks are never read.  tests/games/immunity/test_immunity_evaluate_state.py checks it
    equals ``evaluate`` of the view on every position of random games."""
    boards = [_board(state, s, seat) for s in range(state.players)]
    info = {"turns": len(state.content.life_line), "turn": state.turn, "phase_number": number_of(state.phase),
            "order": state.order, "to_move": state.to_move}
    return _value(info, boards, seat, state.content)


def _board(state: Any, s: int, seat: int) -> dict[str, Any]:
    """The part of ``public_seat`` (view.py) that ``_value`` reads: the whole board for the
    seat valued, health and the environments as ``seat`` sees them for the others."""
    board = {"health": -state.health_penalty(s),
             "environment_1": [_seen(e, seat) for e in state.environment_1[s]],
             "environment_2": [_seen(e, seat) for e in state.environment_2[s]]}
    if s == seat:
        board.update(defence=state.defence(s), infections=state.infections[s], tumours=state.tumours[s],
                     cells=state.cells[s], oxygen=state.oxygen[s], oxygen_bonus=state.oxygen_bonus[s],
                     stored_oxygen=state.stored_oxygen[s], memory=state.memory[s])
    return board


def _seen(entry: dict[str, Any], seat: int) -> dict[str, Any]:
    """An environment card as ``seat`` sees it (view.placed_card): its pathogen only if known."""
    return {"pathogen": entry["pathogen"] if known_to(entry, seat) else None}


def timing(view: dict[str, Any], seat: int) -> tuple[int, int, bool]:
    """(phase 3s left for ``seat``, phase 2s whose oxygen income ``seat`` still receives,
    whether ``seat`` is buying now).

    A phase's part already played by ``seat`` this turn is not left; its part under way is a
    phase 3 left (its cells can still clear) but not an income to come (the oxygen is in)."""
    turns, turn, number = view["turns"], view["turn"], view["phase_number"]
    if not turn:
        return turns, turns, False
    mine = acting = 0
    if number in (2, 3):
        order = list(view["order"])
        movers = view.get("to_move") or ()
        mine = order.index(seat)
        acting = order.index(movers[0]) if movers and movers[0] in order else len(order)
    response_pending = number < 3 or (number == 3 and mine >= acting)
    income_pending = number < 2 or (number == 2 and mine > acting)
    buying = number == 2 and mine == acting
    return turns - turn + response_pending, turns - turn + income_pending, buying


def _value(view: dict[str, Any], seats: list[dict[str, Any]], seat: int, content: Content) -> float:
    me = seats[seat]
    others = [b for i, b in enumerate(seats) if i != seat]
    best_other = max(b["health"] for b in others)
    responses, incomes, buying = timing(view, seat)
    pathogens = content.pathogens
    counters = sum(i["counters"] * (COUNTER_BASE + COUNTER * len(pathogens[i["pathogen"]].targets))
                   for i in me["infections"])
    threat = _threats(content)
    memory = set(me["memory"])
    own = (ENV_1 * sum(_threat(e, threat, memory) for e in me["environment_1"])
           + ENV_2 * sum(_threat(e, threat, memory) for e in me["environment_2"]))
    pressure = sum(_threat(e, threat) for b in others for e in (*b["environment_1"], *b["environment_2"]))
    value = (me["health"] - best_other
             - counters - TUMOUR_COUNTER * sum(me["tumours"].values())
             - own + PRESSURE * pressure / len(others))
    if responses:
        value += (DEFENCE * me["defence"] + REMEMBERED * min(responses, HORIZON) * len(memory))
    cells = me["cells"]
    key = _cell_key(content, cells)
    infected = frozenset(pathogens[i["pathogen"]].group for i in me["infections"])
    has_tumour = any(me["tumours"].values())
    worth = _cells_worth(content, key, responses, incomes, infected, has_tumour)
    if buying and me["oxygen"] > 0:
        worth += _best_purchase(content, key, me["oxygen"], responses, incomes, infected, has_tumour)
    elif incomes:
        value += OXYGEN * (me["oxygen_bonus"] + me["stored_oxygen"])
    return value + worth


def _threat(entry: dict[str, Any], threat: dict[str, float], memory: set[str] | frozenset[str] = frozenset()) -> float:
    """A card's threat in units of the average pathogen card; an unknown card is average."""
    pid = entry["pathogen"]
    if pid is None:
        return 1.0
    return 0.0 if pid in memory else threat.get(pid, 1.0)


@functools.lru_cache(maxsize=32)
def _threats(content: Content) -> dict[str, float]:
    """Each pathogen's threat: infectivity (whether it infects) plus the damage of its counters
    on its target organs (oncogenic and defence-lowering ones more), over the deck's average."""
    raw = {p: path.infectivity + path.extension * len(path.targets) + 2 * path.oncogenic + path.defence_penalty
           for p, path in content.pathogens.items()}
    copies = sum(p.copies for p in content.pathogens.values()) or 1
    mean = sum(raw[p] * path.copies for p, path in content.pathogens.items()) / copies or 1.0
    return {p: v / mean for p, v in raw.items()}


def cells_worth(view: dict[str, Any], board: dict[str, Any], content: Content, seat: int) -> float:
    """What the cells on ``board`` (``seat``'s) are still worth, their defence included."""
    responses, incomes, _ = timing(view, seat)
    pathogens = content.pathogens
    infected = frozenset(pathogens[i["pathogen"]].group for i in board["infections"] if i["pathogen"] in pathogens)
    return _cells_worth(content, _cell_key(content, board["cells"]), responses, incomes, infected,
                        any(board["tumours"].values()))


def _cell_key(content: Content, cells: dict[str, int]) -> tuple[int, ...]:
    return tuple(cells.get(c, 0) for c in content.cell_ids)


@functools.lru_cache(maxsize=8192)
def _cells_worth(content: Content, counts: tuple[int, ...], responses: int, incomes: int,
                 infected: frozenset[str], has_tumour: bool) -> float:
    """The cells' worth: per type, each copy's worth (less for each further copy), and the
    first memory cell's memory.  Defence beyond the next phase 3 is counted here (the next
    one is in the view's ``defence``, with the cards' bonuses and the infections' penalties)."""
    each = _each(content, responses, incomes, infected, has_tumour)
    worth = 0.0
    remembers = False
    for (cell_id, value), count in zip(each, counts, strict=True):
        if count:
            worth += value * _COPIES[min(count, len(_COPIES) - 1)]
            remembers = remembers or content.cells[cell_id].memory
    return worth + (MEMORY * responses if remembers else 0.0)


def _each(content: Content, responses: int, incomes: int, infected: frozenset[str],
          has_tumour: bool) -> list[tuple[str, float]]:
    """Per cell type, the worth of its first copy (memory and the next defence apart)."""
    uses_left = min(responses, HORIZON)
    later = max(0, min(responses, HORIZON) - 1)
    out = []
    for cell_id, clear, clears, tumours, oxygen, store, memory, dies, defence in _cell_numbers(content):
        uses = min(1, responses) if dies else uses_left
        if not ((oxygen or store) and incomes or (clear or tumours or defence or memory) and responses):
            out.append((cell_id, USELESS))  # nothing left to do in this game: not worth a purchase
            continue
        each = BASE + OXYGEN * (oxygen * incomes + store * 0.5 * min(incomes, 2))
        if clear:
            each += CLEAR * clear * uses * (2 if clears & infected else 1)
        if tumours:
            each += TUMOUR * tumours * uses * (2 if has_tumour else 1)
        if defence and not dies:
            each += DEFENCE_LATER * defence * later
        out.append((cell_id, each))
    return out


@functools.lru_cache(maxsize=8192)
def _best_purchase(content: Content, counts: tuple[int, ...], oxygen: int, responses: int, incomes: int,
                   infected: frozenset[str], has_tumour: bool) -> float:
    """What ``oxygen`` to spend now is worth: the best set of cells it buys (within the per-type
    maximum on the board), plus what adipocytes keep of the rest when a phase 2 is left.

    Each cell bought adds what it adds to :func:`_cells_worth` and ``DEFENCE`` x its defence
    for the next phase 3 (when one is left).  Exact: types one at a time, every count
    (a bounded knapsack over the oxygen, which is small)."""
    limit = content.rules["max_cells_per_type"]
    each = _each(content, responses, incomes, infected, has_tumour)
    owned_memory = any(n and content.cells[c].memory for c, n in zip(content.cell_ids, counts, strict=True))
    # best[o]: the most worth for spending at most o oxygen on the types seen so far, and the
    # store capacity that set adds; adipocytes keep unspent oxygen, so keep per-type options.
    store_types = []
    best = [0.0] * (oxygen + 1)
    for (cell_id, value), count in zip(each, counts, strict=True):
        cell = content.cells[cell_id]
        room = max(0, limit - count)
        if not room or cell.cost > oxygen:
            continue
        options = []
        for extra in range(1, room + 1):
            cost = extra * cell.cost
            if cost > oxygen:
                break
            gain = value * (_COPIES[min(count + extra, len(_COPIES) - 1)] - _COPIES[min(count, len(_COPIES) - 1)])
            if responses:
                gain += DEFENCE * cell.defence * extra
            if cell.memory and not owned_memory:
                gain += MEMORY * responses
            options.append((cost, gain, extra))
        if cell.store and incomes:
            store_types.append((cell, count, options))
            continue
        new = best[:]
        for cost, gain, _ in options:
            for o in range(cost, oxygen + 1):
                candidate = best[o - cost] + gain
                if candidate > new[o]:
                    new[o] = candidate
        best = new
    for o in range(1, oxygen + 1):
        if best[o - 1] > best[o]:
            best[o] = best[o - 1]
    if not incomes:
        return best[oxygen]
    # Storing: every choice of the storing types, then the rest spent or kept.
    capacity = sum(content.cells[c].store * n for c, n in zip(content.cell_ids, counts, strict=True))
    plans = [(0, 0.0, capacity)]
    for cell, _count, options in store_types:
        plans = [(spent + cost, gain + g, cap + cell.store * extra)
                 for spent, gain, cap in plans
                 for cost, g, extra in [(0, 0.0, 0), *options] if spent + cost <= oxygen]
    top = 0.0
    for spent, gain, cap in plans:
        rest = oxygen - spent
        for used in range(rest + 1):
            total = gain + best[used] + OXYGEN * min(rest - used, cap)
            if total > top:
                top = total
    return top


#: _COPIES[n]: what n copies of a type count, in units of the first one.
_COPIES = [sum(1 / (1 + SATURATION * k) for k in range(n)) for n in range(21)]


@functools.lru_cache(maxsize=32)
def _cell_numbers(content: Content) -> tuple[tuple[Any, ...], ...]:
    """Per cell type, the numbers its worth reads (once per content: evaluate runs per action)."""
    return tuple((c, cell.clear, cell.clears, cell.clears_tumours, cell.oxygen, cell.store, cell.memory,
                  cell.dies_on_use, cell.defence) for c, cell in content.cells.items())
