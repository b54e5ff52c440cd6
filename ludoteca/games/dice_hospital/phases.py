"""Dice Hospital's turn structure, declared once: who decides in each phase, what they may do,
which method carries out each action type and which phases may follow.

The engine's ``State`` reads this table for ``to_move``, ``_legal_actions`` and ``_apply``; the
RL encoder's phase one-hot is ``list(TABLE)``.  Strings name methods of
``DiceHospitalState`` (defined in the phase modules :mod:`.preparation`, :mod:`.intake`,
:mod:`.improvements`, :mod:`.activation`), so this module imports nothing of the game.
Neglect, discharge and the shift change (:mod:`.round_end`) need no decision and run inside
the last ``end`` of an activation.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.phases import Phase, phase_table

#: After the set-up and after every shift change a round starts with the extra offer (two
#: players and solo, at Board Game Arena's timing) or the intake roll.
ROUND_START = ("reveal", "sort", "claim")
#: Once the ambulances are claimed, any later step of the round may be the next decision
#: (a step nobody has to decide is skipped: no overflow, no improvement owned, ...).
AFTER_CLAIMS = ("place", "reveal", "take", "return", "activate")


def blood_supply(state: Any) -> int:
    """What the seats share while they activate at once: the general supply of blood bags.

    Everything else a seat does in its activation touches only its own hospital (its beds,
    nurses, specialists, departments and blood bags).  The supply is read by others' actions:
    a specialist's blood bonus is offered only while the supply has a bag, and it gains at
    most what is left (rule text: "Una bolsa de sangre puede devolverse al suministro general
    en cualquier momento de tu activación").  So an undo never crosses another seat's step
    when the steps taken back spent or gained a blood bag before it."""
    return state.blood_supply


TABLE = phase_table(
    Phase("setup", movers="seats_preparing", legal="preparation_actions",
          handlers={"start": "value_starting_patients", "admin": "keep_administrator"},
          then=("setup", *ROUND_START),
          help="every seat at once: value the starting patients, keep an administrator"),
    Phase("sort", movers="sorting_seat", legal="sort_actions", handlers={"sort": "sort_die"},
          then=ROUND_START,
          help="the seat to the first player's right: which colour of a tied value goes first"),
    Phase("claim", movers="next_in_queue", legal="claim_actions",
          handlers={"ambulance": "claim_ambulance"}, then=("claim", *AFTER_CLAIMS),
          help="one seat at a time from the first player: take an ambulance"),
    Phase("place", movers="seats_with_arrivals", legal="place_actions",
          handlers={"morgue": "send_to_morgue", "bed": "admit_patient"}, then=AFTER_CLAIMS,
          help="every seat with arriving patients: the morgue if full, then a bed, one die at a time"),
    Phase("reveal", movers="revealing_seat", legal="reveal_actions",
          handlers={"reveal": "reveal_offer"}, then=("reveal", "sort", "claim", "take", "return", "activate"),
          help="two players and solo: the first player may reveal one more offer"),
    Phase("take", movers="next_in_queue", legal="take_actions",
          handlers={"take": "take_improvement", "pass": "pass_improvement"},
          then=("take", "return", "activate"),
          help="one seat at a time, lowest ambulance first: take one offer or pass"),
    Phase("return", movers="seats_deciding_returns", legal="return_actions",
          handlers={"return": "return_improvement", "keep": "keep_improvements"},
          then=("return", "activate"),
          help="every seat with an improvement: return one for a blood bag, or keep them"),
    Phase("activate", movers="seats_activating", legal="activation_actions",
          handlers={"department": "choose_department", "meeple": "send_meeple",
                    "patient": "choose_patient", "skip": "skip_specialist",
                    "bonus": "specialist_bonus", "blood": "choose_blood_bed",
                    "blood_use": "spend_blood_bag", "end": "end_activation"},
          then=("activate", *ROUND_START, "over"),
          help="every seat still activating, at once; each ends its own",
          independent=True, shared=blood_supply),
    Phase("over", help="the game is over"),
)
