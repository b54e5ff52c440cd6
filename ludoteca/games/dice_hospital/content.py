"""Dice Hospital content: the TOML data, checked on load and compiled for the rules code.

Why compile: the rules code runs hundreds of thousands of times per second in the lab, so each
department or specialist becomes a small tuple (see ``T_*``) read by :mod:`.effects`.  The
TOML stays the single source of every number; ``options["params"]`` is laid over it first and
checked against the file's ``[ranges]`` (the path of a bad value is named), and the compiled
content is kept in a bounded cache, one entry per distinct ``params``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.content import content_cache, load_content, require
from ludoteca.engine.i18n import LANGS

COLOURS: tuple[str, ...] = ("red", "yellow", "green")
MEEPLE_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
#: What a blood bag may do: treat by 1, or make a die count as a colour this phase.
BLOOD_USES: tuple[str, ...] = ("treat", *COLOURS)
ALL_COLOURS_MASK = 0b111
CONTENT_FILE = "content.toml"
#: Starting patients are valued by choosing one of their orderings; more than this many
#: patients would make that choice (and the action space) explode (7! = 5040 orderings).
MAX_START_PATIENTS = 6

# Fields of a compiled target tuple.
T_COUNT, T_MASK, T_LO, T_HI, T_SAME_COLOUR, T_SAME_VALUE, T_UNTREATED, T_RELATION, T_AMOUNT = range(9)
RELATIONS: tuple[str, ...] = ("any", "other", "treated", "same_value", "same_colour")
REL_ANY, REL_OTHER, REL_TREATED, REL_SAME_VALUE, REL_SAME_COLOUR = range(5)

ADMIN_KINDS = ("neglect_shield", "extra_nurse", "start_blood", "colour_discharge_bonus",
               "fatality_relief", "empty_bonus_extra")
EVENT_KINDS = ("neglect_extra", "no_neglect", "blood_all", "colour_discharge_bonus", "nurse_delta",
               "colour_neglect_extra", "ambulance_extra", "discharge_bonus_each",
               "empty_bonus_extra", "offer_extra")
REPORT_KINDS = ("discharge_in_round", "colour_discharge_in_round", "all_colours_in_round",
                "empty_wards", "own_departments", "own_specialists", "blood_bags", "no_untreated",
                "full_hospital")
RULE_LISTS = ("start_values", "panic_start_values", "discharge_points")


def base_data() -> dict[str, Any]:
    """The shipped TOML without its ``[ranges]`` table (a fresh copy the caller may edit)."""
    return load_content(__package__, CONTENT_FILE, None)


@dataclass(frozen=True)
class Content:
    """Everything the rules read, compiled.  Indices: departments 0-5 are the starting six."""

    rules: dict[str, Any]
    department_ids: tuple[str, ...]
    department_names: tuple[dict[str, str], ...]
    department_targets: tuple[tuple, ...]
    department_tiles: tuple[int, ...]                # base tiles (department type per tile)
    experimental_department_tiles: tuple[int, ...]   # Experimental Medicine tiles
    specialist_ids: tuple[str, ...]
    specialist_names: tuple[dict[str, str], ...]
    specialist_meeple: tuple[int, ...]               # index in MEEPLE_COLOURS
    specialist_trigger: tuple[tuple[int, int, int], ...]   # (colour mask, low, high)
    specialist_blood: tuple[int, ...]                # blood bags gained (effect "blood"), else 0
    specialist_targets: tuple[tuple | None, ...]
    specialist_cards: tuple[int, ...]
    experimental_specialist_cards: tuple[int, ...]
    administrators: tuple[dict[str, Any], ...]
    events: tuple[dict[str, Any], ...]
    reports: tuple[dict[str, Any], ...]
    ladder: tuple[dict[str, Any], ...]

    def administrator_index(self, ident: str) -> int:
        """The index of the administrator called ``ident`` (-1 if none is)."""
        return next((i for i, a in enumerate(self.administrators) if a["id"] == ident), -1)


@content_cache()
def content_for(params: dict[str, Any] | None) -> Content:
    """The compiled content with ``params`` laid over the file; cached per distinct params
    (least recently used first out).  A bad or out-of-range value raises ValueError naming
    its path, e.g. ``params.rules.rounds: must be from 1 to 20; got 1000000``."""
    return compile_content(load_content(__package__, CONTENT_FILE, params))


def compile_content(data: dict[str, Any]) -> Content:
    """Check ``data`` against the schema and compile it; errors name the bad entry."""
    for section in ("rules", "starting_departments", "departments", "specialists",
                    "experimental_departments", "experimental_specialists", "administrators",
                    "events", "reports", "solo_ladder"):
        require(section in data, f"dice-hospital content: missing section [{section}]")
    rules = _check_rules(data["rules"])
    dept_ids: list[str] = []
    dept_names: list[dict[str, str]] = []
    dept_targets: list[tuple] = []
    tiles: dict[str, list[int]] = {"departments": [], "experimental_departments": []}
    require(isinstance(data["starting_departments"], dict)
            and len(data["starting_departments"]) == 6,
            "starting_departments: the starting hospital has exactly 6 departments")
    for section in ("starting_departments", "departments", "experimental_departments"):
        for ident, entry in _entries(data, section):
            where = f"{section}.{ident}"
            index = len(dept_ids)
            dept_ids.append(_text_id(ident, where, dept_ids))
            dept_names.append(_names(entry, "name", where))
            dept_targets.append(_target(entry.get("target"), entry.get("amount"), where, False))
            if section != "starting_departments":
                copies = _int(entry.get("copies"), f"{where}.copies", 1)
                tiles[section].extend([index] * copies)
    spec_ids: list[str] = []
    spec_names: list[dict[str, str]] = []
    meeples: list[int] = []
    triggers: list[tuple[int, int, int]] = []
    bloods: list[int] = []
    spec_targets: list[tuple | None] = []
    cards: dict[str, list[int]] = {"specialists": [], "experimental_specialists": []}
    for section in ("specialists", "experimental_specialists"):
        for ident, entry in _entries(data, section):
            where = f"{section}.{ident}"
            index = len(spec_ids)
            spec_ids.append(_text_id(ident, where, spec_ids))
            spec_names.append(_names(entry, "name", where))
            meeple = entry.get("meeple")
            require(meeple in MEEPLE_COLOURS,
                    f"{where}.meeple must be one of {', '.join(MEEPLE_COLOURS)}; got {meeple!r}")
            meeples.append(MEEPLE_COLOURS.index(meeple))
            triggers.append(_trigger(entry.get("trigger", {}), f"{where}.trigger"))
            effect = entry.get("effect")
            require(effect in ("treat", "blood"),
                    f"{where}.effect must be 'treat' or 'blood'; got {effect!r}")
            if effect == "blood":
                bloods.append(_int(entry.get("amount"), f"{where}.amount", 1))
                spec_targets.append(None)
            else:
                bloods.append(0)
                spec_targets.append(_target(entry.get("target"), entry.get("amount"), where, True))
            copies = _int(entry.get("copies"), f"{where}.copies", 1)
            cards[section].extend([index] * copies)
    admins = tuple(_kind_entry(i, e, f"administrators.{i}", ADMIN_KINDS, names=True)
                   for i, e in _entries(data, "administrators"))
    require(len(admins) >= 1, "administrators: at least one is needed")
    events = tuple(_kind_entry(i, e, f"events.{i}", EVENT_KINDS, names=True)
                   for i, e in _entries(data, "events"))
    extras = [0]
    for event in events:  # an event may take patients off the ambulances, never all of them
        if event["kind"] == "ambulance_extra":
            require(rules["dice_per_ambulance"] + event["amount"] >= 1,
                    f"events.{event['id']}.amount: with rules.dice_per_ambulance "
                    f"{rules['dice_per_ambulance']}, an amount of {event['amount']} leaves an ambulance "
                    f"with no patient; it must be at least {1 - rules['dice_per_ambulance']}")
            extras.append(event["amount"])
    # Overflow sends patients already in beds to the morgue to make room; a hospital must still
    # have a bed for each patient one ambulance can bring, or its player would have no move.
    arriving = rules["dice_per_ambulance"] + max(extras) + rules.get("epidemic_extra_dice", 0)
    require(rules["beds"] >= arriving,
            f"rules.beds: {rules['beds']} beds cannot take the {arriving} patients one ambulance can bring "
            f"(dice_per_ambulance {rules['dice_per_ambulance']}, the largest ambulance event +{max(extras)}, "
            f"National Epidemic +{rules.get('epidemic_extra_dice', 0)}); give at least {arriving} beds")
    reports = tuple(_kind_entry(i, e, f"reports.{i}", REPORT_KINDS, names=False)
                    for i, e in _entries(data, "reports"))
    ladder = []
    for n, entry in enumerate(data["solo_ladder"]):
        ladder.append({"points": _int(entry.get("points"), f"solo_ladder[{n}].points", 0),
                       "title": _names(entry, "title", f"solo_ladder[{n}]")})
    return Content(
        rules=rules,
        department_ids=tuple(dept_ids), department_names=tuple(dept_names),
        department_targets=tuple(dept_targets),
        department_tiles=tuple(tiles["departments"]),
        experimental_department_tiles=tuple(tiles["experimental_departments"]),
        specialist_ids=tuple(spec_ids), specialist_names=tuple(spec_names),
        specialist_meeple=tuple(meeples), specialist_trigger=tuple(triggers),
        specialist_blood=tuple(bloods), specialist_targets=tuple(spec_targets),
        specialist_cards=tuple(cards["specialists"]),
        experimental_specialist_cards=tuple(cards["experimental_specialists"]),
        administrators=admins, events=events, reports=reports,
        ladder=tuple(sorted(ladder, key=lambda e: e["points"])),
    )


# ---- checks ----------------------------------------------------------------------------------
def _check_rules(rules: dict[str, Any]) -> dict[str, Any]:
    out = dict(rules)
    for key, value in rules.items():
        if key in RULE_LISTS:
            require(isinstance(value, list) and value and all(_is_int(v) for v in value),
                    f"rules.{key} must be a non-empty list of whole numbers; got {value!r}")
        else:
            require(_is_int(value), f"rules.{key} must be a whole number; got {value!r}")
    needed = ("rounds", "beds", "beds_per_ward", "nurses", "dice_per_colour",
              "dice_removed_per_missing_player", "dice_per_ambulance", "solo_ambulances",
              "solo_offers_as_players", "roll_low", "roll_high", "start_values",
              "panic_start_values", "epidemic_extra_dice", "discharge_at", "neglect_loss",
              "virus_neglect_loss", "discharge_points", "empty_wards_bonus", "fatality_penalty",
              "blood_bag_end_points", "blood_bag_supply", "lowest_ambulance_blood_bags",
              "return_blood_bags", "admins_dealt", "two_player_extra_reveals", "reports_face_up")
    for key in needed:
        require(key in rules, f"rules.{key} is missing")
    require(rules["rounds"] >= 1, "rules.rounds must be at least 1")
    require(1 <= rules["beds"] <= 60, "rules.beds must be from 1 to 60")
    require(rules["beds_per_ward"] >= 1, "rules.beds_per_ward must be at least 1")
    require(1 <= rules["roll_low"] <= rules["roll_high"] <= 6,
            "rules.roll_low..roll_high must be a range inside 1-6")
    require(rules["discharge_at"] >= 2, "rules.discharge_at must be at least 2")
    require(rules["dice_per_ambulance"] >= 1, "rules.dice_per_ambulance must be at least 1")
    require(rules["admins_dealt"] >= 1, "rules.admins_dealt must be at least 1")
    for key in ("start_values", "panic_start_values"):
        require(len(rules[key]) <= rules["beds"], f"rules.{key}: more patients than beds")
        require(len(rules[key]) <= MAX_START_PATIENTS,
                f"rules.{key}: at most {MAX_START_PATIENTS} starting patients; got {len(rules[key])}")
        require(all(1 <= v < rules["discharge_at"] for v in rules[key]),
                f"rules.{key}: values must be from 1 to discharge_at - 1")
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, where: str, minimum: int) -> int:
    require(_is_int(value) and value >= minimum,
            f"{where} must be a whole number of at least {minimum}; got {value!r}")
    return value


def _entries(data: dict[str, Any], section: str) -> list[tuple[str, dict[str, Any]]]:
    """A section's entries in file order: tables keyed by id, so params can reach one entry
    (``{"departments": {"ent": {"amount": 4}}}``)."""
    table = data[section]
    require(isinstance(table, dict), f"{section} must be tables keyed by id ([{section}.some-id])")
    for ident, entry in table.items():
        require(isinstance(entry, dict), f"{section}.{ident} must be a table")
    return list(table.items())


def _text_id(ident: str, where: str, seen: list[str]) -> str:
    require(ident not in seen, f"{where}: id {ident!r} is used twice")
    return ident


def _names(entry: dict, key: str, where: str) -> dict[str, str]:
    names = entry.get(key)
    require(isinstance(names, dict), f"{where}.{key} must be a table with {', '.join(LANGS)}")
    for lang in LANGS:
        require(isinstance(names.get(lang), str) and names[lang],
                f"{where}.{key}.{lang} is missing")
    return dict(names)


def _colour_mask(colours: Any, where: str) -> int:
    if colours is None:
        return ALL_COLOURS_MASK
    require(isinstance(colours, list) and colours and all(c in COLOURS for c in colours),
            f"{where}.colours must list some of {', '.join(COLOURS)}; got {colours!r}")
    mask = 0
    for colour in colours:
        mask |= 1 << COLOURS.index(colour)
    return mask


def _band(values: Any, where: str) -> tuple[int, int]:
    if values is None:
        return 1, 6
    require(isinstance(values, list) and len(values) == 2 and all(_is_int(v) for v in values)
            and 1 <= values[0] <= values[1] <= 6,
            f"{where}.values must be [low, high] within 1-6; got {values!r}")
    return values[0], values[1]


def _target(target: Any, amount: Any, where: str, specialist: bool) -> tuple:
    require(isinstance(target, dict), f"{where}.target must be a table")
    known = {"count", "colours", "values", "same_colour", "same_value", "row", "relation"}
    unknown = sorted(set(target) - known)
    require(not unknown, f"{where}.target: unknown key(s) {', '.join(unknown)}")
    count = _int(target.get("count"), f"{where}.target.count", 1)
    require(count <= 12, f"{where}.target.count must be at most 12")
    mask = _colour_mask(target.get("colours"), f"{where}.target")
    low, high = _band(target.get("values"), f"{where}.target")
    same_colour = target.get("same_colour", False)
    same_value = target.get("same_value", False)
    require(isinstance(same_colour, bool) and isinstance(same_value, bool),
            f"{where}.target.same_colour / same_value must be true or false")
    row = target.get("row", "any")
    require(row in ("any", "untreated"), f"{where}.target.row must be 'any' or 'untreated'")
    relation = target.get("relation", "any")
    require(relation in RELATIONS,
            f"{where}.target.relation must be one of {', '.join(RELATIONS)}; got {relation!r}")
    require(specialist or relation == "any",
            f"{where}.target.relation is only for specialist effects")
    amount = _int(amount, f"{where}.amount", 0)
    return (count, mask, low, high, same_colour, same_value, row == "untreated",
            RELATIONS.index(relation), amount)


def _trigger(trigger: Any, where: str) -> tuple[int, int, int]:
    require(isinstance(trigger, dict), f"{where} must be a table")
    unknown = sorted(set(trigger) - {"colours", "values"})
    require(not unknown, f"{where}: unknown key(s) {', '.join(unknown)}")
    low, high = _band(trigger.get("values"), where)
    return _colour_mask(trigger.get("colours"), where), low, high


def _kind_entry(ident: str, entry: dict, where: str, kinds: tuple[str, ...],
                names: bool) -> dict[str, Any]:
    kind = entry.get("kind")
    require(kind in kinds, f"{where}.kind must be one of {', '.join(kinds)}; got {kind!r}")
    out: dict[str, Any] = {"id": ident, "kind": kind}
    if "colour" in entry or kind.startswith("colour_"):
        colour = entry.get("colour")
        require(colour in COLOURS, f"{where}.colour must be one of {', '.join(COLOURS)}")
        out["colour"] = COLOURS.index(colour)
    if names:
        out["name"] = _names(entry, "name", where)
        out["text"] = _names(entry, "text", where)
        amount = entry.get("amount")
        require(_is_int(amount), f"{where}.amount must be a whole number; got {amount!r}")
        out["amount"] = amount
    else:
        out["count"] = _int(entry.get("count"), f"{where}.count", 0)
        out["points"] = _int(entry.get("points"), f"{where}.points", 0)
    return out


