"""A line plot as a PNG, without plotting libraries: branches reached (y) over seconds (x), one
coloured line per series, axes with numbered ticks and a legend (a 3x5 pixel font, scaled).
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 34, 50
SCALE = 2                       # font pixels per glyph pixel
COLOURS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189)]
WHITE, BLACK, GREY = (255, 255, 255), (0, 0, 0), (225, 225, 225)

# 3 columns x 5 rows per glyph, rows top to bottom, bits left to right.
_FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001010010010", "8": "111101111101111",
    "9": "111101111001111", ".": "000000000000010", " ": "000000000000000",
    "-": "000000111000000", "a": "000011101101011", "b": "100100111101111",
    "c": "000111100100111", "d": "001001111101111", "e": "111101111100111",
    "g": "111101111001110", "h": "100100111101101", "i": "010000010010010",
    "k": "100101110101101", "m": "000111111101101", "n": "000110101101101",
    "o": "000111101101111", "p": "111101111100100", "r": "000111100100100",
    "s": "011100010001110", "t": "010111010010011", "u": "000101101101111",
    "w": "000101101111111", "x": "000101010101101", "y": "101101111001110",
    "l": "110010010010111", "f": "011010111010010", "v": "000101101101010",
}


@dataclass
class Series:
    label: str
    points: list[tuple[float, float]]   # (x, y), x increasing


class _Canvas:
    def __init__(self):
        self.rows = [bytearray(bytes(WHITE) * WIDTH) for _ in range(HEIGHT)]

    def dot(self, x: int, y: int, colour, size: int = 1) -> None:
        for dy in range(size):
            for dx in range(size):
                px, py = x + dx, y + dy
                if 0 <= px < WIDTH and 0 <= py < HEIGHT:
                    self.rows[py][3 * px:3 * px + 3] = bytes(colour)

    def line(self, x0: int, y0: int, x1: int, y1: int, colour, size: int = 1) -> None:
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for k in range(steps + 1):
            self.dot(round(x0 + (x1 - x0) * k / steps), round(y0 + (y1 - y0) * k / steps),
                     colour, size)

    def text(self, x: int, y: int, text: str, colour=BLACK) -> None:
        for n, char in enumerate(text.lower()):
            glyph = _FONT.get(char, _FONT[" "])
            for bit, on in enumerate(glyph):
                if on == "1":
                    self.dot(x + (n * 4 + bit % 3) * SCALE, y + (bit // 3) * SCALE, colour,
                             SCALE)

    def encode(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(row) for row in self.rows)
        header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
                + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def text_width(text: str) -> int:
    return len(text) * 4 * SCALE


def _ticks(top: float) -> list[float]:
    """About five round steps from 0 to at least `top`."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / 5
    unit = 10 ** math.floor(math.log10(raw))
    step = next(m * unit for m in (1, 2, 5, 10) if m * unit >= raw)
    return [step * k for k in range(int(math.ceil(top / step)) + 1)]


def _label(value: float) -> str:
    return f"{value:g}" if value < 1e5 else f"{value:.0e}"


def png(series: list[Series], x_label: str = "seconds", y_label: str = "branches") -> bytes:
    canvas = _Canvas()
    xs = _ticks(max((p[0] for s in series for p in s.points), default=1.0))
    ys = _ticks(max((p[1] for s in series for p in s.points), default=1.0))
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def at(x: float, y: float) -> tuple[int, int]:
        return (round(LEFT + (right - LEFT) * x / xs[-1]),
                round(bottom - (bottom - TOP) * y / ys[-1]))

    for y in ys:
        _, py = at(0, y)
        canvas.line(LEFT, py, right, py, GREY)
        canvas.text(LEFT - 6 - text_width(_label(y)), py - 5, _label(y))
    for x in xs:
        px, _ = at(x, 0)
        canvas.line(px, TOP, px, bottom, GREY)
        canvas.text(px - text_width(_label(x)) // 2, bottom + 6, _label(x))
    canvas.line(LEFT, TOP, LEFT, bottom, BLACK)
    canvas.line(LEFT, bottom, right, bottom, BLACK)
    canvas.text((LEFT + right - text_width(x_label)) // 2, HEIGHT - 16, x_label)
    canvas.text(4, TOP - 14 if TOP >= 14 else 2, y_label)
    for n, one in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        steps = [(0.0, 0.0)] + one.points
        for (x0, y0), (x1, y1) in zip(steps, steps[1:]):
            a, b, c = at(x0, y0), at(x1, y0), at(x1, y1)
            canvas.line(*a, *b, colour, 2)   # a step line: the total holds until it grows
            canvas.line(*b, *c, colour, 2)
        lx, ly = LEFT + 14, TOP + 8 + 16 * n
        canvas.line(lx, ly + 4, lx + 16, ly + 4, colour, 3)
        canvas.text(lx + 22, ly, one.label)
    return canvas.encode()
