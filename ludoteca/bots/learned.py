"""LearnedBot (level ``learned``): a policy network trained with reinforcement learning, run
with numpy; where a game ships no trained policy, it plays as ``hard``.

A game ships its policy as ``learned_policy.npz`` next to its code (Immunity:
``ludoteca/games/immunity/learned_policy.npz``, written by ``examples/train_immunity.py
--export``).  The file holds only what the action logits need: the policy's hidden layers
(``layer0_weight``, ``layer0_bias``, ``layer1_weight``, ...; PyTorch's ``(out, in)`` layout)
and the action head (``action_weight``, ``action_bias``), float32 or float16, plus ``meta``, a
JSON string: the game id, its rules version, the player counts the policy serves, the action
numbering, the sizes and the hidden activation (``tanh`` or ``relu``).

A decision, as the Gymnasium env would show it to the policy:

* the observation is the game's encoding of ``view(seat)`` only, built by the interop
  :class:`~ludoteca.interop.core.Adapter` (the env's own encoder);
* the legal actions are numbered with the adapter's numbering, asked of a determinization
  of the position for the seat (the numbering is a property of the actions; the bot never
  touches the true state beyond the seat's view, legal actions and ``determinize``);
* the network's logits of the illegal numbers are masked and the highest legal one is played
  (deterministic: the move does not depend on the seed).

It falls back to ``hard`` (IS-MCTS, ``ludoteca.bots.levels``) when the game has no weights
file, at a player count the policy was not trained and measured for (Immunity's serves 2
players only), with game options other than the defaults it was trained with, or when the
file does not fit the game (another rules version or other sizes).  ``iterations`` and
``seconds`` are passed on to that fallback.  Forced moves (one legal action) are played at
once, as by every bot.
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.engine import Action, Game, State

from .ismcts import ISMCTSBot
from .levels import LEVELS
from .per_game import PerGameLevel
from .playout import PlayoutBot

#: The weights file a game ships next to its code.
FILENAME = "learned_policy.npz"
#: What the bot plays where no policy serves.
FALLBACK = "hard"
#: The kinds of search the fallback level may be, in a game's own levels or ``levels.py``.
SEARCHES: dict[str, type] = {"ismcts": ISMCTSBot, "playout": PlayoutBot}
ACTIVATIONS = {"tanh": np.tanh, "relu": lambda x: np.maximum(x, 0.0)}


class Policy:
    """A perceptron's action logits in numpy: hidden layers, then the action head."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], head: tuple[np.ndarray, np.ndarray],
                 meta: dict[str, Any]) -> None:
        self.layers = [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]
        self.head = (head[0].astype(np.float32), head[1].astype(np.float32))
        self.meta = meta
        self.activation = ACTIVATIONS[meta.get("activation", "tanh")]
        self.players = frozenset(int(n) for n in meta["players"])

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The action logits of one observation (or of a batch, one observation a row)."""
        x = np.asarray(observation, dtype=np.float32)
        for weight, bias in self.layers:
            x = self.activation(x @ weight.T + bias)
        return x @ self.head[0].T + self.head[1]

    def best(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The legal number with the highest logit (the lowest number among equals), as
        sb3-contrib's ``MaskablePPO.predict(..., deterministic=True, action_masks=mask)``."""
        logits = self.logits(observation)
        legal = np.asarray(mask, dtype=bool)
        if not legal.any():
            raise ValueError("no legal action number in the mask")
        return int(np.argmax(np.where(legal, logits, -np.inf)))


def load(path: str | Path) -> Policy:
    """The policy stored in a weights file (``save`` writes them)."""
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        layers = []
        while f"layer{len(layers)}_weight" in data:
            k = len(layers)
            layers.append((data[f"layer{k}_weight"], data[f"layer{k}_bias"]))
        return Policy(layers, (data["action_weight"], data["action_bias"]), meta)


def save(path: str | Path, weights: dict[str, np.ndarray], meta: dict[str, Any],
         dtype: Any = np.float32) -> None:
    """Write ``weights`` (``sb3_weights``'s names) and ``meta`` as a compressed ``.npz``."""
    arrays = {name: np.asarray(value, dtype=dtype) for name, value in weights.items()}
    np.savez_compressed(path, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)


