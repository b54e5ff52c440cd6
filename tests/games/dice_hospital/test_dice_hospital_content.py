"""Every department, specialist, administrator, event and medical report of the content data,
plus the content checks and ``options["params"]`` overrides."""

from __future__ import annotations

import copy

import pytest
from dice_hospital_helpers import (
    GREEN,
    RED,
    YELLOW,
    G,
    activation,
    beds_of,
    give_department,
    give_specialist,
    new,
    refresh,
    set_beds,
)

from ludoteca import IllegalAction
from ludoteca.engine.content import ContentError
from ludoteca.games.dice_hospital.content import base_data, compile_content, content_for

C = content_for({})
BASE_DEPTS = sorted(set(C.department_tiles) | set(C.experimental_department_tiles))


def lowest_colour(mask):
    return next(c for c in range(3) if (mask >> c) & 1)


def test_content_counts_match_the_box():
    """Dossier: 24 department tiles (12 types x 2), 24 specialist cards (12 types x 2, 3 types
    per meeple colour), 8 administrators, 15 events, 15 medical reports; Experimental Medicine
    adds 8 departments and 12 specialists."""
    assert len(C.department_tiles) == 24 and len(set(C.department_tiles)) == 12
    assert len(C.specialist_cards) == 24 and len(set(C.specialist_cards)) == 12
    for meeple in range(4):
        assert sum(1 for k in set(C.specialist_cards) if C.specialist_meeple[k] == meeple) == 3
        assert sum(1 for k in set(C.experimental_specialist_cards) if C.specialist_meeple[k] == meeple) == 3
    assert len(C.experimental_department_tiles) == 8 and len(C.experimental_specialist_cards) == 12
    assert (len(C.administrators), len(C.events), len(C.reports)) == (8, 15, 15)


def test_starting_departments_treat_one_matching_patient_by_one():
    """Dossier: six starting departments, each treating one matching patient by +1: red,
    yellow, green, value 1-2, value 3-4, value 5-6."""
    s = activation(beds={0: (RED, 1), 1: (YELLOW, 3), 2: (GREEN, 5), 3: (RED, 6)})
    expected = {0: [0, 3], 1: [1], 2: [2], 3: [0], 4: [1], 5: [2, 3]}
    for dept, beds in expected.items():
        s.apply(0, {"type": "department", "dept": dept})
        s.apply(0, {"type": "meeple", "meeple": -1})
        assert beds_of(s.legal_actions(0)) == beds, C.department_ids[dept]
        s.hospitals[0]["nurses"] += 1
        s.hospitals[0]["activation"] = {"step": "idle"}
        s.hospitals[0]["departments_used"][dept] = 0
        refresh(s)


def dept_positions(dept):
    count, mask, low, high, same_colour, same_value, _, _, amount = C.department_targets[dept]
    colour = lowest_colour(mask)
    good = {b: (colour, low) for b in range(count)}
    short = {b: (colour, low) for b in range(count - 1)}
    extra = count - 1
    if mask != 0b111:
        short[extra] = (next(c for c in range(3) if not (mask >> c) & 1), low)
        extra += 1
    if (low, high) != (1, 6):
        short[extra] = (colour, high + 1 if high < 6 else low - 1)
        extra += 1
    if same_colour:
        other = [c for c in range(3) if c != colour]
        short[extra] = (other[0], low)
        extra += 1
    if same_value and high > low:
        short[extra] = (colour, low + 1)
    return good, short, amount, low


@pytest.mark.parametrize("dept", BASE_DEPTS, ids=[C.department_ids[d] for d in BASE_DEPTS])
def test_every_department_effect(dept):
    """Phase 3: a department "curará un paciente de un color y/o un valor específico"; its
    effect resolves fully (each chosen patient treated by its amount, 7+ discharged)."""
    good, _, amount, low = dept_positions(dept)
    s = activation(beds=good)
    index = give_department(s, 0, C.department_ids[dept])
    s.apply(0, {"type": "department", "dept": index})
    s.apply(0, {"type": "meeple", "meeple": -1})
    for bed in sorted(good):
        s.apply(0, {"type": "patient", "bed": bed})
    pl = s.hospitals[0]
    for bed in good:
        if low + amount >= 7:
            assert pl["bed_colour"][bed] == -1
        else:
            assert pl["bed_value"][bed] == low + amount and pl["bed_treated"][bed] == 1
    assert len(pl["discharged"]) == (len(good) if low + amount >= 7 else 0)


