"""ISMCTSBot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration samples one determinization of the position as the deciding seat knows it
(``state.determinize(seat, rng)``: other hands, pile order and the future dice resampled), then
walks one shared tree of action histories with it:

- **Selection** keeps to the actions legal in this determinization and scores each child by
  UCB with *availability* counts (how often the action could have been chosen), the standard
  fix for information sets where actions come and go with the hidden cards.
- **Multiplayer**: every node maximises the reward of the seat that acts there.
- **Simultaneous decisions** (``to_move`` holding several seats) are played as sequential moves,
  the searching seat first, so its own choice never depends on another seat's simultaneous one.
- **Chance** is the determinized state's own RNG, reseeded by ``determinize``: dice and draws
  are sampled afresh in each iteration (an open-loop tree over action histories).
- **Large branching** (hundreds of placements) is handled by heuristic progressive widening:
  the root's actions are ranked as the greedy bot values them, and any other node's the
  first time it is expanded (``prior_visits``), on a random sample of ``prior_width`` actions
  (three times as many for the searching seat's own chain of decisions); only the best
  ``ceil(widen * sqrt(visits + 1))`` are searched, so the tree can look past the first move.
- **Common random numbers**: the n-th visit of every root action uses the same
  determinization and future dice, so root actions are compared on equal luck.
- **The move**: the most visited root action, but only if its rewards, paired visit by visit
  with those of greedy's choice, show a mean gain above ``confidence`` standard errors;
  otherwise greedy's choice (a search should not drift from the heuristic on noise).
- **Game hints**: ``Game.search_hints`` may set ``chain_depth``/``chain_budget`` (how far the
  root ranking looks through the seat's own chain of decisions), ``confidence``,
  ``opponents`` and the leaf settings below (any key of ``DEFAULTS``); a setting given to
  the bot wins over the game's hint.
- **Opponent model** (``opponents`` N: at tables of at most N players; default 0, never):
  another seat's decision that ends its own chain (a reply: answering a bet, choosing what to
  hand over) is not searched by UCB but played as the greedy bot would play it, from a
  determinization drawn from *that seat's* view of the current world; a chain of its own
  decisions (move, then action) is still searched.  Herbalism opts in at 2 players.
- **Leaf settings** (issue 19; all off by default): ``leaf_chain`` N plays, at a leaf where
  the searching seat is still deciding, up to N more of its own decisions as the greedy bot
  would (best one-step value, the first of equals) before the leaf is valued, so a move that
  leaves the seat deciding is valued on the same footing as one that ends its part;
  ``leaf_greedy`` N then plays up to N decisions of *whoever* is to move the same way (a
  greedy simulation: the opponents reply as ``normal`` would, not at random);
  ``chain_rank`` 1 ranks a node of the searching seat's own chain on its first visit
  instead of after ``prior_visits``.  A greedy leaf values several positions, so
  ``iteration_scale`` (default 1) runs that share of the ``iterations`` budget to stay
  within a level's CPU time, and ``leaf_players`` N > 0 keeps a game's hints for these four
  to tables of at most N players.  None of them draws a random number: a seed still
  replays.  Immunity opts in at 2 players (``leaf_greedy`` 6 at 80 of ``hard``'s 300
  iterations: 0.614 [0.532, 0.691] against ``normal`` over 140 fresh games, docs/bots.md);
  ``leaf_chain`` alone helped neither Immunity nor Dschunke.
- **Long games**: the simulation plays ``rollout`` random actions, then stops and values every
  seat's own view with ``evaluate`` (relative to the others, squashed to [0, 1]); a finished
  game scores 0.8 x win share (shared wins 1/k) + 0.2 x squashed score margin.

The budget is ``iterations`` and/or ``seconds``, checked between iterations.  Seconds are the
CPU time of the bot's process (``time.process_time``): on an idle core that is the wall-clock
wait, and on a busy machine the bot still gets the same amount of thinking, so a level plays
equally well wherever it runs.  With ``iterations`` alone the bot is deterministic for a seed.
"""

from __future__ import annotations

import heapq
import json
import math
import random
import time
from typing import Any

from ludoteca.engine import Action, State

from .values import Rewards, action_key, greedy_value, look_ahead

