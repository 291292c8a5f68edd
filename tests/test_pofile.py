"""The project's .po reader and writer against Babel's: the same catalog read, the same bytes written
(on the real catalogs, a large synthetic site's and hostile messages)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from babel.messages import pofile as babel_pofile
from babel.messages.catalog import Catalog, Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.i18n.pofile import _restore_previous, parse_po, po_bytes
from generator.problems import Problem

from .test_robustness import mutated_catalogs

ROOT = Path(__file__).resolve().parent.parent
REAL = sorted((ROOT / "locales").glob("*/LC_MESSAGES/messages.po")) + [ROOT / "locales/messages.pot"]


def babel_po_bytes(catalog: Catalog) -> bytes:
    """What the project wrote before its own writer: Babel's ``generate_po`` at 100 columns, with each
    previous msgid inserted as ``#| msgid`` lines before the message's msgctxt or msgid."""
    messages = iter(list(catalog))
    chunks: list[str] = []
    after_context = False
    for chunk in babel_pofile.generate_po(catalog, width=100):
        if chunk.startswith("msgctxt ") or (chunk.startswith("msgid ") and not after_context):
            message = next(messages, None)
            for keyword, text in zip(("msgid", "msgid_plural"), (message.previous_id if message else []), strict=False):
                chunks.append(f"#| {keyword} {babel_pofile.normalize(text, prefix='#| ', width=100)}\n")
        after_context = chunk.startswith("msgctxt ")
        chunks.append(chunk)
    return "".join(chunks).encode(catalog.charset, "backslashreplace")


def babel_read(data: bytes, locale: str | None = None) -> Catalog:
    """Babel's reading, as the project used it, with the previous ids moved out of the comments."""
    catalog = babel_pofile.read_po(io.BytesIO(data), locale=locale, abort_invalid=True, charset="utf-8")
    for message in list(catalog) + list(catalog.obsolete.values()):
        _restore_previous(message)
    return catalog


def fields(catalog: Catalog) -> list[tuple[object, ...]]:
    """Everything a catalog says, message by message (the obsolete ones too), and its header."""
    messages = [
        (
            message.id,
            message.string,
            message.locations,
            sorted(message.flags),
            message.auto_comments,
            message.user_comments,
            message.lineno,
            message.context,
        )
        for message in list(catalog) + list(catalog.obsolete.values())
    ]
    return [*messages, (list(catalog.obsolete), catalog.mime_headers, catalog.header_comment, catalog.num_plurals)]


def synthetic_catalogs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    sys.path.insert(0, str(ROOT / "bench"))
    from synthetic import make_site

    site = make_site(tmp_path_factory.mktemp("site"), 8)
    return sorted((site / "locales").glob("*/LC_MESSAGES/messages.po"))


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return REAL + synthetic_catalogs(tmp_path_factory)


def test_the_writer_gives_babels_bytes_on_the_real_and_synthetic_catalogs(catalogs: list[Path]) -> None:
    for path in catalogs:
        data = path.read_bytes()
        babel = babel_read(data)
        assert po_bytes(babel) == babel_po_bytes(babel), path
        ours = parse_po(data, path.name, [])
        assert ours is not None and po_bytes(ours) == babel_po_bytes(ours), path


def test_the_reader_builds_babels_catalog_from_the_real_and_synthetic_catalogs(catalogs: list[Path]) -> None:
    for path in catalogs:
        data = path.read_bytes()
        for locale in (None, "fr"):
            problems: list[Problem] = []
            ours = parse_po(data, path.name, problems, locale=locale)
            assert ours is not None and not problems, problems
            babel = babel_read(data, locale)
            assert fields(ours) == fields(babel), path
            assert [m.previous_id for m in ours] == [m.previous_id for m in babel], path


LONG = "In the trump game, if nobody has taken in the first round, the second round begins. " * 3


