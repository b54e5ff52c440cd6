"""Dschunke in words for players (issue 14): the prompt at each decision, the log naming players
and cells by the board's grid references, the end breakdown, and the catalogue of pieces read
from the table's content.

Positions are built by hand as in test_dschunke_rules.py: the strip list is replaced through
``options["params"]`` and the start strip covers (-1, 0), (0, 0), (1, 0).  The board is lettered
from three cells left of the deck and numbered from three rows above it (grid.py).
"""

from __future__ import annotations

import random

import ludoteca
from ludoteca.engine.i18n import visible
from ludoteca.games.dschunke.grid import Frame

GAME = ludoteca.game("dschunke")
START = [-1, -1, 0, "E"]
E = "empty"
NAMES = ("Ana", "Bruno")
#: Red's opening strip (tile 0), then Green's two (tiles 1 and 2): red rice at (2, 0), (3, 0)
#: and (2, 1) make a group of 3, a red rat shows at (0, 1), green fish at (-1, -1), (0, -1).
TILES = [["red rice", "red rice", E], ["red rat", E, "red rice"], ["green fish", "green fish", E],
         [E, "green rice", E], [E, E, E]]
LAID = [[0, 2, 0, "E"], [1, 0, 1, "E"], [2, -1, -1, "E"]]


def table(placements: list[list], hand: list[int], *, turn: int = 0, rules: str = "dschunke",
          bonus: tuple[int, int] = (0, 0), picked: int | None = None, params: dict | None = None):
    """A position: ``placements`` are [tile, x, y, dir] after the start strip, ``hand`` the
    drawn strips; the pile holds the strips neither laid nor drawn."""
    options = {"rules": rules, "params": params or {"tiles": TILES}}
    state = GAME.new(2, seed=0, options=options)
    data = state.to_json()
    used = {p[0] for p in placements} | set(hand)
    phase = "over" if not hand else "place" if len(hand) == 1 or picked is not None else "pick"
    tiles = options["params"]["tiles"]
    data["state"].update(placed=[START, *placements], drawn=hand, picked=picked, turn=turn, bonus=list(bonus),
                         loser=None, phase=phase, pile=[t for t in range(len(tiles)) if t not in used])
    return GAME.from_json(data)


# ---- the prompt: one specific line per decision --------------------------------------------------

def test_red_opens_by_placing_one_strip_next_to_the_start_strip():
    """Dossier: "red opens by placing 1 tile" beside the start tile ("la ficha de salida")."""
    state = table([], [0])
    assert state.prompt(0, "en") == ("Open the game: place your strip, rice (red) · rice (red) · empty, "
                                     "touching the start strip")
    assert state.prompt(0, "es") == ("Abre la partida: coloca tu baldosa, arroz (rojo) · arroz (rojo) · vacía, "
                                     "tocando la baldosa de salida")
    assert state.prompt(1, "en") == "", "green has no decision on red's turn"


def test_two_drawn_strips_are_laid_in_the_order_the_player_prefers():
    """"En su turno cada jugador robará dos baldosas ... y las pondrá en la mesa, según le convenga
    y en el orden que prefiera": first which strip goes first, then the first, then the second."""
    state = table(LAID[:1], [1, 2], turn=1)
    assert state.prompt(1, "en") == ("Choose which strip to lay first: rat (red) · empty · rice (red), "
                                     "or fish (green) · fish (green) · empty")
    assert state.prompt(1, "fr") == ("Choisissez la tuile à poser en premier : rat (rouge) · vide · riz (rouge), "
                                     "ou poisson (vert) · poisson (vert) · vide")
    state.apply(1, {"type": "pick", "tile": 1})
    assert state.prompt(1, "en") == ("Place your first strip, rat (red) · empty · rice (red): touching the deck, "
                                     "or level on two or more strips")
    state.apply(1, {"type": "place", "tile": 1, "x": 0, "y": 1, "dir": "E"})
    assert state.prompt(1, "en") == "Place your second strip, fish (green) · fish (green) · empty"
    assert state.prompt(1, "es") == "Coloca tu segunda baldosa, pescado (verde) · pescado (verde) · vacía"


def test_the_last_single_strip_is_named_as_the_last():
    """Dossier: "green places the last single tile" (with 42 strips); a pile of 4 leaves Red the
    single last strip after Red's opening and Green's two."""
    second = table([*LAID, [3, -1, -2, "E"]], [4], turn=0)
    assert second.prompt(0, "en") == "Place your second strip, empty · empty · empty"
    last = table(LAID, [3], turn=0, params={"tiles": TILES[:4]})
    assert last.prompt(0, "en") == "Place the last strip of the game, empty · rice (green) · empty"
    assert last.prompt(0, "fr") == "Posez la dernière tuile de la partie, vide · riz (vert) · vide"


