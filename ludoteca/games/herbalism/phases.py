"""Herbalism's turn as a chain of small decisions, declared once (the engine reads it).

A turn::

    move (pharmacist to another medicine card) -> action (an action card in play) ->
        inquiring/feeding: give {colour, target}               -> [predict] -> next player
        brewing/appealing: target {target} -> [respond: hand_over {colour}] -> [predict]
        curing:            answer {card} -> respond_cure: each other marker holder answers,
                           follows or passes -> secret checks from the active player clockwise

The target of Appealing (and of Brewing on the identical-pair card) always makes its
``hand_over`` decision, even with a single option: if only targets with a real choice were
asked, everyone would learn from the turn order that the target held both colours.

Each string names a method of the state class (``state.py`` and its rule mixins
``turn.py`` and ``curing.py``); this module imports nothing of the game.  The order of the
table is the order of the RL encoder's phase one-hot (``list(TABLE)``).
"""

from __future__ import annotations

from ludoteca.engine.phases import Phase, phase_table

#: After a turn's action: the optional prediction, or the next player's turn.
AFTER_ACTION = ("predict", "move")
#: After the checks of a curing: the next turn, the last holder's forced cure, a new round
#: (which starts at ``move``) or the end of the game.
AFTER_CHECKS = ("move", "answer", "over")

TABLE = phase_table(
    Phase("move", movers="_active_seat", legal="_pharmacist_moves",
          handlers={"move": "_move_pharmacist"}, then=("action",),
          help="the active player moves its pharmacist to a different medicine card"),
    Phase("action", movers="_active_seat", legal="_action_choices",
          handlers={"action": "_take_action"}, then=("give", "target", "answer"),
          help="the active player takes an action card in play"),
    Phase("give", movers="_active_seat", legal="_gifts",
          handlers={"give": "_give"}, then=AFTER_ACTION,
          help="Inquiring or Feeding: a card of the medicine card's colours to another player"),
    Phase("target", movers="_active_seat", legal="_targets",
          handlers={"target": "_choose_target"}, then=("respond", *AFTER_ACTION),
          help="Brewing or Appealing: the active player chooses another player"),
    Phase("respond", movers="_target_seat", legal="_hand_overs",
          handlers={"hand_over": "_hand_over"}, then=AFTER_ACTION,
          help="the target of Appealing (or of Brewing on the identical pair) chooses what to hand over"),
    Phase("predict", movers="_active_seat", legal="_prediction_choices",
          handlers={"predict": "_predict", "skip_prediction": "_skip_prediction"}, then=("move",),
          help="advanced rules: a prediction marker after a non-curing action, or none"),
    Phase("answer", movers="_active_seat", legal="_answers",
          handlers={"answer": "_answer"}, then=("respond_cure", *AFTER_CHECKS),
          help="Curing (or the last holder's forced cure): the cure marker, answer side up"),
    Phase("respond_cure", movers="_cure_responder", legal="_cure_responses",
          handlers={"answer": "_answer", "follow": "_follow", "pass": "_pass"},
          then=("respond_cure", *AFTER_CHECKS),
          help="each other marker holder in turn, clockwise: answer, follow or pass"),
    Phase("over", help="the game is over"),
)
