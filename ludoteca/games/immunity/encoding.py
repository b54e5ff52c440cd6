"""Fixed action indices and a flat observation vector for reinforcement learning.

Why this is independent of options: ``options["params"]`` can change numbers and effects but can
never add or remove a card, cell or organ (overrides only touch existing keys), so the id lists of
the shipped content fix both spaces.  Seats are padded to the maximum of 5 players and infection
positions to ``MAX_SLOTS``.  The layout is documented in docs/games/immunity.md; the encoder
reads only the documented view keys.  :func:`bounds` gives the least and most of every number,
derived from the rules and the content of the options (not from sampled games), so that the RL
observation spaces can be bounded boxes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from operator import itemgetter, truediv
from typing import Any

from .content import Content, content_for
from .phases import NUMBERS, TABLE

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
        #: Per type: how many fields its actions have, and a reader of their values in sorted
        #: field order (``type`` included), which is an action's key in :attr:`index`.
        self._readers: dict[str, tuple[int, itemgetter[Any]]] = {}
        for a in actions:
            fields = sorted(a)
            reader = self._readers.setdefault(a["type"], (len(fields), itemgetter(*fields)))
            assert reader[0] == len(fields), f"immunity: {a['type']} actions differ in their fields"
        self.index = {self.key(a): i for i, a in enumerate(actions)}
        self.size = len(actions)

    def key(self, action: dict[str, Any]) -> Any:
        """The action's values in its type's sorted field order (KeyError: no such action).

        Why not the sorted items: the env's mask numbers every legal action at every step, and
        sorting each action was a measurable part of the step; an ``itemgetter`` per type reads
        the same values in the same order.  The field count is checked because a reader only
        sees its own fields: an action with one more would otherwise pass for its type's."""
        size, read = self._readers[action["type"]]
        if len(action) != size:
            raise KeyError(action["type"])
        return read(action)

    @classmethod
    def for_options(cls, options: dict[str, Any] | None = None) -> ActionSpace:
        return action_space()

    def action_index(self, action: dict[str, Any]) -> int:
        try:  # key() inlined: this runs for every legal action at every step of an env
            size, read = self._readers[action["type"]]
            if len(action) == size:
                return self.index[read(action)]
            raise KeyError(action["type"])
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
class Layout:
    """Where each part of the observation lies (the table in docs/games/immunity.md).

    Why a class: the reference encoder (:func:`encode`, from a view) and the observation
    writer (:mod:`.observer`, from the state) write the same parts at the same offsets with
    the same section functions below, so the two can only differ in where they read, never
    in what a number means.  Offsets inside a seat's block are relative to its start.
    """

    def __init__(self, c: Content) -> None:
        self.pathogen_ids, self.medical_ids = c.pathogen_ids, c.medical_ids
        self.cell_ids, self.organs = c.cell_ids, c.organs
        self.pathogen_pos = {p: i for i, p in enumerate(c.pathogen_ids)}
        self.medical_pos = {m: i for i, m in enumerate(c.medical_ids)}
        #: Readers of a board's per-cell and per-organ numbers, in id order (more than one
        #: id each, so each reads a tuple).
        self.read_cells, self.read_organs = itemgetter(*c.cell_ids), itemgetter(*c.organs)
        p, m = len(c.pathogen_ids), len(c.medical_ids)
        cells, organs = len(c.cell_ids), len(c.organs)
        seat = _Cursor()
        # present, is-acting, 2 hand counts; env1 known+unknown, env2 known+unknown; infections
        # (count and counters per pathogen); memory; cells, used; damage, tumours; 6 numbers;
        # turn-order position one-hot.
        self.present, self.acting_flag, self.hand_counts = seat.take(1), seat.take(1), seat.take(2)
        self.environment_1, self.environment_2 = seat.take(p + 1), seat.take(p + 1)
        self.infections = seat.take(2 * p)
        self.memory = seat.take(p)
        self.cells, self.cells_used = seat.take(cells), seat.take(cells)
        self.damage, self.tumours = seat.take(organs), seat.take(organs)
        self.body = seat.take(len(BODY))
        self.position = seat.take(MAX_SEATS)
        self.player_size = seat.at
        whole = _Cursor()
        self.header = whole.take(1 + len(PHASES) + len(STAGES) + len(STEPS))
        self.acting = whole.take(MAX_SEATS)
        self.hand_medical, self.hand_pathogen = whole.take(m), whole.take(p)
        self.seats = whole.take(MAX_SEATS * self.player_size)
        self.decks = whole.take(len(DECKS))
        self.discard_pathogen, self.discard_medical = whole.take(p), whole.take(m)
        self.size = whole.at

    def block(self, k: int) -> int:
        """The start of the ``k``-th seat block (0: the viewer's own)."""
        return self.seats + k * self.player_size


