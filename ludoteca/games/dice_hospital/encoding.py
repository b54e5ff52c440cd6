"""RL interop: a fixed integer for every action Dice Hospital can list, and a fixed-size
observation vector built from a seat's view only (documented view keys, never the state's
own data).  The layouts are documented in docs/games/dice-hospital.md; the action layout
depends only on the content and the options, the observation on the shipped content.  The
least and the most each observation number can be (:func:`bounds`, the envs' ``Box``) follow
the content of the options' ``params``, since a designer's numbers change how big they get.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from ludoteca.engine.content import content_cache

from .content import BLOOD_USES, COLOURS, Content, content_for
from .hospital import ACTIVATION_STEPS, STARTING_DEPARTMENTS
from .phases import TABLE

MAX_SEATS = 4
MAX_AMBULANCES = 5
MAX_ARRIVING = 3 * 6      # arriving patients as colour x value counts
#: The phase one-hot follows the declared turn structure.
PHASES: tuple[str, ...] = tuple(TABLE)
REVEAL_KINDS = ("department", "specialist", "none")


class ActionLayout:
    """Block offsets of the action space, in this order (sizes in brackets):

    start [distinct value orders], admin [administrators], sort [3], ambulance [5],
    morgue [beds], bed [beds], reveal [3], take-department [tiles], take-specialist [cards],
    pass [1], return-department [tiles], return-specialist [cards], keep [1],
    department [6 + tiles], meeple [1 + cards] (0 = nurse), patient [beds], skip [1],
    bonus [1], blood [beds], blood_use [4], end [1].
    """

    def __init__(self, content: Content, admissions_panic: bool) -> None:
        rules = content.rules
        values = rules["panic_start_values"] if admissions_panic else rules["start_values"]
        self.starts = sorted(set(itertools.permutations(values)))
        self.admins = [a["id"] for a in content.administrators]
        self.beds = rules["beds"]
        self.tiles = len(content.department_tiles) + len(content.experimental_department_tiles)
        self.cards = len(content.specialist_cards) + len(content.experimental_specialist_cards)
        sizes = [
            ("start", len(self.starts)), ("admin", len(self.admins)), ("sort", 3),
            ("ambulance", MAX_AMBULANCES), ("morgue", self.beds), ("bed", self.beds),
            ("reveal", 3), ("take_department", self.tiles), ("take_specialist", self.cards),
            ("pass", 1), ("return_department", self.tiles), ("return_specialist", self.cards),
            ("keep", 1), ("department", STARTING_DEPARTMENTS + self.tiles), ("meeple", 1 + self.cards),
            ("patient", self.beds), ("skip", 1), ("bonus", 1), ("blood", self.beds),
            ("blood_use", 4), ("end", 1),
        ]
        self.offset: dict[str, int] = {}
        self.blocks: list[tuple[str, int, int]] = []
        at = 0
        for name, size in sizes:
            self.offset[name] = at
            self.blocks.append((name, at, size))
            at += size
        self.size = at

        self._numbers = self._numberings()

    def _numberings(self) -> dict[str, Callable[[dict[str, Any]], int]]:
        """Per action type, how its number is found in its block.  One dict lookup and one
        small function per action, since the envs number every legal action at every step."""
        o = self.offset
        starts = {values: i for i, values in enumerate(self.starts)}
        admins = {admin: i for i, admin in enumerate(self.admins)}
        colours = {colour: i for i, colour in enumerate(COLOURS)}
        reveals = {kind: i for i, kind in enumerate(REVEAL_KINDS)}
        uses = {use: i for i, use in enumerate(BLOOD_USES)}
        take = {"department": o["take_department"], "specialist": o["take_specialist"]}
        back = {"department": o["return_department"] - STARTING_DEPARTMENTS, "specialist": o["return_specialist"]}

        def by_bed(block: int) -> Callable[[dict[str, Any]], int]:
            return lambda action: block + action["bed"]

        def alone(block: int) -> Callable[[dict[str, Any]], int]:
            return lambda action: block

        return {
            "start": lambda action: o["start"] + starts[tuple(action["values"])],
            "admin": lambda action: o["admin"] + admins[action["admin"]],
            "sort": lambda action: o["sort"] + colours[action["colour"]],
            "ambulance": lambda action: o["ambulance"] + action["number"] - 1,
            "morgue": by_bed(o["morgue"]), "bed": by_bed(o["bed"]),
            "patient": by_bed(o["patient"]), "blood": by_bed(o["blood"]),
            "reveal": lambda action: o["reveal"] + reveals[action["kind"]],
            "take": lambda action: take[action["kind"]] + action["index"],
            "return": lambda action: back[action["kind"]] + action["index"],
            "department": lambda action: o["department"] + action["dept"],
            "meeple": lambda action: o["meeple"] + action["meeple"] + 1,
            "blood_use": lambda action: o["blood_use"] + uses[action["use"]],
            **{kind: alone(o[kind]) for kind in ("pass", "keep", "skip", "bonus", "end")},
        }

    def index(self, action: dict[str, Any]) -> int:
        """The number of ``action`` (KeyError for an action of no known type or value)."""
        return self._numbers[action["type"]](action)

    def action(self, index: int) -> dict[str, Any]:
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0-{self.size - 1}")
        name, start = next((n, at) for n, at, size in self.blocks if at <= index < at + size)
        k = index - start
        if name == "start":
            return {"type": "start", "values": list(self.starts[k])}
        if name == "admin":
            return {"type": "admin", "admin": self.admins[k]}
        if name == "sort":
            return {"type": "sort", "colour": COLOURS[k]}
        if name == "ambulance":
            return {"type": "ambulance", "number": k + 1}
        if name in ("morgue", "bed", "patient", "blood"):
            return {"type": name, "bed": k}
        if name == "reveal":
            return {"type": "reveal", "kind": REVEAL_KINDS[k]}
        if name.startswith("take_"):
            return {"type": "take", "kind": name[5:], "index": k}
        if name.startswith("return_"):
            kind = name[7:]
            return {"type": "return", "kind": kind,
                    "index": k + (STARTING_DEPARTMENTS if kind == "department" else 0)}
        if name == "department":
            return {"type": "department", "dept": k}
        if name == "meeple":
            return {"type": "meeple", "meeple": k - 1}
        if name == "blood_use":
            return {"type": "blood_use", "use": BLOOD_USES[k]}
        return {"type": name}


@content_cache()
def _layout(params: dict[str, Any] | None, admissions_panic: bool) -> ActionLayout:
    """One layout per distinct params and variant, in a bounded cache like the content's."""
    return ActionLayout(content_for(params), admissions_panic)


