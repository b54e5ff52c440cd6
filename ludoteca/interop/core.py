"""What every RL interface needs from a game, in one place: fixed-size action numbers, legal
masks, observation vectors and end-of-game rewards.

Only the public game contract is used (``legal_actions``, ``apply``, ``view``, ``to_move``,
``is_over``, ``scores``, ``winners``) plus the per-game interop contract:

* ``Game.num_distinct_actions(players, options) -> int``
* ``State.action_index(action) -> int`` and ``State.index_action(i) -> dict``
* ``Game.observation_size(players, options) -> int`` and ``Game.encode(view) -> list[float]``

A game that lacks any of them raises :class:`NotImplementedError` naming what is missing, so
the interfaces fail early and clearly instead of half working.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

import ludoteca
from ludoteca.engine import Game, State
from ludoteca.engine.state import find_same

GAME_METHODS = ("num_distinct_actions", "observation_size", "encode")
STATE_METHODS = ("action_index", "index_action")
REWARDS = ("rank", "win", "score", "dense")
#: From this many legal actions on, the numbers are checked and marked as a numpy array.
SHORT = 24
#: The most action numbers a numbering remembers (then it starts again).
MEMO_LIMIT = 1 << 16
#: How many actions a numbering numbers before it judges whether remembering pays.
MEMO_TRIAL = 1024


def resolve_game(game: str | Game) -> Game:
    """A Game from an id or a Game."""
    return game if isinstance(game, Game) else ludoteca.game(game)


def missing_interop(game: Game) -> list[str]:
    """The interop methods ``game`` does not provide (empty when it is ready)."""
    missing = [f"Game.{name}" for name in GAME_METHODS if not callable(getattr(game, name, None))]
    missing += [f"State.{name}" for name in STATE_METHODS
                if not callable(getattr(game.state_class, name, None))]
    return missing


def require_interop(game: Game) -> None:
    missing = missing_interop(game)
    if missing:
        raise NotImplementedError(
            f"{game.id} does not provide the RL interop contract yet: missing {', '.join(missing)} "
            "(see docs/interop.md, 'The per-game contract')")


class GameNumbers:
    """The game's own action numbers: the interop contract's ``num_distinct_actions``,
    ``State.action_index`` and ``State.index_action``.  A game may offer other numberings as
    ``Game.action_spaces`` (name -> a class built like this one) and name its interop default
    ``Game.default_actions``; Dschunke offers a compact one (docs/interop.md)."""

    #: Numbers that stand for several legal actions at once (the first in legal order is played).
    shared: frozenset[int] = frozenset()

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        self.size = int(game.num_distinct_actions(players, options))
        #: The number of each action numbered so far, by its ``(key, value)`` pairs; None once
        #: the game's actions turned out too varied to repeat (see ``numbers_of``).
        self._memo: dict[tuple[Any, ...], int] | None = {}
        self._counted = self._missed = 0

    def index(self, state: State, action: dict[str, Any]) -> int:
        return state.action_index(action)

    def action(self, state: State, number: int) -> dict[str, Any]:
        return state.index_action(number)

    def numbers_of(self, state: State, legal: Sequence[dict[str, Any]]) -> list[int]:
        """The number of each action of ``legal`` (the state's legal list), in its order; a
        numbering may number a whole list faster than action by action.

        The game's own numbers are remembered by each action's ``(key, value)`` pairs: the
        contract makes ``action_index`` a stable number for every action the game can list,
        so a legal list seen before in other dicts is numbered by one look-up an action, a
        fraction of a call into the game.  An action with an unhashable value (a list) is
        numbered by the game every time.  Where actions seldom repeat (Dschunke's full
        numbering: every spot of every strip) remembering costs more than it saves, so once
        :data:`MEMO_TRIAL` actions have been numbered and over half were new, it stops."""
        if type(self).index is not GameNumbers.index:      # a numbering of its own
            return [self.index(state, action) for action in legal]
        number = state.action_index      # the game's own numbers: one call per action, no wrapper
        memo = self._memo
        if memo is None:
            return [number(action) for action in legal]
        try:
            return [memo[tuple(action.items())] for action in legal]
        except (KeyError, TypeError):
            pass
        numbers = []
        missed = 0
        for action in legal:
            try:
                key = tuple(action.items())
                n = memo[key]
            except KeyError:
                n = memo[key] = number(action)
                missed += 1
            except TypeError:           # an unhashable value: numbered, not remembered
                n = number(action)
            numbers.append(n)
        self._counted += len(numbers)
        self._missed += missed
        if self._counted >= MEMO_TRIAL and 2 * self._missed > self._counted:
            self._memo = None
        elif len(memo) > MEMO_LIMIT:
            memo.clear()
        return numbers


def numberings(game: Game) -> dict[str, type]:
    """Every action numbering ``game`` offers, by name: ``full`` (its own) and its extras."""
    return {"full": GameNumbers, **getattr(game, "action_spaces", {})}


class Adapter:
    """One game at one player count with fixed options, seen as numbers.

    >>> a = Adapter("dschunke", players=2)
    >>> s = a.new_state(seed=1)
    >>> mask = a.legal_mask(s, 0)          # numpy int8, 1 where an action number is legal
    >>> obs = a.observation(s, 0)          # numpy float32 of a.observation_size
    """

    def __init__(self, game: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 actions: str | None = None) -> None:
        self.game = resolve_game(game)
        require_interop(self.game)
        self.players = self.game.min_players if players is None else players
        if not self.game.min_players <= self.players <= self.game.max_players:
            raise ValueError(f"{self.game.title} takes {self.game.min_players}-"
                             f"{self.game.max_players} players; got {self.players}")
        self.options = self.game.resolve_options(options)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")
        self.reward = reward
        known = numberings(self.game)
        self.actions = actions if actions is not None else getattr(self.game, "default_actions", "full")
        if self.actions not in known:
            raise ValueError(f"actions must be one of {', '.join(known)} for {self.game.title}; got {actions!r}")
        self.numbers = known[self.actions](self.game, self.players, self.options)
        self.num_actions = int(self.numbers.size)
        self.observation_size = int(self.game.observation_size(self.players, self.options))
        planes = getattr(self.game, "observation_planes", None)
        #: (channels, rows, columns) when the observation starts with the board as planes
        #: (a game's ``observation_planes``; Dschunke's 12 x 41 x 41), else None.
        self.planes: tuple[int, int, int] | None = (tuple(int(n) for n in planes(self.players, self.options))
                                                    if callable(planes) else None)
        self._legal: tuple[Any, ...] | None = None   # see _numbered
        self._to_act: tuple[Any, int, int | None] = (None, -1, None)   # (state, version, seat to act)
        #: One observation writer per seat (and the spectator, key None), made on first use.
        self._writers: dict[int | None, Any] = {}
        self.observation_low, self.observation_high = self._bounds()

    def _bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The least and the most each observation number can be (``Game.observation_bounds``,
        derived by each game from its rules and content), as float32 arrays: the envs' Box.
        A game without the hook gets unbounded spaces; every shipped game has it (tested)."""
        declared = getattr(self.game, "observation_bounds", None)
        if not callable(declared):
            infinite = np.full(self.observation_size, np.inf, dtype=np.float32)
            return -infinite, infinite
        low, high = (np.asarray(side, dtype=np.float32) for side in declared(self.players, self.options))
        if low.shape != (self.observation_size,) or high.shape != (self.observation_size,):
            raise RuntimeError(f"{self.game.id}: observation_bounds gave {low.shape} and {high.shape}; "
                               f"observation_size says {self.observation_size}")
        if not (low <= high).all():
            raise RuntimeError(f"{self.game.id}: observation_bounds has a low above its high at "
                               f"{int(np.flatnonzero(low > high)[0])}")
        return low, high

    def observation_box(self) -> Any:
        """The observation's Gymnasium space: ``Box(low, high)`` float32 of ``observation_size``."""
        from gymnasium import spaces

        return spaces.Box(self.observation_low, self.observation_high, (self.observation_size,), np.float32)

    def new_state(self, seed: int | None = None) -> State:
        return self.game.new(self.players, seed=seed, options=self.options)

    # ---- actions ---------------------------------------------------------------------------
    def numbered(self, state: State, seat: int) -> tuple[dict[int, int], Sequence[dict[str, Any]]]:
        """Action number -> place in the legal list, and that list, for ``seat`` now (cached
        per position).  The numbering numbers the whole list at once (``numbers_of``), so a
        game whose legal list is built lazily (Dschunke's placements) builds no action here.
        A number given to two actions raises, unless the numbering declares it ``shared``."""
        cached = self._numbered(state, seat)
        if cached[6] is None:
            numbers, legal = cached[3], cached[4]
            places: dict[int, int] = {}
            for place, number in enumerate(numbers):
                if number not in places:
                    places[number] = place
                elif number not in self.numbers.shared:
                    raise RuntimeError(f"{self.game.id}: action number {number} is given to both "
                                       f"{legal[places[number]]} and {legal[place]}")
            self._legal = cached = (*cached[:6], places)
        return cached[6], cached[4]

    def legal_numbers(self, state: State, seat: int) -> np.ndarray:
        """The legal action numbers of ``seat`` now, as an int64 array (cached per position):
        what a mask marks, without building the mask."""
        cached = self._numbered(state, seat)
        if cached[5] is None:
            self._legal = cached = (*cached[:5], np.array(cached[3], dtype=np.int64), cached[6])
        return cached[5]

    def _numbered(self, state: State, seat: int) -> tuple[Any, ...]:
        """(state, version, seat, numbers, legal list, numbers as an array or None, places or
        None), cached per position.  The hot path of every env step: no dict of places
        (``decode`` finds a number in the list, in C), no array until one is asked for (a
        mask of a short list is set number by number), no numpy reduction on a short list."""
        cached = self._legal
        if cached is not None and cached[0] is state and cached[1] == state.version and cached[2] == seat:
            return cached
        legal = state.legal_actions(seat, copy=False)
        numbers = self.numbers.numbers_of(state, legal)
        array = None
        if len(numbers) >= SHORT:
            array = np.array(numbers, dtype=np.int64)
            wrong = array.min() < 0 or array.max() >= self.num_actions
        else:
            wrong = bool(numbers) and (min(numbers) < 0 or max(numbers) >= self.num_actions)
        if wrong:
            bad = next(i for i, n in enumerate(numbers) if not 0 <= n < self.num_actions)
            raise RuntimeError(f"{self.game.id}: action {legal[bad]} has number {numbers[bad]}, outside "
                               f"0..{self.num_actions - 1} (num_distinct_actions)")
        self._legal = cached = (state, state.version, seat, numbers, legal, array, None)
        return cached

    def legal_map(self, state: State, seat: int) -> dict[int, dict[str, Any]]:
        """Action number -> action, for every action ``seat`` may take now."""
        places, legal = self.numbered(state, seat)
        return {number: legal[place] for number, place in places.items()}

    def legal_mask(self, state: State, seat: int) -> np.ndarray:
        """int8 vector of ``num_actions``: 1 where the action number is legal for ``seat`` now."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        self.mark_legal(state, seat, mask)
        return mask

    def mark_legal(self, state: State, seat: int, mask: np.ndarray) -> None:
        """Set ``mask`` (a zeroed int8 or bool vector of ``num_actions``) to 1 (True) at the
        legal numbers of ``seat`` now: a short list number by number through a memoryview
        (a fraction of numpy's fancy indexing, which first turns the list into an array)."""
        cached = self._numbered(state, seat)
        if cached[5] is not None:
            mask[cached[5]] = 1
        elif cached[3]:
            marks = memoryview(mask)
            for number in cached[3]:
                marks[number] = 1

    def decode(self, state: State, seat: int, index: Any) -> dict[str, Any]:
        """The action numbered ``index`` for ``seat`` now.

        Uses the legal map when it is already built; otherwise asks the numbering (the game's
        ``index_action``, cheap) and checks that the number comes back and names a legal action.  What it
        returns is always the engine's own legal action, so callers apply it on the trusted
        path (``apply_trusted``).  An unknown or illegal number raises IllegalAction."""
        if type(index) is int:                # the common case, a plain int: nothing to convert
            number = index
        elif isinstance(index, (bool, np.bool_)):
            raise ludoteca.IllegalAction(f"an action number must be an integer; got {index!r}")
        else:
            try:
                number = int(index)
            except (TypeError, ValueError):
                raise ludoteca.IllegalAction(f"an action number must be an integer; got {index!r}") from None
        cached = self._legal
        if cached is not None and cached[0] is state and cached[1] == state.version and cached[2] == seat:
            try:                              # the first with this number: a shared number plays it
                action = cached[4][cached[3].index(number)]
            except ValueError:
                action = None
        else:
            try:
                action = self.numbers.action(state, number)
                if self.numbers.index(state, action) != number:
                    action = None
            except (ValueError, KeyError, IndexError, TypeError):
                action = None
            if action is not None:  # the engine's own legal action, never a look-alike
                action = find_same(action, state.legal_actions(seat, copy=False))
        if action is None:
            raise ludoteca.IllegalAction(
                f"action number {number} is not legal for seat {seat} now "
                f"({len(self.legal_numbers(state, seat))} legal; use the action mask)")
        return action

    # ---- observations ------------------------------------------------------------------------
    def observation(self, state: State, seat: int | None, copy: bool = True) -> np.ndarray:
        """float32 vector of ``observation_size``: the game's encoding of ``view(seat)``.

        A game with an observation writer (``Game.observation_writer``,
        :mod:`ludoteca.engine.observation`) writes it straight from the state, rewriting only
        what changed since the seat's last observation; each writer is tested equal to the
        encoded view at every position.  ``copy=False`` returns the writer's own array, which
        the seat's next observation overwrites: for callers that copy it themselves (the
        batched env writes it into its batch)."""
        writer = self._writer(seat)
        if writer is None:
            return self.encoded_view(state, seat)
        values = writer.write(state)
        return values.copy() if copy else values

    def encoded_view(self, state: State, seat: int | None) -> np.ndarray:
        """The observation by its definition: ``encode(view(seat))`` as float32.

        A game may also offer ``encode_array(view)``, the same numbers as a numpy array; it
        is used when present because turning a long Python list into an array costs more
        than the rest of a step."""
        fast = getattr(self.game, "encode_array", None)
        view = state.view(seat)
        values = fast(view) if callable(fast) else self.game.encode(view)
        if len(values) != self.observation_size:
            raise RuntimeError(f"{self.game.id}: encode gave {len(values)} numbers; "
                               f"observation_size says {self.observation_size}")
        return np.asarray(values, dtype=np.float32)

    def _writer(self, seat: int | None) -> Any:
        """The seat's observation writer, or None for a game without the hook."""
        try:
            return self._writers[seat]
        except KeyError:
            pass
        hook = getattr(self.game, "observation_writer", None)
        writer = hook(self.players, self.options, seat) if callable(hook) else None
        self._writers[seat] = writer
        return writer

    def split_planes(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        """An observation as ``{"planes": (channels, rows, columns), "features": the rest}``, for
        convolutional policies; views into the same numbers, nothing copied."""
        if self.planes is None:
            raise ValueError(f"{self.game.title} has no board planes in its observation "
                             "(a game declares them with observation_planes)")
        size = self.planes[0] * self.planes[1] * self.planes[2]
        return {"planes": observation[:size].reshape(self.planes), "features": observation[size:]}

    # ---- turns and rewards -------------------------------------------------------------------
    @staticmethod
    def seat_to_act(state: State) -> int | None:
        """Whose decision comes next; simultaneous decisions are taken in seat order."""
        pending = state.to_move
        return min(pending) if pending else None

    def to_act(self, state: State) -> int | None:
        """:meth:`seat_to_act`, cached per position (the envs ask it several times a step and a
        game may compute ``to_move`` afresh at every call)."""
        cached = self._to_act
        version = state.version
        if cached[0] is state and cached[1] == version:
            return cached[2]
        pending = state.to_move
        seat = min(pending) if pending else None
        self._to_act = (state, version, seat)
        return seat

    def final_rewards(self, state: State) -> list[float]:
        return final_rewards(state, self.reward)

    def step_rewards(self, state: State, before: list[float]) -> tuple[list[float], list[float]]:
        """Every seat's reward for what happened since ``before`` (the live scores then), and the
        live scores now, to pass next time.  ``dense``: the change of each seat's score, so a
        game's rewards add up to its score change; every other mode: 0 until the game is over,
        then the final reward."""
        if self.reward != "dense":
            return self.final_rewards(state), before
        now = [float(score) for score in state.scores]
        return [after - earlier for after, earlier in zip(now, before, strict=True)], now

    def start_scores(self, state: State) -> list[float]:
        """The live scores ``step_rewards`` counts from, at a new game."""
        return [float(score) for score in state.scores]

    def reward_range(self) -> tuple[float, float]:
        if self.reward == "win":
            return 0.0, 1.0
        if self.reward in ("score", "dense") or self.players == 1:
            return -1e6, 1e6
        return -1.0, 1.0


def ranks_beaten(state: State) -> list[tuple[int, int]]:
    """Per seat: (seats it finished strictly above, seats strictly above it).

    Winners (which include the game's own tie-breaks, or a sudden loss) finish above everyone
    else and level with each other; the others are ordered by score."""
    winners = set(state.winners)
    scores = state.scores
    keys = [(seat in winners, scores[seat] if seat not in winners else 0) for seat in range(state.players)]
    return [(sum(1 for other in keys if mine > other), sum(1 for other in keys if other > mine))
            for mine in keys]


def final_rewards(state: State, mode: str = "rank") -> list[float]:
    """The reward each seat gets when ``state`` is over.

    * ``rank`` (default): (seats beaten - seats finishing above) / (players - 1), so +1 for a
      sole winner, -1 for the sole last, 0 for a shared result; zero-sum.  With one player
      there is nobody to rank against, so the final score is used.
    * ``win``: 1 for each seat in ``winners``, else 0.
    * ``score``: the final score itself.
    * ``dense``: given step by step as the score changes (``Adapter.step_rewards``); here, as a
      total, the final score.
    """
    if not state.is_over:
        return [0.0] * state.players
    if mode in ("score", "dense") or (mode == "rank" and state.players == 1):
        return [float(score) for score in state.scores]
    if mode == "win":
        winners = set(state.winners)
        return [1.0 if seat in winners else 0.0 for seat in range(state.players)]
    return [(above - below) / (state.players - 1) for above, below in ranks_beaten(state)]