class _Cursor:
    """Lays parts out one after another: ``take(size)`` gives the next part's start."""

    def __init__(self) -> None:
        self.at = 0

    def take(self, size: int) -> int:
        start, self.at = self.at, self.at + size
        return start


#: The six numbers of a body, in order, and what each is divided by.
BODY = (("oxygen", 10), ("stored_oxygen", 10), ("oxygen_bonus", 5), ("defence_bonus", 5),
        ("defence", 10), ("health", 30))
_BODY_DIVISORS = tuple(divisor for _name, divisor in BODY)
#: The decks whose sizes the observation shows, in order (each divided by 60).
DECKS = ("pathogen", "medical", "environment")


@cache
def layout() -> Layout:
    """The layout of the shipped ids (``params`` never add, drop or reorder ids)."""
    return Layout(content_for({}))


def _player_size(c: Content) -> int:
    return Layout(c).player_size


def observation_size(content: Content | None = None) -> int:
    return Layout(content).size if content is not None else layout().size


# Section functions: the numbers of one part from plain values, for the encoder and the writer.
def header_values(turn: int, turns: int, phase: str, stage: str | None, step: str) -> list[float]:
    """Turn / turns, then the phase, life-stage and step one-hots."""
    return ([turn / max(1, turns)] + [1.0 if phase == name else 0.0 for name in PHASES]
            + [1.0 if stage == s else 0.0 for s in STAGES] + [1.0 if step == s else 0.0 for s in STEPS])


def one_hot(position: int | None, size: int = MAX_SEATS) -> list[float]:
    """1 at ``position`` (None or -1: nowhere)."""
    return [1.0 if position == k else 0.0 for k in range(size)]


def tally(cards: Any, positions: Mapping[str, int]) -> list[float]:
    """How many of each id ``cards`` holds (a hand or a discard pile)."""
    counts = [0.0] * len(positions)
    for card in cards:
        counts[positions[card]] += 1
    return counts


def environment_values(known: Any, positions: Mapping[str, int]) -> list[float]:
    """An Environment's cards per known pathogen, then the unknown ones (``known``: the
    pathogen of each card as the viewer sees it, None when face down to them)."""
    counts = [0.0] * (len(positions) + 1)
    for pathogen in known:
        counts[positions[pathogen] if pathogen is not None else -1] += 1
    return counts


def infection_values(infections: Any, positions: Mapping[str, int]) -> list[float]:
    """Infections per pathogen, then their counters / 6 (added one infection at a time)."""
    number = [0.0] * len(positions)
    counters = [0.0] * len(positions)
    for infection in infections:
        at = positions[infection["pathogen"]]
        number[at] += 1
        counters[at] += infection["counters"] / 6
    return number + counters


def memory_values(memory: Any, positions: Mapping[str, int]) -> list[float]:
    flags = [0.0] * len(positions)
    for pathogen in memory:
        flags[positions[pathogen]] = 1.0
    return flags


def scaled(numbers: Mapping[str, int], read: itemgetter[Any], divisor: int) -> list[float]:
    """``numbers`` (cells, used cells, damage or tumours) divided by ``divisor``, in the order
    of ``read`` (the layout's ``read_cells`` or ``read_organs``)."""
    return [number / divisor for number in read(numbers)]


