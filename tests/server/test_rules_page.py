"""The rules page's content, in-process: the game's Markdown rendered with raw HTML off, every
game-written word escaped, the options, presets, reference tables and components as tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca import engine
from ludoteca.server import catalogue, rules_page

RULES = """# How to play Thirty-One

Draw, then **discard**; a hand worth 31 ends the round.

<script>alert("rules")</script>

| Hand | Points |
| --- | --- |
| Three of a kind | 30½ |

[a trap](javascript:alert(1))
"""


@pytest.fixture
def thirty_one(monkeypatch: pytest.MonkeyPatch) -> Iterator[type]:
    """Thirty-One with a rules text, a catalogue and a reference table of its own."""
    game_class = type(engine.game("thirty-one"))

    def rules_text(self: Any, lang: str = "en") -> str:
        return RULES if lang == "en" else ""

    def fake_catalogue(self: Any, options: Any = None, lang: str = "en") -> list[dict[str, Any]]:
        return [{"id": "card:QH", "kind": "Card", "name": "Queen of hearts <Q♥>", "text": "Worth 10 points.",
                 "facts": [["Points", "10"], ["Suit", "hearts"]]}]

    def reference(self: Any, options: Any = None, lang: str = "en") -> list[dict[str, Any]]:
        return [{"title": "Card values", "columns": ["Card", "Points"], "rows": [["Ace", "11"], ["King", "10"]],
                 "note": "Only one suit counts."}]

    monkeypatch.setattr(game_class, "rules_text", rules_text)
    monkeypatch.setattr(game_class, "catalogue", fake_catalogue)
    monkeypatch.setattr(game_class, "reference", reference)
    rules_page.rules_page.cache_clear()
    catalogue._cache.clear()
    yield game_class
    rules_page.rules_page.cache_clear()
    catalogue._cache.clear()


def test_the_rules_text_is_rendered_from_markdown_without_raw_html(thirty_one: type) -> None:
    status, page = rules_page.answer("thirty-one", "en")
    assert status == 200
    assert "<h1>How to play Thirty-One</h1>" in page and "<strong>discard</strong>" in page
    assert "<script>" not in page and "&lt;script&gt;" in page  # shown as text, never run
    assert "<td>Three of a kind</td>" in page and "<td>30½</td>" in page  # Markdown tables
    assert 'href="javascript' not in page  # markdown-it refuses script links


def test_the_page_lists_options_presets_reference_tables_and_components(thirty_one: type) -> None:
    _status, page = rules_page.answer("thirty-one", "en")
    assert "<h2>Options</h2>" in page and "<td>Rounds</td>" in page and "<td>1 to 10</td>" in page
    assert "<h2>Variants</h2>" in page and "<td>One round</td>" in page and "<td>Rounds: 1</td>" in page
    assert "<h3>Card values</h3>" in page and "<td>Ace</td><td>11</td>" in page
    assert '<p class="muted">Only one suit counts.</p>' in page
    assert "<h3>Card</h3>" in page and "<td>Queen of hearts &lt;Q♥&gt;</td>" in page
    assert "<td>Worth 10 points.</td><td>Points: 10; Suit: hearts</td>" in page
    assert "<dt>Players</dt><dd>2, 3, 4</dd>" in page


def test_a_language_without_a_rules_text_says_it_is_being_written(thirty_one: type) -> None:
    _status, page = rules_page.answer("thirty-one", "es")
    assert "El texto de las reglas de este juego aún se está escribiendo." in page
    assert "<h2>Opciones</h2>" in page and '<html lang="es">' in page