#: The shipped content's two layouts (without and with Admissions Panic), built on first use:
#: almost every game is numbered by one of them, and they skip the params' cache key.
_SHIPPED: dict[bool, ActionLayout] = {}


def layout(options: dict[str, Any]) -> ActionLayout:
    panic = bool(options["admissions_panic"])
    if options["params"]:
        return _layout(options["params"], panic)
    try:
        return _SHIPPED[panic]
    except KeyError:
        shipped = _SHIPPED[panic] = _layout(None, panic)
        return shipped


def num_distinct_actions(options: dict[str, Any]) -> int:
    return layout(options).size


def action_index(options: dict[str, Any], action: dict[str, Any]) -> int:
    """A fixed integer for ``action`` (see ActionLayout for the blocks)."""
    return layout(options)._numbers[action["type"]](action)  # ActionLayout.index, one call less


def index_action(options: dict[str, Any], index: int) -> dict[str, Any]:
    return layout(options).action(index)


# ---- observations ------------------------------------------------------------------------------
#: Every bed's numbers: colour one-hot [3], value/6, treated, blood-bag colour one-hot [3].
BED_SIZE = 8
#: A seat's five numbers after its arriving patients, in this order (each over its scale).
SEAT_STATS = ("fatalities", "blood_bags", "score", "nurses", "done")
#: Places inside a bed's eight numbers: value/6, treated, and the tint one-hot's first.
BED_VALUE, BED_TREATED, BED_TINT = 3, 4, 5
#: The four pile sizes of the table, in this order (view key ``piles``).
PILES = ("departments", "specialists", "events", "reports")
#: An ambulance's numbers: colour x value counts [18], owner relative one-hot [4], unowned [1].
AMBULANCE_SIZE = MAX_ARRIVING + MAX_SEATS + 1