#: Positions the root ranking may examine through chains (as the greedy bot's default).
CHAIN_BUDGET = 400
#: The settings a game's ``search_hints`` may change, and their values when it does not.
DEFAULTS: dict[str, float] = {"confidence": 1.0, "chain_depth": 1, "chain_budget": CHAIN_BUDGET, "opponents": 0,
                              "leaf_chain": 0, "leaf_greedy": 0, "chain_rank": 0, "iteration_scale": 1.0,
                              "leaf_players": 0, "own_chain": 0}
#: The leaf settings, which a game's hints set only at tables of at most ``leaf_players`` (if > 0).
LEAF_SETTINGS = ("leaf_chain", "leaf_greedy", "chain_rank", "iteration_scale")


class Node:
    """One action history: who chose the action leading here, and its statistics."""

    __slots__ = ("seat", "visits", "total", "avail", "children", "order", "history")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Any, Node] = {}
        #: Action keys best first by the heuristic, once ranked (progressive widening).
        self.order: dict[Any, int] | None = None
        #: Root children only: the reward of each visit in order (visit n = world n).
        self.history: list[float] | None = None


class ISMCTSBot:
    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 exploration: float = 0.7, rollout: int = 0, widen: float = 1.0,
                 prior_visits: int = 8, prior_width: int = 16, confidence: float | None = None,
                 chain_depth: int | None = None, chain_budget: int | None = None,
                 opponents: int | None = None, leaf_chain: int | None = None,
                 leaf_greedy: int | None = None, chain_rank: int | None = None,
                 iteration_scale: float | None = None, leaf_players: int | None = None,
                 own_chain: int | None = None, sharp: int = 0) -> None:
        if iterations is None and seconds is None:
            raise ValueError("an ISMCTS bot needs a budget: iterations=N and/or seconds=S")
        self.rng = random.Random(seed)
        self.rollout = rollout
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.widen = widen
        self.prior_visits = prior_visits
        self.prior_width = prior_width
        #: Value every position with the game's sharper heuristic (``Game.evaluate_sharp``).
        self.sharp = bool(sharp)
        #: Settings a game may tune through ``Game.search_hints`` unless given here.
        self.given = {"confidence": confidence, "chain_depth": chain_depth, "chain_budget": chain_budget,
                      "opponents": opponents, "leaf_chain": leaf_chain, "leaf_greedy": leaf_greedy,
                      "chain_rank": chain_rank, "iteration_scale": iteration_scale,
                      "leaf_players": leaf_players, "own_chain": own_chain}
        self._tune({})
        #: The opponent model's memory for one decision (``_model_step``): its choices per node
        #: and view of the mover, and whether a node's mover decides again after it.
        self._model_cache: dict[Any, Any] = {}
        self._chains: dict[int, bool] = {}
        #: ``own_chain``'s choice per node for one decision (``_own_step``).
        self._own: dict[int, Any] = {}
        #: Statistics of the last decision (iterations run, seconds taken), for benchmarks.
        self.last: dict[str, float] = {}

    # ---- the decision ---------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> Action:
        self._tune(state.game.search_hints, state.players)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "capped": False}
            return legal[0]
        start = time.process_time()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = max(1, round(self.iterations * self.iteration_scale)) if self.iterations is not None else math.inf
        keys = [action_key(a) for a in legal]
        base = self.rng.getrandbits(60)
        root = Node(-1)
        root.order = self._rank_root(state.determinize(seat, random.Random(base)), seat, legal, keys)
        rewards = Rewards(seat, self.sharp)
        self._model_cache, self._chains, self._own = {}, {}, {}
        done = 0
        while done < limit and (done == 0 or time.process_time() < deadline):
            self._iterate(root, state, seat, legal, keys, base, rewards)
            done += 1
        # "capped": the CPU cap stopped the search before its iteration budget (the safety net bit).
        self.last = {"iterations": done, "seconds": time.process_time() - start, "capped": done < limit}
        return self._best(root, legal, keys)

    def _tune(self, hints: dict[str, float], players: int | None = None) -> None:
        """Settings given to the bot win; then the game's hints; then the defaults.

        Why games may hint: how deep a seat's own chains of decisions run is a fact about the
        game (a Dice Hospital activation is up to eight small steps, a Dschunke turn two), and
        the root ranking must look through a whole chain to judge its first step."""
        for key, default in DEFAULTS.items():
            given = self.given[key]
            setattr(self, key, given if given is not None else hints.get(key, default))
        if players is not None and self.leaf_players and players > self.leaf_players:
            # A game's leaf hints hold at small tables only (measured there); given settings win.
            for key in LEAF_SETTINGS:
                if self.given[key] is None:
                    setattr(self, key, DEFAULTS[key])

    def _best(self, root: Node, legal: list[Action], keys: list[Any]) -> Action:
        """The most visited root action, unless it cannot show it beats greedy's choice.

        Why the test: with a budget of a hundred iterations the visit counts are noisy, and a
        search that drifts away from the heuristic's best move on noise plays worse than the
        greedy bot.  The n-th visits of two root actions share world n (common random
        numbers), so their rewards pair up; the search's favourite replaces greedy's choice
        only if its mean paired gain exceeds ``confidence`` standard errors."""
        by_key = dict(zip(keys, legal, strict=True))
        children = [(key, child) for key, child in root.children.items() if key in by_key]
        favourite_key, favourite = max(
            children, key=lambda kc: (kc[1].visits, kc[1].total / max(1, kc[1].visits), -root.order.get(kc[0], 0)))
        greedy_key = min(by_key, key=lambda k: root.order.get(k, len(root.order)))
        greedy = root.children.get(greedy_key)
        if favourite_key == greedy_key or greedy is None or self.confidence <= 0:
            return by_key[favourite_key]
        pairs = list(zip(favourite.history or [], greedy.history or [], strict=False))
        if len(pairs) < 3:
            return by_key[greedy_key]
        gains = [a - b for a, b in pairs]
        mean = sum(gains) / len(gains)
        var = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
        if mean > self.confidence * math.sqrt(var / len(gains)):
            return by_key[favourite_key]
        return by_key[greedy_key]

    # ---- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: Node, state: State, me: int, legal: list[Action], keys: list[Any],
                 base: int, rewards: Rewards) -> None:
        """Choose a root action, then play it in a fresh determinization and search below.

        The root's actions are the seat's own, the same in every determinization, so the
        action is chosen first and the world drawn after: the n-th visit of *every* root
        action uses the same determinization and the same future dice (seed ``base + n``).
        Comparing root actions on common random numbers removes most of the luck from the
        comparison, which matters with a budget of a hundred iterations."""
        pick, _ = self._pick(root, keys, me, self.rng)
        child = root.children[keys[pick]]
        rng = random.Random(base + 1 + child.visits)
        det = state.determinize(me, rng)
        det.apply(me, legal[pick])
        node = child
        path = [root, child]
        new = child.visits == 0
        model = state.players <= self.opponents
        while not det.is_over:
            movers = det.to_move
            mover = me if me in movers else movers[0]
            if self.own_chain and mover == me == node.seat:
                node = self._own_step(det, node, me)  # the rest of the seat's own chain, new or not
                path.append(node)
                continue
            if new:
                break
            if model and mover != me:
                modelled = self._model_step(det, node, mover, rng)
                if modelled is not None:  # another seat's reply, as the model plays it
                    node = modelled
                    path.append(node)
                    continue
            moves = det.legal_actions(mover, copy=False)
            move_keys = [action_key(a) for a in moves]
            own = mover == me == node.seat
            if node.order is None and len(moves) > 1 and (
                    node.visits >= self.prior_visits or (own and self.chain_rank)):
                # Own continuations (a chain) are sampled wider than other seats' replies.
                width = self.prior_width * (3 if own else 1)
                node.order = self._rank(det, mover, moves, move_keys, rng, width)
            pick, new = self._pick(node, move_keys, mover, rng)
            node = node.children[move_keys[pick]]
            det.apply_trusted(mover, moves[pick])  # from det's own legal list
            path.append(node)
        if self.leaf_chain:
            self._play_greedy(det, int(self.leaf_chain), only=me)
        if self.leaf_greedy:
            self._play_greedy(det, int(self.leaf_greedy))
        self._simulate(det, rng)
        values = rewards(det)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.total += values[visited.seat]
        if child.history is None:
            child.history = []
        child.history.append(values[me])

    def _pick(self, node: Node, keys: list[Any], mover: int, rng: Any) -> tuple[int, bool]:
        """Expand the best-ranked (or a random) untried allowed action, else select by UCB.

        Returns the action's index and whether its child node is new."""
        allowed = self._allowed(node, keys)
        untried = [i for i in allowed if keys[i] not in node.children]
        if not untried:
            return self._select(node, allowed, keys), False
        order = node.order
        if order is not None:
            pick = min(untried, key=lambda i: order.get(keys[i], len(order)))
        else:
            pick = untried[0] if len(untried) == 1 else rng.choice(untried)
        node.children[keys[pick]] = Node(mover)
        for i in allowed:
            sibling = node.children.get(keys[i])
            if sibling is not None:
                sibling.avail += 1
        return pick, True

    def _allowed(self, node: Node, keys: list[Any]) -> list[int]:
        """Indices of the actions searched at ``node``: all, or the best few once ranked."""
        order = node.order
        if order is None or not self.widen:
            return list(range(len(keys)))
        width = math.ceil(self.widen * math.sqrt(node.visits + 1))
        if width >= len(keys):
            return list(range(len(keys)))
        unranked = len(order)
        return heapq.nsmallest(width, range(len(keys)), key=lambda i: (order.get(keys[i], unranked), i))

    def _select(self, node: Node, allowed: list[int], keys: list[Any]) -> int:
        """UCB with availability counts among the allowed actions (all already expanded)."""
        c = self.exploration
        best_i, best_score = allowed[0], -math.inf
        for i in allowed:
            child = node.children[keys[i]]
            child.avail += 1
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_i, best_score = i, score
        return best_i

    def _rank_root(self, det: State, me: int, legal: list[Action], keys: list[Any]) -> dict[Any, int]:
        """The root's actions ranked exactly as the greedy bot values them (through one more
        link of a chain of own decisions), so the search starts from greedy's choice."""
        values = look_ahead(det, me, legal, self.chain_budget // len(legal), self.chain_depth,
                            sharp=self.sharp)
        scored = [(value, -i) for i, value in enumerate(values)]
        scored.sort(reverse=True)
        return {keys[-neg_i]: rank for rank, (_, neg_i) in enumerate(scored)}

    def _rank(self, det: State, mover: int, legal: list[Action], keys: list[Any], rng: random.Random,
              width: int) -> dict[Any, int]:
        """Rank (a sample of ``width``) actions by one-step heuristic value; 0 = best.

        Below the root only a random sample is valued (the rest rank last): deep nodes are
        many and each ranking costs one ``evaluate`` per action."""
        indices = list(range(len(legal)))
        if len(indices) > width:
            indices = rng.sample(indices, width)
        scored = []
        for i in indices:
            child = det.clone()
            child.apply_trusted(mover, legal[i])  # det's own legal action; the clone is the same position
            scored.append((greedy_value(child, mover, self.sharp), -i))
        scored.sort(reverse=True)
        return {keys[-neg_i]: rank for rank, (_, neg_i) in enumerate(scored)}

    def _model_step(self, det: State, node: Node, mover: int, rng: random.Random) -> Node | None:
        """Play another seat's decision as the greedy bot (``normal``) would make it, if that
        decision ends its chain of decisions; return the tree node it leads to (None: search
        this node as usual).

        Why: with a few hundred iterations, UCB at the other seats' nodes is close to random
        play, and a random reply to a bet (a cure, a claim) makes the bet look better than
        it is.  A seat's own reply is modelled as one-step look-ahead on the game's heuristic,
        decided in a determinization drawn *from that seat's view* of this world (never this
        world itself: the seat would otherwise see the searcher's sampled secrets).  Only
        decisions after which another seat moves, or chance is met, are modelled (Herbalism,
        2 players: +0.09 to +0.20 win share for ``hard`` against ``normal``, docs/games/herbalism.md,
        "Bots"; no gain at 3 players, hence the table size in ``opponents``): a chain of the seat's own
        decisions (move, then action) needs a look-through per choice, too costly per
        visit, and stays with UCB; whether a node is such a link is judged once, on its first
        visit, from the mover's first legal action.  A choice is remembered per node and view
        of the mover."""
        chain = self._chains.get(id(node))
        moves = det.legal_actions(mover, copy=False)
        if chain is None:
            # Chance met on the way (a new round dealt) means the seat's next decision is a
            # new turn of its own, not a chain: a reply that ends a round is still a reply.
            probe = det.clone()
            drawn = probe.rng.draws
            probe.apply_trusted(mover, moves[0])
            chain = not probe.is_over and mover in probe.to_move and probe.rng.draws == drawn
            self._chains[id(node)] = chain
        if chain:
            return None
        keys = [action_key(a) for a in moves]
        if len(moves) == 1:
            pick = 0
        else:
            cache_key = (id(node), json.dumps(det.view(mover), sort_keys=True))
            known = self._model_cache.get(cache_key)
            if known is not None and known in keys:
                pick = keys.index(known)
            else:
                world = det.determinize(mover, rng)
                shared = world.legal_actions(mover, copy=False)
                best, picks = None, []
                for i, action in enumerate(moves):
                    child = world.clone()
                    child.remember_legal(mover, shared)
                    child.apply(mover, action)
                    value = greedy_value(child, mover, self.sharp)
                    if best is None or value > best:
                        best, picks = value, [i]
                    elif value == best:
                        picks.append(i)
                pick = picks[0] if len(picks) == 1 else rng.choice(picks)
                self._model_cache[cache_key] = keys[pick]
        child_node = node.children.get(keys[pick])
        if child_node is None:
            child_node = node.children[keys[pick]] = Node(mover)
        det.apply_trusted(mover, moves[pick])
        return child_node

    def _own_step(self, det: State, node: Node, me: int) -> Node:
        """Play the searching seat's next link of its own chain as the root ranking would (the
        greedy look-ahead through the chain), and return the tree node it leads to.

        Why (``own_chain``): the chain's later links are the seat's own, and searching them by
        UCB averages in the bad ones it tries.  In Herbalism the root "cure" was worth a won
        game with the right answer, but the search also tried the six wrong answers below it
        and valued curing below a move that waited: two searches that both knew the cure for
        certain passed cards back and forth for hundreds of turns.  A link is chosen once per
        node, in the first world that reaches it: the seat's own choice depends on what it
        knows, which the worlds share but for what the actions below the root revealed in
        each (an announced count), as the root ranking is made in one world too."""
        moves = det.legal_actions(me, copy=False)
        keys = [action_key(a) for a in moves]
        known = self._own.get(id(node))
        if known is not None and known in keys:
            pick = keys.index(known)
        else:
            pick = 0
            if len(moves) > 1:
                values = look_ahead(det, me, moves, self.chain_budget // len(moves), self.chain_depth,
                                    sharp=self.sharp)
                pick = max(range(len(moves)), key=lambda i: (values[i], -i))
            self._own[id(node)] = keys[pick]
        child = node.children.get(keys[pick])
        if child is None:
            child = node.children[keys[pick]] = Node(me)
        det.apply_trusted(me, moves[pick])
        return child

    def _play_greedy(self, det: State, limit: int, only: int | None = None) -> None:
        """At a leaf, play up to ``limit`` decisions as the greedy bot would: each the best
        one-step ``greedy_value`` in this world (the first of equals, so no randomness is
        drawn), by whoever is to move (the first of a simultaneous decision's seats), or only
        while seat ``only`` is still to decide.

        Why (``leaf_chain``: ``only`` is the searching seat): a leaf in the middle of the
        seat's own part of a phase (oxygen left to spend, infections left to clear) is valued
        before the part is played, while a leaf after a move that *ends* the part is valued as
        it stands, and the search then prefers ending early; completing the chain as
        ``normal`` would values both on the same footing.  Why (``leaf_greedy``: everyone): a
        greedy simulation looks past the leaf to where the decisions lead (a phase resolved)
        with the opponents playing as ``normal`` plays, not at random."""
        for _ in range(limit):
            if det.is_over or (only is not None and only not in det.to_move):
                return
            mover = det.to_move[0] if only is None else only
            moves = det.legal_actions(mover, copy=False)
            if len(moves) == 1:
                det.apply_trusted(mover, moves[0])
                continue
            values = look_ahead(det, mover, moves, 0, 0, sharp=self.sharp)
            best = max(range(len(moves)), key=lambda i: (values[i], -i))
            det.apply_trusted(mover, moves[best])

    def _simulate(self, det: State, rng: random.Random) -> None:
        """Random play for at most ``rollout`` actions (then the heuristic takes over)."""
        for _ in range(self.rollout):
            if det.is_over:
                return
            movers = det.to_move
            mover = movers[0]
            det.apply_trusted(mover, rng.choice(det.legal_actions(mover, copy=False)))