@pytest.mark.parametrize("dept", BASE_DEPTS, ids=[C.department_ids[d] for d in BASE_DEPTS])
def test_every_department_refused_when_it_cannot_fully_resolve(dept):
    """Phase 3: "Si no es posible resolver el efecto del departamento en su totalidad, no se puede
    activar" — one patient short of the group, plus near misses, is refused."""
    _, short, _, _ = dept_positions(dept)
    s = activation(beds=short)
    index = give_department(s, 0, C.department_ids[dept])
    assert {"type": "department", "dept": index} not in s.legal_actions(0)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="cannot be fully resolved"):
        s.apply(0, {"type": "department", "dept": index})
    assert s.to_json() == before


SPECS = sorted(set(C.specialist_cards) | set(C.experimental_specialist_cards))


def spec_position(spec):
    """Seat 0's beds: bed 0 triggers the specialist (through its colour's starting department),
    bed 1 (if any) is a valid patient for its own effect."""
    mask, low, _ = C.specialist_trigger[spec]
    colour, value = lowest_colour(mask), low
    beds = {0: (colour, value)}
    target = C.specialist_targets[spec]
    bonus_bed = None
    if target is not None:
        _, tmask, tlow, thigh, _, _, _, relation, _ = target
        if relation == 2:                       # "treated": the same patient again
            bonus_bed = 0
        else:
            bonus_bed = 1
            if relation == 3:                   # same value, any colour
                other = [c for c in range(3) if (tmask >> c) & 1 and c != colour]
                beds[1] = (other[0] if other else colour, value)
            elif relation == 4:                 # same colour
                beds[1] = (colour, max(tlow, 1))
            else:
                beds[1] = (lowest_colour(tmask), tlow)
    return beds, colour, bonus_bed


@pytest.mark.parametrize("spec", SPECS, ids=[C.specialist_ids[k] for k in SPECS])
def test_every_specialist_effect(spec):
    """Phase 3: after the department, the specialist's own effect may follow (optional, once)."""
    beds, colour, bonus_bed = spec_position(spec)
    s = activation(beds=beds)
    k = give_specialist(s, 0, C.specialist_ids[spec])
    s.hospitals[0]["blood_bags"] = 0
    refresh(s)
    for action in ({"type": "department", "dept": colour}, {"type": "meeple", "meeple": k},
                   {"type": "patient", "bed": 0}):
        s.apply(0, action)
    legal = s.legal_actions(0)
    assert legal[0] == {"type": "skip"}
    pl = s.hospitals[0]
    if C.specialist_targets[spec] is None:
        assert legal == [{"type": "skip"}, {"type": "bonus"}]
        s.apply(0, {"type": "bonus"})
        assert pl["blood_bags"] == C.specialist_blood[spec]
        return
    assert beds_of(legal) == [bonus_bed]
    before = pl["bed_value"][bonus_bed]
    s.apply(0, {"type": "patient", "bed": bonus_bed})
    amount = C.specialist_targets[spec][8]
    if before + amount >= 7:
        assert pl["bed_colour"][bonus_bed] == -1
    else:
        assert pl["bed_value"][bonus_bed] == before + amount and pl["bed_treated"][bonus_bed] == 1
    assert pl["activation"] == {"step": "idle"}


@pytest.mark.parametrize("spec", SPECS, ids=[C.specialist_ids[k] for k in SPECS])
def test_every_specialist_effect_refused_without_trigger_or_target(spec):
    """Phase 3: the specialist's effect is only offered when it can fully resolve: its trigger
    met by the department's patients and a patient for it to treat."""
    beds, colour, bonus_bed = spec_position(spec)
    mask, low, high = C.specialist_trigger[spec]
    if mask != 0b111:                       # a patient of another colour does not trigger it
        colour = next(c for c in range(3) if not (mask >> c) & 1)
        beds[0] = (colour, beds[0][1])
    elif (low, high) != (1, 6):             # nor a value outside the trigger's band
        beds[0] = (beds[0][0], high + 1 if high < 6 else low - 1)
    else:                                   # always triggered: take away its target
        beds.pop(1, None)
        if bonus_bed == 0:
            beds[0] = (beds[0][0], 6)       # the treated patient leaves: nobody to treat again
    s = activation(beds=beds)
    k = give_specialist(s, 0, C.specialist_ids[spec])
    s.blood_supply = 0 if C.specialist_targets[spec] is None and mask == 0b111 else s.blood_supply
    refresh(s)
    for action in ({"type": "department", "dept": colour}, {"type": "meeple", "meeple": k},
                   {"type": "patient", "bed": 0}):
        s.apply(0, action)
    assert s.hospitals[0]["activation"] == {"step": "idle"}
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(0, {"type": "skip"})
    assert s.to_json() == before