def _offsets(start: int, sizes: list[tuple[str, int]]) -> tuple[dict[str, int], int]:
    """Each named part's first number, laid out one after the other from ``start``; and the end."""
    offset: dict[str, int] = {}
    for name, size in sizes:
        offset[name] = start
        start += size
    return offset, start


class ObservationLayout:
    """Seat blocks come first, the viewing seat's own block first, then the others clockwise,
    padded to 4 seats.  Each seat block: per bed [colour one-hot 3, value/6, treated, tint
    one-hot 3]; arriving patients as colour x value counts [18]; fatalities/10, blood bags/10,
    score/100, nurses/5, done, ambulance one-hot [5]; departments owned per type and used per
    type; specialists owned per type and used per type; administrator one-hot (unknown = 0).
    Then the table: phase one-hot; round/rounds; first player (relative) one-hot [4]; bag per
    colour/21; piles/40 [4]; offers per department type and per specialist type; ambulances
    [5 x (18 counts + owner relative one-hot 4 + unowned)]; event one-hot; face-up reports
    multi-hot; blood supply/16; own activation stage one-hot [6]; own chosen beds multi-hot;
    whether the viewing seat is to move.  Only documented view keys are read.

    ``seat`` holds each part's offset inside a seat block (add ``k * seat_size`` for the k-th
    seat from the viewer) and ``table`` each table part's offset in the whole vector: the
    encoder and the observation writer (:mod:`.observer`) both place their numbers by them."""

    def __init__(self, content: Content) -> None:
        self.dept_ids = {d: i for i, d in enumerate(content.department_ids)}
        self.spec_ids = {k: i for i, k in enumerate(content.specialist_ids)}
        self.admin_ids = {a["id"]: i for i, a in enumerate(content.administrators)}
        self.event_ids = {e["id"]: i for i, e in enumerate(content.events)}
        self.report_ids = {r["id"]: i for i, r in enumerate(content.reports)}
        self.phase_ids = {p: i for i, p in enumerate(PHASES)}
        self.beds = content.rules["beds"]
        nd, ns = len(self.dept_ids), len(self.spec_ids)
        self.seat, self.seat_size = _offsets(0, [
            ("beds", self.beds * BED_SIZE), ("arriving", MAX_ARRIVING), ("stats", len(SEAT_STATS)),
            ("ambulance", MAX_AMBULANCES), ("departments_owned", nd), ("departments_used", nd),
            ("specialists_owned", ns), ("specialists_used", ns), ("administrator", len(self.admin_ids))])
        self.table, self.size = _offsets(MAX_SEATS * self.seat_size, [
            ("phase", len(PHASES)), ("round", 1), ("first_player", MAX_SEATS), ("bag", len(COLOURS)),
            ("piles", len(PILES)), ("department_offers", nd), ("specialist_offers", ns),
            ("ambulances", MAX_AMBULANCES * AMBULANCE_SIZE), ("event", len(self.event_ids)),
            ("reports", len(self.report_ids)), ("blood_supply", 1), ("step", len(ACTIVATION_STEPS)),
            ("chosen", self.beds), ("to_move", 1)])
        self.table_size = self.size - MAX_SEATS * self.seat_size


_OBS: ObservationLayout | None = None


def observation_layout() -> ObservationLayout:
    global _OBS
    if _OBS is None:
        _OBS = ObservationLayout(content_for(None))
    return _OBS


def observation_size(players: int, options: dict[str, Any]) -> int:
    return observation_layout().size


