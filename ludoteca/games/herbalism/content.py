"""Herbalism's components and numbers, loaded from ``content.toml`` and checked entry by entry.

Why data: the colour mix, hand sizes and scoring are what a designer tunes in the balance lab,
so rules code reads them from here instead of hard-coding them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.content import ContentError, content_cache, load_content, require

#: The five action cards (rule text: Indagar, Alimentación, Fabricación de cerveza, Atractivo,
#: Curación), in the order the game lists them.
ACTIONS = ("inquiring", "feeding", "brewing", "appealing", "curing")


@dataclass(frozen=True)
class Content:
    """Every number and component of one game's content (``state.content``), immutable and
    shared by every state with the same ``params``."""

    colours: tuple[str, ...]
    totals: tuple[int, ...]                  # cards per colour
    cure_cards: int
    hand_size: dict[int, int]                # players -> cards each
    medicines: tuple[str, ...]
    #: per medicine card: its two colour indices, or None for the identical-pair card
    pairs: tuple[tuple[int, int] | None, ...]
    answer_right: int
    follow_right: int
    follow_wrong: int
    prediction_right: int
    prediction_wrong: int
    floor: int
    markers_per_colour: int
    action_sets: dict[str, tuple[str, ...]]
    #: the ingredient cards as colour indices, in colour order: the deck before a shuffle
    deck: tuple[int, ...]

    def colour_index(self, name: str) -> int:
        return self.colours.index(name)

    def medicine_index(self, name: str) -> int:
        return self.medicines.index(name)

    def colours_of(self, medicine: int) -> tuple[int, ...]:
        """The colours a medicine card lets you use: its two, or all of them (identical pair)."""
        pair = self.pairs[medicine]
        return tuple(range(len(self.colours))) if pair is None else pair

    def other_colour(self, medicine: int, given: int) -> int:
        """The colour counted or handed back after ``given``: the card's other colour, or the
        same one on the identical pair."""
        pair = self.pairs[medicine]
        if pair is None:
            return given
        return pair[1] if pair[0] == given else pair[0]

    def card_names(self, counts: list[int]) -> list[str]:
        """Counts per colour as one name per card, in colour order: [1, 0, 2, 0] -> red, green, green."""
        return [name for name, n in zip(self.colours, counts, strict=True) for _ in range(n)]

    def counts_of(self, cards: list[str]) -> list[int]:
        """The inverse of :meth:`card_names`; a name that is no colour raises ValueError naming it."""
        counts = [0] * len(self.colours)
        for card in cards:
            if card not in self.colours:
                raise ValueError(f"{card!r} is not an ingredient colour ({', '.join(self.colours)})")
            counts[self.colours.index(card)] += 1
        return counts

    def matches(self, cure: list[int], medicine: int) -> bool:
        """Whether the cure cards fit ``medicine``: its two colours, or any two of one colour."""
        pair = self.pairs[medicine]
        if pair is None:
            return max(cure) == self.cure_cards
        return cure[pair[0]] == 1 and cure[pair[1]] == 1

    def right_medicine(self, cure: list[int]) -> int:
        for medicine in range(len(self.medicines)):
            if self.matches(cure, medicine):
                return medicine
        raise ContentError(f"no medicine card matches the cure {cure}")


@content_cache()
def content_for(params: Mapping[str, Any] | None) -> Content:
    """The content with the designer's ``params`` laid over ``content.toml``, built once per
    distinct ``params`` (a bounded cache, so a sweep cannot grow memory without end).

    An unknown key, a value of another kind or a number outside its ``[ranges]`` raises
    ValueError naming the full path (``params.scoring.answer_right``); content that breaks the
    game's schema raises ContentError naming the entry."""
    raw = load_content(__package__, "content.toml", params)
    try:
        return _build(raw)
    except KeyError as exc:
        raise ContentError(f"herbalism content.toml lacks the entry {exc.args[0]!r}") from exc


def _build(raw: dict[str, Any]) -> Content:
    colours = tuple(raw["colours"])
    require(len(colours) == 4 and len(set(colours)) == 4 and all(isinstance(c, str) for c in colours),
            f"colours: expected 4 different colour names; got {list(colours)}")
    ingredients = raw["ingredients"]
    require(set(ingredients) == set(colours),
            f"ingredients: needs exactly one count per colour {list(colours)}; got {sorted(ingredients)}")
    totals = tuple(int(ingredients[c]) for c in colours)
    # belief.py packs a count in 3 bits; [ranges] keeps designers far below that anyway
    require(all(0 <= n <= 7 for n in totals), f"ingredients: counts must be 0..7; got {totals}")
    cure_cards = int(raw["deal"]["cure_cards"])
    require(cure_cards == 2, f"deal.cure_cards: the cure is 2 cards (matched against a pair); got {cure_cards}")
    hand_size = {}
    for key, size in raw["deal"]["hand_size"].items():
        require(key in ("2", "3", "4"), f"deal.hand_size: player counts are 2, 3 or 4; got {key!r}")
        players = int(key)
        require(isinstance(size, int) and size * players + cure_cards == sum(totals),
                f"deal.hand_size.{key}: {players} hands of {size} plus {cure_cards} cure cards "
                f"must use all {sum(totals)} ingredient cards")
        hand_size[players] = size
    require(set(hand_size) == {2, 3, 4}, "deal.hand_size: needs entries for 2, 3 and 4 players")
    names, pairs = [], []
    for i, med in enumerate(raw["medicines"]):
        name, cols = med["name"], med["colours"]
        require(isinstance(name, str) and name not in names, f"medicines[{i}]: name {name!r} missing or repeated")
        if cols == []:
            pairs.append(None)
        else:
            require(isinstance(cols, list) and len(cols) == 2 and cols[0] != cols[1]
                    and all(c in colours for c in cols),
                    f"medicines[{i}] ({name}): colours must be [] (identical pair) or two different "
                    f"colours of {list(colours)}; got {cols!r}")
            pairs.append((colours.index(cols[0]), colours.index(cols[1])))
        names.append(name)
    two_colour = {frozenset(p) for p in pairs if p is not None}
    require(len(two_colour) == 6 and pairs.count(None) == 1 and len(pairs) == 7,
            "medicines: expected the 6 two-colour pairs once each and one identical-pair card")
    scoring = raw["scoring"]
    sets = {}
    for name, cards in raw["action_sets"].items():
        require(isinstance(cards, list) and cards and all(c in ACTIONS for c in cards) and "curing" in cards,
                f"action_sets.{name}: a list of action cards from {list(ACTIONS)} including 'curing'; got {cards!r}")
        sets[name] = tuple(c for c in ACTIONS if c in cards)
    for preset in ("first-game", "basic", "normal", "advanced"):
        require(preset in sets, f"action_sets: missing the preset {preset!r}")
    markers = int(raw["predictions"]["markers_per_colour"])
    require(markers >= 0, f"predictions.markers_per_colour must be >= 0; got {markers}")
    return Content(
        colours=colours, totals=totals, cure_cards=cure_cards, hand_size=hand_size,
        medicines=tuple(names), pairs=tuple(pairs),
        answer_right=int(scoring["answer_right"]), follow_right=int(scoring["follow_right"]),
        follow_wrong=int(scoring["follow_wrong"]), prediction_right=int(scoring["prediction_right"]),
        prediction_wrong=int(scoring["prediction_wrong"]), floor=int(scoring["floor"]),
        markers_per_colour=markers, action_sets=sets,
        deck=tuple(c for c, n in enumerate(totals) for _ in range(n)),
    )
