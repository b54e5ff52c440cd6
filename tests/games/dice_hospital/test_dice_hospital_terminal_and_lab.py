"""The terminal's words (issue 13, item 6) and the balance lab's hooks (LAB.md 7.3) of Dice
Hospital: labels name dice and cards, ``? name`` explains a component, the hooks read the
state without building a view."""

from __future__ import annotations

from dice_hospital_helpers import (
    GREEN,
    RED,
    YELLOW,
    G,
    activation,
    advance_to,
    give_department,
    give_specialist,
    new,
    refresh,
)


# ---- labels -----------------------------------------------------------------------------------------
def test_start_label_shows_each_starting_dies_colour():
    """Set-up 10: "Estos dados deben colocarse con los valores 3, 4 y 5, cada jugador decide qué
    valor se asigna a cada dado": the label says which die gets which value."""
    s = new(1, seed=2)
    s.hospitals[0]["starting_dice"] = [RED, GREEN, YELLOW]
    refresh(s)
    action = {"type": "start", "values": [5, 3, 4]}
    assert s.describe(action) == "Give the starting patients the values red 5, green 3, yellow 4"
    assert s.describe(action, "es").endswith("rojo 5, verde 3, amarillo 4")
    assert s.describe(action, "fr").endswith("rouge 5, vert 3, jaune 4")


def test_simultaneous_labels_name_each_seats_card_never_an_index():
    """Seats activate at once and own different departments at the same index: the label names
    each seat's department (never "department 6")."""
    s = activation(beds={0: (RED, 3)})
    give_department(s, 0, "ent")
    give_department(s, 1, "intensive-care")
    label = s.describe({"type": "department", "dept": 6})
    assert label == "Use Ear, nose and throat (Player 1) / Intensive care (Player 2)"
    assert s.describe({"type": "department", "dept": 6}, "es", names=["Ana", "Bruno"]) == \
        "Usar Otorrinolaringología (Ana) / Cuidados intensivos (Bruno)"
    assert "6" not in label
    give_specialist(s, 0, "surgeon")
    give_specialist(s, 1, "surgeon")
    assert s.describe({"type": "meeple", "meeple": 0}, "es") == "Enviar al Cirujano"


def test_tie_sorting_label_names_the_tied_dice():
    """Intake: "Cuando haya varios dados del mismo valor pero de diferentes colores para colocar,
    el jugador a la derecha del primer jugador decide en qué ambulancia se colocan": the prompt
    says which dice are tied and which ambulance the chosen one goes into."""
    s = new(2, seed=1)
    advance_to(s, "claim")
    s.phase = "sort"
    s.dice_per_ambulance = 3
    s.intake_line = [[RED, 2], [GREEN, 2], [YELLOW, 3], [RED, 3], [GREEN, 4], [GREEN, 4], [GREEN, 5],
                     [GREEN, 5], [GREEN, 5]]
    s.sort_position = 2
    refresh(s)
    assert s.describe({"type": "sort", "colour": "red"}) == (
        "Put the red 3 next, into ambulance 1 (tied 3s: yellow, red)")
    assert "(empatados a 3: amarillo, rojo)" in s.describe({"type": "sort", "colour": "red"}, "es")


# ---- ? name ---------------------------------------------------------------------------------------
def test_explain_prints_any_department_specialist_or_administrator():
    """The terminal's "? name" prints what a component does, found by id or by name in any
    language (accents optional), in the player's language."""
    view = new(2).view(0)
    assert G.explain("cardiology", view) == (
        "Cardiology (department): treats 3 patient(s), red, same value: +1 each.")
    assert G.explain("cardiologia", view, "es") == (
        "Cardiología (departamento): cura a 3 paciente(s), rojo, mismo valor: +1 cada uno.")
    assert G.explain("Hématologue", view, "en").startswith("Haematologist (specialist, red meeple)")
    assert "gain 1 blood bag(s)" in G.explain("haematologist", view)
    assert G.explain("lawyer", view, "fr") == (
        "Avocate de l'hôpital (directeur) : Chaque décès coûte 1 point de moins à la fin.")
    assert G.explain("no such thing", view) is None
    listing = G.explain("", view)
    assert "Cardiology" in listing and "Surgeon" in listing and "cardiology" not in listing


# ---- balance-lab hooks ----------------------------------------------------------------------------
def test_progress_and_seat_order():
    """Eight rounds; the first round is played clockwise from the first player."""
    s = new(3, seed=4)
    assert G.progress(s) == (1, 8)
    first = s.first_player
    assert G.seat_order(s) == [first, (first + 1) % 3, (first + 2) % 3]
    advance_to(s, "activate")
    assert G.seat_order(s) is None
    for seat in list(s.to_move):
        s.apply(seat, {"type": "end"})
    assert G.progress(s) == (2, 8)


def test_telemetry_counts_a_seats_public_numbers():
    s = activation(beds={0: (RED, 3, True), 1: (GREEN, 2)})
    give_specialist(s, 0, "surgeon")
    s.hospitals[0]["blood_bags"] = 2
    s.hospitals[0]["fatalities"] = 1
    assert G.telemetry(s, 0) == {"score": 0.0, "patients": 2.0, "untreated": 1.0, "discharged": 0.0,
                                 "fatalities": 1.0, "blood_bags": 2.0, "departments": 0.0,
                                 "specialists": 1.0}


def test_content_keys_name_the_department_and_specialist_chosen():
    """Actions point at offers and owned cards by index; the keys name the content tables."""
    s = activation(beds={0: (RED, 3), 1: (RED, 3), 2: (RED, 3)})
    cardiology = give_department(s, 0, "cardiology")
    spec = give_specialist(s, 0, "surgeon")
    s.apply(1, {"type": "end"})
    assert G.content_keys(s, {"type": "department", "dept": cardiology}) == ["departments.cardiology"]
    assert G.content_keys(s, {"type": "department", "dept": 0}) == ["starting_departments.red-ward"]
    s.apply(0, {"type": "department", "dept": cardiology})
    assert G.content_keys(s, {"type": "meeple", "meeple": spec}) == ["specialists.surgeon"]
    assert G.content_keys(s, {"type": "meeple", "meeple": -1}) == []
    t = new(2, seed=5)
    assert G.content_keys(t, t.legal_actions(0)[0]) == []          # valuing the starting dice
    advance_to(t, "take")
    offer = t.department_offer[0]
    assert G.content_keys(t, {"type": "take", "kind": "department", "index": 0}) == [
        f"departments.{t.content.department_ids[offer]}"]
    assert G.content_keys(t, {"type": "admin", "admin": "lawyer"}) == ["administrators.lawyer"]


def test_content_keys_read_the_choosing_seats_own_hospital():
    """Both seats activate at once and each names its departments by its own index: the same
    action touches different content for each seat, so the hook reads the seat it is given."""
    s = activation(beds={0: (RED, 3), 1: (RED, 3), 2: (RED, 3)})
    mine = give_department(s, 0, "cardiology")
    theirs = give_department(s, 1, "oncology")
    assert mine == theirs  # the same position in each hospital
    action = {"type": "department", "dept": mine}
    assert G.content_keys(s, action, seat=0) == ["departments.cardiology"]
    assert G.content_keys(s, action, seat=1) == ["departments.oncology"]
