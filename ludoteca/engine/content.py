"""Loading a game's content: TOML beside the rules, so designers edit numbers, not code.

Every game loads its content the same way: the shipped file, with the designer's
``options["params"]`` laid over it (checked key by key and against the declared ranges, see
:mod:`ludoteca.engine.params`), compiled into the game's content object once per distinct
``params`` and kept in a bounded cache, so a sweep over thousands of settings cannot grow
memory without end.
"""

from __future__ import annotations

import copy
import functools
import json
import tomllib
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, ParamSpec, TypeVar

from .params import Ranges, override

#: The TOML table that declares the allowed range of every number (``"cells.*.cost" = [0, 20]``).
RANGES_TABLE = "ranges"
#: The largest ``params`` accepted, as canonical JSON: a designer's change, not a data file.
MAX_PARAMS_BYTES = 64 * 1024
#: Distinct ``params`` whose compiled content is kept per game (least recently used dropped).
CACHE_SIZE = 32

T = TypeVar("T")
P = ParamSpec("P")


@functools.cache
def _parsed(package: str, name: str) -> dict[str, Any]:
    source = resources.files(package).joinpath(name)
    try:
        return tomllib.loads(source.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{package}/{name}: {exc}") from exc


def load_toml(package: str, name: str) -> dict[str, Any]:
    """Parse ``name`` shipped inside ``package`` (a fresh copy); a syntax error names the file and line."""
    return copy.deepcopy(_parsed(package, name))


def declared_ranges(package: str, name: str) -> Ranges:
    """The ``[ranges]`` table of a content file: dotted path pattern -> [lowest, highest]."""
    return dict(_parsed(package, name).get(RANGES_TABLE, {}))


def load_content(package: str, name: str, params: Mapping[str, Any] | None) -> dict[str, Any]:
    """The content file's data (without its ``[ranges]``) with ``params`` laid over it.

    A key that does not exist, a value of another kind or a number outside its declared range
    raises ValueError naming the full path, e.g. ``params.cells.neutrophil.cost``."""
    data = load_toml(package, name)
    ranges = data.pop(RANGES_TABLE, {})
    if params:
        data = override(data, params, ranges=ranges)
    return data


def params_key(params: Mapping[str, Any] | None) -> str:
    """``params`` as canonical JSON: the cache key, and a check that it is plain, small data."""
    if params is None or (isinstance(params, Mapping) and not params):  # every new game asks: no JSON for nothing
        return "{}"
    if not isinstance(params, Mapping):
        raise ValueError(f"params: expected a mapping of content keys, got {type(params).__name__}")
    try:
        key = json.dumps(params, sort_keys=True, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"params: must be plain JSON data ({exc})") from exc
    if len(key) > MAX_PARAMS_BYTES:
        raise ValueError(f"params: at most {MAX_PARAMS_BYTES} bytes of JSON; got {len(key)}")
    return key


def content_cache(maxsize: int = CACHE_SIZE) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Cache a ``build(params, *rest)`` per distinct params (and rest), least recently used first out.

    >>> @content_cache()
    ... def content_for(params):
    ...     return Content(load_content(__package__, "content.toml", params))
    """

    def wrap(build: Callable[..., T]) -> Callable[..., T]:
        @functools.lru_cache(maxsize=maxsize)
        def cached(key: str, *rest: Any) -> T:
            return build(json.loads(key), *rest)

        @functools.wraps(build)
        def content_for(params: Mapping[str, Any] | None, *rest: Any) -> T:
            return cached(params_key(params), *rest)

        content_for.cache_info = cached.cache_info  # type: ignore[attr-defined]
        content_for.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return content_for

    return wrap


class ContentError(ValueError):
    """Content data that breaks the game's schema; the message names the entry."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)