def bounds(players: int, options: dict[str, Any]) -> tuple[list[float], list[float]]:
    """The least and the most each number of ``encode(view)`` can ever be, for any view of any
    position of a game with these ``players`` and (resolved) ``options``: the envs' ``Box``.

    Every bound is read from the rules and the content of the options' ``params`` (as the game
    reads them) and holds by an argument given beside it, never from sampled games; where the
    exact extreme is hard to reach the bound is a generous one that still holds.  The four seat
    blocks share one set of bounds (a padded seat block is all zeros, inside them).  The
    numbers the arguments use:

    * Dice are never made or destroyed: a die leaves the bag when drawn and comes back when
      its patient is discharged or dies, or its ambulance goes unclaimed.  So the dice of one
      colour anywhere (bag, ambulances, arriving, beds) never exceed the bag's starting count
      ``per_colour``.
    * A seat claims one ambulance a round, so at most ``arriving`` patients arrive a round:
      the ambulance's dice (``dice_per_ambulance`` plus the most a Motorway pile-up event adds)
      and National Epidemic's extra dice.  Every patient ever in a bed came from the starting
      patients or an arrival, and a discharge or a death empties the bed, so discharges and
      fatalities of a seat are each at most ``admitted`` = starting patients + rounds x
      ``arriving``; discharges are also at most ``beds`` a round (a bed emptied during the
      activation is filled again only in the next round's intake).
    * Blood bags are only moved between the supply and the seats (``_gain_blood`` takes no
      more than the supply holds, a spent bag goes back), so the supply and each seat's bags
      stay within ``blood_bag_supply``.
    * A patient's value starts at a roll (``roll_low``-``roll_high``) or a starting value
      (below ``discharge_at``); a treated patient reaching ``discharge_at`` leaves at once;
      neglect lowers it (at 0 the patient dies).  Only a designer's negative neglect event
      (``amount`` down to -3) can make neglect raise it instead, by at most that much in the
      one round the card is in force (an event card is drawn once), so the bound adds those.
    * The banked score changes only in the discharge phase and by solo medical reports.  Per
      round: the discharge table gives each of the ``d`` patients at most its largest entry,
      the administrator and the event (one a round) at most their per-patient amounts, the
      empty-wards bonus at most once; each report scores at most once (it leaves the table).
      The score bound covers the final score too (fatalities cost at most
      ``fatality_penalty`` each, blood bags add ``blood_bag_end_points`` each), so it stays
      true whichever score a view shows; with the shipped content and the default options a
      seat's score/100 lies in [-0.54, 2.42] at four players.
    """
    L = observation_layout()
    content = content_for(options["params"] or None)
    rules = content.rules
    events = content.events if options["events"] else ()
    admins = content.administrators
    rounds, beds, supply = rules["rounds"], rules["beds"], rules["blood_bag_supply"]

    def amounts(entries: tuple[dict[str, Any], ...], *kinds: str) -> list[int]:
        """The amounts of the entries of ``kinds``, and 0 (none of them in play)."""
        return [0] + [e["amount"] for e in entries if e["kind"] in kinds]

    # The dice: the bag's starting count per colour (state.setup), the patients a round.
    offers_as = max(players, rules["solo_offers_as_players"]) if players == 1 else players
    per_colour = max(0, rules["dice_per_colour"] - rules["dice_removed_per_missing_player"] * (4 - offers_as))
    per_ambulance = rules["dice_per_ambulance"] + max(amounts(events, "ambulance_extra"))
    arriving = per_ambulance + (rules["epidemic_extra_dice"] if options["national_epidemic"] else 0)
    start = rules["panic_start_values"] if options["admissions_panic"] else rules["start_values"]
    admitted = len(start) + rounds * arriving
    discharged = min(admitted, rounds * beds)
    loss = rules["virus_neglect_loss"] if options["super_resistant_virus"] else rules["neglect_loss"]
    # What neglect can add: nothing with the shipped numbers (a loss is never negative).
    neglect_extras = [e["amount"] for e in events if e["kind"] in ("neglect_extra", "colour_neglect_extra")]
    gain = rounds * max(0, -loss) + sum(max(0, -(loss + extra)) for extra in neglect_extras)
    value = max(rules["discharge_at"] - 1, rules["roll_high"], *start) + gain
    nurses = max(0, rules["nurses"] + max(amounts(admins, "extra_nurse")) + max(amounts(events, "nurse_delta")))
    # The score: per patient discharged, per round (empty wards), per report, at the end.
    points_table = rules["discharge_points"]
    colour_admin = amounts(admins, "colour_discharge_bonus")
    colour_event = amounts(events, "colour_discharge_bonus", "discharge_bonus_each")
    per_patient_high = max(0, *points_table) + max(colour_admin) + max(colour_event)
    per_patient_low = min(0, *points_table) + min(colour_admin) + min(colour_event)
    empty_admin, empty_event = amounts(admins, "empty_bonus_extra"), amounts(events, "empty_bonus_extra")
    empty_high = max(0, rules["empty_wards_bonus"] + max(empty_admin) + max(empty_event))
    empty_low = min(0, rules["empty_wards_bonus"] + min(empty_admin) + min(empty_event))
    reports = sum(max(0, r["points"]) for r in content.reports) if players == 1 else 0
    penalty = max(0, rules["fatality_penalty"] - min(amounts(admins, "fatality_relief")))
    end_points = rules["blood_bag_end_points"] * supply
    score_high = discharged * per_patient_high + rounds * empty_high + reports + max(0, end_points)
    score_low = discharged * per_patient_low + rounds * empty_low - penalty * admitted + min(0, end_points)
    # The improvements: the copies of each type in this game's piles (offers, piles and seats
    # share them), the printed six owned once by every hospital.
    tiles = content.department_tiles + (content.experimental_department_tiles
                                        if options["experimental_medicine"] else ())
    cards = content.specialist_cards + (content.experimental_specialist_cards
                                        if options["experimental_medicine"] else ())
    tile_copies = [sum(1 for t in tiles if content.department_ids[t] == d) for d in L.dept_ids]
    card_copies = [sum(1 for c in cards if content.specialist_ids[c] == k) for k in L.spec_ids]
    owned = [copies + (1 if d in content.department_ids[:STARTING_DEPARTMENTS] else 0)
             for d, copies in zip(L.dept_ids, tile_copies, strict=True)]

    seat: tuple[list[float], list[float]] = ([], [])
    table: tuple[list[float], list[float]] = ([], [])

    def put(block: tuple[list[float], list[float]], top: float, count: int = 1, bottom: float = 0.0) -> None:
        block[0].extend([float(bottom)] * count)
        block[1].extend([float(top)] * count)

    for _ in range(L.beds):
        put(seat, 1.0, 3)                       # colour one-hot
        put(seat, value / 6)                    # value/6
        put(seat, 1.0, 4)                       # treated, blood-bag colour one-hot
    put(seat, min(arriving, per_colour), MAX_ARRIVING)
    put(seat, admitted / 10)                    # fatalities/10
    put(seat, supply / 10)                      # blood bags/10
    put(seat, score_high / 100, 1, score_low / 100)
    put(seat, nurses / 5)
    put(seat, 1.0, 1 + MAX_AMBULANCES)          # done, ambulance one-hot
    for maxima in (owned, owned, card_copies, card_copies):    # owned and used, per type
        for most in maxima:
            put(seat, most)
    put(seat, 1.0, len(L.admin_ids))
    put(table, 1.0, len(PHASES))
    put(table, 1.0, 1, 1 / rounds)              # round/rounds: round 1 to the last
    put(table, 1.0, MAX_SEATS)                  # first player one-hot
    put(table, per_colour / 21, len(COLOURS))   # bag per colour/21
    for pile in (len(tiles), len(cards), len(events), len(content.reports) if players == 1 else 0):
        put(table, pile / 40)                   # piles/40
    for most in tile_copies + card_copies:      # offers per type
        put(table, most)
    for _ in range(MAX_AMBULANCES):
        put(table, min(per_ambulance, per_colour), MAX_ARRIVING)
        put(table, 1.0, MAX_SEATS + 1)          # owner one-hot
    put(table, 1.0, len(L.event_ids) + len(L.report_ids))
    put(table, supply / 16)                     # blood supply/16
    put(table, 1.0, len(ACTIVATION_STEPS) + L.beds + 1)   # activation step, chosen beds, to move
    return seat[0] * MAX_SEATS + table[0], seat[1] * MAX_SEATS + table[1]