def test_rat_hot_warns_a_player_one_rat_from_losing():
    """Rat Hot: "a player who ends their own turn with 3 or more visible rats of their colour
    loses at once": with two red rats showing, Red's prompt says so."""
    tiles = [["red rat", E, "red rat"], [E, E, E], [E, E, E], [E, "green rice", E], [E, E, E]]
    state = table([[0, 2, 0, "E"], [1, -1, 1, "E"], [2, -1, -1, "E"]], [3, 4], turn=0, rules="rat-hot",
                  params={"tiles": tiles})
    state.apply(0, {"type": "pick", "tile": 3})
    assert state.prompt(0, "en") == ("Place your first strip, empty · rice (green) · empty: touching the deck, "
                                     "or level on two or more strips — you show 2 of your rats; ending your "
                                     "turn with 3 loses the game")
    assert state.prompt(0, "fr").endswith("— vous montrez 2 de vos rats ; finir votre tour avec 3 vous fait perdre")


# ---- the log: names, past tense, grid references, one line per seat --------------------------------

def test_log_lines_name_players_and_cells_by_the_boards_grid():
    """The last strip of the game: the log names Bruno (Green) and the cells D4 to F4, which the
    board letters the same way (grid.py; the web board draws the same frame), then the end."""
    state = table(LAID[:2], [2], turn=1, params={"tiles": TILES[:3]})
    assert state.prompt(1, "en") == "Place your second strip, fish (green) · fish (green) · empty"
    events = state.apply(1, {"type": "place", "tile": 2, "x": -1, "y": -1, "dir": "E"})
    assert [e["type"] for e in events] == ["placed", "game_over"]
    frame = Frame.of(state.view(0))
    assert (frame.name(-1, -1), frame.name(1, -1)) == ("D4", "F4")
    placed = "Bruno (Green) laid fish (green) · fish (green) · empty across from D4 to F4, on the table"
    assert state.describe_event(events[0], "en", NAMES) == placed
    assert state.describe_event(events[0], "es", NAMES) == (
        "Bruno (Verde) colocó pescado (verde) · pescado (verde) · vacía en horizontal de D4 a F4, sobre la mesa")
    assert state.describe_event(events[0], "en") == placed.replace("Bruno", "Player 2")
    assert state.scores == [6 - 1, 3]
    assert state.describe_event(events[1], "en", NAMES) == "Game over: Ana (Red) 5, Bruno (Green) 3. Ana (Red) won."
    assert state.describe_event(events[1], "fr", NAMES) == (
        "Fin de partie : Ana (Rouge) 5, Bruno (Vert) 3. Ana (Rouge) a gagné.")


def test_a_tie_names_both_players_as_sharing_the_win():
    """Dossier: "Tie: shared win"."""
    state = table([[4, 2, 0, "E"]], [], params={"tiles": TILES})
    event = {"type": "game_over", "scores": state.scores, "winners": state.winners}
    assert state.winners == [0, 1]
    assert state.describe_event(event, "en", NAMES) == (
        "Game over: Ana (Red) 0, Bruno (Green) 0. Ana (Red) and Bruno (Green) shared the win.")


def test_every_event_is_public_and_each_turn_opens_a_section():
    """Dossier: each turn "draws 2 tiles (seen together)": nothing is private in Dschunke, so no
    event has a private twin and every seat (and a spectator) reads every line once; the draw
    that starts a turn heads the turn's lines in the log."""
    state = GAME.new(2, seed=8)
    rng = random.Random(2)
    draws = 0
    while not state.is_over:
        seat = state.to_move[0]
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            assert "to" not in event and "not_to" not in event
            assert all(visible(event, who) for who in (0, 1, None))
            assert event.get("section", False) == (event["type"] == "drew")
            draws += event["type"] == "drew"
    assert draws == 21  # 41 strips after Red's opening (drawn at set-up): 20 draws of two, then the last one


def test_action_labels_name_the_cells_and_the_level():
    state = table(LAID, [3], turn=0)
    spot = {"type": "place", "tile": 3, "x": -1, "y": -2, "dir": "E"}
    assert state.describe(spot, "en", NAMES) == "Lay empty · rice (green) · empty across from D3 to F3, on the table"
    over = {"type": "place", "tile": 3, "x": 0, "y": -1, "dir": "S"}  # on Green's fish, the S crate, Red's rat
    assert over in state.legal_actions(0)
    assert state.describe(over, "fr", NAMES) == ("Poser vide · riz (vert) · vide à la verticale de E4 à E6, "
                                                 "au niveau 2, sur d'autres tuiles")