def sb3_weights(model: Any) -> tuple[dict[str, np.ndarray], str]:
    """The arrays the action logits of a Stable-Baselines3 / sb3-contrib ``MlpPolicy`` need
    (its policy MLP and action head; the value network is left out), and the activation.

    Only plain perceptrons qualify: a flattening feature extractor, no image normalisation."""
    policy = model.policy
    extractor = type(policy.features_extractor).__name__
    if extractor != "FlattenExtractor":
        raise ValueError(f"only MlpPolicy's FlattenExtractor can be exported; got {extractor}")
    weights: dict[str, np.ndarray] = {}
    activations = set()
    for module in policy.mlp_extractor.policy_net:
        name = type(module).__name__
        if name == "Linear":
            k = len(weights) // 2
            weights[f"layer{k}_weight"] = module.weight.detach().cpu().numpy()
            weights[f"layer{k}_bias"] = module.bias.detach().cpu().numpy()
        else:
            activations.add(name.lower())
    if len(activations) > 1 or not activations <= set(ACTIVATIONS):
        raise ValueError(f"unsupported activation(s) {sorted(activations)}; known: {', '.join(ACTIVATIONS)}")
    weights["action_weight"] = policy.action_net.weight.detach().cpu().numpy()
    weights["action_bias"] = policy.action_net.bias.detach().cpu().numpy()
    return weights, activations.pop() if activations else "tanh"


def weights_path(game: Game) -> Path | None:
    """The game's shipped weights file, or None when it ships none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        path = resources.files(package) / FILENAME
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    return Path(str(path)) if path.is_file() else None


@cache
def policy_for(game: Game) -> Policy | None:
    """The shipped policy of ``game`` when there is one and it fits the game's rules version."""
    path = weights_path(game)
    if path is None:
        return None
    policy = load(path)
    meta = policy.meta
    if meta.get("game") != game.id or int(meta.get("rules_version", -1)) != int(game.version):
        return None
    return policy


@cache
def adapter_for(game: Game, players: int, actions: str | None) -> Any:
    from ludoteca.interop.core import Adapter

    return Adapter(game, players=players, actions=actions)


def serving(game: Game, players: int, policy: Policy | None = None) -> tuple[Policy, Any] | None:
    """The policy (``policy``, else the game's shipped one) and the adapter that play ``game``
    at ``players``, or None (then ``hard`` plays)."""
    policy = policy_for(game) if policy is None else policy
    if policy is None or policy.meta.get("game") != game.id or players not in policy.players:
        return None
    adapter = adapter_for(game, players, policy.meta.get("actions"))
    if (adapter.observation_size != policy.meta.get("observation_size")
            or adapter.num_actions != policy.meta.get("num_actions")):
        return None
    return policy, adapter


def serves(game_id: str, players: int) -> bool:
    """Whether the ``learned`` level plays its own policy (not ``hard``) in this game at
    this player count with the default options."""
    from ludoteca.engine import game as get_game

    return serving(get_game(game_id), players) is not None


class LearnedBot:
    """The trained policy of the game, masked to the legal actions, highest logit played; the
    ``hard`` level where the game ships no policy for this player count or these options.
    ``iterations`` and ``seconds`` set the budget of that fallback."""

    name = "learned"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = {key: value for key, value in (("iterations", iterations), ("seconds", seconds))
                       if value is not None}
        self._fallback: Any = None
        #: A policy to play instead of the game's shipped one (how a training script measures
        #: the policy it is about to export); None: the shipped one.
        self.policy: Policy | None = None

    @property
    def fallback(self) -> Any:
        """The ``hard`` bot that plays where no policy serves (made when first needed)."""
        if self._fallback is None:
            # The level itself, so a game that plays it with its own search (Game.bot_levels)
            # falls back to that one.
            self._fallback = PerGameLevel(FALLBACK, self.seed, LEVELS[FALLBACK], self.budget,
                                          lambda kind, seed, settings: SEARCHES[kind](seed, **settings), SEARCHES)
        return self._fallback

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        game = state.game
        found = serving(game, state.players, self.policy)
        if found is None:
            return self.fallback.choose(state, seat)
        policy, adapter = found
        # The numbering and the table's options (public) are read from a determinization for
        # the seat, never from the true position.
        det = state.determinize(seat, self.rng)
        if game.resolve_options(det.options) != game.resolve_options(None):
            return self.fallback.choose(state, seat)
        numbers = [int(n) for n in adapter.numbers.numbers_of(det, legal)]
        mask = np.zeros(adapter.num_actions, dtype=bool)
        mask[numbers] = True
        # The observation by its definition, from the seat's view: a bot sees only that (an
        # observation writer reads the state itself, which is for the envs, not for bots).
        number = policy.best(adapter.encoded_view(state, seat), mask)
        return legal[numbers.index(number)]
