"""The site's raster images: the PNG favicon, the apple-touch-icon and the share image (Open Graph).

They are drawn here from simple shapes (a card and suit pips, as in ``favicon.svg``) and written as
PNG with zlib, so no image library is needed; the files are committed in ``templates/assets/`` and
``python -m generator.images`` writes them again (a test checks that the committed files are
exactly what this module draws). The share image has no text: one picture serves every locale.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

from .files import FileError, output_problem, write_files
from .problems import count

Colour = tuple[int, int, int]
Shape = Callable[[float, float], bool]
"""Whether a point (in the shape's own units, about -1..1) is inside."""

GREEN: Colour = (0x1F, 0x6F, 0x43)
WHITE: Colour = (0xFF, 0xFF, 0xFF)
INK: Colour = (0x1D, 0x1F, 0x21)
RED: Colour = (0xB3, 0x26, 0x1E)
SAMPLES = 4
"""Samples per pixel along each axis, for smooth edges."""


def png(width: int, height: int, rows: list[bytes], alpha: bool) -> bytes:
    """A PNG file of 8-bit RGB or RGBA rows (no filter), compressed at zlib's level 9."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def heart(x: float, y: float) -> bool:
    """The classic heart curve, point up at y = -1."""
    x, y = x * 1.15, -y * 1.15 + 0.1
    return (x * x + y * y - 1) ** 3 - x * x * y**3 <= 0


def spade(x: float, y: float) -> bool:
    """A heart upside down, on a stem."""
    stem = 0.3 <= y <= 0.95 and abs(x) <= 0.06 + (y - 0.3) * 0.4
    return heart(x, -(y + 0.3)) or stem


def diamond(x: float, y: float) -> bool:
    return abs(x) / 0.75 + abs(y) <= 1


def club(x: float, y: float) -> bool:
    def disc(cx: float, cy: float) -> bool:
        return (x - cx) ** 2 + (y - cy) ** 2 <= 0.36**2

    stem = 0.2 <= y <= 1.0 and abs(x) <= 0.08 + (y - 0.2) * 0.4
    return disc(0, -0.52) or disc(-0.45, 0.12) or disc(0.45, 0.12) or stem


class Canvas:
    """An RGBA picture with anti-aliased shapes painted over each other."""

    def __init__(self, width: int, height: int, fill: Colour | None) -> None:
        self.width, self.height = width, height
        base = (*fill, 255) if fill else (0, 0, 0, 0)
        self.pixels = [[base] * width for _ in range(height)]

    def paint(self, shape: Shape, box: tuple[float, float, float, float], colour: Colour) -> None:
        """Paint ``shape`` scaled into ``box`` (left, top, width, height in pixels), -1..1 on each axis."""
        left, top, width, height = box
        for py in range(max(0, int(top)), min(self.height, int(top + height) + 1)):
            for px in range(max(0, int(left)), min(self.width, int(left + width) + 1)):
                inside = sum(
                    shape(
                        ((px + (i + 0.5) / SAMPLES) - left) / width * 2 - 1,
                        ((py + (j + 0.5) / SAMPLES) - top) / height * 2 - 1,
                    )
                    for i in range(SAMPLES)
                    for j in range(SAMPLES)
                )
                if inside:
                    self.blend(px, py, colour, inside / SAMPLES**2)

    def blend(self, x: int, y: int, colour: Colour, cover: float) -> None:
        r, g, b, a = self.pixels[y][x]
        alpha = cover + a / 255 * (1 - cover)
        mix = [round((c * cover + d * a / 255 * (1 - cover)) / alpha) for c, d in zip(colour, (r, g, b), strict=True)]
        self.pixels[y][x] = (mix[0], mix[1], mix[2], round(alpha * 255))

    def card(self, box: tuple[float, float, float, float], border: float, pip: Shape, colour: Colour) -> None:
        """A white card with a rounded green border and one large pip in its middle."""
        left, top, width, height = box
        radius = width * 0.18

        def rounded(inset: float) -> Shape:
            def inside(x: float, y: float) -> bool:
                px, py = (x + 1) / 2 * width, (y + 1) / 2 * height
                r = max(radius - inset, 0.5)
                dx = max(inset + r - px, px - (width - inset - r), 0)
                dy = max(inset + r - py, py - (height - inset - r), 0)
                return inset <= px <= width - inset and inset <= py <= height - inset and dx * dx + dy * dy <= r * r

            return inside

        self.paint(rounded(0), box, GREEN)
        self.paint(rounded(border), box, WHITE)
        size = width * 0.62
        self.paint(pip, (left + (width - size) / 2, top + (height - size) / 2, size, size), colour)

    def png(self, alpha: bool) -> bytes:
        channels = 4 if alpha else 3
        rows = [bytes(value for pixel in row for value in pixel[:channels]) for row in self.pixels]
        return png(self.width, self.height, rows, alpha)


def favicon(size: int) -> bytes:
    """The favicon as PNG: a card with a spade on a transparent background (as ``favicon.svg``)."""
    canvas = Canvas(size, size, None)
    canvas.card((size * 0.16, size * 0.03, size * 0.68, size * 0.94), max(1.0, size / 16), spade, INK)
    return canvas.png(alpha=True)


def touch_icon(size: int = 180) -> bytes:
    """The apple-touch-icon: the card on green, opaque (iOS rounds the corners itself)."""
    canvas = Canvas(size, size, GREEN)
    canvas.card((size * 0.2, size * 0.1, size * 0.6, size * 0.8), size / 40, spade, INK)
    return canvas.png(alpha=False)


def share_image(width: int = 1200, height: int = 630) -> bytes:
    """The Open Graph image: four cards, one of each suit, on the green of the table."""
    canvas = Canvas(width, height, GREEN)
    card_width, card_height = width * 0.17, width * 0.17 * 1.4
    gap = width * 0.04
    left = (width - 4 * card_width - 3 * gap) / 2
    for index, (pip, colour) in enumerate(((spade, INK), (heart, RED), (diamond, RED), (club, INK))):
        top = (height - card_height) / 2 + (-1 if index % 2 else 1) * height * 0.03
        canvas.card((left + index * (card_width + gap), top, card_width, card_height), width / 200, pip, colour)
    return canvas.png(alpha=False)


IMAGES: dict[str, Callable[[], bytes]] = {
    "favicon-32.png": lambda: favicon(32),
    "apple-touch-icon.png": touch_icon,
    "share.png": share_image,
}
"""Each image's file name in ``templates/assets/`` and how it is drawn."""


def main(argv: list[str] | None = None) -> int:
    """``python -m generator.images [FOLDER]``: draw every image into FOLDER, all or none; exit 2
    (every problem as ``FILE: error: ...``, nothing written) when one cannot be written."""
    parser = argparse.ArgumentParser(
        prog="python -m generator.images",
        description="Draw the PNG favicon, the apple-touch-icon and the share image into FOLDER "
        "(all three or none). Exit 0 when written, 2 when one cannot be.",
    )
    parser.add_argument(
        "folder", nargs="?", type=Path, default=Path("templates/assets"), metavar="FOLDER", help="default: %(default)s"
    )
    folder: Path = parser.parse_args(argv).folder
    if not os.path.isdir(folder):
        why = "not a folder: name a folder" if os.path.lexists(folder) else "no such folder: check the name"
        print(f"{folder}: error: {why}")
        print("1 error; nothing written")
        return 2
    files = {folder / name: draw() for name, draw in IMAGES.items()}
    problems = [f"{path}: error: {problem}" for path in files if (problem := output_problem(path)) is not None]
    try:
        if not problems:
            write_files(files)
    except FileError as error:
        problems.append(str(error))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{count(len(problems), 'error')}; nothing written")
        return 2
    for path in files:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    from .__main__ import stoppable

    sys.exit(stoppable(main))
