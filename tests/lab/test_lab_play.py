"""The play loop's contract with the game hooks (LAB.md §7.3): content_keys gets the choosing seat."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine import game as get_game
from ludoteca.lab import play, seeds


def _task(bot: str, block: int = 0) -> play.GameTask:
    return play.GameTask("immunity", 3, "a", {}, block, 0, seeds.block_seed(1, block), (bot,) * 3,
                         tuple(seeds.bot_seed(1, block, e) for e in range(3)))


@pytest.mark.parametrize("bot", ["random", "never(cells.neutrophil)/random"])
def test_content_keys_is_asked_with_the_seat_that_chooses(monkeypatch, bot: str) -> None:
    """The engine hook is content_keys(state, action, seat): "seat matters where several seats
    choose at once and an action names a card by its place in the chooser's own hand"."""
    game = get_game("immunity")
    original = type(game).content_keys
    asked: list[tuple[int, int]] = []

    def recording(self: Any, state: Any, action: Any, seat: int | None = None) -> Any:
        asked.append((seat, state.to_move[0]))
        return original(self, state, action, seat)

    monkeypatch.setattr(type(game), "content_keys", recording)
    monkeypatch.setattr(play, "_PROBES", {})
    result = play.play(_task(bot))
    assert asked and all(seat == mover for seat, mover in asked)
    assert sum(sum(row["usage"].values()) for row in result.seats) > 0


def test_a_two_argument_hook_still_works(monkeypatch) -> None:
    """Hooks written before the seat argument existed are called without it."""
    game = get_game("immunity")
    original = type(game).content_keys

    def old_style(self: Any, state: Any, action: Any) -> Any:
        return original(self, state, action)

    monkeypatch.setattr(type(game), "content_keys", old_style)
    monkeypatch.setattr(play, "_PROBES", {})
    with_old = play.play(_task("random", 1))
    monkeypatch.setattr(type(game), "content_keys", original)
    monkeypatch.setattr(play, "_PROBES", {})
    assert [r["usage"] for r in with_old.seats] == [r["usage"] for r in play.play(_task("random", 1)).seats]


def test_fast_bots_sample_the_clocks_and_still_report_think_time() -> None:
    """Random bots are clocked one action in SAMPLE_EVERY, scaled: think time stays positive
    and within the game's wall time, even when a sampled action was interrupted (on a loaded
    machine one such sample, scaled by SAMPLE_EVERY, read three times the wall time)."""
    timing = play.play(_task("random", 2)).timing
    assert all(t > 0 for t in timing["think_s"]) and timing["game_s"] <= timing["wall_s"]
