"""Thirty-One played to the end by every bot level and, in the terminal, by a person."""

from __future__ import annotations

import json

import pytest
from thirty_one_helpers import GAME, position
from typer.testing import CliRunner

from ludoteca.bots import make
from ludoteca.cli import app


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_each_bot_level_plays_a_whole_game(level: str) -> None:
    """Every seat is the bot; every choice is legal; the game ends with scores and winners."""
    state = GAME.new(2, seed=3, options={"rounds": 1})
    bots = [make(level, seed=seat) for seat in range(2)]
    moves = 0
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
        moves += 1
    assert 0 < moves <= GAME.max_game_length(2, {"rounds": 1})
    assert len(state.scores) == 2 and state.winners


def test_the_normal_bot_keeps_its_best_cards() -> None:
    """Holding A♥ K♥ 2♣ and drawing 10♥, the one-step look-ahead discards 2♣ (a blitz)."""
    state = position(hands=[["A♥", "K♥", "2♣"], ["5♦", "6♦", "7♦"]], stock=["9♣", "10♥"], discard=["3♣"])
    state.apply(0, {"type": "draw"})
    assert make("normal", seed=1).choose(state, 0) == {"type": "discard", "card": "2♣"}


def test_a_person_plays_in_the_terminal_then_replays(tmp_path) -> None:
    """``ludoteca play thirty-one --bots random``: always answering 1 draws and discards to the end."""
    result = CliRunner().invoke(app, ["play", "thirty-one", "--bots", "random", "--seed", "4", "--players", "3",
                                      "--option", "rounds=1", "--records", str(tmp_path)], input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Round 1 of 1, turn 1 of 40" in result.output
    assert "Your hand:" in result.output and "Draw the top card of the stock" in result.output
    assert "Game over." in result.output
    [path] = tmp_path.glob("thirty-one-4-*.json")
    record = json.loads(path.read_text())
    assert record["game"] == "thirty-one" and record["players"] == 3
    assert GAME.replay(record).is_over
    replay = CliRunner().invoke(app, ["replay", str(path), "--all", "--lang", "fr"])
    assert replay.exit_code == 0, replay.output
    assert "La manche 1 s'est terminée" in replay.output


def test_the_terminal_speaks_spanish() -> None:
    result = CliRunner().invoke(app, ["play", "thirty-one", "--seed", "2", "--lang", "es"], input="q\n")
    assert result.exit_code == 1
    assert "Ronda 1 de 3, turno 1 de 40" in result.output and "Tu mano:" in result.output
    assert "Robar la carta de arriba del mazo" in result.output


def test_the_example_is_not_in_the_games_table() -> None:
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0 and "dschunke" in result.output and "thirty-one" not in result.output
