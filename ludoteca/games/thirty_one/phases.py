"""Thirty-One's turn structure, declared once (ludoteca/engine/phases.py).

A turn is a chain of two small decisions: draw (or knock), then discard.  The strings name
methods of :class:`~ludoteca.games.thirty_one.state.ThirtyOneState`, so this module imports
nothing of the game and the registration check can name a misspelt one.
"""

from __future__ import annotations

from ludoteca.engine.phases import Phase, phase_table

TABLE = phase_table(
    Phase("draw", movers="current_player", legal="draw_choices",
          handlers={"draw": "draw_from_stock", "take": "take_from_discard", "knock": "knock"},
          then=("discard", "draw", "over"),
          help="take the stock's top card or the discard pile's, or knock instead"),
    Phase("discard", movers="current_player", legal="discard_choices", handlers={"discard": "discard_card"},
          then=("draw", "over"),
          help="lay one card face up on the discard pile, back to the hand size"),
    Phase("over", help="every round has been scored"),
)
