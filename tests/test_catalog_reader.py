"""The build's plain catalog reader (``read_plain``) against the full one (``parse_po``): the same
catalog, problems and cache record on the real and synthetic catalogs, on catalogs the writer
writes and on odd ones, which it leaves to the full reader."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from babel.messages.catalog import Catalog, Message
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.i18n import pofile
from generator.i18n.catalogs import ANSWER_CHANGED, LocaleCatalog, _parse_catalog
from generator.i18n.pofile import po_bytes, read_plain
from generator.problems import Problem

from .test_pofile import REAL, TEXT, hostile_catalog
from .test_robustness import mutated_catalogs

ROOT = Path(__file__).resolve().parent.parent


def summary(catalog: LocaleCatalog | None) -> tuple[object, ...] | None:
    """Everything a build takes from a catalog: its entries in their order, its plural forms."""
    if catalog is None:
        return None
    return (catalog.locale, catalog.path, list(catalog.entries.items()), [catalog.plural(n) for n in range(1200)])


def assert_same(data: bytes) -> bool:
    """Both readers give the same catalog, problems and cache record; whether the plain one read it."""
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for name, reader in (("plain", read_plain), ("full", lambda data, display: None)):
            problems: list[Problem] = []
            cached = Path(folder) / f"{name}.pickle"
            with mock.patch.object(pofile, "read_plain", reader):
                catalog = _parse_catalog(data, "0" * 64, "x.po", "ru", problems, cached)
            results.append((summary(catalog), problems, cached.read_bytes() if cached.exists() else None))
    assert results[0] == results[1]
    return read_plain(data, "x.po") is not None


def test_the_plain_reader_reads_the_real_catalogs_as_the_full_one() -> None:
    for path in REAL[:-1]:  # the template is not read by a build
        assert assert_same(path.read_bytes()), path


@pytest.mark.slow
def test_the_plain_reader_reads_a_synthetic_sites_catalogs_as_the_full_one(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from synthetic import make_site

    site = make_site(tmp_path / "site", 30)
    paths = sorted((site / "locales").glob("*/LC_MESSAGES/messages.po"))
    assert len(paths) == 5
    for path in paths:
        assert assert_same(path.read_bytes()), path


def test_the_plain_reader_reads_hostile_messages_as_the_full_one() -> None:
    assert_same(po_bytes(hostile_catalog()))  # a file name enclosed in U+2068 ... U+2069: left to the full one


MESSAGE = st.tuples(TEXT, TEXT, st.none() | TEXT, st.booleans(), st.booleans(), st.booleans(), TEXT)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(messages=st.lists(MESSAGE, max_size=8), locale=st.sampled_from(["ru", "fr", "hi", "bg", "es", None]))
def test_fuzz_the_plain_reader_reads_what_the_writer_writes_as_the_full_one(
    messages: list[tuple[str, str, str | None, bool, bool, bool, str]], locale: str | None
) -> None:
    catalog = Catalog(locale=locale)
    for number, (msgid, string, context, fuzzy, plural, review, comment) in enumerate(messages):
        flags = ["fuzzy"] if fuzzy else []
        comments = [ANSWER_CHANGED] if review else [comment]
        ids: str | tuple[str, str] = (f"{number} {msgid}", f"{msgid} {number}s") if plural else f"{number} {msgid}"
        strings = (string, string.upper(), "") if plural else string
        added = catalog.add(ids, strings, flags=flags, user_comments=comments, auto_comments=[comment], context=context)
        if fuzzy and number % 2:
            added.previous_id = [f"old {msgid}"]
        if number % 3 == 2:
            catalog.obsolete[f"gone {number}"] = Message(f"gone {number}", string or "x", user_comments=[comment])
    data = po_bytes(catalog)
    assert assert_same(data) or any("\\" in comment for *_, comment in messages)  # else left to parse_po


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(text=mutated_catalogs())
def test_fuzz_the_plain_reader_reads_mutated_catalogs_as_the_full_one(text: str) -> None:
    assert_same(text.encode("utf-8"))


HEADER = """# A test catalog.
#
msgid ""
msgstr ""
"Project-Id-Version: belote-docs VERSION\\n"
"Language: ru\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
"n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