def hostile_catalog() -> Catalog:
    """Messages that take every path of the writer: wrapping, escapes, plurals, contexts, comments,
    previous ids, obsolete entries, odd locations."""
    catalog = Catalog(locale="ru", header_comment="# A header comment that is long enough to be wrapped " * 3)
    catalog.add("Plain", "Простой", locations=[("content/a.yaml", 3), ("content/a.yaml", 3), ("b c.yaml", 1)])
    catalog.add(LONG, LONG.upper(), auto_comments=[LONG, "Title of example x-1. " + LONG], flags=["fuzzy"])
    catalog.add("Line one\nline two\n", 'Строка\tодна\r\n"две"\\', user_comments=["Translator: keep\ttabs"])
    catalog.add(("%(num)s card", "%(num)s cards"), ("%(num)s карта", "%(num)s карты"), context="count")
    catalog.add(("One", "Many"), ("Один",), locations=[("x.py", 0)])
    catalog.add("word-" * 30 + "end", "mot--" * 30, user_comments=["well--known  double  spaces " * 5])
    catalog.add("x" * 150, "y" * 150, auto_comments=["z" * 150 + " short " + "w" * 120])
    catalog.add("Trailing newline only\n", "\n")
    catalog.add('quotes "and" back\\slashes ' * 6, "", context="ctx\nwith line")
    catalog.add("nbsp\xa0: thin\u202fspace " * 8, "« guillemets\xa0» " * 8, auto_comments=["\xa0lead and trail\xa0"])
    catalog.add("Many places", "Много", locations=[(f"content/page-{n}.yaml", n) for n in range(20)])
    catalog.add("Old text kept", "Старый", flags=["fuzzy", "python-format"])
    catalog["Old text kept"].previous_id = [LONG]
    catalog.add(("New one", "New ones"), ("Н", "Нн", "Ннн"), flags=["fuzzy"])
    catalog["New one"].previous_id = ["Old one\nwith a line", "Old ones"]
    catalog.add("With context", "С контекстом", context="card played", flags=["fuzzy"])
    catalog.get("With context", context="card played").previous_id = ["Before"]  # type: ignore[union-attr]
    catalog.obsolete["Gone"] = Message("Gone", "Ушло", user_comments=["was here"], locations=[("a", 1)])
    catalog.obsolete[("Gone", "ctx")] = Message(("Gone", "Gones"), ("У", "Уу", "Ууу"), context="ctx")
    catalog.obsolete["Long gone"] = Message(LONG, LONG)
    return catalog


def test_the_writer_gives_babels_bytes_on_hostile_messages() -> None:
    catalog = hostile_catalog()
    written = po_bytes(catalog)
    assert written == babel_po_bytes(catalog)
    assert b"#~ msgid" in written and b"#| msgid" in written and b"msgstr[2]" in written


def test_the_reader_reads_hostile_messages_as_babel_and_writes_them_back() -> None:
    written = babel_po_bytes(hostile_catalog())
    problems: list[Problem] = []
    ours = parse_po(written, "x.po", problems, locale="ru")
    assert ours is not None and not problems, problems
    assert fields(ours) == fields(babel_read(written, "ru"))
    assert ours.get("Old text kept").previous_id == [LONG]  # type: ignore[union-attr]
    assert po_bytes(ours) == written


TEXT = st.lists(
    st.sampled_from(["word", "a", "-", "--", " ", "  ", "\n", "\t", '"', "\\", "é", "\xa0", "x" * 40, "Кот", "%(n)s"]),
    max_size=60,
).map("".join)


@settings(max_examples=200, deadline=None)
@given(msgid=TEXT, string=TEXT, comment=TEXT, previous=TEXT, context=st.none() | TEXT)
def test_fuzz_the_writer_gives_babels_bytes(msgid: str, string: str, comment: str, previous: str, context) -> None:
    catalog = Catalog(locale="es")
    message = catalog.add(msgid or "m", string, auto_comments=[comment], user_comments=[comment], context=context)
    message.previous_id = [previous]
    catalog.obsolete["o"] = Message(msgid or "m", string, user_comments=[comment], context=context)
    assert po_bytes(catalog) == babel_po_bytes(catalog)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated_catalogs())
def test_fuzz_what_the_reader_accepts_babel_reads_alike(text: str) -> None:
    data = text.encode("utf-8")
    ours = parse_po(data, "x.po", [])
    try:
        babel = babel_read(data)
    except (babel_pofile.PoFileError, ValueError, LookupError):
        assert ours is None
        return
    if ours is not None:
        assert fields(ours) == fields(babel)


def test_the_writer_breaks_lines_where_babel_does_at_every_length() -> None:
    words = ["a", "bc", "def", "ghij", "klmnopqrstu", "Title", "(rev", "2)."]
    catalog = Catalog(locale="fr")
    for length in range(90, 320):
        text, n = "", 0
        while len(text) < length:
            text += words[(n * 7 + length) % len(words)] + " " * (1 + (n % 5 == 0))
            n += 1
        text = text[:length].strip() or "x"
        catalog.add(text, text, auto_comments=[text], user_comments=[text])
    assert po_bytes(catalog) == babel_po_bytes(catalog)
