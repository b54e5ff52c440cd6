"""Project content (content.toml): validated on load; every number is a designer's knob."""

import random
import tomllib
from importlib import resources

import pytest

from ludoteca.engine.content import ContentError
from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.content import MODES, Content, normalise


def shipped() -> dict:
    text = resources.files("ludoteca.games.immunity").joinpath("content.toml").read_text("utf-8")
    return normalise(tomllib.loads(text))


def test_dossier_minimums():
    """Dossier: ≥ 20 pathogens covering every kind and contagion mode, ≥ 12 medical cards,
    ≥ 12 environment cards; the organs; cells with oxygen costs."""
    c = Content(shipped())
    assert len(c.pathogens) >= 20 and len(c.medical) >= 12 and len(c.environment) >= 12
    assert {p.kind for p in c.pathogens.values()} == {"acellular", "prokaryote", "eukaryote"}
    assert {p.contagion for p in c.pathogens.values()} == set(MODES)
    assert {"neutrophil", "eosinophil", "nk_cell", "macrophage", "erythrocyte", "adipocyte"} \
        <= set(c.cells)
    assert {"respiratory", "digestive"} <= set(c.organs)


def test_the_cost_table_is_one_place():
    """Dossier: "the cost table is the designers' main knob and must be a single obvious place":
    every cell's cost lives in [cells.<name>] and nowhere else."""
    text = resources.files("ludoteca.games.immunity").joinpath("content.toml").read_text("utf-8")
    assert text.count("cost =") == len(shipped()["cells"])
    assert text.index("[cells.") < text.index("[rules]")


@pytest.mark.parametrize("path, value, message", [
    (("pathogens", "influenza", "kind"), "virus", "pathogens.influenza.kind"),
    (("pathogens", "influenza", "group"), "bacterium", "pathogens.influenza.group"),
    (("pathogens", "influenza", "contagion"), "touch", "pathogens.influenza.contagion"),
    (("pathogens", "influenza", "targets"), ["lungs"], "pathogens.influenza.targets"),
    (("pathogens", "influenza", "extension"), 0, "pathogens.influenza.extension"),
    (("cells", "neutrophil", "cost"), -1, "cells.neutrophil.cost"),
    (("cells", "neutrophil", "clears"), ["prion"], "cells.neutrophil.clears"),
    (("cells", "neutrophil", "start"), 4, "cells.neutrophil.start"),
    (("medical", "antibiotic", "effect"), "magic", "medical.antibiotic.effect"),
    (("medical", "growth_factor", "cell"), "stem_cell", "medical.growth_factor.cell"),
    (("rules", "life_line"), ["youth"], "rules.life_line"),
    (("rules", "hand_limit"), 2.5, "rules.hand_limit"),
    (("organs", "skin", "boxes"), 0, "organs.skin.boxes"),
])
def test_validation_names_the_bad_entry(path, value, message):
    """Content is validated on load with a clear error naming the entry."""
    data = shipped()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ContentError, match=message.replace(".", r"\.")):
        Content(data)


def test_unknown_environment_effect_is_refused():
    """Content validation: a misspelt environment effect is an error, not silently ignored."""
    data = tomllib.loads(resources.files("ludoteca.games.immunity").joinpath("content.toml")
                         .read_text("utf-8"))
    data["environment"]["stress"]["adult"]["defense"] = -1
    with pytest.raises(ContentError, match=r"environment\.stress\.adult\.defense"):
        normalise(data)


# ---- options["params"] ---------------------------------------------------------------------
def test_override_changes_a_price():
    """Parameters: options["params"] = {"cells": {"neutrophil": {"cost": 3}}} changes the price."""
    shipped_cost = GAME.new(players=2, seed=1).content.cells["neutrophil"].cost
    s = GAME.new(players=2, seed=1,
                 options={"params": {"cells": {"neutrophil": {"cost": shipped_cost + 2}}}})
    assert s.content.cells["neutrophil"].cost == shipped_cost + 2
    assert GAME.new(players=2, seed=1).content.cells["neutrophil"].cost == shipped_cost


def test_every_environment_number_is_reachable():
    """Parameters: every number can be overridden, including effects a stage does not use yet."""
    params = {"environment": {"stress": {"childhood": {"defence": -3,
                                                       "damage": {"nervous": 1}}}}}
    s = GAME.new(players=2, seed=1, options={"params": params})
    assert s.content.environment["stress"]["childhood"]["defence"] == -3
    assert s.content.environment["stress"]["childhood"]["damage"]["nervous"] == 1


def playout(options, seed):
    s = GAME.new(players=3, seed=seed, options=options)
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.to_move[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def test_an_override_changes_play():
    """Parameters: a price change changes what happens (free cells make players far healthier)."""
    free = {"params": {"cells": {c: {"cost": 0} for c in
                                 ("neutrophil", "eosinophil", "nk_cell", "macrophage",
                                  "t_lymphocyte", "b_lymphocyte", "erythrocyte", "adipocyte")}}}
    base = [sum(playout({}, seed).scores) for seed in range(6)]
    cheap = [sum(playout(free, seed).scores) for seed in range(6)]
    assert sum(cheap) > sum(base)
    assert playout({}, 0).record()["actions"] != playout(free, 0).record()["actions"]


@pytest.mark.parametrize("params, message", [
    ({"cells": {"neutrofil": {"cost": 3}}}, "params.cells.neutrofil"),
    ({"cells": {"neutrophil": {"price": 3}}}, "params.cells.neutrophil.price"),
    ({"cells": {"neutrophil": {"cost": "three"}}}, "params.cells.neutrophil.cost"),
    ({"cells": {"neutrophil": {"cost": 2.5}}}, "params.cells.neutrophil.cost"),
    ({"cells": {"neutrophil": {"cost": -2}}}, "cells.neutrophil.cost"),
    ({"rules": {"life_line": ["teen"]}}, "rules.life_line"),
    ({"pathogens": {"hiv": {"contagion": "air", "kind": "eukaryote"}}}, "pathogens.hiv"),
    ({"cells": 3}, "params.cells"),
])
def test_a_bad_override_fails_naming_its_path(params, message):
    """Parameters: "A bad path or value fails with a ValueError naming that path"."""
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        GAME.new(players=2, seed=1, options={"params": params})
