"""The lazy legal list (ludoteca/engine/actions.py): it reads like the list it stands for, and
the engine hands callers who ask for a copy a real list of fresh dicts."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine.actions import ActionList
from ludoteca.games.dschunke import GAME


def numbered(size: int) -> ActionList:
    return ActionList(size, lambda i: {"type": "n", "i": i})


def test_it_reads_like_a_list():
    lazy, plain = numbered(5), [{"type": "n", "i": i} for i in range(5)]
    assert len(lazy) == 5 and list(lazy) == plain and lazy == plain and plain == lazy
    assert lazy[0] == plain[0] and lazy[-1] == plain[-1] and lazy[1:4] == plain[1:4] and lazy[::-2] == plain[::-2]
    assert {"type": "n", "i": 3} in lazy and {"type": "n", "i": 5} not in lazy
    assert lazy.index({"type": "n", "i": 2}) == 2 and lazy != plain[:4] and lazy != numbered(4)
    assert lazy[2] is not lazy[2]  # each read is a fresh dict: changing one cannot touch the list
    with pytest.raises(IndexError, match="out of range 0..4"):
        lazy[5]
    with pytest.raises(IndexError):
        lazy[-6]
    with pytest.raises(TypeError):
        hash(lazy)
    assert len(numbered(0)) == 0 and list(numbered(0)) == []


def test_a_copied_legal_list_is_a_real_list_equal_to_the_lazy_one():
    state = GAME.new(2, seed=4)
    seat = state.to_move[0]
    lazy = state.legal_actions(seat, copy=False)
    copied = state.legal_actions(seat)
    assert isinstance(lazy, ActionList) and type(copied) is list and copied == list(lazy)
    json.dumps(copied)  # what the server sends: plain dicts only
    assert len(copied) > 10  # the opening strip: every spot around the start strip
