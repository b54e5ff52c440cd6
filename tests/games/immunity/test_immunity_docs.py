"""The designers' page (docs/games/immunity.md) documents every table of content and every knob."""

from pathlib import Path

from ludoteca.games.immunity import GAME

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "immunity.md"


def test_every_content_entry_and_option_is_documented():
    """Docs: "every table of content, every knob"."""
    text = DOC.read_text(encoding="utf-8")
    c = GAME.new(players=2, seed=1).c
    for section in ("cells", "organs", "pathogens", "medical", "environment", "rules"):
        for key in c.data[section]:
            assert f"`{key}`" in text, f"{section}.{key} is not in the docs"
    for name in GAME.option_specs:
        assert f"`{name}`" in text, f"option {name} is not in the docs"


def test_the_documented_cost_table_matches_the_data():
    """Docs: the cost table shown to designers is the shipped one."""
    text = DOC.read_text(encoding="utf-8")
    c = GAME.new(players=2, seed=1).c
    for cell in c.cell_ids:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{cell}` "))
        assert row.split("|")[2].strip() == str(c.cells[cell].cost), row