def test_cardiologist_treats_another_patient_of_the_same_value_any_colour():
    """Dossier: "Cardiologist: after treating a red patient may treat another patient of the
    same value, any colour, by 1" (the value the red patient had before its treatment)."""
    s = activation(beds={0: (RED, 3), 1: (GREEN, 3), 2: (YELLOW, 4), 3: (RED, 3)})
    k = give_specialist(s, 0, "cardiologist")
    for action in ({"type": "department", "dept": 0}, {"type": "meeple", "meeple": k},
                   {"type": "patient", "bed": 0}):
        s.apply(0, action)
    assert beds_of(s.legal_actions(0)) == [1, 3]
    with pytest.raises(IllegalAction, match="does not match"):
        s.apply(0, {"type": "patient", "bed": 2})


# ---- administrators -----------------------------------------------------------------------------
def with_admin(s, seat, admin_id):
    s.hospitals[seat]["administrator"] = next(i for i, a in enumerate(C.administrators) if a["id"] == admin_id)
    refresh(s)


def end_all(s):
    for seat in list(s.to_move):
        s.apply(seat, {"type": "end"})


def test_admin_neglect_shield_saves_the_patient_most_at_risk():
    """Dossier / French text: "Certaines cartes directeur/directrice peuvent empêcher un patient
    négligé de perdre un niveau" (one a round)."""
    s = activation(beds={0: (RED, 3), 1: (GREEN, 1)})
    with_admin(s, 0, "compassionate")
    events = s._neglect()
    assert s.hospitals[0]["bed_value"][:2] == [2, 1] and s.hospitals[0]["fatalities"] == 0
    assert next(e for e in events if e["seat"] == 0)["shielded"] == [1]


def test_admin_extra_nurse():
    """Administrator (project content): one extra nurse (the box has 13 nurses for 4x3)."""
    s = activation()
    with_admin(s, 0, "recruiter")
    s._staff_come_home()
    assert s.hospitals[0]["nurses"] == 4 and s.hospitals[1]["nurses"] == 3


def test_admin_start_blood():
    """Administrator (project content): start with 2 blood bags."""
    s = new(2, seed=2)
    for seat in (0, 1):
        s.apply(seat, s.legal_actions(seat)[0])
        s.administrator_hands[seat] = [C.administrator_index("fundraiser")]
        refresh(s)
        s.apply(seat, {"type": "admin", "admin": "fundraiser"})
    assert [pl["blood_bags"] for pl in s.hospitals] >= [2, 2]


@pytest.mark.parametrize("admin_id,colour", [("heart-foundation", RED),
                                             ("sunshine-trust", YELLOW), ("green-cross", GREEN)])
def test_admin_colour_discharge_bonus(admin_id, colour):
    """Administrator (project content): +1 point per discharged patient of its colour."""
    s = activation(beds={0: (RED, 5, True)})
    for pl in s.hospitals:
        pl["administrator"] = -1
    with_admin(s, 0, admin_id)
    s.hospitals[0]["discharged"] = [colour, colour, (colour + 1) % 3]
    end_all(s)
    assert s.hospitals[0]["score"] == 5 + 2


def test_admin_fatality_relief():
    """Administrator (project content): each fatality costs 1 point less at the end."""
    s = new(2)
    with_admin(s, 0, "lawyer")
    s.hospitals[1]["administrator"] = -1
    for pl in s.hospitals:
        pl.update(score=10, fatalities=2, blood_bags=0)
    s._end_game()
    assert s.final_scores == [8, 6]


def test_admin_empty_bonus_extra():
    """Administrator (project content): +3 more with the empty-wards bonus."""
    s = activation(beds={})
    for pl in s.hospitals:
        pl["administrator"] = -1
    with_admin(s, 0, "efficiency-expert")
    set_beds(s, 1, {})
    end_all(s)
    assert s.hospitals[0]["score"] == 8 and s.hospitals[1]["score"] == 5


# ---- events --------------------------------------------------------------------------------------
def event_index(event_id):
    return next(i for i, e in enumerate(C.events) if e["id"] == event_id)


def next_round_with(event_id, beds=None):
    s = activation(beds=beds, events=True)
    for pl in s.hospitals:
        pl["administrator"] = -1
    s.event_pile = [event_index(event_id)]
    return s


