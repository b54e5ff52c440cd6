"""Many tables of one game stepped in one call: a Gymnasium ``VectorEnv`` in one process.

>>> from ludoteca.interop.vector import vector_env
>>> envs = vector_env("immunity", num_envs=16, opponents="random")
>>> obs, info = envs.reset(seed=1)              # obs: (16, observation_size) float32
>>> masks = info["action_mask"]                 # (16, num_actions) bool
>>> actions = [int(row.nonzero()[0][0]) for row in masks]
>>> obs, rewards, terminated, truncated, info = envs.step(actions)

Why it exists: Gymnasium's ``SyncVectorEnv`` wraps N separate envs and pays for each of
them on every step (its wrappers, a fresh observation and mask, an info dict it then merges
key by key into arrays).  Here the N tables are the single-agent env's own tables (each a
:class:`~ludoteca.interop.gymnasium.LudotecaEnv`, the same rules for seats, opponents,
rewards and illegal moves), but the batch is written in place: each table's observation
writer writes into its row of one preallocated array, the masks into one boolean array, and
the info is one dict of arrays.  ``copy=False`` hands out those arrays themselves (valid
until the next step), as Gymnasium's own vector envs allow.

Autoreset is Gymnasium's "same step" mode: a table whose game ended is dealt a new game at
once; the step returns the new game's observation, and the last observation and info of the
game that ended in ``info["final_obs"]`` and ``info["final_info"]`` (``info["_final_obs"]``
says which rows hold one).  ``reset(seed=s)`` seeds table ``i`` with ``s + i``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ludoteca import IllegalAction
from ludoteca.engine import Game

from .gymnasium import LudotecaEnv


def vector_env(game: str | Game, num_envs: int, players: int | None = None, seat: int = 0,
               opponents: str | Sequence[Any] | Any = "normal", options: Mapping[str, Any] | None = None,
               reward: str = "rank", illegal_action: str = "lose", actions: str | None = None,
               copy: bool = True) -> LudotecaVectorEnv:
    """``num_envs`` tables of ``game`` in one env; the other arguments are the single env's
    (:func:`ludoteca.interop.gymnasium.env`)."""
    return LudotecaVectorEnv(game, num_envs, players=players, seat=seat, opponents=opponents,
                             options=options, reward=reward, illegal_action=illegal_action,
                             actions=actions, copy=copy)


class LudotecaVectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: str | Game, num_envs: int, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[Any] | Any = "normal",
                 options: Mapping[str, Any] | None = None, reward: str = "rank",
                 illegal_action: str = "lose", actions: str | None = None, copy: bool = True) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of tables, 1 or more; got {num_envs!r}")
        self.tables = [LudotecaEnv(game, players=players, seat=seat, opponents=opponents, options=options,
                                   reward=reward, illegal_action=illegal_action, actions=actions)
                       for _ in range(num_envs)]
        first = self.tables[0]
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self.num_actions = first.adapter.num_actions
        self.observations = np.zeros((num_envs, first.adapter.observation_size), dtype=np.float32)
        self.masks = np.zeros((num_envs, self.num_actions), dtype=bool)
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.terminations = np.zeros(num_envs, dtype=bool)
        self.truncations = np.zeros(num_envs, dtype=bool)
        self._started = False

    # ---- the VectorEnv API -----------------------------------------------------------------
    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New games at every table; ``seed`` an int (table ``i`` gets ``seed + i``), a list of
        one seed per table, or None."""
        if seed is None or isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset: give one seed per table ({self.num_envs}); got {len(seeds)}")
        for row, (table, table_seed) in enumerate(zip(self.tables, seeds, strict=True)):
            table._begin(table_seed)
            self._write_row(row, table)
        self._started = True
        return self._out(self.observations), self._info()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        numbers = np.asarray(actions)
        if numbers.shape != (self.num_envs,):
            raise ValueError(f"step: give one action number per table, shape ({self.num_envs},); "
                             f"got shape {numbers.shape}")
        if self.tables[0].illegal_action == "raise":
            self._check_all(numbers)
        finals: dict[int, tuple[np.ndarray, dict[str, Any]]] = {}
        for row, table in enumerate(self.tables):
            reward, illegal = table._advance(numbers[row].item())
            self.rewards[row] = reward
            ended = table._ended
            self.terminations[row] = ended
            if ended:
                info = {"scores": list(table.state_.scores), "winners": list(table.state_.winners)}
                if illegal:
                    info["illegal_action"] = True
                finals[row] = (table.adapter.observation(table.state_, table.seat), info)
                table._begin(None)                  # same-step autoreset: the sequence of deals goes on
            self._write_row(row, table)
        info = self._info()
        if finals:
            final_obs = np.full(self.num_envs, None, dtype=object)
            final_info = np.full(self.num_envs, None, dtype=object)
            present = np.zeros(self.num_envs, dtype=bool)
            for row, (obs, table_info) in finals.items():
                final_obs[row], final_info[row], present[row] = obs, table_info, True
            info.update({"final_obs": final_obs, "_final_obs": present,
                         "final_info": final_info, "_final_info": present.copy()})
        return (self._out(self.observations), self._out(self.rewards), self._out(self.terminations),
                self._out(self.truncations), info)

    def action_masks(self) -> np.ndarray:
        """(num_envs, num_actions) bool: which numbers each table may play now."""
        return self._out(self.masks)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: every table lives in memory."""

    # ---- helpers -------------------------------------------------------------------------------
    def _check_all(self, numbers: np.ndarray) -> None:
        """With ``illegal_action="raise"``: every table's number judged before any is played,
        so an illegal one raises with nothing changed at any table."""
        for row, table in enumerate(self.tables):
            try:
                table.adapter.decode(table.state_, table.seat, numbers[row].item())
            except IllegalAction as exc:
                raise IllegalAction(f"table {row}: {exc}; no table was stepped") from None

    def _write_row(self, row: int, table: LudotecaEnv) -> None:
        """The table's observation and mask, written into their rows of the batch."""
        self.observations[row] = table.adapter.observation(table.state_, table.seat, copy=False)
        mask = self.masks[row]
        mask[:] = False
        table._write_mask(mask)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._out(self.masks)}

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array
