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

from generator.i18n.catalogs import ANSWER_CHANGED, parse_catalog
from generator.i18n.pofile import _restore_previous, parse_po, po_bytes
from generator.problems import Problem

from .test_robustness import BABELS_WORDS, mutated_catalogs

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


def translations_of(catalog: Catalog) -> dict[tuple[str | None, str], tuple[object, ...]]:
    """Each translation as the build takes it, from Babel's messages: its strings (none when one is
    empty), whether fuzzy, its line, and whether fuzzy for a changed answer with no previous text."""
    found: dict[tuple[str | None, str], tuple[object, ...]] = {}
    for message in catalog:
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
        strings = tuple(message.string) if isinstance(message.string, tuple | list) else (message.string,)
        review = message.fuzzy and not message.previous_id and ANSWER_CHANGED in message.user_comments
        key = (message.context, ids[0])
        if all(strings):
            found[key] = (strings, message.fuzzy, message.lineno, review)
        else:  # untranslated: kept for its line alone
            found[key] = ((), False, message.lineno, False)
    return found


def build_translations(data: bytes) -> dict[tuple[str | None, str], tuple[object, ...]] | None:
    catalog, _ = parse_catalog(data, "x.po", "fr")
    return None if catalog is None else {key: tuple(value) for key, value in catalog.entries.items()}


REVIEWED = f"# {ANSWER_CHANGED}\n#, fuzzy\n"


@pytest.mark.parametrize(
    "entry",
    [
        f'{REVIEWED}msgid "Changed"\nmsgstr "Changé"\n',
        f'{REVIEWED}#| msgid "Before"\nmsgid "Changed"\nmsgstr "Changé"\n',
        '#, fuzzy\n#| msgid "Before"\n#| "on two lines"\nmsgid "Changed"\nmsgstr "Changé"\n',
        '#~ msgid "Gone"\n#~ msgstr "Parti"\n',
        'msgctxt "card"\nmsgid "Jack"\nmsgstr "Valet"\n',
        'msgid "%(n)s card"\nmsgid_plural "%(n)s cards"\nmsgstr[0] "%(n)s carte"\nmsgstr[1] ""\n',
        'msgid "%(n)s card"\nmsgid_plural "%(n)s cards"\nmsgstr[0] "%(n)s carte"\nmsgstr[1] "%(n)s cartes"\n',
        '# a note\n#. from the page\n#: content/a.yaml\nmsgid "Take"\nmsgstr ""\n"Prendre\\n"\n"ou pas"\n',
    ],
)
def test_the_build_reads_each_translation_as_babels_catalog_has_it(entry: str) -> None:
    data = (REAL[2].read_text(encoding="utf-8") + "\n" + entry).encode("utf-8")
    catalog = parse_po(data, "x.po", [])
    assert catalog is not None
    assert build_translations(data) == translations_of(catalog)


@settings(max_examples=150, deadline=None)
@given(text=mutated_catalogs())
def test_fuzz_the_build_reads_each_translation_as_babels_catalog_has_it(text: str) -> None:
    data = text.encode("utf-8")
    catalog = parse_po(data, "x.po", [])
    found = build_translations(data)
    assert catalog is not None or found is None
    if found is not None and catalog is not None:
        assert found == translations_of(catalog)


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
    catalog.obsolete["o"].previous_id = [f"older {previous}"]
    written = po_bytes(catalog)
    assert msgcat(written) == written
    problems: list[Problem] = []  # and the reader reads what the writer writes (Babel drops a
    back = parse_po(written, "x.po", problems, locale="es")  # python-format flag of a text with no %)
    assert back is not None and not problems, problems
    assert all(entry.previous_id == [f"older {previous}"] for entry in back.obsolete.values())
    again = parse_po(po_bytes(back), "x.po", problems, locale="es")
    assert again is not None and po_bytes(again) == po_bytes(back)


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


# What GNU gettext reads, read alike; what it refuses, refused in the project's words ------------

needs_msgfmt = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="unreachable: ./setup installs gettext")

