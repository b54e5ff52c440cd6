"""The most actions a game of Dice Hospital can take (``Game.max_game_length``, read by the
OpenSpiel bridge), counted from the rules and the content of the options, never sampled.

Every decision is one call to ``apply`` by one seat, so the bound counts decisions, phase by
phase (:mod:`.phases`), and argues for each why it cannot repeat more often.  Nothing in the
game loops: every action uses up something that only the set-up or the next round gives back.

* **Set-up** (:mod:`.preparation`): a seat values its starting patients once (its
  ``starting_dice`` are emptied) and keeps an administrator once (``setup_done``): 2 a seat.
* **Intake** (:mod:`.intake`), each round.  Claims: the queue holds each seat once and every
  claim pops it.  Sorting: every ``sort`` moves ``sort_position`` one die on, and a tie to sort
  needs two dice from there, so fewer sorts than dice in the line (ambulances x dice per
  ambulance).  Placing: each ``bed`` places one arriving patient; a ``morgue`` is offered only
  while fewer beds are free than patients arrive and frees a bed each time, so at most as many
  as arrive and as there are beds.  A seat's arrivals are its one ambulance's dice (plus the
  most a Motorway pile-up event adds) and National Epidemic's extra dice.
* **Improvements** (:mod:`.improvements`), each round: the extra reveal (two players and solo)
  counts ``reveals_left`` down, or declines and sets it to 0; the take queue holds each seat
  with an ambulance once (take or pass pops it); a return or a keep settles the seat's
  ``return_decided``.  So at most ``reveals + 2 x players``.
* **Activation** (:mod:`.activation`), each round, each seat.  A ``department`` marks it used
  until the next round, and its ``meeple`` sends a nurse (``nurses`` counts down) or a
  specialist (marked used): so a seat works at most min(departments, meeples) departments.  A
  seat owns the six printed departments and its nurses (the rule book's, its administrator's
  and the event's), plus its improvements; it takes at most one improvement a round (and none
  beyond the piles), so in round ``r`` it owns ``d`` more departments and ``p`` specialists
  with ``d + p <= min(r, tiles + cards)``, and min(6 + d, nurses + p) <= min(6, nurses) +
  min(r, tiles + cards).  Each department worked then asks exactly its ``target.count``
  patients (distinct beds, so a count above the beds is never offered); each specialist's
  meeple works once a round, so its effect follows at most once: a skip, a blood bonus or its
  ``target.count`` patients.  One ``end`` a seat.  Blood bags: every bag spent is a ``blood``
  (a bed) and a ``blood_use`` (how), and takes a bag from its owner; bags are never made
  (``_gain_blood`` takes no more than the supply holds, a spent bag goes back), so the seats
  hold at most the box's ``blood_bag_supply`` when the activation starts, and during it gain
  only by a specialist's blood bonus, at most ``min(amount, supply)`` once per specialist.  A
  bag spent and won back by another seat's specialist is thus paid for by that specialist's
  one use: the round's bags spent by all seats are at most the supply plus those bonuses.
* **Neglect, discharge, shift change, end** (:mod:`.round_end`) need no decision.

The bound is generous where the exact most is hard (every department worked is counted at the
largest group any department in play asks, every specialist at the largest its effect asks),
and true: ``tests/games/dice_hospital/test_dice_hospital_max_game_length.py`` plays seeded
games that never end an activation early against it.  With the shipped content and no variant
it is 2,488 actions at four players (random games take about 600, busy ones 700-800).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .content import Content, content_for
from .hospital import STARTING_DEPARTMENTS


@dataclass(frozen=True)
class Limits:
    """The numbers the bound reads, each the most the rules and content allow (module docstring)."""

    players: int
    rounds: int
    beds: int
    nurses: int            # the most nurses a seat has in a round (administrator and event included)
    supply: int            # blood bags in the game: the supply's plus every seat's, always
    arriving: int          # patients a seat's ambulance can bring in a round
    line: int              # dice rolled in a round's intake line
    reveals: int           # extra offers the first player may reveal in a round
    improvements: int      # department tiles and specialist cards in play (a seat owns at most these)
    dept_patients: int     # the largest group of patients a department in play treats
    spec_steps: int        # the most decisions a specialist's own effect asks (skip, bonus, its group)
    bonus: int             # the most blood bags a specialist's bonus gains

    def setup(self) -> int:
        """Each seat values its starting patients once and keeps one administrator."""
        return 2 * self.players

    def intake(self) -> int:
        """A round's claims, sorts and placements (beds and morgues) of all seats."""
        place = self.arriving + min(self.arriving, self.beds)
        return self.players + max(0, self.line - 1) + self.players * place

    def improvement_phase(self) -> int:
        """A round's extra reveals, takes or passes, and returns or keeps of all seats."""
        return self.reveals + 2 * self.players

    def owned(self, round_: int) -> int:
        """Improvements a seat can own in round ``round_``: one taken a round, none beyond the piles."""
        return min(round_, self.improvements)

    def activation(self, owned: int) -> int:
        """One seat's activation without its blood bags, owning ``owned`` improvements: its
        departments worked (each a department, a meeple and its patients), its specialists'
        effects and its ``end``."""
        worked = min(STARTING_DEPARTMENTS, self.nurses) + owned
        return worked * (2 + self.dept_patients) + owned * self.spec_steps + 1

    def blood(self, round_: int) -> int:
        """All seats' blood bags spent in round ``round_`` (a bed and a use each): the bags in the
        game, plus every specialist's blood bonus."""
        return 2 * (self.supply + self.players * self.owned(round_) * self.bonus)

    def round(self, round_: int) -> int:
        """The most actions of round ``round_`` (1 = the first)."""
        return (self.intake() + self.improvement_phase() + self.blood(round_)
                + self.players * self.activation(self.owned(round_)))

    def total(self) -> int:
        return self.setup() + sum(self.round(r) for r in range(1, self.rounds + 1))


