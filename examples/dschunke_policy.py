"""A fully convolutional maskable actor-critic policy for Dschunke's compact action numbers.

Why: the flat observation has 20 394 numbers and the compact actions 6 767, so an ``MlpPolicy``
has to learn, separately for every one of the 6 724 board spots, what a good placement there
looks like; with a few hundred thousand steps it learns nothing (0.495 against random, see
docs/interop.md).  Whether a spot is good depends only on the crates around it and on the strip
being placed, not on where on the deck it lies, so here the placement logits are computed per
cell by convolutions that share their weights over the whole 41 x 41 window:

* input: the 12 board planes (the first ``12*41*41`` numbers of the observation);
* the strip to place now (its three crates, 3 x 11 one-hot, read from the features part) and
  the game's scalars condition every conv layer through a per-channel bias, which is what
  broadcasting them as constant planes would add, without 47 more input channels;
* a few 3x3 convolutions, then a 3x3 convolution to 4 channels: the logits of E, W, S and N;
* a strip covers its top-left cell and the two cells after it, so the logits are computed at
  the strip's *middle* cell and shifted back by one cell (E/W along x, S/N along y): the
  receptive field is then centred on the strip, and ``depth`` 3x3 layers see ``depth - 1``
  cells beyond its ends on every side;
* ``landing=True`` adds, to those logits, a sum over the strip's three crates: a 1x1 conv gives
  for every cell a score for each of the 11 crate kinds landing there, and a spot's term is the
  score of its first crate at its first cell plus its second at the second plus its third at
  the third (in the reverse order for W and N).  Why: most of what a placement does is what
  each crate does where it lands (joins a group of its kind, covers a crate, shows a rat), and
  that structure is learnt once for all crates, positions and directions.  The landing scores
  also get a linear 5x5 conv straight from the board planes (zero at the start): what a crate
  joins or covers is mostly linear in the planes around it, and that path learns it without
  waiting for the deeper layers;
* the 42 pick logits, the one "outside the window" logit and the value come from small
  perceptrons over the conv features pooled over the window (mean and max) plus the features;
* ``prior=True`` (``train_dschunke.py --prior greedy``): the observation ends with one more
  number per action number, a prior score (there: what the normal bot's look-ahead sees in each
  legal action, minus the best), and the logits get ``prior_weight * prior`` added, with
  ``prior_weight`` learnt and starting at ``prior_weight`` (2.0): the network then learns a
  correction to that prior rather than a policy from nothing.

It keeps sb3-contrib's machinery (masking, ``evaluate_actions``, saving): the network is the
policy's ``mlp_extractor``; its actor output *is* the logit vector, so ``action_net`` is the
identity.
"""

from __future__ import annotations

from typing import Any

import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn
from torch.nn import functional as F

from ludoteca.games.dschunke.encoding import AREA, CHANNELS, CRATE_CLASSES, HAND_SLOT, SCALARS, SIDE

#: Observation layout (ludoteca/games/dschunke/encoding.py), for the 42-strip game.
PLANES = CHANNELS * AREA                   # 12 * 41 * 41
HAND_AT = CHANNELS                         # within the features: after the 12 "outside" sums
STRIP_SIZE = 3 * CRATE_CLASSES             # the three crates of one strip, one-hot


