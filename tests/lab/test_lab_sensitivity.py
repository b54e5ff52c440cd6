"""``lab sensitivity``: arms expanded around the control and clamped to the declared ranges,
exact effects and BH verdicts on constructed columns, tornado order, one small real screen,
and bad inputs that stop before any game is played."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from typer.testing import CliRunner

from ludoteca.lab import metrics, plots
from ludoteca.lab.cli import app
from ludoteca.lab.experiment import Experiment, expand, from_dict
from ludoteca.lab.sensitivity import (
    analyse,
    bh_verdicts,
    knob_p,
    markdown_table,
    parse_delta,
    plan,
    select,
    tornado_order,
    tornado_rows,
)


# ---- arms ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, parsed", [("1", (1.0, False)), (2, (2.0, False)), ("10%", (0.1, True)),
                                          (" 50 % ", (0.5, True)), ("0.5", (0.5, False))])
def test_delta_is_absolute_or_relative(text, parsed) -> None:
    assert parse_delta(text) == parsed


@pytest.mark.parametrize("text", ["0", "-1", "abc", "%", "0%", "nan"])
def test_a_delta_that_is_not_a_positive_number_is_refused(text) -> None:
    with pytest.raises(ValueError, match="--delta"):
        parse_delta(text)


def test_every_knob_gets_both_sides_and_a_knob_at_its_bound_only_the_side_that_exists() -> None:
    by_knob = {s.knob: s for s in plan("immunity", ["cells.*.cost", "cells.t_lymphocyte.start"], 1, players=[3])}
    assert list(by_knob)[:3] == ["cells.neutrophil.cost", "cells.eosinophil.cost", "cells.nk_cell.cost"]
    n = by_knob["cells.neutrophil.cost"]
    assert (n.value, n.minus, n.plus, n.minus_arm, n.plus_arm, n.notes) == (
        1, 0, 2, "cells.neutrophil.cost=0", "cells.neutrophil.cost=2", [])
    assert (by_knob["cells.macrophage.cost"].minus, by_knob["cells.macrophage.cost"].plus) == (4, 6)
    t = by_knob["cells.t_lymphocyte.start"]  # 0, the lowest allowed: only +δ
    assert (t.minus, t.plus, t.minus_arm) == (None, 1, None)
    assert t.notes == ["at its lowest allowed value (0): no −δ side"]


def test_a_side_past_the_bound_is_clamped_to_it_and_says_so() -> None:
    (n,) = plan("immunity", ["cells.neutrophil.cost"], 2, players=[3])
    assert (n.minus, n.plus) == (0, 3)
    assert n.notes == ["−δ clamped to the lowest allowed value 0"]
    (top,) = plan("immunity", ["cells.neutrophil.cost"], 1, base_params={"cells": {"neutrophil": {"cost": 20}}},
                  players=[3])  # 20 in 0..20: only −δ
    assert (top.minus, top.plus, top.notes) == (19, None, ["at its highest allowed value (20): no +δ side"])


def test_a_value_the_game_refuses_is_left_out_with_its_reason() -> None:
    with pytest.raises(ValueError) as info:  # blue is 5 in 1..5, and 4 breaks the deal
        plan("herbalism", ["ingredients.blue"], 1)
    assert ("ingredients.blue: the game refuses ingredients.blue = 4 (deal.hand_size.2: 2 hands of 6 plus 2 cure "
            "cards must use all 13 ingredient cards); no −δ side, at its highest allowed value (5): no +δ side"
            in str(info.value))


def test_a_relative_delta_rounds_to_whole_steps_and_a_step_of_nothing_is_noted() -> None:
    screens = {s.knob: s for s in plan("immunity", ["rules.hand_limit", "rules.failed_organ_penalty",
                                                     "cells.neutrophil.cost"], "50%", players=[3])}
    assert (screens["rules.hand_limit"].minus, screens["rules.hand_limit"].plus) == (3, 11)  # 3.5 -> 4
    assert (screens["rules.failed_organ_penalty"].minus, screens["rules.failed_organ_penalty"].plus) == (2, 8)
    one = screens["cells.neutrophil.cost"]  # 50% of 1 = 0.5 -> 1
    assert (one.minus, one.plus) == (0, 2)
    with pytest.raises(ValueError, match="moves no selected knob") as info:
        plan("immunity", ["cells.neutrophil.cost"], "10%", players=[3])
    assert "rounds to no change" in str(info.value)


def test_expanding_an_experiment_makes_the_control_and_each_side_an_arm() -> None:
    exp = expand(Experiment(game="immunity", players=[3], bots=["random"], blocks=2, type="sensitivity",
                            sensitivity={"knobs": ["cells.neutrophil.cost", "cells.adipocyte.store"], "delta": 1}))
    assert list(exp.arms) == ["shipped", "cells.neutrophil.cost=0", "cells.neutrophil.cost=2",
                              "cells.adipocyte.store=1", "cells.adipocyte.store=3"]
    assert exp.arms["cells.adipocyte.store=3"] == {"params": {"cells": {"adipocyte": {"store": 3}}}}
    assert exp.control == "shipped" and len(exp.sensitivity["plan"]) == 2
    again = expand(exp)  # idempotent: a resolved experiment.toml loads to the same arms
    assert list(again.arms) == list(exp.arms)


def test_the_experiment_file_takes_a_sensitivity_table_and_names_a_bad_key() -> None:
    exp = from_dict({"experiment": {"game": "dschunke", "blocks": 2}, "bots": {"lineup": ["random"]},
                     "sensitivity": {"knobs": ["rat_hot.*"], "delta": 1}})
    assert exp.type == "sensitivity" and len(exp.arms) == 7
    with pytest.raises(ValueError, match="sensitivity.step: unknown key; known keys here: knobs, delta"):
        from_dict({"experiment": {"game": "dschunke", "blocks": 2}, "sensitivity": {"step": 1}})


@pytest.mark.parametrize("patterns, delta, message", [
    (["cells.*.costs"], 1, "--knobs 'cells.*.costs': matches no knob of immunity"),
    (["cells.neutrophil.name.*"], 1, "matches only values that are not numbers (e.g. cells.neutrophil.name.en"),
    (["cells.neutrophil.cost"], 0.5, "holds whole numbers, so δ must be whole"),
    (["cells.neutrophil.cost"], "x", "--delta: write a number"),
])
def test_bad_screens_are_refused_with_the_reason(patterns, delta, message) -> None:
    with pytest.raises(ValueError) as info:
        plan("immunity", patterns, delta, players=[3])
    assert message in str(info.value)


def test_a_knob_whose_range_allows_one_value_moves_nothing() -> None:
    with pytest.raises(ValueError, match=r"moves no selected knob.*deal.cure_cards"):
        plan("herbalism", ["deal.cure_cards"], 1)
    assert select("herbalism", None)[:2] == ["ingredients.red", "ingredients.yellow"]


# ---- effects, verdicts, order ----------------------------------------------------------------
def test_bh_verdicts_on_known_p_values() -> None:
    out = bh_verdicts([0.01, 0.04, 0.03, 0.2])
    assert [v for _, v in out] == ["matters", "no_effect", "no_effect", "no_effect"]
    assert [round(p, 6) for p, _ in out] == [0.04, 0.053333, 0.053333, 0.2]
    assert bh_verdicts([]) == []
    assert knob_p([0.01, 0.3]) == 0.02 and knob_p([None, 0.3]) == 0.3 and knob_p([0.7, 0.9]) == 1.0
    assert knob_p([None, None]) is None


def _column(values: dict[tuple[str, str | None], list[float]]) -> metrics.Column:
    column = metrics.Column()
    blocks = len(next(iter(values.values())))
    for b in range(blocks):
        column.add(b, {key: [v[b], 1.0] for key, v in values.items()})
    return column


def test_exact_effects_elasticities_and_verdicts_on_constructed_columns() -> None:
    base = np.array([100.0, 120.0, 90.0, 110.0, 105.0])
    won = {("seat_win_share", "0"): [1.0] * 5, ("seat_win_share", "1"): [0.0] * 5}
    even = {("seat_win_share", "0"): [0.5] * 5, ("seat_win_share", "1"): [0.5] * 5}
    columns = {("shipped", 2): _column({("actions", None): list(base), **won}),
               ("a=1", 2): _column({("actions", None): list(base - 6), **even}),  # a: 2 -> 1 and 3
               ("a=3", 2): _column({("actions", None): list(base + 6), **won}),
               ("b=6", 2): _column({("actions", None): list(base), **won})}  # b: 5 at its top, only -δ
    screen = [{"knob": "a", "value": 2, "minus": 1, "plus": 3, "minus_arm": "a=1", "plus_arm": "a=3", "notes": []},
              {"knob": "b", "value": 5, "minus": 6, "plus": None, "minus_arm": "b=6", "plus_arm": None,
               "notes": ["at its highest"]}]
    exp = SimpleNamespace(sensitivity={"plan": screen, "delta": 1}, control="shipped", players=[2], confidence=0.95)
    result = analyse(columns, exp, seed=1, metrics=("actions", "seat_gap"))
    actions = tornado_rows(result, "actions", 2)
    assert [r["knob"] for r in actions] == ["a", "b"]
    a, b = actions
    assert (a["minus"]["value"], a["minus"]["low"], a["minus"]["high"]) == (-6.0, -6.0, -6.0)
    assert (a["plus"]["value"], a["elasticity"]["value"]) == (6.0, 6.0)
    assert (a["p"], a["verdict"]) == (0.0, "matters")
    assert (b["minus"]["value"], b["plus"], b["p"], b["verdict"]) == (0.0, None, 1.0, "no_effect")
    assert b["elasticity"]["value"] == 0.0  # -0.0 from a slope of nothing equals 0
    gap = {r["knob"]: r for r in tornado_rows(result, "seat_gap", 2)}
    assert (gap["a"]["minus"]["value"], gap["a"]["minus"]["low"], gap["a"]["minus"]["high"]) == (-1.0, -1.0, -1.0)
    assert gap["a"]["plus"]["value"] == 0.0 and gap["a"]["elasticity"]["value"] == pytest.approx(0.5)
    assert gap["a"]["verdict"] == "matters" and gap["b"]["verdict"] == "no_effect"
    assert markdown_table(result, "actions", 2).splitlines()[2:] == [
        "| `a` (2) | 1: -6 [-6, -6] | 3: +6 [6, 6] | +6 [6, 6] | 0 | matters |",
        "| `b` (5) | 6: +0 [0, 0] | not played | +0 [0, 0] | 1 | no detectable effect |"]


def test_tornado_order_is_largest_effect_first_then_by_knob() -> None:
    rows = [{"knob": k, "effect": e} for k, e in (("d", 0.1), ("c", 0.5), ("a", 0.5), ("b", 0.3))]
    assert [r["knob"] for r in tornado_order(rows)] == ["a", "c", "b", "d"]
    svg = plots.tornado([("knob.one", (1.0, 0.5, 1.5), None), ("knob.two", None, (-0.2, -0.4, 0.0))],
                        "−δ", "+δ", "change", "tornado")
    assert svg.startswith("<svg") and "knob.one" in svg and "knob.two" in svg and 'aria-label="tornado"' in svg


# ---- a real screen, and the command line -----------------------------------------------------
def test_a_small_dschunke_screen_end_to_end(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["sensitivity", "dschunke", "--knobs", "scoring.*", "--bots", "random",
                                      "--players", "2", "--blocks", "12", "--jobs", "1", "--out", str(tmp_path)],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    (run,) = [p for p in tmp_path.iterdir() if not p.name.startswith(".")]  # .cache: the block cache
    m = json.loads((run / "metrics.json").read_text())
    assert m["experiment"]["arms"] == ["shipped", "scoring.min_group=3", "scoring.rat_penalty=-2",
                                       "scoring.rat_penalty=0"]
    assert m["health"]["games"] == 12 * 4
    screen = m["sensitivity"]
    assert screen["knobs"][0]["notes"] == ["at its lowest allowed value (2): no −δ side"]
    score = {r["knob"]: r for r in screen["rows"] if r["metric"] == "score"}
    # one less rat penalty point per rat: scores rise, every block the same way
    assert score["scoring.rat_penalty"]["plus"]["value"] > 0 > score["scoring.rat_penalty"]["minus"]["value"]
    assert score["scoring.rat_penalty"]["verdict"] == "matters"
    assert {r["metric"] for r in screen["rows"]} == {"seat_gap", "actions", "score", "comeback_rate"}
    assert "no −δ side" in result.output and "matters" in result.output
    report = (run / "report.html").read_text()
    assert 'id="sensitivity"' in report and "Sensitivity screen" in report and report.count("<svg") >= 4


@pytest.mark.parametrize("args, message", [
    (["--knobs", "nothing.*"], "matches no knob of dschunke"),
    (["--delta", "0"], "--delta: must be more than 0"),
    (["--delta", "0.5"], "δ must be whole"),
    (["--players", "3"], "Dschunke takes 2-2 players"),
])
def test_bad_command_lines_stop_before_any_game_and_write_nothing(tmp_path: Path, args, message) -> None:
    result = CliRunner().invoke(app, ["sensitivity", "dschunke", "--bots", "random", "--blocks", "2",
                                      "--out", str(tmp_path), *args], env={"COLUMNS": "300"})
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert list(tmp_path.iterdir()) == []