def _add_counts(out: list[float], at: int, dice: list[list[Any]]) -> None:
    """Dice as colour x value counts (18 numbers from ``at``); a value off the die is not counted."""
    for colour, value in dice:
        if 1 <= value <= 6:
            out[at + COLOURS.index(colour) * 6 + value - 1] += 1.0


def encode(view: dict[str, Any]) -> list[float]:
    """The observation of ``view``: the definition the observation writer is tested equal to.
    Every part is placed at its offset of :class:`ObservationLayout`; what is not written
    (a padded seat, an empty bed, a one-hot's other entries) stays 0."""
    L = observation_layout()
    players = view["players"]
    me = view["seat"] if view["seat"] is not None else 0
    rel = {(me + k) % players: k for k in range(players)}
    out = [0.0] * L.size
    seats = view["seats"]
    for k in range(players):
        _encode_seat(out, k * L.seat_size, seats[(me + k) % players], L)
    _encode_table(out, view, rel, L)
    _encode_own_turn(out, seats[me]["activation"], me in view["to_move"], L)
    return out


def _encode_seat(out: list[float], base: int, pl: dict[str, Any], L: ObservationLayout) -> None:
    """One seat's block from its view, ``base`` its first number."""
    s = {part: base + at for part, at in L.seat.items()}
    for bed, patient in enumerate(pl["beds"][:L.beds]):
        if patient is None:
            continue
        at = s["beds"] + bed * BED_SIZE
        out[at + COLOURS.index(patient["colour"])] = 1.0
        out[at + BED_VALUE] = patient["value"] / 6
        out[at + BED_TREATED] = 1.0 if patient["treated"] else 0.0
        if patient["tint"]:
            out[at + BED_TINT + COLOURS.index(patient["tint"])] = 1.0
    _add_counts(out, s["arriving"], pl["arriving"])
    out[s["stats"]:s["stats"] + len(SEAT_STATS)] = [
        pl["fatalities"] / 10, pl["blood_bags"] / 10, pl["score"] / 100, pl["nurses"] / 5,
        0.0 if pl["activating"] else 1.0]
    if pl["ambulance"]:
        out[s["ambulance"] + pl["ambulance"] - 1] = 1.0
    for d in pl["departments"]:
        i = L.dept_ids.get(d["id"])
        if i is not None:
            out[s["departments_owned"] + i] += 1
            out[s["departments_used"] + i] += 1.0 if d["used"] else 0.0
    for sp in pl["specialists"]:
        i = L.spec_ids.get(sp["id"])
        if i is not None:
            out[s["specialists_owned"] + i] += 1
            out[s["specialists_used"] + i] += 1.0 if sp["used"] else 0.0
    if pl["administrator"] in L.admin_ids:
        out[s["administrator"] + L.admin_ids[pl["administrator"]]] = 1.0


