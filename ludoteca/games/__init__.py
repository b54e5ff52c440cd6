"""One package per game; each exposes ``GAME`` and is found by the registry.

Why this module is callable: the contract says ``ludoteca.games()`` lists the game ids, but
importing any game package makes Python bind ``ludoteca.games`` to *this* package.  Calling the
package therefore does what the function does, whichever of the two the name points at.

Why it imports nothing of the engine: the registry (:mod:`ludoteca.engine.registry`) imports
this package to find the games and hands it its listing function (:func:`listed_by`), so the
imports run one way, engine -> games, and never back.
"""

from __future__ import annotations

import pkgutil
import sys
import types
from collections.abc import Callable


def package_names() -> list[str]:
    """The dotted names of the game packages here, sorted (plain modules are not games)."""
    return sorted(f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__) if info.ispkg)


class _GamesPackage(types.ModuleType):
    _lister: Callable[[], list[str]] | None = None

    def __call__(self) -> list[str]:
        if self._lister is None:  # the registry is imported with ``ludoteca``, so this is a bug
            raise RuntimeError("the game registry has not been loaded; import ludoteca first")
        return self._lister()


def listed_by(lister: Callable[[], list[str]]) -> None:
    """Make ``ludoteca.games()`` call ``lister`` (the registry's ``games``)."""
    _GamesPackage._lister = staticmethod(lister)  # type: ignore[assignment]


sys.modules[__name__].__class__ = _GamesPackage