# ---- the end: the breakdown sums to the score ---------------------------------------------------

def test_dschunke_breakdown_lists_each_group_and_the_rats():
    """"Solo puntuarán las mercancías del mismo tipo y color que se encuentren directamente
    adyacentes" (3 crates: 6) and "las ratas de cada color que queden a la vista ... otorgan un -1"."""
    state = table(LAID, [])
    assert state.is_over and state.scores == [5, 3]
    assert state.score_breakdown("en", NAMES) == [
        [("Group of 3 rice crates", 6), ("1 visible rat", -1)],
        [("Group of 2 fish crates", 3), ("No visible rat", 0)],
    ]
    assert state.score_breakdown("es")[0] == [("Grupo de 3 cajas de arroz", 6), ("1 rata a la vista", -1)]


def test_rat_hot_breakdown_adds_what_was_scored_in_play_to_the_end_count():
    """Rat Hot: groups score during play, then "the whole deck is scored once more the same way":
    1 for a group of two, 2 for three or more; rats cost nothing at the end."""
    state = table(LAID, [], rules="rat-hot", bonus=(4, 1))
    assert state.scores == [4 + 2, 1 + 1]
    in_play = "Groups scored during play, as strips formed or changed them"
    assert state.score_breakdown("en") == [
        [(in_play, 4), ("Group of 3 rice crates, at the end", 2)],
        [(in_play, 1), ("Group of 2 fish crates, at the end", 1)],
    ]


# ---- the catalogue and the reference tables follow the table's content ---------------------------

def entry(options: dict, card: str, lang: str = "en") -> dict:
    return next(e for e in GAME.catalogue(options, lang) if e["id"] == card)


def test_the_catalogue_shows_a_params_change_to_a_number():
    assert ["Each visible at the end", "-1"] in entry({}, "crate:rat")["facts"]
    harsher = {"params": {"scoring": {"rat_penalty": -3}}}
    assert ["Each visible at the end", "-3"] in entry(harsher, "crate:rat")["facts"]
    assert entry({"params": {"scoring": {"min_group": 3}}}, "crate:rice")["facts"][1] == ["Group of 3", "6 points"]
    rat_hot = {"rules": "rat-hot", "params": {"rat_hot": {"pair_points": 4, "rat_limit": 5}}}
    assert ["Group of 2", "4 points"] in entry(rat_hot, "crate:fish")["facts"]
    assert ["Ratas a la vista que hacen perder", "5"] in entry(rat_hot, "crate:rat", "es")["facts"]
    assert "5 or more visible rats" in entry(rat_hot, "crate:rat")["text"]


def test_strips_are_listed_by_make_up_with_how_many_the_pile_holds():
    """A strip turned round is the same strip: both orientations are one entry."""
    options = {"params": {"tiles": [["red rice", E, E], [E, E, "red rice"], [E, "green rat", E]]}}
    strips = [e for e in GAME.catalogue(options) if e["kind"] == "Strip"]
    assert [(e["id"], e["name"], e["facts"][0]) for e in strips] == [
        ("strip:start-strip", "Start strip", ["Crates", "empty · empty · empty"]),
        ("strip:empty.empty.red-rice", "rice (red) · empty · empty", ["In the pile", "2"]),
        ("strip:empty.green-rat.empty", "empty · rat (green) · empty", ["In the pile", "1"]),
    ]
    pile, crates, scoring = GAME.reference(options)
    assert pile["rows"] == [["rice (red) · empty · empty", "2"], ["empty · rat (green) · empty", "1"]]
    assert pile["note"].startswith("3 strips in the pile")
    assert crates["rows"][0] == ["Rice", "2", "0"] and crates["rows"][-1] == ["Rat", "0", "1"]
    assert scoring["rows"][:3] == [["2", "3 points"], ["3", "6 points"], ["4", "10 points"]]
    assert scoring["rows"][-1] == ["11", "66 points"]


def test_the_default_pile_has_every_kind_the_board_can_show():
    ids = [e["id"] for e in GAME.catalogue()]
    assert ids[:7] == ["crate:rice", "crate:vegetables", "crate:spice", "crate:fish", "crate:rat", "crate:empty",
                       "strip:start-strip"]
    pile = GAME.reference()[0]
    assert sum(int(count) for _strip, count in pile["rows"]) == 42
    assert len(ids) == 7 + len(pile["rows"])
