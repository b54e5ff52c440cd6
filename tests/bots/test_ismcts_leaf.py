"""The search's leaf settings (issue 19): ``leaf_chain`` (at a leaf, the searching seat's own
chain of decisions is finished greedily before the position is valued), ``leaf_greedy`` (then
whoever moves plays greedily for N decisions), ``chain_rank`` (a node of the seat's own chain
is ranked by the heuristic on its first visit) and ``iteration_scale`` (a share of the
iterations budget).  All are off by default and a game opts in through ``search_hints``; off,
the search is unchanged."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.bots import make
from ludoteca.bots.ismcts import DEFAULTS, ISMCTSBot, Node
from ludoteca.bots.values import Rewards, action_key, greedy_value

IMMUNITY = ludoteca.game("immunity")
#: Every leaf setting off, whatever Immunity's hints say.
OFF = {"leaf_chain": 0, "leaf_greedy": 0, "chain_rank": 0, "iteration_scale": 1.0}


def _buying(players: int = 2, seed: int = 1):
    """An Immunity position reached by normal bots: a seat in phase 2 (immune preparation)
    with oxygen for several cells, so its part is a chain of purchases ended by ``done``."""
    for game_seed in range(seed, seed + 50):
        state = IMMUNITY.new(players, seed=game_seed)
        bots = [make("normal", seed=game_seed * 10 + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if state.phase == "preparation" and sum(a["type"] == "buy" for a in legal) >= 3:
                return state, seat
            state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("no phase-2 position with three purchases found")


def _greedy_playout(state, limit: int, only: int | None = None) -> list:
    """The reference: whoever moves (or only seat ``only``, while it is to decide) plays its
    best ``greedy_value``, each action on its own clone (the first of equal values), for at
    most ``limit`` decisions; returns (mover, action) pairs."""
    played = []
    while len(played) < limit and not state.is_over and (only is None or only in state.to_move):
        mover = state.to_move[0] if only is None else only
        legal = state.legal_actions(mover)
        values = []
        for action in legal:
            child = state.clone()
            child.apply(mover, action)
            values.append(greedy_value(child, mover))
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        played.append((mover, legal[best]))
        state.apply(mover, legal[best])
    return played


def _greedy_chain(state, seat: int, limit: int) -> list:
    """The reference for ``leaf_chain``: the seat's own chain, as the actions alone."""
    return [action for _, action in _greedy_playout(state, limit, only=seat)]


def _recording(state, seat: int | None):
    """A clone of ``state`` and the list of actions applied to it by ``seat`` (None: by every
    seat, as (seat, action) pairs)."""
    clone = state.clone()
    log: list = []
    for name in ("apply", "apply_trusted"):
        original = getattr(clone, name)

        def record(mover, action, _original=original):
            if seat is None:
                log.append((mover, action))
            elif mover == seat:
                log.append(action)
            return _original(mover, action)

        setattr(clone, name, record)
    return clone, log


def test_both_settings_are_off_by_default_and_a_given_setting_wins():
    assert DEFAULTS["leaf_chain"] == DEFAULTS["leaf_greedy"] == DEFAULTS["chain_rank"] == 0
    assert DEFAULTS["iteration_scale"] == 1.0
    for game_id in ("dice-hospital", "herbalism"):  # measured without them: unchanged
        hints = ludoteca.game(game_id).search_hints
        assert not {"leaf_chain", "leaf_greedy", "chain_rank", "iteration_scale"} & set(hints)
    state, seat = _buying()
    bot = make("hard", iterations=3, seed=1, leaf_chain=0, chain_rank=0)
    bot.choose(state, seat)
    assert (bot.leaf_chain, bot.chain_rank) == (0, 0)
    bot = make("hard", iterations=3, seed=1, leaf_chain=5, chain_rank=1)
    bot.choose(state, seat)
    assert (bot.leaf_chain, bot.chain_rank) == (5, 1)


def test_the_leaf_plays_the_greedy_purchases_and_stops_when_the_part_ends():
    """Rule (phase 2): the acting player buys one cell at a time until `done` (or a medical
    card) ends its part; the leaf completion plays exactly normal's one-step choice at each
    purchase and stops as soon as the seat no longer decides."""
    state, seat = _buying()
    expected = _greedy_chain(state.clone(), seat, 100)
    assert len(expected) >= 2 and expected[-1]["type"] in ("done", "medical")
    bot = make("hard", iterations=1, seed=1, leaf_chain=100)
    det, log = _recording(state, seat)
    bot._play_greedy(det, bot.leaf_chain, only=seat)
    assert log == expected
    assert det.is_over or seat not in det.to_move


def test_the_leaf_plays_at_most_leaf_chain_decisions():
    state, seat = _buying()
    expected = _greedy_chain(state.clone(), seat, 1)
    bot = make("hard", iterations=1, seed=1, leaf_chain=1)
    det, log = _recording(state, seat)
    bot._play_greedy(det, bot.leaf_chain, only=seat)
    assert log == expected and len(log) == 1
    assert seat in det.to_move  # the part goes on: one purchase does not end it


