"""The search's opponent model (``opponents``, a Herbalism search hint; off elsewhere).

Another seat's reply is played as the greedy bot would play it from that seat's own view, so it
must depend on nothing else: two worlds that the replying seat sees alike give the same reply
with the same random numbers.  A chain of the seat's own decisions is still searched."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.bots import make
from ludoteca.bots.ismcts import DEFAULTS, Node

HERBALISM = ludoteca.game("herbalism")


def _position(players: int, phase: str, seed: int = 0):
    """A Herbalism position reached by normal bots where another seat than the active one
    decides in ``phase``."""
    for game_seed in range(seed, seed + 200):
        state = HERBALISM.new(players, seed=game_seed)
        bots = [make("normal", seed=game_seed * 10 + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            if state.phase == phase and len(state.legal_actions(seat)) > 1:
                return state, seat
            state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError(f"no {phase} position found")


def test_only_herbalism_opts_in_and_a_given_setting_wins():
    assert DEFAULTS["opponents"] == 0
    assert [g for g in ludoteca.games() if ludoteca.game(g).search_hints.get("opponents")] == ["herbalism"]
    bot = make("hard", iterations=5, seed=1)
    state = HERBALISM.new(2, seed=1)
    bot.choose(state, state.to_move[0])
    assert bot.opponents == 2  # replies are modelled at 2 players only
    off = make("hard", iterations=5, seed=1, opponents=0)
    off.choose(state, state.to_move[0])
    assert off.opponents == 0


def test_a_reply_depends_only_on_what_the_replying_seat_sees():
    """Rule text, Preparar 4: "La mano de un jugador es información oculta": the modelled seat
    decides from its own view, so worlds that differ only in what it cannot see (other hands,
    the cure, transfers it took no part in) give it the same reply."""
    for players in (2, 3):
        state, mover = _position(players, "respond_cure")
        rng = random.Random(3)
        worlds = [state.clone()] + [state.determinize(mover, rng) for _ in range(4)]
        assert any(w.hands != state.hands or w.cure != state.cure for w in worlds[1:])
        replies = set()
        for world in worlds:
            assert world.view(mover) == state.view(mover)
            bot = make("hard", seed=1)
            bot._tune(HERBALISM.search_hints)
            node = Node(-1)
            child = bot._model_step(world.clone(), node, mover, random.Random(7))
            assert child is not None and child.seat == mover
            (key,) = node.children
            replies.add(key)
        assert len(replies) == 1


def test_a_chain_of_own_decisions_is_searched_not_modelled():
    """Moving the pharmacist is followed by the same seat's action: that node stays a search node."""
    state, mover = _position(3, "move")
    bot = make("hard", seed=1)
    bot._tune(HERBALISM.search_hints)
    assert bot._model_step(state.clone(), Node(-1), mover, random.Random(1)) is None


def test_at_three_players_the_search_is_unchanged():
    """The hint models replies at 2 players only: at 3 the bot plays as with the model off."""
    state, mover = _position(3, "respond_cure")
    for seed in range(3):
        hinted = make("hard", iterations=40, seed=seed)
        off = make("hard", iterations=40, seed=seed, opponents=0)
        assert hinted.choose(state, mover) == off.choose(state, mover)