def limits(players: int, options: dict[str, Any]) -> Limits:
    """The :class:`Limits` of a game with these ``players`` and (resolved) ``options``."""
    content: Content = content_for(options["params"] or None)
    rules = content.rules
    experimental = options["experimental_medicine"]
    events = content.events if options["events"] else ()
    beds, supply = rules["beds"], rules["blood_bag_supply"]

    def most(entries: tuple[dict[str, Any], ...], kind: str) -> int:
        """The largest amount of the entries of ``kind`` in play, 0 if none (or all negative)."""
        return max([0] + [e["amount"] for e in entries if e["kind"] == kind])

    nurses = max(0, rules["nurses"] + most(content.administrators, "extra_nurse") + most(events, "nurse_delta"))
    per_ambulance = rules["dice_per_ambulance"] + most(events, "ambulance_extra")
    arriving = per_ambulance + (rules["epidemic_extra_dice"] if options["national_epidemic"] else 0)
    ambulances = rules["solo_ambulances"] if players == 1 else players + 1
    tiles = content.department_tiles + (content.experimental_department_tiles if experimental else ())
    cards = content.specialist_cards + (content.experimental_specialist_cards if experimental else ())
    departments = set(range(STARTING_DEPARTMENTS)) | set(tiles)
    dept_patients = max(min(content.department_targets[d][0], beds) for d in departments)
    spec_steps, bonus = 1, 0
    for card in set(cards):
        target = content.specialist_targets[card]
        if target is not None:
            spec_steps = max(spec_steps, min(target[0], beds))
        bonus = max(bonus, min(content.specialist_blood[card], supply))
    return Limits(players=players, rounds=rules["rounds"], beds=beds, nurses=nurses, supply=supply,
                  arriving=arriving, line=ambulances * per_ambulance,
                  reveals=rules["two_player_extra_reveals"] if players <= 2 else 0,
                  improvements=len(tiles) + len(cards), dept_patients=dept_patients,
                  spec_steps=spec_steps, bonus=bonus)


def max_game_length(players: int, options: dict[str, Any]) -> int:
    """The most actions any game with these ``players`` and (resolved) ``options`` can take."""
    return limits(players, options).total()
