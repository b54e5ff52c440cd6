"""The site's icon for ``/favicon.ico``: a die showing five, in the site's blue.

Why drawn here: browsers ask for ``/favicon.ico`` on every site whatever the page links, and a
404 per page view fills logs; a 32 x 32 image made at import, wrapped as a PNG inside an ICO
file, needs no binary file in the repository and no image library.
"""

from __future__ import annotations

import struct
import zlib

SIZE = 32
BLUE, WHITE, CLEAR = (0x2A, 0x6F, 0x97, 255), (255, 255, 255, 255), (0, 0, 0, 0)
#: Pip centres of a five, in pixels.
PIPS = ((9, 9), (23, 9), (16, 16), (9, 23), (23, 23))


def pixel(x: int, y: int) -> tuple[int, int, int, int]:
    """The colour at (x, y): a pip, the die's rounded body, or transparent outside."""
    cx, cy = x + 0.5, y + 0.5
    if any((cx - px) ** 2 + (cy - py) ** 2 <= 3.2**2 for px, py in PIPS):
        return WHITE
    radius, low, high = 6.0, 1.0, SIZE - 1.0
    nx, ny = min(max(cx, low + radius), high - radius), min(max(cy, low + radius), high - radius)
    inside = low <= cx <= high and low <= cy <= high and (cx - nx) ** 2 + (cy - ny) ** 2 <= radius**2
    return BLUE if inside else CLEAR


def png() -> bytes:
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(SIZE)) for y in range(SIZE))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def ico(image: bytes) -> bytes:
    """One PNG image in an ICO container (Vista's format, read by every current browser)."""
    directory = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 6 + 16)
    return directory + entry + image


ICO = ico(png())
