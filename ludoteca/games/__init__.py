"""One package per game; each exposes ``GAME`` and is found by the registry.

Why this module is callable: the contract says ``ludoteca.games()`` lists the game ids, but
importing any game package makes Python bind ``ludoteca.games`` to *this* package.  Calling the
package therefore does what the function does, whichever of the two the name points at.
"""

from __future__ import annotations

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from ludoteca.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
