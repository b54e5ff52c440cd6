"""Fixed action indices and a flat observation vector for reinforcement learning.

Why this is independent of options: ``options["params"]`` can change numbers and effects but can
never add or remove a card, cell or organ (overrides only touch existing keys), so the id lists of
the shipped content fix both spaces.  Seats are padded to the maximum of 5 players and infection
positions to ``MAX_SLOTS``.  The layout is documented in docs/games/immunity.md; the encoder
reads only the documented view keys.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .content import Content, content_for
from .phases import TABLE

MAX_SEATS = 5
#: Infection positions an action can name (a player with more infections cannot be indexed
#: beyond this; in thousands of random games no player held more than about a dozen).
MAX_SLOTS = 24
STEPS = ("main", "end", "discard")
STAGES = ("childhood", "adult", "old")
#: The declared phases, in order (one-hot in the observation).
PHASES = tuple(TABLE)


class ActionSpace:
    """Every action the game can ever list, each with a stable integer."""

    def __init__(self, content: Content) -> None:
        seats = list(range(MAX_SEATS))
        slots = list(range(MAX_SLOTS))
        c = content
        actions: list[dict[str, Any]] = [{"type": "done"}]
        actions += [{"type": "discard", "card": k} for k in c.medical_ids + c.pathogen_ids]
        actions += [{"type": "buy", "cell": cell} for cell in c.cell_ids]
        actions += [{"type": "clear", "cell": cell, "infection": i}
                    for cell in c.cell_ids for i in slots]
        actions += [{"type": "clear_tumour", "cell": cell, "organ": o}
                    for cell in c.cell_ids for o in c.organs]
        actions += [{"type": "spread", "infection": i, "seat": s}
                    for i in slots for s in [None, *seats]]
        actions += [{"type": "spread_card", "card": p, "seat": s}
                    for p in c.pathogen_ids for s in seats]
        actions += [{"type": "expose", "card": p, "seat": s}
                    for p in c.pathogen_ids for s in seats]
        for m in c.medical_ids:
            targets: list[tuple[Any, Any]] = [(None, None)]
            targets += [(i, None) for i in slots] + [(o, None) for o in c.organs]
            targets += [(None, s) for s in seats] + [(i, s) for i in slots for s in seats]
            actions += [{"type": "medical", "card": m, "target": t, "seat": s}
                        for t, s in targets]
        self.actions = actions
        self.index = {self.key(a): i for i, a in enumerate(actions)}
        self.size = len(actions)

    @staticmethod
    def key(action: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(sorted(action.items(), key=lambda kv: kv[0]))

    @classmethod
    def for_options(cls, options: dict[str, Any] | None = None) -> ActionSpace:
        return action_space()

    def action_index(self, action: dict[str, Any]) -> int:
        try:
            return self.index[self.key(action)]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"immunity: no action index for {action!r}") from exc

    def index_action(self, index: int) -> dict[str, Any]:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ValueError(f"immunity: action index must be 0..{self.size - 1}; got {index!r}")
        return dict(self.actions[index])


@cache
def action_space() -> ActionSpace:
    return ActionSpace(content_for({}))


# ---- observation ----------------------------------------------------------------------------
def _player_size(c: Content) -> int:
    p, cells, organs = len(c.pathogen_ids), len(c.cell_ids), len(c.organs)
    # present, is-acting, 2 hand counts; env1 known+unknown, env2 known+unknown; infections
    # (count and counters per pathogen); memory; cells, used; damage, tumours; 6 numbers;
    # turn-order position one-hot.
    return 4 + 2 * (p + 1) + 2 * p + p + 2 * cells + 2 * organs + 6 + MAX_SEATS


def observation_size(content: Content | None = None) -> int:
    c = content or content_for({})
    header = 1 + len(PHASES) + len(STAGES) + len(STEPS) + MAX_SEATS
    hand = len(c.medical_ids) + len(c.pathogen_ids)
    piles = 3 + len(c.pathogen_ids) + len(c.medical_ids)
    return header + hand + MAX_SEATS * _player_size(c) + piles


def encode(view: dict[str, Any]) -> list[float]:
    """The view as numbers, seats rotated so the viewer comes first (spectator: seat 0 first)."""
    c = content_for({})
    pathogen_pos = {p: i for i, p in enumerate(c.pathogen_ids)}
    medical_pos = {m: i for i, m in enumerate(c.medical_ids)}
    n = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    out: list[float] = [view["turn"] / max(1, view["turns"])]
    out += [1.0 if view["phase"] == name else 0.0 for name in PHASES]
    out += [1.0 if view["stage"] == s else 0.0 for s in STAGES]
    out += [1.0 if view["step"] == s else 0.0 for s in STEPS]
    acting = view["to_move"][0] if view["to_move"] else None
    out += [1.0 if acting is not None and (acting - me) % n == k else 0.0 for k in range(MAX_SEATS)]
    hand_med = [0.0] * len(c.medical_ids)
    hand_path = [0.0] * len(c.pathogen_ids)
    hand = view["hand"]
    if hand is not None:
        for m in hand["medical"]:
            hand_med[medical_pos[m]] += 1
        for p in hand["pathogen"]:
            hand_path[pathogen_pos[p]] += 1
    out += hand_med + hand_path
    order = view["order"]
    for k in range(MAX_SEATS):
        if k >= n:
            out += [0.0] * _player_size(c)
            continue
        seat = (me + k) % n
        board = view["seats"][seat]
        out += [1.0, 1.0 if seat == acting else 0.0,
                board["hand_counts"]["medical"] / 10, board["hand_counts"]["pathogen"] / 10]
        for env in ("environment_1", "environment_2"):
            counts = [0.0] * (len(c.pathogen_ids) + 1)
            for entry in board[env]:
                known = entry["pathogen"]
                counts[pathogen_pos[known] if known is not None else -1] += 1
            out += counts
        number = [0.0] * len(c.pathogen_ids)
        counters = [0.0] * len(c.pathogen_ids)
        for infection in board["infections"]:
            number[pathogen_pos[infection["pathogen"]]] += 1
            counters[pathogen_pos[infection["pathogen"]]] += infection["counters"] / 6
        out += number + counters
        memory = [0.0] * len(c.pathogen_ids)
        for p in board["memory"]:
            memory[pathogen_pos[p]] = 1.0
        out += memory
        out += [board["cells"][cell] / 3 for cell in c.cell_ids]
        out += [board["cells_used"][cell] / 3 for cell in c.cell_ids]
        out += [board["damage"][o] / 10 for o in c.organs]
        out += [board["tumours"][o] / 3 for o in c.organs]
        out += [board["oxygen"] / 10, board["stored_oxygen"] / 10, board["oxygen_bonus"] / 5,
                board["defence_bonus"] / 5, board["defence"] / 10, board["health"] / 30]
        position = order.index(seat) if seat in order else -1
        out += [1.0 if position == j else 0.0 for j in range(MAX_SEATS)]
    out += [view["decks"][d] / 60 for d in ("pathogen", "medical", "environment")]
    discards = [0.0] * len(c.pathogen_ids)
    for p in view["discards"]["pathogen"]:
        discards[pathogen_pos[p]] += 1
    med_discards = [0.0] * len(c.medical_ids)
    for m in view["discards"]["medical"]:
        med_discards[medical_pos[m]] += 1
    return out + discards + med_discards
