"""PlayoutBot: flat Monte Carlo over the seat's best few moves, with greedy playouts.

Where IS-MCTS grows a tree whose other seats play near-randomly and whose leaves are heuristic
values in the middle of a turn, this bot asks a narrower question: *of the moves the greedy
bot likes best, which one wins most often when everybody then plays like the greedy bot?*

- **Candidates**: the legal actions ranked by the greedy look-ahead (``values.look_ahead``, the
  game's ``greedy_values`` hook where it has one) in one determinization; the best ``width``
  are searched.  Rank 0 is the greedy bot's own choice, the fallback.
- **Worlds with common random numbers**: sample ``n`` is the determinization
  ``state.determinize(seat, random.Random(base + n))`` -- the same hidden cards and the same
  future dice for every candidate -- so candidates are compared on equal luck and their
  rewards pair up world by world.
- **Playouts**: after the candidate, every seat (the searching one included) plays the greedy
  policy: one-step look-ahead through its own chain of decisions, decided in a
  determinization drawn *from that seat's view* of the world (never the world itself: no seat
  sees the sampled secrets of another, nor the sampled future).  The playout runs to the end
  of the game, or stops when the turn has passed ``horizon`` times (``horizon`` 0: to the end),
  and is valued with ``values.Rewards`` (0.8 x win share + 0.2 x score margin when finished,
  the squashed heuristic otherwise).
- **Successive elimination**: worlds are played in batches of ``batch`` for every surviving
  candidate; after each batch a candidate whose mean paired loss to the leader exceeds
  ``drop`` standard errors is dropped, so the budget goes to the close ones.  The search stops
  when one candidate is left or every survivor has played ``samples`` worlds.
- **The move**: the best mean, but only if its paired gain over greedy's choice (on the
  worlds both played) exceeds ``confidence`` standard errors; otherwise greedy's choice.
- **A trained guide** (``trained=1``, where the game ships a policy network that fits the
  table: :mod:`.policy`): the policy's own move is the first candidate and the fallback,
  greedy's best fill the other places, and every seat plays the playouts as the policy
  would, each from its own observation of the world.  A policy move is one small forward
  pass instead of a look-ahead over every legal action, so playouts can run to the end.

The budget is ``samples`` (worlds per candidate, so a seed replays exactly), with a CPU-time
cap ``seconds`` (``time.process_time``) checked between playouts as a safety net.  Statistics
of the last decision are in ``self.last``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ludoteca.engine import Action, State

from .policy import Guide, guide_for, trained_options
from .values import Rewards, look_ahead

#: Positions the greedy look-ahead may examine through chains (as the greedy bot's default).
CHAIN_BUDGET = 400
#: A playout longer than this many decisions is cut short and valued (a safety net).
MAX_PLIES = 2000


class PlayoutBot:
    """Flat Monte Carlo over the greedy bot's top ``width`` moves, greedy playouts, CRN.

    - ``samples``: worlds (determinizations) per candidate at most.
    - ``width``: candidates searched (greedy's choice and the next best ones).
    - ``horizon``: turn changes a playout runs through; 0 plays to the end of the game.
    - ``batch``: worlds per candidate between eliminations.
    - ``drop``: standard errors of paired loss to the leader that drop a candidate (0: never).
    - ``confidence``: standard errors of paired gain needed to overrule greedy's choice.
    - ``seconds``: CPU-seconds cap per decision (None: none).
    - ``chain_depth``, ``chain_budget``: the greedy look-ahead's reach through the seat's own
      chain of decisions, for ranking and in the playouts; by default the game's
      ``search_hints`` (as for the IS-MCTS bot), else 1 and 400.
    - ``trained``: 1 lets the game's trained policy (:mod:`.policy`) propose the first
      candidate and play the playouts, where the game ships one that fits the table (else the
      greedy bot does, as with 0).
    - ``proposals``: with a trained guide, how many of the policy's best moves are candidates
      before greedy's (1: its own move only).
    - ``samples_players``: the player count ``samples`` is budgeted for (0: every count).  At
      a table with more seats a decision plays ``samples * samples_players / seats`` worlds
      (rounded, at least 2): a playout to the end of the game has a move more per seat in
      every round, so its cost grows with the seats."""

    name = "playout"

    def __init__(self, seed: int = 0, samples: int = 16, width: int = 3, horizon: int = 4, batch: int = 8,
                 drop: float = 2.0, confidence: float = 1.0, seconds: float | None = 5.0,
                 chain_depth: int | None = None, chain_budget: int | None = None, trained: int = 0,
                 proposals: int = 1, samples_players: int = 0) -> None:
        self.rng = random.Random(seed)
        self.samples_players = samples_players
        self.trained = bool(trained)
        self.proposals = proposals
        #: The trained policy's guide for the game being played (``trained``), made per game.
        self._guides: dict[tuple[str, int], Guide | None] = {}
        self._guide: Guide | None = None
        self.samples = samples
        self.width = width
        self.horizon = horizon
        self.batch = max(1, batch)
        self.drop = drop
        self.confidence = confidence
        self.seconds = seconds
        self.given = {"chain_depth": chain_depth, "chain_budget": chain_budget}
        self.chain_depth = 1
        self.chain_budget = CHAIN_BUDGET
        #: Statistics of the last decision: playouts, worlds per candidate, seconds, ...
        self.last: dict[str, Any] = {}

    # ---- the decision ---------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> Action:
        hints = state.game.search_hints
        self.chain_depth = int(self._setting("chain_depth", hints, 1))
        self.chain_budget = int(self._setting("chain_budget", hints, CHAIN_BUDGET))
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            self.last = {"playouts": 0, "worlds": 0, "candidates": 1, "seconds": 0.0, "overruled": False,
                         "capped": False}
            return legal[0]
        start = time.process_time()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        base = self.rng.getrandbits(60)
        det = state.determinize(seat, random.Random(base))
        values = look_ahead(det, seat, legal, self.chain_budget // len(legal), self.chain_depth)
        ranked = sorted(range(len(legal)), key=lambda i: (values[i], -i), reverse=True)
        # Ties with greedy's value are broken by the greedy bot with its rng; here the first of
        # equals is the fallback (the playouts decide between equals if they can).
        self._guide = self._guide_for(det) if self.trained else None
        if self._guide is not None:
            # the policy's own move comes first and is the fallback; its next ``proposals - 1``
            # follow, then greedy's best
            firsts = self._guide.root(state, det, seat, legal)[:max(1, self.proposals)]
            ranked = [*firsts, *(i for i in ranked if i not in firsts)]
        candidates = ranked[:max(1, self.width)]
        fallback = candidates[0]
        rewards = Rewards(seat)
        samples = self.worlds(state.players)
        history: dict[int, list[float]] = {c: [] for c in candidates}
        alive = list(candidates)
        playouts = 0
        out_of_time = False
        while len(alive) > 1 and not out_of_time:
            played = len(history[alive[0]])
            if played >= samples:
                break
            upto = min(samples, played + self.batch)
            for n in range(played, upto):
                for c in alive:
                    history[c].append(self._playout(state, seat, legal[c], base + 1 + n, rewards))
                    playouts += 1
                if time.process_time() >= deadline:
                    out_of_time = True
                    break
            # Every survivor has played the same worlds 0..k-1 (a time-out ends a world's row).
            k = min(len(history[c]) for c in alive)
            leader = max(alive, key=lambda c: (sum(history[c][:k]), -candidates.index(c)))
            if self.drop > 0:
                alive = [c for c in alive
                         if c == leader or not _significant(history[leader][:k], history[c][:k], self.drop)]
        best = self._best(alive, history, candidates)
        chosen = best
        if best != fallback and not _significant(history[best], history[fallback], self.confidence):
            chosen = fallback
        self.last = {
            "playouts": playouts, "worlds": max(len(h) for h in history.values()),
            "candidates": len(candidates), "survivors": len(alive), "seconds": time.process_time() - start,
            "overruled": chosen != fallback, "capped": out_of_time,
            "means": {c: (sum(h) / len(h) if h else None) for c, h in history.items()},
        }
        return legal[chosen]

    def worlds(self, players: int) -> int:
        """The worlds each candidate may play at a table of ``players`` (``samples_players``)."""
        budgeted = self.samples_players
        if not budgeted or players <= budgeted:
            return self.samples
        return max(2, round(self.samples * budgeted / players))

    def serves(self, state: State, seat: int) -> bool:
        """Whether this bot plays ``state`` as it was set up to: with ``trained``, only where a
        trained policy guides it (a level that a game defines this way leaves the other tables
        to the level's own definition, ``per_game.PerGameLevel``).  Reads the table's options
        from a determinization for the seat, drawn with its own generator (the bot's stays as
        it was)."""
        return not self.trained or self._guide_for(state.determinize(seat, random.Random(0))) is not None

    def _guide_for(self, det: State) -> Guide | None:
        """The trained policy's guide for this table, or None (greedy plays instead)."""
        if not trained_options(det):
            return None
        key = (det.game.id, det.players)
        if key not in self._guides:
            self._guides[key] = guide_for(det.game, det.players)
        return self._guides[key]

    def _setting(self, key: str, hints: dict[str, float], default: float) -> float:
        given = self.given[key]
        return given if given is not None else hints.get(key, default)

    @staticmethod
    def _best(alive: list[int], history: dict[int, list[float]], candidates: list[int]) -> int:
        """The survivor with the best mean over the worlds every survivor played (ties: the
        better greedy rank)."""
        k = min(len(history[c]) for c in alive)
        if k == 0:
            return candidates[0]
        return max(alive, key=lambda c: (sum(history[c][:k]), -candidates.index(c)))

    # ---- one playout --------------------------------------------------------------------------
    def _playout(self, state: State, me: int, action: Action, seed: int, rewards: Rewards) -> float:
        """Play ``action`` in world ``seed``, then the greedy policy for every seat; ``me``'s reward.

        The world and every decision's own determinization come from ``random.Random(seed)``,
        so each candidate meets the same world and the same future dice."""
        rng = random.Random(seed)
        world = state.determinize(me, rng)
        world.apply(me, action)
        turns = 0
        previous = me
        for _ in range(MAX_PLIES):
            if world.is_over:
                break
            movers = world.to_move
            mover = me if me in movers else movers[0]
            if mover != previous:
                turns += 1
                if self.horizon and turns > self.horizon:
                    break
                previous = mover
            world.apply_trusted(mover, self._move(world, mover, rng))
        return rewards(world)[me]

    def _move(self, world: State, mover: int, rng: random.Random) -> Action:
        """``mover``'s move in a playout: the trained policy's when it guides this decision,
        else the greedy bot's."""
        guide = self._guide
        if guide is None:
            return self._greedy(world, mover, rng)
        moves = world.legal_actions(mover, copy=False)
        return moves[0] if len(moves) == 1 else moves[guide.move(world, mover, moves)]

    def _greedy(self, world: State, mover: int, rng: random.Random) -> Action:
        """The greedy bot's move for ``mover`` in ``world``, decided from ``mover``'s view of it."""
        moves = world.legal_actions(mover, copy=False)
        if len(moves) == 1:
            return moves[0]
        seen = world.determinize(mover, rng)
        values = look_ahead(seen, mover, moves, self.chain_budget // len(moves), self.chain_depth)
        best = max(values)
        ties = [i for i, v in enumerate(values) if v == best]
        return moves[ties[0] if len(ties) == 1 else rng.choice(ties)]


def _significant(better: list[float], worse: list[float], z: float) -> bool:
    """Whether the mean paired gain of ``better`` over ``worse`` exceeds ``z`` standard errors
    (with fewer than three pairs, never)."""
    pairs = list(zip(better, worse, strict=False))
    if len(pairs) < 3:
        return False
    gains = [a - b for a, b in pairs]
    mean = sum(gains) / len(gains)
    var = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
    return mean > z * math.sqrt(var / len(gains))