def body_values(numbers: Any) -> list[float]:
    """The six numbers of a body, given in :data:`BODY` order."""
    return list(map(truediv, numbers, _BODY_DIVISORS))


def encode(view: dict[str, Any]) -> list[float]:
    """The view as numbers, seats rotated so the viewer comes first (spectator: seat 0 first)."""
    at = layout()
    n = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    out = [0.0] * at.size

    def put(start: int, values: list[float]) -> None:
        out[start:start + len(values)] = values

    put(at.header, header_values(view["turn"], view["turns"], view["phase"], view["stage"], view["step"]))
    acting = view["to_move"][0] if view["to_move"] else None
    put(at.acting, one_hot(None if acting is None else (acting - me) % n))
    hand = view["hand"]
    if hand is not None:
        put(at.hand_medical, tally(hand["medical"], at.medical_pos))
        put(at.hand_pathogen, tally(hand["pathogen"], at.pathogen_pos))
    order = view["order"]
    for k in range(n):
        seat = (me + k) % n
        board = view["seats"][seat]
        b = at.block(k)
        put(b + at.present, [1.0, 1.0 if seat == acting else 0.0])
        put(b + at.hand_counts, [board["hand_counts"]["medical"] / 10, board["hand_counts"]["pathogen"] / 10])
        put(b + at.environment_1, environment_values((e["pathogen"] for e in board["environment_1"]),
                                                     at.pathogen_pos))
        put(b + at.environment_2, environment_values((e["pathogen"] for e in board["environment_2"]),
                                                     at.pathogen_pos))
        put(b + at.infections, infection_values(board["infections"], at.pathogen_pos))
        put(b + at.memory, memory_values(board["memory"], at.pathogen_pos))
        put(b + at.cells, scaled(board["cells"], at.read_cells, 3))
        put(b + at.cells_used, scaled(board["cells_used"], at.read_cells, 3))
        put(b + at.damage, scaled(board["damage"], at.read_organs, 10))
        put(b + at.tumours, scaled(board["tumours"], at.read_organs, 3))
        put(b + at.body, body_values([board[name] for name, _divisor in BODY]))
        put(b + at.position, one_hot(order.index(seat) if seat in order else None))
    put(at.decks, [view["decks"][d] / 60 for d in DECKS])
    put(at.discard_pathogen, tally(view["discards"]["pathogen"], at.pathogen_pos))
    put(at.discard_medical, tally(view["discards"]["medical"], at.medical_pos))
    return out


# ---- observation bounds ---------------------------------------------------------------------
#: A player's parts of phases in one turn: one per phase, each ending with at most one medical
#: card (playing one ends the part; phase 1's forced discards after it play no card).
PARTS_PER_TURN = len(NUMBERS)


