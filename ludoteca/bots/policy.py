"""A game's trained policy network, run with numpy: loading, saving and where it serves.

Two bots use it: ``learned`` plays its highest legal logit (:mod:`.learned`), and the playout
search may let it play the playouts and propose the first candidate (:mod:`.playout`,
``trained=1``).  A game ships its policy as ``learned_policy.npz`` next to its code (Immunity:
``ludoteca/games/immunity/learned_policy.npz``, written by ``examples/train_immunity.py
--export``).  The file holds only what the action logits need: the policy's hidden layers
(``layer0_weight``, ``layer0_bias``, ``layer1_weight``, ...; PyTorch's ``(out, in)`` layout)
and the action head (``action_weight``, ``action_bias``), float32 or float16, plus ``meta``, a
JSON string: the game id, its rules version, the player counts the policy serves as the
``learned`` level, the action numbering, the sizes and the hidden activation (``tanh`` or
``relu``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.engine import Game

#: The weights file a game ships next to its code.
FILENAME = "learned_policy.npz"
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

    def legal_logits(self, observation: np.ndarray, numbers: list[int]) -> list[float]:
        """The logits of ``numbers`` alone, in their order, for one observation: the hidden
        layers, then only those rows of the action head (not all of them), which is what makes
        a policy move cheap enough to play the playouts of a search."""
        x = np.asarray(observation, dtype=np.float32)
        for weight, bias in self.layers:
            x = self.activation(weight @ x + bias)
        rows = np.asarray(numbers)
        return (self.head[0][rows] @ x + self.head[1][rows]).tolist()  # a short list: Python's max is quicker

    def ranking(self, observation: np.ndarray, numbers: list[int]) -> list[int]:
        """Every place in ``numbers``, the policy's preferred first: by logit, then as
        :meth:`best_of` breaks ties (so the first place is ``best_of``'s)."""
        values = self.legal_logits(observation, numbers)
        return sorted(range(len(numbers)), key=lambda place: (-values[place], numbers[place], place))

    def best_of(self, observation: np.ndarray, numbers: list[int]) -> int:
        """The place in ``numbers`` (the legal actions' numbers, in the legal list's order) of
        the action :meth:`best` would play: the highest logit, the lowest number among equals,
        the first place among actions sharing a number."""
        values = self.legal_logits(observation, numbers)
        top = max(values)
        if values.count(top) == 1:
            return values.index(top)
        return min((place for place, value in enumerate(values) if value == top),
                   key=lambda place: (numbers[place], place))


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
    if policy is None or players not in policy.players:
        return None
    return fitting(game, players, policy)


def fitting(game: Game, players: int, policy: Policy | None) -> tuple[Policy, Any] | None:
    """``policy`` and the adapter that number and encode ``game`` at ``players`` for it, when
    the policy is the game's and its sizes fit that adapter; else None."""
    if policy is None or policy.meta.get("game") != game.id:
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


class Guide:
    """The trained policy as the playout policy of a search (``playout``'s ``trained=1``).

    A seat's move in a world (a determinization the search made) is the one ``learned`` would
    play there: the policy's best legal number given that seat's observation of the world.
    The observation is written by the game's observation writer (one per seat, the guide's
    own), which reads the world itself and is tested equal to ``encode(view(seat))``; the world
    is the search's sample, never the true position, so reading it is fair.  At the root, the
    true position, the guide reads the seat's view alone, as ``learned`` does."""

    def __init__(self, policy: Policy, adapter: Any) -> None:
        self.policy = policy
        self.adapter = adapter
        self.writers: dict[int, Any] = {}

    def move(self, world: Any, seat: int, moves: Any) -> int:
        """The place in ``moves`` (``world``'s legal list for ``seat``) the policy plays."""
        writer = self.writers.get(seat)
        if writer is None:
            adapter = self.adapter
            writer = self.writers[seat] = adapter.game.observation_writer(adapter.players, adapter.options, seat)
        return self.policy.best_of(writer.write(world), self.adapter.numbers.numbers_of(world, moves))

    def root(self, state: Any, det: Any, seat: int, legal: Any) -> list[int]:
        """The places in ``legal``, the policy's preferred first, at the true position
        ``state``: observed through ``view(seat)``, the actions numbered in ``det``, a
        determinization for the seat."""
        return self.policy.ranking(self.adapter.encoded_view(state, seat), self.adapter.numbers.numbers_of(det, legal))


def guide_for(game: Game, players: int) -> Guide | None:
    """A guide for ``game`` at ``players``, or None where the game ships no policy, its sizes
    do not fit or the game has no observation writer.  Any player count: the search judges
    the moves, the policy only proposes and plays them out (docs/bots.md)."""
    found = fitting(game, players, policy_for(game))
    if found is None or getattr(game, "observation_writer", None) is None:
        return None
    return Guide(*found)


def trained_options(det: Any) -> bool:
    """Whether the table's options (read from ``det``, a determinization for the deciding
    seat: options are public) are the defaults a shipped policy was trained with."""
    game = det.game
    return game.resolve_options(det.options) == game.resolve_options(None)
