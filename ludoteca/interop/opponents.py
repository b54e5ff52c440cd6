"""Opponents played by a learned policy, for self-play in the single-agent Gymnasium env.

>>> from ludoteca.interop.gymnasium import env
>>> e = env("immunity", opponents=lambda observation, mask: int(mask.nonzero()[0][-1]))

A policy is either a callable ``policy(observation, action_mask) -> action number`` or a
model with ``predict`` (Stable-Baselines3's, sb3-contrib's ``MaskablePPO``), which is asked
deterministically and given the mask when its ``predict`` takes ``action_masks``.  To play
against a frozen snapshot of the agent being trained, pass a copy of it
(``copy.deepcopy(model)``, or a model loaded from a saved file); passing the live model gives
opponents that change with every update.

The policy sees what the learner would see in that seat and nothing more: the game's encoding
of ``view(seat)`` and that seat's mask, built by the same :class:`~ludoteca.interop.core.Adapter`
as the learner's own observations.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np

from ludoteca import IllegalAction
from ludoteca.engine import State

from .core import Adapter

Policy = Callable[[np.ndarray, np.ndarray], Any]


def is_policy(spec: Any) -> bool:
    """Whether ``spec`` can be an opponent's policy (and is not a bot or a bot's name)."""
    return not isinstance(spec, str) and not hasattr(spec, "choose") and (callable(spec) or hasattr(spec, "predict"))


def as_policy(spec: Any) -> Policy:
    """``spec`` as ``policy(observation, mask) -> number``: a callable as it is, a model through
    its ``predict`` (deterministic; the mask passed when ``predict`` accepts ``action_masks``)."""
    predict = getattr(spec, "predict", None)
    if predict is None:
        return spec
    try:
        masked = "action_masks" in inspect.signature(predict).parameters
    except (TypeError, ValueError):
        masked = False

    def policy(observation: np.ndarray, mask: np.ndarray) -> Any:
        if masked:
            action, _ = predict(observation, deterministic=True, action_masks=mask)
        else:
            action, _ = predict(observation, deterministic=True)
        return np.asarray(action).reshape(-1)[0]

    return policy


class PolicyOpponent:
    """A seat played by a policy, with the ``choose(state, seat)`` of Ludoteca's bots."""

    def __init__(self, spec: Any, adapter: Adapter) -> None:
        self.policy = as_policy(spec)
        self.adapter = adapter

    def choose(self, state: State, seat: int) -> dict[str, Any]:
        observation = self.adapter.observation(state, seat)
        mask = self.adapter.legal_mask(state, seat)
        number = self.policy(observation, mask.astype(bool))
        try:
            return self.adapter.decode(state, seat, number)
        except IllegalAction as exc:
            raise IllegalAction(f"the opponent policy in seat {seat} chose an illegal action: {exc}") from None