class _Limits:
    """The most (and least) each number of the view can be, derived from the rules and content.

    Every argument rests on three facts of the rules code.  (1) Cards enter hands only in
    set-up and in ``_start_turn`` (draws and environment draws), before anyone's part of
    phase 1, so between two of those a physical card is played at most once: a turn sees at
    most ``copies`` plays of a medical card.  (2) A player's part of a phase ends with at most
    one medical card, and every phase gives each player exactly one part: 5 parts a turn.
    (3) Pathogen cards are conserved (deck, discard, hands, Environments, infections, memory
    box), so at most ``copies`` of one are anywhere at once; only vector tokens are made anew,
    by a phase-4 ``spread`` (one token to each target, one spread per part: contact, droplets
    and air pathogens) and by ``spread_fluids`` cards (one token each: fluids pathogens).

    A "window" is the time between two resets of one of a seat's numbers (its Environment 1
    is emptied and its defence bonus zeroed at the start of its own part of phase 3, its oxygen
    bonus at the start of its own part of phase 2): it spans the end of one turn and the start
    of the next, so it holds one phase 1 of that seat, at most 6 parts of each other player
    (e.g. phases 3, 4, 5 of one turn and 1, 2, 3 of the next) and at most 2 plays of each
    physical card.  Bounds that grow over the game use the life line's length ``T`` (the
    number of turns, at most ``content.MAX_TURNS``).
    """

    def __init__(self, c: Content, players: int, per_turn_cap: bool) -> None:
        n, rules = players, c.rules
        others = n - 1
        turns = len(c.life_line)
        stages = list(c.life_line)  # one entry per turn
        envs = rules["environment_cards"]
        live_env = [k for k in c.environment_ids if c.environment[k]["copies"] > 0]
        effects = c.environment_effects

        def env_max(stage: str, read: Any) -> int:
            """The largest number ``read`` gives among the environment cards in the deck."""
            return max(read(effects[k, stage]) for k in live_env)

        def env_min(stage: str, read: Any) -> int:
            return min(read(effects[k, stage]) for k in live_env)

        def over_life(read: Any) -> tuple[int, int]:
            """The least and most one environment card gives at any stage of the life line."""
            return (min(env_min(st, read) for st in set(stages)), max(env_max(st, read) for st in set(stages)))

        def medical(effect: str, target: str | None = None) -> list[Any]:
            return [m for m in c.medical.values() if m.effect == effect and m.copies > 0
                    and (target is None or m.target == target)]

        self.pathogen_cards = sum(p.copies for p in c.pathogens.values())
        self.medical_cards = sum(m.copies for m in c.medical.values())
        self.environment_cards = sum(c.environment[k]["copies"] for k in c.environment_ids)
        syringes = sum(m.copies for m in medical("spread_fluids"))

        # Hands: at most the hand limit after each phase 1 (``must_discard``), the set-up hand
        # before the first; grown only by phase 1's draws and the environment cards' draws.
        draw_med = over_life(lambda e: e.draw_medical)[1]
        draw_path = over_life(lambda e: e.draw_pathogen)[1]
        self.medical_hand = min(self.medical_cards, max(rules["setup_medical"], rules["hand_limit"])
                                + rules["draw_medical"] + envs * draw_med)
        self.pathogen_hand = min(self.pathogen_cards, max(rules["setup_pathogen"], rules["hand_limit"])
                                 + rules["draw_pathogen"] + envs * draw_path)

        # Environments.  In one window a seat's Environment 1 receives: its own environment
        # cards' exposures (E cards, each at most ``expose``); from each other player one phase-4
        # spread or card, one phase-5 card, and spread_fluids tokens (at most one per part, at
        # most 2 plays of each syringe card); one phase-5 card of its own (set-up's card in the
        # first window, which has no phase 5).  Environment 2 is what Environment 1 held at the
        # reveal, less what infected (set-up: one card), so the same bounds hold.
        expose = over_life(lambda e: e.expose)[1]
        window_syringes = min(2 * syringes, 6 * others)
        window_cards = others + n + envs * expose
        self.environment = others + n + window_syringes + envs * expose
        self.face_down = min(self.pathogen_cards, window_cards)  # tokens always lie face up
        # Tokens of one pathogen reaching a seat: per window, one phase-4 spread per other player
        # (contact, droplets, air) or the syringes (fluids); per turn likewise, counting every
        # syringe card once (fact 1) and at most 5 parts of each other player.
        self.fluids = {p: v.contagion == "fluids" for p, v in c.pathogens.items()}
        self.window_tokens = {p: window_syringes if fluid else others for p, fluid in self.fluids.items()}
        self.turn_tokens = {p: min(syringes, PARTS_PER_TURN * others) if fluid else others
                            for p, fluid in self.fluids.items()}
        self.known = {p: min(self.environment, v.copies + self.window_tokens[p]) for p, v in c.pathogens.items()}

        # Infections of one pathogen at once: its cards (fact 3) plus every token of it that ever
        # reached the seat (an entry infects once).  An infection starts with ``extension``
        # counters and grows to at most ``max_extension``; clearing only lowers them.
        self.infections = {p: v.copies + turns * self.turn_tokens[p] for p, v in c.pathogens.items()}
        self.counters = {p: max(rules["max_extension"], v.extension) for p, v in c.pathogens.items()}

        # Cells.  Owned cap: buying, environment and medical gains all stop at the cap, losses
        # only lower (set-up's ``start`` is checked to be within the cap).  Per-turn cap: a
        # turn adds at most the cap bought, E environment gains and 5 medical gains (each card
        # once a turn), each gain limited to the cap by ``cap_left``.
        cap = rules["max_cells_per_type"]
        self.cells: dict[str, int] = {}
        for cell, spec in c.cells.items():
            if not per_turn_cap:
                self.cells[cell] = cap
                continue
            env_gain = over_life(lambda e, cell=cell: max((g for k, g, _ in e.cells if k == cell), default=0))[1]
            cards = [m for m in medical("gain_cell") if m.cell == cell]
            med_plays = min(PARTS_PER_TURN, sum(m.copies for m in cards))
            med_gain = min(cap, max((m.amount for m in cards), default=0))
            self.cells[cell] = spec.start + turns * (cap + envs * min(cap, env_gain) + med_plays * med_gain)
        # A cell that dies when it acts is never counted as used; another is used at most once
        # per cell it had in that phase 3.
        self.used = {cell: 0 if spec.dies_on_use else self.cells[cell] for cell, spec in c.cells.items()}

        # Tumours: each turn's environment cards, and each phase 3 every infection of an
        # oncogenic pathogen on its first target; alive at turn t: its cards plus t turns of tokens.
        self.tumours: dict[str, int] = {}
        for organ in c.organs:
            def tumour(e: Any, organ: str = organ) -> int:
                return max((t for o, _, _, t in e.organs if o == organ), default=0)
            total = sum(envs * env_max(stage, tumour) for stage in stages)
            for p, v in c.pathogens.items():
                if v.oncogenic and v.targets[0] == organ:
                    total += v.oncogenic * (turns * v.copies + self.turn_tokens[p] * turns * (turns + 1) // 2)
            self.tumours[organ] = total

        # Oxygen: phase 2 gives max(0, income + bonus + stored), buying only spends it.  The
        # bonus window holds E environment cards and 5 own parts (4 of one turn, 1 of the next).
        def plays(cards: list[Any], first: int, second: int) -> int:
            copies = sum(m.copies for m in cards)
            return min(first, copies) + min(second, copies)

        ox_cards = medical("oxygen")
        ox_plays = plays(ox_cards, PARTS_PER_TURN - 1, 1)
        env_ox_low, env_ox_high = over_life(lambda e: e.oxygen)
        self.oxygen_bonus = (envs * min(0, env_ox_low) + ox_plays * min([0, *(m.amount for m in ox_cards)]),
                             envs * max(0, env_ox_high) + ox_plays * max([0, *(m.amount for m in ox_cards)]))
        self.stored = sum(self.cells[cell] * spec.store for cell, spec in c.cells.items())
        income = sum(c.organ_oxygen.values()) + sum(self.cells[cell] * spec.oxygen for cell, spec in c.cells.items())
        self.oxygen = max(0, income + self.oxygen_bonus[1] + self.stored)

        # Defence bonus window: E environment cards, own "self" cards in 5 own parts (3 of one
        # turn, 2 of the next), "opponent" cards in the other players' parts (each card at most
        # once a turn, two turns).  Defence adds the cells and loses each infection's penalty:
        # at most every pathogen card plus every token that ever arrived.
        own = medical("defence", "self")
        aimed = medical("defence", "opponent")
        own_plays = plays(own, 3, 2)
        aimed_plays = 2 * min(3 * others, sum(m.copies for m in aimed))
        env_def_low, env_def_high = over_life(lambda e: e.defence)
        self.defence_bonus = (
            envs * min(0, env_def_low) + own_plays * min([0, *(m.amount for m in own)])
            + aimed_plays * min([0, *(m.amount for m in aimed)]),
            envs * max(0, env_def_high) + own_plays * max([0, *(m.amount for m in own)])
            + aimed_plays * max([0, *(m.amount for m in aimed)]))
        penalty = sum(v.copies * v.defence_penalty for v in c.pathogens.values())
        for fluid in (False, True):
            worst = max([0, *(v.defence_penalty for p, v in c.pathogens.items() if self.fluids[p] == fluid)])
            tokens = min(syringes, PARTS_PER_TURN * others) if fluid else others
            penalty += turns * tokens * worst
        self.defence = (self.defence_bonus[0] - penalty,
                        self.defence_bonus[1] + sum(self.cells[cell] * spec.defence for cell, spec in c.cells.items()))
        # Health is minus the damage (each organ's track stops at its boxes) and the penalties.
        self.health = -(sum(c.organ_boxes.values()) + len(c.organs) * rules["failed_organ_penalty"])


def _repeated_sum(value: float, times: int) -> float:
    """``value`` added ``times`` times, as the encoder adds counters: floating-point addition is
    monotonic, so a sum of at most ``times`` terms each at most ``value`` is at most this."""
    total = 0.0
    for _ in range(times):
        total += value
    return total


def bounds(players: int, options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    """The least and the most each number of ``encode`` can be, in any position of any game
    with these players and (resolved) options; :class:`_Limits` says why each holds.

    Why per options: ``params`` change the numbers (hand limit, boxes, copies, life line...)
    and ``cell_cap`` decides whether cells stop at the per-type maximum.  Seats beyond
    ``players`` are always zero, so are their bounds."""
    options = options or {}
    c = content_for(options.get("params") or None)
    ids = content_for({})  # the encoder's id order (params never add, drop or reorder ids)
    limits = _Limits(c, players, per_turn_cap=options.get("cell_cap", "owned") != "owned")
    low: list[float] = []
    high: list[float] = []

    def add(lo: float, hi: float, times: int = 1) -> None:
        low.extend([float(lo)] * times)
        high.extend([float(hi)] * times)

    # Header: turn / turns (the turn never passes the life line), then one-hots.
    add(0, 1, 1 + len(PHASES) + len(STAGES) + len(STEPS))
    for k in range(MAX_SEATS):
        add(0, 1 if k < players else 0)
    for m in ids.medical_ids:
        add(0, min(c.medical[m].copies, limits.medical_hand))
    for p in ids.pathogen_ids:
        add(0, min(c.pathogens[p].copies, limits.pathogen_hand))
    for k in range(MAX_SEATS):
        if k >= players:
            add(0, 0, _player_size(ids))
            continue
        add(0, 1, 2)  # present, acting
        add(0, limits.medical_hand / 10)
        add(0, limits.pathogen_hand / 10)
        for _ in ("environment_1", "environment_2"):
            for p in ids.pathogen_ids:
                add(0, limits.known[p])
            add(0, limits.face_down)
        for p in ids.pathogen_ids:
            add(0, limits.infections[p])
        for p in ids.pathogen_ids:
            add(0, _repeated_sum(limits.counters[p] / 6, limits.infections[p]))
        add(0, 1, len(ids.pathogen_ids))  # memory
        for cell in ids.cell_ids:
            add(0, limits.cells[cell] / 3)
        for cell in ids.cell_ids:
            add(0, limits.used[cell] / 3)
        for organ in ids.organs:
            add(0, c.organ_boxes[organ] / 10)
        for organ in ids.organs:
            add(0, limits.tumours[organ] / 3)
        add(0, limits.oxygen / 10)
        add(0, limits.stored / 10)
        add(limits.oxygen_bonus[0] / 5, limits.oxygen_bonus[1] / 5)
        add(limits.defence_bonus[0] / 5, limits.defence_bonus[1] / 5)
        add(limits.defence[0] / 10, limits.defence[1] / 10)
        add(limits.health / 30, 0)
        for j in range(MAX_SEATS):
            add(0, 1 if j < players else 0)  # turn-order position
    add(0, limits.pathogen_cards / 60)
    add(0, limits.medical_cards / 60)
    add(0, limits.environment_cards / 60)
    for p in ids.pathogen_ids:
        add(0, c.pathogens[p].copies)
    for m in ids.medical_ids:
        add(0, c.medical[m].copies)
    assert len(low) == observation_size(c), "bounds and encode disagree on the layout"
    return low, high
