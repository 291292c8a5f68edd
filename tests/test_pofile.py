"""The project's .po reader against Babel's (the same catalog read) and its writer against GNU
gettext's msgcat (the same bytes written), on the real catalogs, a large synthetic site's and
hostile messages."""

from __future__ import annotations

import io
import shutil
import subprocess
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


def msgcat(data: bytes) -> bytes:
    """The catalog as GNU gettext writes it (msgcat, msgmerge and Poedit write alike, at 79 columns)."""
    result = subprocess.run(["msgcat", "-"], input=data, capture_output=True, check=True)
    return result.stdout


needs_msgcat = pytest.mark.skipif(shutil.which("msgcat") is None, reason="unreachable: ./setup installs gettext")


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


@pytest.mark.slow
@needs_msgcat
def test_the_writer_gives_gnu_gettexts_bytes_on_the_real_and_synthetic_catalogs(catalogs: list[Path]) -> None:
    for path in catalogs:
        ours = parse_po(path.read_bytes(), path.name, [])
        assert ours is not None
        written = po_bytes(ours)
        assert msgcat(written) == written, path


@pytest.mark.slow
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
    catalog.obsolete["Long gone"] = Message("Long gone. " + LONG, LONG)
    return catalog


@needs_msgcat
def test_the_writer_gives_gnu_gettexts_bytes_on_hostile_messages() -> None:
    catalog = hostile_catalog()
    written = po_bytes(catalog)
    assert msgcat(written) == written
    assert b"#~ msgid" in written and b"#| msgid" in written and b"msgstr[2]" in written
    assert "\n#: content/a.yaml \u2068b c.yaml\u2069\n".encode() in written  # file names only, each once
    assert b"\n#: content/page-0.yaml content/page-1.yaml" in written and b".yaml:" not in written


def test_the_reader_reads_hostile_messages_as_babel_and_writes_them_back() -> None:
    written = babel_po_bytes(hostile_catalog())
    problems: list[Problem] = []
    ours = parse_po(written, "x.po", problems, locale="ru")
    assert ours is not None and not problems, problems
    assert fields(ours) == fields(babel_read(written, "ru"))
    assert ours.get("Old text kept").previous_id == [LONG]  # type: ignore[union-attr]
    again = po_bytes(ours)
    back = parse_po(again, "x.po", problems, locale="ru")
    assert back is not None and not problems and po_bytes(back) == again


TEXT = st.lists(
    st.sampled_from(
        ["word", "a", "well-known", " ", "  ", ", ", ". ", " : ", "! ", "\n", "\t", '"', "\\", "é", "\xa0", "x" * 40]
        + ["Кот", "पत्ते।", "%(n)s", "%(seat)s", "50 %", "(500)", "« dix de der »", "“Take”", "l’atout", "—", " – "]
        + ["…", "and/or", "[rules](scoring.html)", "e.g.", "¿qué?", "**Capot**", "1 000"]
    ),
    max_size=60,
).map("".join)


@pytest.mark.slow
@needs_msgcat
@settings(max_examples=60, deadline=None)
@given(msgid=TEXT, string=TEXT, comment=TEXT, previous=TEXT, context=st.none() | TEXT, python=st.booleans())
def test_fuzz_the_writer_gives_gnu_gettexts_bytes(
    msgid: str, string: str, comment: str, previous: str, context, python: bool
) -> None:
    catalog = Catalog(locale="es")
    comment = comment.replace("\\", "/")  # a comment line ending in a backslash: gettext joins the next to it
    flags = ["python-format"] if python else []
    if not python:  # a percent sign outside a python-format message: msgcat may break between "%%" where
        # the writer does not (a text no catalog of the site has: their "%%" are in python-format messages)
        msgid, string, previous = (text.replace("%", "/") for text in (msgid, string, previous))
        context = context.replace("%", "/") if context is not None else None
    message = catalog.add(msgid or "m", string, auto_comments=[comment], user_comments=[comment], context=context)
    message.flags = set(flags)
    message.previous_id = [previous]
    old_context = context.replace("%", "/") if context is not None else None  # likewise, in an obsolete entry
    catalog.obsolete["o"] = Message(f"old {msgid}", string, user_comments=[comment], context=old_context, flags=flags)
    written = po_bytes(catalog)
    assert msgcat(written) == written


@needs_msgcat
@pytest.mark.parametrize(
    ("previous", "obsolete"),
    [
        ("wordwordwordwordwordword/(seat)s« dix de der »[rules](scoring.html)पत्ते।\xa0word", ""),  # LB12a
        ("x" * 72 + "ab-\xa0word and more words here to wrap", ""),
        ("", "old wordwordwordwordwordwordwordwordwordword50 %%(n)swordwordwordwordwordword"),
    ],
    ids=["no-break space after a danda", "no-break space after a hyphen", "obsolete python-format"],
)
def test_what_the_fuzzing_found_is_written_as_gettext_writes_it(previous: str, obsolete: str) -> None:
    """A break before a no-break space that follows a danda or a hyphen (UAX #14's LB12a), and an
    obsolete entry wrapped as gettext reads it back: its flags are not written, so no format."""
    catalog = Catalog(locale="es")
    message = catalog.add("m", "s", flags=["python-format"])
    message.previous_id = [previous]
    if obsolete:
        catalog.obsolete["o"] = Message(obsolete, "word", flags=["python-format"])
    written = po_bytes(catalog)
    assert msgcat(written) == written


@pytest.mark.slow
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


@needs_msgcat
def test_the_writer_breaks_lines_where_gettext_does_at_every_length() -> None:
    words = ["a", "bc", "def", "ghij", "klmnopqrstu", "Title", "(rev", "2).", "%(n)s", "x/y", "—"]
    catalog = Catalog(locale="fr")
    for length in range(60, 320):
        text, n = "", 0
        while len(text) < length:
            text += words[(n * 7 + length) % len(words)] + " " * (1 + (n % 5 == 0))
            n += 1
        text = text[:length].strip() or "x"
        catalog.add(text, text, auto_comments=[text], user_comments=[text], flags=["python-format"] * (length % 2))
        catalog.add(text, text, context="c" * (1 + length % 9), locations=[(f"content/page {length % 7}.yaml", 1)])
    written = po_bytes(catalog)
    assert msgcat(written) == written
