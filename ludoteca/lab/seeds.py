"""The seed plan (LAB.md §2): every random number of a run derives from the experiment seed.

Why hashes and not ``seed + i``: a block's seed must not depend on how many blocks or arms a
run has, nor on the order in which workers finish, so block *b* of seed 2026 is the same game
in a 20-block smoke run and in a 3,000-block SPRT run.  Why bot seeds keyed by block and
**line-up entry**, never by arm: the arms of a block then share the bots' randomness as well
as the deal (common random numbers), which is what makes paired differences small.
"""

from __future__ import annotations

import hashlib

#: Hex digits of the sha256 kept as a seed (48 bits: exact in JSON, a float and JavaScript).
SEED_HEX_DIGITS = 12


def _hashed(text: str) -> int:
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:SEED_HEX_DIGITS], 16)


def block_seed(exp_seed: int, block: int) -> int:
    """The game seed of block ``block``: ``int(sha256(f"{exp_seed}/block/{block}")[:12], 16)``."""
    return _hashed(f"{exp_seed}/block/{block}")


def bot_seed(exp_seed: int, block: int, entry: int, replicate: int = 0) -> int:
    """The seed of line-up entry ``entry``'s bot in block ``block`` (the same in every arm).

    ``replicate`` > 0 gives the arms of a ``luck`` experiment their own bot randomness on the
    same deal (``.../rep/{r}`` appended); replicate 0 is the ordinary seed, unchanged."""
    if replicate:
        return _hashed(f"{exp_seed}/bot/{block}/{entry}/rep/{replicate}")
    return _hashed(f"{exp_seed}/bot/{block}/{entry}")


def pick_seed(fingerprint: str, purpose: str) -> int:
    """A seed for the lab's own choices (bootstrap resamples, random notable games)."""
    return _hashed(f"{fingerprint}/{purpose}")
