"""Dschunke's turn structure, declared (see :mod:`ludoteca.engine.phases`).

A turn with two drawn strips is a chain of small decisions: ``pick`` the strip to lay first,
then ``place`` it, then ``place`` the other.  A lone strip (red's opening, green's last) goes
straight to ``place``.  The game is ``over`` when the pile and the drawn strips are used up, or
at once when a Rat Hot player ends their turn showing too many rats.

The strings name methods of :class:`~ludoteca.games.dschunke.state.DschunkeState`, so this
module imports nothing of the game.
"""

from __future__ import annotations

from ludoteca.engine.phases import Phase, phase_table

TABLE = phase_table(
    Phase("pick", movers="current_seat", legal="pick_actions", handlers={"pick": "choose_first"},
          then=("place",), help="choose which of the two drawn strips to lay first"),
    Phase("place", movers="current_seat", legal="place_actions", handlers={"place": "lay_strip"},
          then=("place", "pick", "over"), help="lay the strip to place now on a legal spot"),
    Phase("over", help="no strip is left, or a Rat Hot player showed too many rats"),
)