def test_events_one_per_round():
    """Variant Events (dossier): 15 event cards, one revealed each round."""
    s = new(2, seed=4, events=True)
    seen = []
    while not s.is_over:
        if s.phase != "setup" and (not seen or seen[-1][0] != s.round):
            seen.append((s.round, s.event))
        seat = s.to_move[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[-1] if legal[-1]["type"] == "end" else legal[0])
    assert [r for r, _ in seen] == list(range(1, 9))
    events = [e for _, e in seen if e >= 0]
    assert len(events) == 8 and len(set(events)) == 8
    assert new(2, seed=4).event_pile == []


def test_event_blood_drive_and_research_grant_at_round_start():
    """Events (project content): blood_all gives every player blood bags; offer_extra reveals
    one more department and specialist."""
    s = next_round_with("blood-drive")
    blood = [pl["blood_bags"] for pl in s.hospitals]
    end_all(s)
    assert [pl["blood_bags"] for pl in s.hospitals] == [b + 1 for b in blood]
    t = next_round_with("research-grant")
    end_all(t)
    assert len(t.department_offer) == 2 and len(t.specialist_offer) == 2


def test_event_motorway_pileup_fills_ambulances_with_four():
    """Events (project content): each ambulance carries one more patient this round."""
    s = next_round_with("motorway-pileup")
    end_all(s)
    if s.phase == "reveal":
        s.apply(s.to_move[0], {"type": "reveal", "kind": "none"})
    if s.phase == "sort":
        while s.phase == "sort":
            s.apply(s.to_move[0], s.legal_actions(s.to_move[0])[0])
    assert [len(a) for a in s.ambulances] == [4, 4, 4]


@pytest.mark.parametrize("event_id,nurses", [("agency-nurses", 4), ("strike", 2)])
def test_event_nurse_delta(event_id, nurses):
    """Events (project content): one nurse more / fewer this round."""
    s = activation()
    for pl in s.hospitals:
        pl["administrator"] = -1
    s.event = event_index(event_id)
    s._staff_come_home()
    assert [pl["nurses"] for pl in s.hospitals] == [nurses, nurses]


@pytest.mark.parametrize("event_id,values", [
    ("flu-season", [1, 2, 1]), ("visiting-hours", [3, 4, 3]), ("red-outbreak", [1, 3, 2]),
    ("yellow-fever", [2, 2, 2]), ("green-outbreak", [2, 3, 1])])
def test_event_neglect_changes(event_id, values):
    """Events (project content): neglect costs more (all or one colour) or nothing this round."""
    s = activation(beds={0: (RED, 3), 1: (YELLOW, 4), 2: (GREEN, 3)})
    for pl in s.hospitals:
        pl["administrator"] = -1
    s.event = event_index(event_id)
    s._neglect()
    assert s.hospitals[0]["bed_value"][:3] == values


@pytest.mark.parametrize("event_id,points", [
    ("heart-month", 3 + 1), ("sun-festival", 3 + 1), ("spring-fair", 3), ("inspection", 3 + 2),
    ("charity-gala", 3)])
def test_event_discharge_bonuses(event_id, points):
    """Events (project content): extra points per discharged colour, per discharge, or a bigger
    empty-wards bonus."""
    s = activation(beds={0: (RED, 5, True)})
    for pl in s.hospitals:
        pl["administrator"] = -1
    s.event = event_index(event_id)
    s.hospitals[0]["discharged"] = [RED, YELLOW]
    s._discharge()
    assert s.hospitals[0]["score"] == points
    set_beds(s, 1, {})
    s.hospitals[1]["discharged"] = [GREEN]
    s._discharge()
    gala = 5 if event_id == "charity-gala" else 0
    green = 1 if event_id == "spring-fair" else 0
    each = 1 if event_id == "inspection" else 0
    assert s.hospitals[1]["score"] == 1 + 5 + gala + green + each


# ---- medical reports (solo) --------------------------------------------------------------------
def report_index(report_id):
    return next(i for i, r in enumerate(C.reports) if r["id"] == report_id)