HEADER = (
    'msgid ""\nmsgstr ""\n"Language: ru\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || '
    'n%100>=20) ? 1 : 2);\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
)
GETTEXT_READS = {
    "an obsolete entry's previous msgid (msgmerge)": '#~| msgid "Took"\n#~ msgid "Take"\n#~ msgstr "Беру"\n',
    "an obsolete plural's previous context and ids": '# was here\n#~| msgctxt "c"\n#~| msgid "card"\n'
    '#~| msgid_plural "cards"\n#~ msgctxt "c"\n#~ msgid "a card"\n#~ msgid_plural "cards"\n#~ msgstr[0] "к"\n'
    '#~ msgstr[1] "ки"\n#~ msgstr[2] "к"\n',
    "msgcat's conflict marker as a comment": '#-#-#-#-#  a.po  #-#-#-#-#\nmsgid "Pass"\nmsgstr "Пас"\n',
    "a date no tool wrote": 'msgid "Pass"\nmsgstr "Пас"\n',
    "a Language that is no locale code": 'msgid "Pass"\nmsgstr "Пас"\n',
}
HEADERS = {
    "a date no tool wrote": HEADER.replace('"Language', '"PO-Revision-Date: yesterday\\n"\n"Language'),
    "a Language that is no locale code": HEADER.replace("Language: ru", "Language: zz_QQ_1"),
}


def msgfmt_reads(data: bytes) -> bool:
    return (
        subprocess.run(["msgfmt", "--check", "-o", "/dev/null", "-"], input=data, capture_output=True).returncode == 0
    )


@needs_msgfmt
@pytest.mark.parametrize("name", GETTEXT_READS)
def test_the_reader_reads_what_gnu_gettext_reads(name: str) -> None:
    data = (HEADERS.get(name, HEADER) + GETTEXT_READS[name]).encode("utf-8")
    assert msgfmt_reads(data)
    problems: list[Problem] = []
    catalog = parse_po(data, "x.po", problems, locale="ru")
    assert catalog is not None and not problems, problems
    again = parse_po(po_bytes(catalog), "x.po", problems, locale="ru")
    assert again is not None and not problems and po_bytes(again) == po_bytes(catalog)


@needs_msgcat
def test_an_obsolete_entrys_previous_msgid_is_kept_as_msgcat_keeps_it() -> None:
    data = (HEADER + GETTEXT_READS["an obsolete plural's previous context and ids"]).encode("utf-8")
    catalog = parse_po(data, "x.po", [], locale="ru")
    assert catalog is not None
    (entry,) = catalog.obsolete.values()
    assert entry.previous_id == ["card", "cards"] and entry.user_comments == ["was here"]
    written = po_bytes(catalog)
    assert b'#~| msgid "card"\n#~| msgid_plural "cards"\n#~ msgctxt "c"\n' in written
    assert msgcat(written) == written


@needs_msgfmt
@pytest.mark.parametrize(
    ("text", "where", "says"),
    [
        ("\ufeff" + HEADER, "1:1", "a byte-order mark (U+FEFF) starts the catalog"),
        (HEADER + 'msgid "Pass"\n\nmsgid "Take"\nmsgstr "Беру"\n', "7:1", "msgid 'Pass' has no msgstr"),
        (HEADER + 'msgid "Pass"\n#. x\nmsgstr "Пас"\n', "7:1", "msgid 'Pass' has no msgstr"),
        (HEADER + '#~ msgid "Gone"\n#~ msgstrx "Ушло"\n', "8:1", "'msgstrx' is not a keyword of gettext"),
        (HEADER + '# a note\n"Pass"\nmsgid "Pass"\nmsgstr "Пас"\n', "8:1", 'a "text" line that continues no msgctxt'),
        ("msgid Pass\n" + HEADER, "1:1", "'msgid Pass' is not a comment, `keyword \"text\"`"),
        (HEADER + 'msgid "Pass"\nmsgstr "Пас\n', "8:1", '\'msgstr "Пас\' is not a comment, `keyword "text"`'),
    ],
    ids=[
        "a byte-order mark",
        "a missing msgstr",
        "a comment inside an entry",
        "an unknown keyword",
        "a stray string",
        "a first line unquoted",
        "a string not closed",
    ],
)
def test_what_gnu_gettext_refuses_is_refused_in_the_projects_words(text: str, where: str, says: str) -> None:
    data = text.encode("utf-8")
    assert not msgfmt_reads(data)
    problems: list[Problem] = []
    assert parse_po(data, "x.po", problems, locale="ru") is None
    found = [str(problem) for problem in problems]
    assert len(found) == 1 and found[0].startswith(f"x.po:{where}: error: ") and says in found[0], found
    assert not any(words in found[0] for words in BABELS_WORDS), found


