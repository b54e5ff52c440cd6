"""Immunity's turn structure, declared once: the rule book's five phases and what each allows.

A turn has five phases ("FASES DEL TURNO"); in each one every player acts in this turn's
order (phase 5: the sickest first).  A player's part of a phase is a short chain of small
decisions, kept in the state's ``queue`` (who still has to act, the acting seat first) and
``step`` (``main``: the phase's own actions; ``end``: only ``done`` or a medical card;
``discard``: phase 1's hand limit).  The strings name methods of the state class, so this
module imports nothing of the game; ``to_move``, the legal actions and the dispatch of an
action to its handler all come from the engine reading :data:`TABLE`.

The engine's :class:`~ludoteca.engine.phases.Phase` has no hook for what happens by itself
when a player's part begins or ends (oxygen income, the infection loop, damage), so those
are declared here too, in :data:`PART_BEGINS` and :data:`PART_ENDS`.
"""

from __future__ import annotations

from ludoteca.engine.phases import Phase, phase_table

#: Every phase allows ending one's part and playing a medical card (which ends it too).
_ANY_PHASE = {"done": "on_done", "medical": "on_medical"}

TABLE = phase_table(
    Phase("setup", then=("start",),
          help="Set-up: cards dealt, environments filled face down; nobody decides."),
    Phase("start", movers="acting_seat", legal="start_choices",
          handlers={**_ANY_PHASE, "discard": "on_discard"}, then=("preparation",),
          help="Fase 1, start of turn: life line, die rolls, draws, environment cards, hand limit."),
    Phase("preparation", movers="acting_seat", legal="preparation_choices",
          handlers={**_ANY_PHASE, "buy": "on_buy"}, then=("response",),
          help="Fase 2, immune preparation: oxygen income, buying cells."),
    Phase("response", movers="acting_seat", legal="response_choices",
          handlers={**_ANY_PHASE, "clear": "on_clear", "clear_tumour": "on_clear_tumour"},
          then=("contagion",),
          help="Fase 3, immune response: the infection loop, clearing with cells, damage."),
    Phase("contagion", movers="acting_seat", legal="contagion_choices",
          handlers={**_ANY_PHASE, "spread": "on_spread", "spread_card": "on_spread_card"},
          then=("exposure",),
          help="Fase 4, contagion: one infection or hand card onto a valid target."),
    Phase("exposure", movers="acting_seat", legal="exposure_choices",
          handlers={**_ANY_PHASE, "expose": "on_expose"}, then=("start", "over"),
          help="Fase 5, new exposure: one hand pathogen face down, the sickest first."),
    Phase("over", help="After the last turn of the life line: the healthiest player wins."),
)

#: The phases of a turn with their rule-book numbers ("Fase 1" ... "Fase 5").
NUMBERS: dict[str, int] = {"start": 1, "preparation": 2, "response": 3, "contagion": 4, "exposure": 5}
#: The phase that comes before the first turn and the one after the last.
BEFORE, AFTER = "setup", "over"

#: What happens by itself when a player's part of a phase begins: state method ``(seat, events)``.
PART_BEGINS: dict[str, str] = {
    "start": "begin_start_part",            # only ``done`` or a medical card remain
    "preparation": "receive_oxygen",
    "response": "immune_response",          # reveal, infect, move the environments
    "exposure": "begin_exposure_part",      # nothing to expose: only ``done`` or a medical card
}
#: What happens by itself when a player's part ends; a method that returns True keeps the part
#: open (phase 1: a player over the hand limit discards first).
PART_ENDS: dict[str, str] = {
    "start": "must_discard",
    "preparation": "lose_unspent_oxygen",
    "response": "infections_damage",
}
#: Who acts in a phase and in what order, when it is not this turn's order (a state method).
QUEUES: dict[str, str] = {"exposure": "exposure_order"}


def number_of(phase: str) -> int:
    """The rule-book number of ``phase`` (0 before the first turn, 6 once the game is over)."""
    return NUMBERS.get(phase, 0 if phase == BEFORE else len(NUMBERS) + 1)


def named(number: int) -> str:
    """The phase with rule-book number ``number`` (1-5)."""
    for name, n in NUMBERS.items():
        if n == number:
            return name
    raise ValueError(f"Immunity's phases are numbered 1 to {len(NUMBERS)}; got {number!r}")
