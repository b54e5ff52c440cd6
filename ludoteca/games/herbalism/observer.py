"""The observation writer: a seat's ``encode(view(seat))`` written from the state, in place.

How it stays cheap: the numbers are written by the very steps ``encode`` fills its list with
(``encoding.write_turn``, ``write_hands`` ...), here into a float32 memoryview of the writer's
array (an item write there costs a fraction of numpy's), and each step runs again only when the
state's facts it reads differ from those it last wrote: the writer keeps a copy of them and
compares (a list comparison is one C call).  Between two writes of a seat, a few actions move
the turn, perhaps a hand or a pharmacist; everything else stays as written.

The round log alone grows within a round: its notes (``encoding.Notes``) are fed the new entries
only, each passed through ``knowledge.redact`` for this seat first, the same redaction the view
applies, so the notes hold what the seat's knowledge sheet shows and nothing more.
:class:`Follow` says whether the state handed in is the one written last, moved on by recorded
actions; if it is not, or the round log is another list (a new round), the notes are rebuilt
from the whole log.  The other steps compare values, so any state may be handed in any order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ludoteca.engine.observation import Follow

from . import encoding
from .content import content_for
from .encoding import (
    Notes,
    write_fixed,
    write_hands,
    write_markers,
    write_pharmacists,
    write_predictions,
    write_scores,
    write_turn,
)
from .knowledge import redact


def _run(*names: str) -> tuple[int, int]:
    """The slots of these sections, which the layout must keep side by side (checked here, at
    import: a step zeroes its run in one go)."""
    order = [name for name, _ in encoding.SECTIONS]
    first = order.index(names[0])
    if order[first:first + len(names)] != list(names):
        raise AssertionError(f"herbalism observation: sections {names} are no longer side by side")
    return encoding.START[names[0]], encoding.END[names[-1]]


#: The slots of the one-hot sections each step rewrites, zeroed first.
TURN = _run("active", "phase", "pending_action", "pending_target")
PHARMACISTS = _run("pharmacists")
MARKERS = _run("markers")
PREDICTED = _run("predictions")
NOTED = (_run("checked_wrong", "known_cure"), _run("gave", "received", "announced"))


class Writer:
    """``write(state)``: the float32 observation of ``seat`` (None: a spectator) for a game of
    these players and (resolved) options; the array is the writer's own, overwritten next time."""

    def __init__(self, players: int, options: dict[str, Any], seat: int | None) -> None:
        content = content_for(options["params"] or None)
        self.seat = seat
        self.colours, self.medicines = list(content.colours), list(content.medicines)
        self.target = float(options["target"])
        # ``encode`` puts a pharmacist whose card has an empty name off the cards (the view's
        # name is falsy there); a content's names may be any text, so the writer maps the
        # state's card index likewise (the list's last entry maps -1, off the cards, to itself)
        blank = not all(self.medicines)
        self.where = [i if name else -1 for i, name in enumerate(self.medicines)] + [-1] if blank else None
        self.values = np.zeros(encoding.OBSERVATION_SIZE, np.float32)
        self.out = memoryview(self.values)
        zeros = memoryview(np.zeros(encoding.OBSERVATION_SIZE, np.float32))
        # each one-hot run and its zeros, sliced once: a step clears its run with one copy
        runs = (TURN, PHARMACISTS, MARKERS, PREDICTED, *NOTED)
        self.clear = {run: (self.out[run[0]:run[1]], zeros[run[0]:run[1]]) for run in runs}
        write_fixed(self.out, seat, encoding._cards_in_play(options, content))
        self.follow = Follow()
        self._forget()

    def _forget(self) -> None:
        """Nothing is known to be written: every step runs at the next write."""
        self.log: list[dict[str, Any]] | None = None
        self.seen = 0
        self.notes = Notes(self.seat, self.colours, self.medicines)
        self.turn: tuple[Any, ...] | None = None
        self.hands: list[list[int]] | None = None
        self.scores: list[int] | None = None
        self.pharmacists: list[int] | None = None
        self.markers: tuple[list[Any], list[Any]] | None = None
        self.predicted: tuple[list[Any], ...] | None = None

    def write(self, state: Any) -> np.ndarray:
        """Run each step whose facts differ from those it last wrote, its run cleared first."""
        try:
            out, clear = self.out, self.clear
            log = state.log
            if self.follow.since(state) is None or log is not self.log or len(log) < self.seen:
                self.log, self.seen = log, 0
                self.notes = Notes(self.seat, self.colours, self.medicines)
                for run in NOTED:
                    part, zeros = clear[run]
                    part[:] = zeros
                self._note(log, rewrite=True)
            elif len(log) > self.seen:
                self._note(log, rewrite=False)
            self._write_table(state, out, clear)
        except BaseException:
            self._forget()  # half-written: every step again next time
            self.follow.forget()
            raise
        return self.values

    def _write_table(self, state: Any, out: memoryview, clear: dict[tuple[int, int], Any]) -> None:
        """The table's steps, each run again only when the facts it reads changed."""
        pending = state.pending
        turn = (state.active, state.phase, pending.get("action"), pending.get("target"))
        if turn != self.turn:
            part, zeros = clear[TURN]
            part[:] = zeros
            write_turn(out, state.active, encoding.PHASE_SLOT[state.phase], pending)
            self.turn = turn
        hands = state.hands
        if hands != self.hands:
            write_hands(out, None if self.seat is None else hands[self.seat], list(map(sum, hands)))
            self.hands = list(map(list, hands))
        scores = state.scores
        if scores != self.scores:
            write_scores(out, scores, self.target)
            self.scores = list(scores)
        if state.pharmacist != self.pharmacists:
            part, zeros = clear[PHARMACISTS]
            part[:] = zeros
            where = self.where
            write_pharmacists(out, state.pharmacist if where is None else [where[i] for i in state.pharmacist])
            self.pharmacists = list(state.pharmacist)
        markers = (state.marker_card, state.marker_side)
        if markers != self.markers:
            part, zeros = clear[MARKERS]
            part[:] = zeros
            write_markers(out, markers[0], markers[1])
            self.markers = (list(markers[0]), list(markers[1]))
        predicted = (state.predictions, state.prediction_pool)
        if predicted != self.predicted:
            part, zeros = clear[PREDICTED]
            part[:] = zeros
            write_predictions(out, predicted[0], predicted[1], self.colours)
            self.predicted = ([list(names) for names in predicted[0]], list(predicted[1]))

    def _note(self, log: list[dict[str, Any]], rewrite: bool) -> None:
        """Note the log's new entries as this seat sees them; write the notes again if any held
        a note (or ``rewrite``: new notes, their runs cleared).  Notes only grow within a round,
        so they are written over their own older numbers, nothing cleared."""
        seat, notes, kinds = self.seat, self.notes, Notes.KINDS
        for entry in log[self.seen:]:
            if entry["k"] in kinds and notes.learn(redact(entry, seat)):
                rewrite = True
        self.seen = len(log)
        if rewrite:
            notes.write(self.out)