"""
ENTRY = """#. The site's name.
#: content/site.yaml
msgid "French Belote"
msgstr "Французская белот"
"""
PLAIN = {
    "one entry": ENTRY,
    "header only": "",
    "no final line end": ENTRY.rstrip("\n"),
    "a quote": 'msgid "say \\"take\\""\nmsgstr "скажи \\"беру\\""\n',
    "a backslash and line feeds": 'msgid "a\\\\b\\n"\n"c\\n"\nmsgstr "а\\\\б\\n"\n"в\\n"\n',
    "a tab": 'msgid "a\\tb"\nmsgstr "а\\tб"\n',
    "Devanagari": 'msgid "Cards"\nmsgstr "पत्ते। ताश"\n',
    "continuation lines": 'msgid ""\n"In the trump game, "\n"each player"\nmsgstr ""\n"В игре с козырем, "\n"каждый"\n',
    "fuzzy": '#, fuzzy, python-format\nmsgid "Take"\nmsgstr "Беру"\n',
    "fuzzy for review": f'# {ANSWER_CHANGED}\n#, fuzzy\nmsgid "Take"\nmsgstr "Беру"\n',
    "fuzzy with a previous msgid": '#, fuzzy\n#| msgid "Took"\n#| "more"\nmsgid "Take"\nmsgstr "Беру"\n',
    "a translator comment": '# keep it short\n#\nmsgid "Take"\nmsgstr "Беру"\n',
    "untranslated": 'msgid "Take"\nmsgstr ""\n',
    "plural": 'msgid "%(num)s card"\nmsgid_plural "%(num)s cards"\nmsgstr[0] "%(num)s карта"\n'
    'msgstr[1] "%(num)s карты"\nmsgstr[2] "%(num)s карт"\n',
    "plural with forms missing": 'msgid "card"\nmsgid_plural "cards"\nmsgstr[0] "карта"\n',
    "msgctxt": 'msgctxt "seat"\nmsgid "North"\nmsgstr "Север"\n\nmsgctxt ""\nmsgid "North"\nmsgstr "Сев."\n',
    "obsolete": ENTRY + '\n# was here\n#~ msgctxt "c"\n#~ msgid "Gone"\n#~ msgstr ""\n#~ "Ушло"\n',
    "obsolete plural, twice": '#~ msgid "a"\n#~ msgid_plural "b"\n#~ msgstr[0] "x"\n\n#~ msgid "a"\n#~ msgstr "y"\n',
    "a placeholder lost": 'msgid "%(seat)s takes"\nmsgstr "берёт"\n',
    "a lone percent sign": 'msgid "%(n)s of 50"\nmsgstr "%(n)s из 50 %"\n',
    "blank lines between": ENTRY + "\n\n\n" + 'msgid "Pass"\nmsgstr "Пас"\n',
}
ODD = {
    "CRLF": (HEADER + ENTRY).replace("\n", "\r\n"),
    "a lone carriage return": HEADER + ENTRY.replace("Belote", "Be\rlote"),
    "a control character": HEADER + ENTRY.replace("белот", "бе\x07лот"),
    "a control escape": HEADER + ENTRY.replace("белот", "бе\\aлот"),
    "a character reference": HEADER + ENTRY.replace("белот", "бе&#7;лот"),
    "a byte-order mark": "\ufeff" + HEADER + ENTRY,
    "a duplicate msgid": HEADER + ENTRY + "\n" + ENTRY,
    "a bad plural header": HEADER.replace("nplurals=3", "nplurals=x") + ENTRY,
    "a header of another charset": HEADER.replace("charset=utf-8", "charset=latin-1") + ENTRY,
    "a language Babel cannot read": HEADER.replace("Language: ru", "Language: 12") + ENTRY,
    "a date Babel cannot read": HEADER.replace("Project-Id-Version: belote-docs VERSION", "POT-Creation-Date: now")
    + ENTRY,
    "no header": ENTRY,
    "a header after a message": ENTRY + "\n" + HEADER,
    "an unknown line": HEADER + ENTRY + "\nhello there\n",
    "an unknown keyword": HEADER + 'msgid "a"\nmsgstring "b"\n',
    "an unknown escape": HEADER + 'msgid "a\\qb"\nmsgstr "b"\n',
    "a backslash in a comment": HEADER + "#. C:\\path\n" + ENTRY,
    "leading spaces": HEADER + '  msgid "a"\nmsgstr "b"\n',
    "a missing msgstr": HEADER + 'msgid "a"\n\nmsgid "b"\nmsgstr "c"\n',
    "a form beyond the header's": HEADER + 'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[3] "y"\n',
    "forms out of order": HEADER + 'msgid "a"\nmsgid_plural "b"\nmsgstr[1] "x"\nmsgstr[0] "y"\n',
    "a comment inside an entry": HEADER + 'msgid "a"\n#. x\nmsgstr "b"\n',
    "a conflict marker": HEADER + "#-#-#-#-#  a.po  #-#-#-#-#\n" + ENTRY,
    "a file name with a space": HEADER
    + '#: \u2068content/a b.yaml\u2069 content/c.yaml\nmsgid "Take"\nmsgstr "Беру"\n',
    "an open file name": HEADER + '#: \u2068content/a b.yaml\nmsgid "a"\nmsgstr "b"\n',
    "an obsolete previous msgid": HEADER + '#~| msgid "a"\n#~ msgid "b"\n#~ msgstr "c"\n',
    "obsolete lines mixed in": HEADER + 'msgid "a"\n#~ msgstr "b"\n',
    "an empty msgid": HEADER + 'msgid ""\nmsgstr "b"\n',
    "a stray continuation": HEADER + ENTRY + '\n"more"\n',
}


@pytest.mark.parametrize("name", PLAIN)
def test_the_plain_reader_reads_plain_catalogs(name: str) -> None:
    assert assert_same((HEADER + PLAIN[name]).encode("utf-8")), name


@pytest.mark.parametrize("name", ODD)
def test_the_plain_reader_leaves_odd_catalogs_to_the_full_one(name: str) -> None:
    assert not assert_same(ODD[name].encode("utf-8")), name


def test_the_plain_reader_leaves_a_catalog_that_is_not_utf8_to_the_full_one() -> None:
    assert not assert_same((HEADER + ENTRY).encode("utf-8").replace("белот".encode(), b"\xff"))


def test_the_plain_reader_reads_a_header_of_a_language_babel_does_not_know() -> None:
    assert assert_same((HEADER.replace("Language: ru", "Language: xx-nowhere") + ENTRY).encode("utf-8"))