def _encode_table(out: list[float], view: dict[str, Any], rel: dict[int, int], L: ObservationLayout) -> None:
    """The public table: phase, round, first player, bag, piles, offers, ambulances, event,
    face-up reports and the blood supply."""
    t = L.table
    out[t["phase"] + PHASES.index(view["phase"])] = 1.0
    out[t["round"]] = view["round"] / view["rounds"]
    out[t["first_player"] + rel[view["first_player"]]] = 1.0
    out[t["bag"]:t["bag"] + len(COLOURS)] = [view["bag"][c] / 21 for c in COLOURS]
    out[t["piles"]:t["piles"] + len(PILES)] = [view["piles"][k] / 40 for k in PILES]
    for d in view["offers"]["departments"]:
        if d in L.dept_ids:
            out[t["department_offers"] + L.dept_ids[d]] += 1
    for k in view["offers"]["specialists"]:
        if k in L.spec_ids:
            out[t["specialist_offers"] + L.spec_ids[k]] += 1
    for a, amb in enumerate(view["ambulances"][:MAX_AMBULANCES]):
        at = t["ambulances"] + a * AMBULANCE_SIZE
        _add_counts(out, at, amb["patients"])
        out[at + MAX_ARRIVING + (rel[amb["owner"]] if amb["owner"] >= 0 else MAX_SEATS)] = 1.0
    if view["event"] in L.event_ids:
        out[t["event"] + L.event_ids[view["event"]]] = 1.0
    for r in view["medical_reports"]:
        if r in L.report_ids:
            out[t["reports"] + L.report_ids[r]] = 1.0
    out[t["blood_supply"]] = view["blood_supply"] / 16


def _encode_own_turn(out: list[float], act: dict[str, Any], to_move: bool, L: ObservationLayout) -> None:
    """The viewer's own activation step, the beds it has chosen, and whether it is to move."""
    t = L.table
    out[t["step"] + ACTIVATION_STEPS.index(act["step"])] = 1.0
    for bed in act["chosen"]:
        if 0 <= bed < L.beds:
            out[t["chosen"] + bed] = 1.0
    out[t["to_move"]] = 1.0 if to_move else 0.0