def split_observation(obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The flat observation as (planes (B, 12, 41, 41), features (B, rest))."""
    planes = obs[:, :PLANES].reshape(-1, CHANNELS, SIDE, SIDE)
    return planes, obs[:, PLANES:]


def strip_to_place(features: torch.Tensor) -> torch.Tensor:
    """The crates (3 x 11 one-hot) of the drawn strip flagged "to place now"; zeros when picking.

    Why from the flag: the place numbers do not say which strip they lay, the observation does."""
    strip = torch.zeros(features.shape[0], STRIP_SIZE, dtype=features.dtype, device=features.device)
    for slot in range(2):
        base = HAND_AT + slot * HAND_SLOT
        strip = strip + features[:, base + 1:base + 2] * features[:, base + 2:base + 2 + STRIP_SIZE]
    return strip


def to_action_order(placements: torch.Tensor) -> torch.Tensor:
    """(B, 4, 41, 41) logits, channels E, W, S, N over (row y+20, column x+20), as the compact
    numbers' order ``4 * (row * 41 + column) + d`` (B, 6724)."""
    return placements.permute(0, 2, 3, 1).reshape(placements.shape[0], 4 * AREA)


def shift_x(planes: torch.Tensor, k: int) -> torch.Tensor:
    """``out[..., y, x] = planes[..., y, x + k]``, zero past the window's edge."""
    return F.pad(planes[..., :, k:], (0, k, 0, 0))


def shift_y(planes: torch.Tensor, k: int) -> torch.Tensor:
    """``out[..., y, x] = planes[..., y + k, x]``, zero past the window's edge."""
    return F.pad(planes[..., k:, :], (0, 0, 0, k))


class DschunkeFCN(nn.Module):
    """The shared network: observation -> (action logits, value latent).

    SB3 calls it the ``mlp_extractor``: ``forward`` gives (latent_pi, latent_vf); here
    ``latent_pi`` is already the full logit vector ``[picks | placements | outside]``."""

    def __init__(self, features_dim: int, strips: int = 42, channels: int = 32, depth: int = 4,
                 hidden: int = 64, landing: bool = True, prior: int = 0, prior_weight: float = 2.0) -> None:
        super().__init__()
        self.strips = strips
        #: How many prior numbers end the observation (0: none); their weight in the logits.
        self.prior = prior
        self.prior_weight = nn.Parameter(torch.tensor(float(prior_weight))) if prior else None
        features_dim -= prior
        self.land = nn.Conv2d(channels, CRATE_CLASSES, 1) if landing else None
        self.land_skip = nn.Conv2d(CHANNELS, CRATE_CLASSES, 5, padding=2) if landing else None
        self.feature_size = features_dim - PLANES
        cond_size = STRIP_SIZE + SCALARS
        self.convs = nn.ModuleList(
            [nn.Conv2d(CHANNELS if i == 0 else channels, channels, 3, padding=1) for i in range(depth - 1)])
        self.conds = nn.ModuleList([nn.Linear(cond_size, channels) for _ in range(depth - 1)])
        self.place = nn.Conv2d(channels, 4, 3, padding=1)
        pooled = 2 * channels + self.feature_size + STRIP_SIZE
        self.actor_head = nn.Sequential(nn.Linear(pooled, hidden), nn.ReLU(), nn.Linear(hidden, strips + 1))
        self.critic_head = nn.Sequential(nn.Linear(pooled, hidden), nn.ReLU())
        self.latent_dim_pi = strips + 4 * AREA + 1
        self.latent_dim_vf = hidden
        # Small output weights: a near-uniform policy over the legal numbers at the start.
        for layer in (self.place, self.actor_head[-1], *([self.land] if self.land is not None else [])):
            nn.init.normal_(layer.weight, std=0.01)
            nn.init.zeros_(layer.bias)
        if self.land_skip is not None:
            nn.init.zeros_(self.land_skip.weight)
            nn.init.zeros_(self.land_skip.bias)

    def trunk(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """The board planes, conv features (B, C, 41, 41) and the pooled summary (B, P) the
        heads read."""
        planes, features = split_observation(obs)
        strip = strip_to_place(features)
        cond = torch.cat([strip, features[:, -SCALARS:]], dim=1)
        h = planes
        for conv, bias in zip(self.convs, self.conds, strict=True):
            h = F.relu(conv(h) + bias(cond)[:, :, None, None])
        pooled = torch.cat([h.mean(dim=(2, 3)), h.amax(dim=(2, 3)), features, strip], dim=1)
        return planes, h, pooled

    def landing(self, planes: torch.Tensor, h: torch.Tensor, strip: torch.Tensor) -> torch.Tensor:
        """(B, 4, 41, 41): per top-left cell and direction, the sum of the landing scores of
        the strip's crates at the cells they would take."""
        assert self.land is not None and self.land_skip is not None
        scores = self.land(h) + self.land_skip(planes)              # (B, 11, 41, 41)
        crates = strip.reshape(-1, 3, CRATE_CLASSES)
        at = torch.einsum("bjyx,bkj->bkyx", scores, crates)         # crate k's score at each cell
        first, second, third = at[:, 0], at[:, 1], at[:, 2]
        east = first + shift_x(second, 1) + shift_x(third, 2)
        west = third + shift_x(second, 1) + shift_x(first, 2)
        south = first + shift_y(second, 1) + shift_y(third, 2)
        north = third + shift_y(second, 1) + shift_y(first, 2)
        return torch.stack([east, west, south, north], dim=1)

    def logits(self, planes: torch.Tensor, h: torch.Tensor, pooled: torch.Tensor) -> torch.Tensor:
        """``[42 pick | 6724 placement | 1 outside]`` logits."""
        middle = self.place(h)
        # Computed at the strip's middle cell, kept at its top-left cell: E/W shift along x
        # (columns), S/N along y (rows); the last column / row have no middle inside the window.
        spots = torch.cat([shift_x(middle[:, 0:2], 1), shift_y(middle[:, 2:4], 1)], dim=1)
        if self.land is not None:
            strip = pooled[:, -STRIP_SIZE:]
            spots = spots + self.landing(planes, h, strip)
        placements = to_action_order(spots)
        head = self.actor_head(pooled)
        return torch.cat([head[:, :self.strips], placements, head[:, self.strips:]], dim=1)

    def actor(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(logits, pooled): the logits with the prior's term added when there is one."""
        prior = None
        if self.prior:
            obs, prior = obs[:, :-self.prior], obs[:, -self.prior:]
        planes, h, pooled = self.trunk(obs)
        logits = self.logits(planes, h, pooled)
        if prior is not None:
            logits = logits + self.prior_weight * prior
        return logits, pooled

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        logits, pooled = self.actor(obs)
        return logits, self.critic_head(pooled)

    def forward_actor(self, obs: torch.Tensor) -> torch.Tensor:
        return self.actor(obs)[0]

    def forward_critic(self, obs: torch.Tensor) -> torch.Tensor:
        if self.prior:
            obs = obs[:, :-self.prior]
        return self.critic_head(self.trunk(obs)[2])


class DschunkeFCNPolicy(MaskableActorCriticPolicy):
    """``MaskableActorCriticPolicy`` whose network is :class:`DschunkeFCN`.

    Use with the flat observation (the default ``FlattenExtractor`` passes it through) and the
    compact actions: ``MaskablePPO(DschunkeFCNPolicy, env, policy_kwargs={"channels": 32})``."""

    def __init__(self, *args: Any, channels: int = 32, depth: int = 4, hidden: int = 64, landing: bool = True,
                 prior: bool = False, prior_weight: float = 2.0, **kwargs: Any) -> None:
        self.channels, self.depth, self.hidden, self.landing = channels, depth, hidden, landing
        self.prior, self.prior_weight = prior, prior_weight
        kwargs.setdefault("ortho_init", False)  # the convs keep PyTorch's init; outputs start small
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        actions = int(self.action_space.n)  # type: ignore[attr-defined]
        strips = actions - 4 * AREA - 1
        self.mlp_extractor = DschunkeFCN(self.features_dim, strips=strips, channels=self.channels,
                                         depth=self.depth, hidden=self.hidden, landing=self.landing,
                                         prior=actions if self.prior else 0, prior_weight=self.prior_weight)

    def _build(self, lr_schedule: Any) -> None:
        """As the parent's, but with no dense ``action_net``: a ``Linear(20 394, 6 767)`` would
        be 138 million weights for nothing, since the extractor already gives the logits."""
        self._build_mlp_extractor()
        self.action_net = nn.Identity()
        self.value_net = nn.Linear(self.mlp_extractor.latent_dim_vf, 1)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data.update(channels=self.channels, depth=self.depth, hidden=self.hidden, landing=self.landing,
                    prior=self.prior, prior_weight=self.prior_weight)
        return data
