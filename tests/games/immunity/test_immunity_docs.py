"""The designers' page (docs/games/immunity.md) documents every table of content and every knob."""

from pathlib import Path

from ludoteca.games.immunity import GAME

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "immunity.md"


def test_every_content_entry_and_option_is_documented():
    """Docs: "every table of content, every knob"."""
    text = DOC.read_text(encoding="utf-8")
    c = GAME.new(players=2, seed=1).content
    for section in ("cells", "organs", "pathogens", "medical", "environment", "rules"):
        for key in c.data[section]:
            assert f"`{key}`" in text, f"{section}.{key} is not in the docs"
    for name in GAME.option_specs:
        assert f"`{name}`" in text, f"option {name} is not in the docs"


def test_the_documented_cost_table_matches_the_data():
    """Docs: the cost table shown to designers is the shipped one."""
    text = DOC.read_text(encoding="utf-8")
    c = GAME.new(players=2, seed=1).content
    for cell in c.cell_ids:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{cell}` "))
        assert row.split("|")[2].strip() == str(c.cells[cell].cost), row


def view_keys(value, found=None):
    """Every mapping key in a view, at any depth, except the ids used as keys (cells, organs)."""
    found = set() if found is None else found
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            view_keys(item, found)
    elif isinstance(value, list):
        for item in value:
            view_keys(item, found)
    return found


def test_every_view_key_is_documented():
    """Issue: "Every game's view keys are documented in its docs page"."""
    import random

    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## View keys"):text.index("## Files")]
    content = GAME.new(players=2, seed=1).content
    ids = set(content.cell_ids) | set(content.organs)
    seen = set()
    for players in (2, 5):
        s = GAME.new(players=players, seed=players)
        rng = random.Random(players)
        while True:
            for seat in (None, *range(players)):
                seen |= view_keys(s.view(seat))
            if s.is_over:
                break
            seat = s.to_move[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    undocumented = sorted(key for key in seen - ids if f"`{key}`" not in section)
    assert undocumented == []
    assert {"phase", "scores", "seats", "hand", "pathogen", "counters", "placed_by"} <= seen