def test_a_header_field_given_twice_is_refused_at_its_own_line() -> None:
    """msgfmt reads the first, Babel the last: one of them would read the catalog wrong."""
    data = (HEADER + 'msgid "card"\nmsgid_plural "cards"\nmsgstr[0] "к"\nmsgstr[1] "ки"\nmsgstr[2] "к"\n').replace(
        '"Content-Type', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n"Content-Type'
    )
    problems: list[Problem] = []
    assert parse_po(data.encode("utf-8"), "x.po", problems) is None
    assert [str(problem) for problem in problems] == [
        "x.po:5:1: error: the header gives Plural-Forms twice (first at line 4): msgfmt reads the first and Babel "
        "the last: keep one"
    ]


# Every shape of catalog, as Babel reads it; every odd one as gettext reads it, or refused in words --

COMMENTED_HEADER = """# A test catalog.
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
SHAPES = {  # the shapes a valid catalog may have
    "a file name with a space": '#: \u2068content/a b.yaml\u2069 content/c.yaml\nmsgid "Take"\nmsgstr "Беру"\n',
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
ODD = {  # each read as gettext reads it (None), or refused at LINE:COL, saying so in the project's words
    "CRLF": ((COMMENTED_HEADER + ENTRY).replace("\n", "\r\n"), None),
    "no header": (ENTRY, None),
    "a header after a message": (ENTRY + "\n" + COMMENTED_HEADER, None),
    "a backslash in a comment": (COMMENTED_HEADER + "#. C:\\path\n" + ENTRY, None),
    "leading spaces": (COMMENTED_HEADER + '  msgid "a"\nmsgstr "b"\n', None),
    "forms out of order": (COMMENTED_HEADER + 'msgid "a"\nmsgid_plural "b"\nmsgstr[1] "x"\nmsgstr[0] "y"\n', None),
    "obsolete lines mixed in": (COMMENTED_HEADER + 'msgid "a"\n#~ msgstr "b"\n', None),
    "a stray continuation": (COMMENTED_HEADER + ENTRY + '\n"more"\n', None),
    "a conflict marker": (COMMENTED_HEADER + "#-#-#-#-#  a.po  #-#-#-#-#\n" + ENTRY, None),
    "an obsolete previous msgid": (COMMENTED_HEADER + '#~| msgid "a"\n#~ msgid "b"\n#~ msgstr "c"\n', None),
    "a Language that is no locale code": (COMMENTED_HEADER.replace("Language: ru", "Language: 12") + ENTRY, None),
    "a date no tool wrote": (
        COMMENTED_HEADER.replace("Project-Id-Version: belote-docs VERSION", "POT-Creation-Date: now") + ENTRY,
        None,
    ),
    "a lone carriage return": (
        COMMENTED_HEADER + ENTRY.replace("Belote", "Be\rlote"),
        ("13:17", "a carriage return that ends no line"),
    ),
    "a control character": (COMMENTED_HEADER + ENTRY.replace("белот", "бе\x07лот"), ("14:23", "U+0007 is not allowed")),
    "a control escape": (COMMENTED_HEADER + ENTRY.replace("белот", "бе\\aлот"), ("13:1", "U+0007 in 'French Belote'")),
    "a character reference": (
        COMMENTED_HEADER + ENTRY.replace("белот", "бе&#7;лот"),
        ("13:1", "U+0007 in 'French Belote'"),
    ),
    "a byte-order mark": (
        "\ufeff" + COMMENTED_HEADER + ENTRY,
        ("1:1", "a byte-order mark (U+FEFF) starts the catalog"),
    ),
    "a duplicate msgid": (
        COMMENTED_HEADER + ENTRY + "\n" + ENTRY,
        ("18:1", "duplicate entry 'French Belote', first at line 13"),
    ),
    "a bad plural header": (
        COMMENTED_HEADER.replace("nplurals=3", "nplurals=x") + ENTRY,
        ("7:1", "bad Plural-Forms header"),
    ),
    "a header of another charset": (
        COMMENTED_HEADER.replace("charset=utf-8", "charset=latin-1") + ENTRY,
        ("9:1", "the header says charset=latin-1"),
    ),
    "a Plural-Forms given twice": (
        COMMENTED_HEADER.replace('"Content-Type', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n"Content-Type'),
        ("9:1", "the header gives Plural-Forms twice (first at line 7)"),
    ),
    "an unknown line": (COMMENTED_HEADER + ENTRY + "\nhello there\n", ("16:1", "'hello there' is not a comment")),
    "an unknown keyword": (
        COMMENTED_HEADER + 'msgid "a"\nmsgstring "b"\n',
        ("12:1", "'msgstring \"b\"' is not a comment"),
    ),
    "an unknown keyword, obsolete": (
        COMMENTED_HEADER + '#~ msgid "a"\n#~ msgstring "b"\n',
        ("12:1", "'msgstring' is not a keyword of gettext"),
    ),
    "an unknown escape": (COMMENTED_HEADER + 'msgid "a\\qb"\nmsgstr "b"\n', ("11:9", "the escape '\\\\q'")),
    "a missing msgstr": (
        COMMENTED_HEADER + 'msgid "a"\n\nmsgid "b"\nmsgstr "c"\n',
        ("11:1", "msgid 'a' has no msgstr"),
    ),
    "a form beyond the header's": (
        COMMENTED_HEADER + 'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[3] "y"\n',
        ("11:1", "msgstr[3]: the catalog has 3 plural forms"),
    ),
    "a comment inside an entry": (
        COMMENTED_HEADER + 'msgid "a"\n#. x\nmsgstr "b"\n',
        ("11:1", "msgid 'a' has no msgstr"),
    ),
    "an open file name": (
        COMMENTED_HEADER + '#: \u2068content/a b.yaml\nmsgid "a"\nmsgstr "b"\n',
        ("11:1", "a file name opened with U+2068 is not closed with U+2069"),
    ),
    "an empty msgid": (COMMENTED_HEADER + 'msgid ""\nmsgstr "b"\n', ("11:1", "duplicate entry '', first at line 3")),
    "a string after a comment": (
        COMMENTED_HEADER + ENTRY + '\n# note\n"more"\n',
        ("17:1", 'a "text" line that continues no msgctxt, msgid or msgstr'),
    ),
}


@pytest.mark.parametrize("name", SHAPES)
def test_each_shape_of_catalog_is_read_as_babel_reads_it(name: str) -> None:
    data = (COMMENTED_HEADER + SHAPES[name]).encode("utf-8")
    problems: list[Problem] = []
    ours = parse_po(data, "x.po", problems, locale="ru")
    assert ours is not None and not problems, problems
    assert fields(ours) == fields(babel_read(data, "ru"))
    assert [m.previous_id for m in ours] == [m.previous_id for m in babel_read(data, "ru")]


@pytest.mark.parametrize("name", ODD)
def test_each_odd_catalog_is_read_as_gettext_reads_it_or_refused_in_the_projects_words(name: str) -> None:
    text, expected = ODD[name]
    problems: list[Problem] = []
    ours = parse_po(text.encode("utf-8"), "x.po", problems, locale="ru")
    found = [str(problem) for problem in problems]
    if expected is None:
        assert ours is not None and not found, found
        return
    where, says = expected
    assert ours is None and len(found) == 1, found
    assert found[0].startswith(f"x.po:{where}: error: ") and says in found[0], found
    assert not any(words in found[0] for words in BABELS_WORDS), found


def test_a_catalog_that_is_not_utf8_is_refused_at_its_byte() -> None:
    problems: list[Problem] = []
    data = (COMMENTED_HEADER + ENTRY).encode("utf-8").replace("белот".encode(), b"\xff")
    assert parse_po(data, "x.po", problems) is None
    assert [str(problem) for problem in problems] == ["x.po:14:21: error: not UTF-8 text: save the catalog as UTF-8"]