@pytest.mark.parametrize("report_id,stats,player,met", [
    ("busy-day", {"discharged": [RED] * 4}, {}, True), ("busy-day", {"discharged": [RED] * 3}, {}, False),
    ("red-recovery", {"discharged": [RED] * 3}, {}, True),
    ("red-recovery", {"discharged": [RED, GREEN]}, {}, False),
    ("rainbow", {"discharged": [RED, YELLOW, GREEN]}, {}, True), ("rainbow", {"discharged": [RED, RED]}, {}, False),
    ("clean-sweep", {"empty": True}, {}, True), ("clean-sweep", {"empty": False}, {}, False),
    ("expansion", {}, {"departments": list(range(9))}, True), ("expansion", {}, {}, False),
    ("dream-team", {}, {"specialists": [0, 1, 2]}, True), ("dream-team", {}, {"specialists": [0]}, False),
    ("blood-bank", {}, {"blood_bags": 3}, True), ("blood-bank", {}, {"blood_bags": 2}, False),
    ("nobody-waits", {"untreated": 0}, {}, True), ("nobody-waits", {"untreated": 2}, {}, False),
    ("full-house", {"patients": 12}, {}, True), ("full-house", {"patients": 11}, {}, False),
])
def test_every_report_kind(report_id, stats, player, met):
    """Solo medical reports (project content): each kind's condition."""
    s = new(1)
    pl = s.hospitals[0]
    pl["round_stats"] = stats
    pl.update(player)
    assert s.report_met(report_index(report_id), pl) is met


def test_solo_report_scores_once_and_is_replaced():
    """Solo (dossier): "15 medical reports ... of which a few are face up and score when met"."""
    s = activation(1, beds={0: (RED, 5, True)})
    s.hospitals[0]["administrator"] = -1
    s.reports_face_up = [report_index("busy-day"), report_index("clean-sweep"), report_index("full-house")]
    s.report_pile = [report_index("rainbow")]
    s.hospitals[0]["discharged"] = [RED] * 4
    s.apply(0, {"type": "end"})
    pl = s.hospitals[0]
    assert pl["score"] == 7 + 2 and pl["reports"] == [report_index("busy-day")]
    assert report_index("busy-day") not in s.reports_face_up and report_index("rainbow") in s.reports_face_up


# ---- content checks and params ---------------------------------------------------------------------
@pytest.mark.parametrize("edit,message", [
    (lambda d: d["departments"]["radiology"]["target"].update(colours=["purple"]),
     r"departments\.radiology\.target\.colours"),
    (lambda d: d["departments"]["cardiology"].update(amount=-1), r"cardiology\.amount"),
    (lambda d: d["specialists"]["cardiologist"].update(meeple="pink"), r"cardiologist\.meeple"),
    (lambda d: d["specialists"]["surgeon"]["target"].update(relation="cousin"),
     r"surgeon\.target\.relation"),
    (lambda d: d["departments"]["intensive-care"]["target"].update(values=[5, 2]),
     r"intensive-care\.target\.values"),
    (lambda d: d["administrators"]["lawyer"].update(kind="bribe"), r"administrators\.lawyer\.kind"),
    (lambda d: d["events"]["heart-month"].pop("colour"), r"events\.heart-month\.colour"),
    (lambda d: d["rules"].update(rounds="eight"), "rules.rounds"),
    (lambda d: d["experimental_departments"].update(ent=d["departments"]["ent"]), "used twice"),
    (lambda d: d["departments"]["ent"]["target"].update(size=2), r"ent\.target: unknown key"),
    (lambda d: d["departments"]["ent"].pop("name"), r"ent\.name must be a table"),
])
def test_content_errors_name_the_entry(edit, message):
    """Content is validated on load with clear errors naming the bad entry."""
    data = copy.deepcopy(base_data())
    edit(data)
    with pytest.raises(ContentError, match=message):
        compile_content(data)


def test_params_override_any_number():
    """Options: options["params"] overrides content numbers (rules and card entries)."""
    s = G.new(2, 1, {"params": {"rules": {"nurses": 5, "discharge_points": [3] * 12}}})
    assert s.content.rules["nurses"] == 5 and s.discharge_points(2) == 6
    assert content_for({}).rules["nurses"] == 3
    with pytest.raises(ValueError, match="params.rules.nurzes: unknown key"):
        G.new(2, 1, {"params": {"rules": {"nurzes": 5}}})
    with pytest.raises(ValueError, match="params.rules.rounds: expected a number"):
        G.new(2, 1, {"params": {"rules": {"rounds": "x"}}})
    t = G.new(2, 1, {"params": {"rules": {"rounds": 2}, "departments": {"ent": {"amount": 4}}}})
    assert t.content.rules["rounds"] == 2
    assert t.content.department_targets[t.content.department_ids.index("ent")][8] == 4
    with pytest.raises(ValueError, match="params.departments.ent.amount: expected a number"):
        G.new(2, 1, {"params": {"departments": {"ent": {"amount": "lots"}}}})
