"""JSON from strangers: ``json.loads`` with bounds, so no message can crash or stall a handler.

The standard parser accepts things that later blow up far from the parser: a 4,300-digit
integer (``int`` refuses to print it), nesting a thousand deep (recursion in every walker), a
lone surrogate (no UTF-8 encoding exists, so echoing it fails), ``NaN``/``Infinity`` (not
JSON, and unequal to themselves).  :func:`loads` refuses each with :class:`BadJSON`, whose
message names the problem, and never raises anything else.

Depth is checked before parsing, in C-speed passes (strings are cut out with one regular
expression, then the bracket balance is summed with ``itertools.accumulate``), so a deep or
large input costs time linear in its length and nothing recursive runs on it.
"""

from __future__ import annotations

import json
import math
import re
from array import array
from functools import lru_cache, partial
from itertools import accumulate
from typing import Any

__all__ = ["BadJSON", "loads"]

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = str.maketrans({"[": "\x01", "{": "\x01", "]": "\xff", "}": "\xff"})
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class BadJSON(ValueError):
    """The text is not JSON this server accepts; the message says why, in words."""


def loads(data: str | bytes | bytearray, *, max_depth: int = 32, max_int_digits: int = 50) -> Any:
    """Parse ``data`` like ``json.loads``, refusing what would hurt later (see the module doc)."""
    try:
        return _loads(data, max_depth, max_int_digits)
    except BadJSON:
        raise
    except json.JSONDecodeError as exc:
        raise BadJSON(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:  # cannot happen after the depth check; kept as a last fence
        raise BadJSON(f"nested too deep (at most {max_depth} levels)") from None
    except Exception as exc:  # anything else the parser might throw is still just bad input
        raise BadJSON(f"not valid JSON ({type(exc).__name__})") from None


def _loads(data: str | bytes | bytearray, max_depth: int, max_int_digits: int) -> Any:
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadJSON(f"invalid UTF-8 at byte {exc.start}") from None
    elif isinstance(data, str):
        text = data
    else:
        raise BadJSON(f"expected text, got {type(data).__name__}")
    if not text.isascii() and _SURROGATE.search(text):
        raise BadJSON("the text contains a lone surrogate (not valid Unicode)")
    # Cheap tests on the whole text first: an ordinary message has a handful of brackets, no
    # long digit run and no exponent, and then pays for nothing more than json.loads.
    if text.count("[") + text.count("{") > max_depth:
        depth = _depth(_STRING.sub("", text) if '"' in text else text)
        if depth > max_depth:
            raise BadJSON(f"nested too deep: {depth} levels, at most {max_depth}")
    # The hooks cost a Python call per number, so they are used only when a number might need them.
    # One pass looks for a long digit run or an exponent; only then are numbers checked one by one.
    suspect = _suspect_numbers(max_int_digits).search(text) is not None
    value = _decoder(max_int_digits if suspect else 0, suspect).decode(text)
    if _SURROGATE_ESCAPE.search(text) and _has_surrogate(value):
        raise BadJSON("a string contains a lone surrogate escape (\\ud800-\\udfff unpaired)")
    return value


@lru_cache(maxsize=16)
def _decoder(max_int_digits: int, check_floats: bool) -> json.JSONDecoder:
    """A decoder made once per kind (``json.loads`` with hooks would build one per call);
    ``max_int_digits`` 0 means integers need no check."""
    return json.JSONDecoder(parse_int=partial(_parse_int, max_int_digits) if max_int_digits else None,
                            parse_float=_parse_float if check_floats else None, parse_constant=_parse_constant)


@lru_cache(maxsize=8)
def _suspect_numbers(max_int_digits: int) -> re.Pattern[str]:
    """More than ``max_int_digits`` digits in a row (a long integer, or a float whose mantissa
    might overflow), or a digit before an exponent (a float that might be infinite)."""
    return re.compile(f"[0-9](?:[0-9]{{{max_int_digits}}}|[eE])")


def _parse_int(max_digits: int, digits: str) -> int:
    count = len(digits) - digits.startswith("-")
    if count > max_digits:
        raise BadJSON(f"integer too long: {count} digits, at most {max_digits}")
    return int(digits)


def _parse_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise BadJSON(f"number out of range: {literal[:20]}{'...' if len(literal) > 20 else ''}")
    return value


def _parse_constant(name: str) -> Any:
    raise BadJSON(f"{name} is not a JSON number")


def _depth(outside: str) -> int:
    """The deepest bracket nesting of ``outside`` (the text with its strings cut out), in passes
    that run at C speed."""
    if "[" not in outside and "{" not in outside:
        return 0
    marks = _NOT_BRACKET.sub("", outside)
    if not marks:
        return 0
    steps = array("b", marks.translate(_BRACKETS).encode("latin-1"))  # \x01 -> +1, \xff -> -1
    return max(0, max(accumulate(steps)))


def _has_surrogate(value: Any) -> bool:
    """Whether any string (key or value) holds an unpaired surrogate; iterative, depth is bounded."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