def test_the_greedy_playout_plays_every_seat_as_normal_would_for_n_decisions():
    """``leaf_greedy`` goes on past the end of the seat's part: the next seat buys (rule:
    in every phase the players act one at a time in turn order) as normal would, and the
    playout stops after exactly N decisions."""
    state, seat = _buying()
    expected = _greedy_playout(state.clone(), 12)
    assert len(expected) == 12 and {m for m, _ in expected} == {0, 1}
    bot = make("hard", iterations=1, seed=1, leaf_greedy=12)
    det, log = _recording(state, None)
    bot._play_greedy(det, bot.leaf_greedy)
    assert log == expected


def test_another_seats_turn_is_left_alone():
    """A leaf where another seat decides is valued as it stands: nothing is played."""
    state, seat = _buying(players=3)
    other = (seat + 1) % 3
    bot = make("hard", iterations=1, seed=1, leaf_chain=100)
    det, log = _recording(state, other)
    bot._play_greedy(det, bot.leaf_chain, only=other)
    assert log == [] and det.view(other) == state.view(other)


def test_with_the_settings_off_no_chain_is_finished_and_no_node_is_ranked_early(monkeypatch):
    state, seat = _buying()

    def fail(self, det, *_):
        raise AssertionError("a greedy leaf ran with the leaf settings off")

    monkeypatch.setattr(ISMCTSBot, "_play_greedy", fail)
    off = make("hard", iterations=60, seed=4, **OFF)
    off.choose(state, seat)
    assert off.leaf_chain == 0
    root = _search(make("hard", iterations=60, seed=4, **OFF), state, seat)
    assert all(node.order is None for node in _below_root(root) if node.visits < 8)


def _search(bot: ISMCTSBot, state, seat: int) -> Node:
    """The tree of one decision, built as ``choose`` builds it."""
    bot._tune(state.game.search_hints)
    legal = state.legal_actions(seat)
    keys = [action_key(a) for a in legal]
    base = bot.rng.getrandbits(60)
    root = Node(-1)
    root.order = bot._rank_root(state.determinize(seat, random.Random(base)), seat, legal, keys)
    rewards = Rewards(seat)
    for _ in range(bot.iterations):
        bot._iterate(root, state, seat, legal, keys, base, rewards)
    return root


def _below_root(root: Node):
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children.values())


def test_chain_rank_ranks_the_seats_own_chain_on_its_first_visit():
    """With ``chain_rank`` a node where the searching seat decides again after its own
    purchase is ranked when first walked through, and its first child is the best-ranked
    (normal's) purchase, not a random one; other seats' nodes keep ``prior_visits``."""
    state, seat = _buying()
    root = _search(make("hard", iterations=80, seed=2, **{**OFF, "chain_rank": 1}), state, seat)
    own = [n for n in _below_root(root) if n.seat == seat and n.children
           and next(iter(n.children.values())).seat == seat]
    assert own and all(n.order is not None for n in own)
    for node in own:
        first = next(iter(node.children))  # dicts keep insertion order: the first expanded
        assert node.order[first] == 0
    others = [n for n in _below_root(root) if n.seat != seat and n.visits < 8]
    assert all(n.order is None for n in others)


def test_the_settings_are_deterministic_for_a_seed():
    state, seat = _buying()
    for settings in ({**OFF, "leaf_chain": 20}, {**OFF, "leaf_chain": 20, "chain_rank": 1},
                     {"leaf_greedy": 6, "iteration_scale": 1.0}):
        picks = {action_key(make("hard", iterations=40, seed=9, **settings).choose(state, seat)) for _ in range(2)}
        assert len(picks) == 1
        a = _search(make("hard", iterations=40, seed=9, **settings), state, seat)
        b = _search(make("hard", iterations=40, seed=9, **settings), state, seat)
        assert [(k, c.visits, c.total) for k, c in a.children.items()] == \
            [(k, c.visits, c.total) for k, c in b.children.items()]


def test_iteration_scale_runs_that_share_of_the_budget():
    state, seat = _buying()
    bot = make("hard", iterations=30, seed=1, **{**OFF, "iteration_scale": 0.5})
    bot.choose(state, seat)
    assert bot.last["iterations"] == 15
    bot = make("hard", iterations=30, seed=1, **OFF)
    bot.choose(state, seat)
    assert bot.last["iterations"] == 30 and DEFAULTS["iteration_scale"] == 1.0


def test_immunitys_leaf_hints_hold_at_two_players_only_and_a_given_setting_wins():
    """Immunity opts in to the greedy leaf at 2 players (measured there); at 3 players the
    search is as before, unless the setting is given to ``make``."""
    hints = IMMUNITY.search_hints
    assert hints["leaf_players"] == 2 and hints["leaf_greedy"] > 0
    two, _ = _buying(players=2)
    three, _ = _buying(players=3)
    bot = make("hard", seed=1)
    bot._tune(hints, 2)
    assert (bot.leaf_greedy, bot.iteration_scale) == (hints["leaf_greedy"], hints["iteration_scale"])
    assert round(bot.iterations * bot.iteration_scale) == 80
    bot._tune(hints, 3)
    assert (bot.leaf_greedy, bot.iteration_scale, bot.leaf_chain, bot.chain_rank) == (0, 1.0, 0, 0)
    given = make("hard", seed=1, leaf_greedy=3)
    given._tune(hints, 3)
    assert given.leaf_greedy == 3 and given.iteration_scale == 1.0
    state, seat = _buying(players=2)
    hinted = make("hard", seed=1, iterations=30)
    hinted.choose(state, seat)
    assert hinted.last["iterations"] == 8  # 30 x 0.2667
