"""The located YAML reader: a control character is refused wherever a scalar can hold one (written
raw, as an escape of a double-quoted scalar, as a character reference), and only there."""

from __future__ import annotations

import unicodedata

import pytest

from generator.reader.source import CONTROL, Map, Scalar, SourceError, parse

EXPLICIT_BIDI = ("LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")
"""The bidirectional classes of UAX #9's explicit formatting characters: embeddings, overrides, isolates."""


def test_the_refused_characters_are_their_unicode_classes_whole() -> None:
    """Every control (Cc) but tab and the line ends, the line and paragraph separators (Zl, Zp),
    every explicit bidirectional formatting character (the isolates U+2066-U+2069 as U+202E), the
    byte-order mark and the interlinear annotation marks: as Python's Unicode data has them,
    over every code point (a new one in a later Unicode fails here)."""
    expected = {
        character
        for character in map(chr, range(0x110000))
        if (unicodedata.category(character) == "Cc" and character not in "\t\n\r")
        or unicodedata.category(character) in ("Zl", "Zp")
        or unicodedata.bidirectional(character) in EXPLICIT_BIDI
        or character in "\ufeff\ufff9\ufffa\ufffb"
    }
    assert {chr(code) for code in range(0x110000) if CONTROL.match(chr(code))} == expected
    assert {"\u2066", "\u2067", "\u2068", "\u2069", "\u202e"} <= expected
    assert not {"\u200e", "\u200f", "\u061c", "\u200d", "\u200c"} & expected  # marks and joiners: text


@pytest.mark.parametrize(
    ("text", "line", "column", "code"),
    [
        ('a: "x\\0y"\n', 1, 6, 0x0000),  # an escape, the only backslash of the file
        ("a: 'back\\slash'\nb: \"x\\ey\"\n", 2, 6, 0x001B),  # an escape after a backslash that is none
        ("a: x &#x202E; y\n", 1, 6, 0x202E),  # a reference, in a file without a backslash
        ("a: |\n  one\n  two &#7;\n", 3, 7, 0x0007),  # a reference in a block scalar
        ("a: x\u202ay\n", 1, 4, 0x202A),  # written raw (YAML allows it; the site does not): the scalar
        ("- {k: ok}\n- [x, \u202ey]\n", 2, 7, 0x202E),  # raw, in a flow sequence
        ("a: x\u2067y\n", 1, 4, 0x2067),  # a bidirectional isolate, as an override
        ('a: "x\\u2069y"\n', 1, 6, 0x2069),
        ("a: x &#x2066;\n", 1, 6, 0x2066),
    ],
)
def test_a_control_character_is_reported_where_it_is_written(text: str, line: int, column: int, code: int) -> None:
    with pytest.raises(SourceError) as raised:
        parse(text)
    assert raised.value.problems == [
        (line, column, f"the control character U+{code:04X} is not allowed in any text: remove it")
    ]


@pytest.mark.parametrize("text", ["a: 'x\\0y'\n", "a: x\\ey\n", "a: |\n  \\u202E\n", 'a: "x\\\\0 &amp;#7;"\n'])
def test_a_backslash_that_is_no_escape_is_text(text: str) -> None:
    root = parse(text)
    assert isinstance(root, Map) and isinstance(value := root.get("a"), Scalar) and "\\" in value.value


def test_a_duplicate_key_names_the_line_of_the_first() -> None:
    with pytest.raises(SourceError) as raised:
        parse("a: 1\nb: 2\na: 3\n")
    assert raised.value.problems == [(3, 1, "duplicate key 'a' (first at line 1): keep one")]
