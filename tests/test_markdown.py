"""Inline Markdown: the fast path for plain text gives exactly what markdown-it gives."""

from __future__ import annotations

from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from generator.page_text import _MARKDOWN, _NOT_PLAIN, markdown_inline

from .conftest import ROOT

# Every character an inline rule may act on, some that merely stop the text rule, and others.
ALPHABET = "ab Z9 \n\r\t\\`*_[]!<>&~#$%+-:=@^{}\"'()\u00a0\u2009é“”«»ёक\x00"


@given(st.text(alphabet=ALPHABET, max_size=30))
def test_plain_text_renders_as_markdown_it_renders_it(text: str) -> None:
    markdown_inline.cache_clear()
    assert markdown_inline(text) == _MARKDOWN[True].renderInline(text)


def test_every_message_of_the_catalogs_renders_as_markdown_it_renders_it() -> None:
    texts = set()
    for path in sorted((ROOT / "locales").glob("*/LC_MESSAGES/messages.po")):
        with path.open("rb") as stream:
            for message in read_po(stream):
                texts |= {text for text in (message.id, message.string) if isinstance(text, str) and text}
    plain = [text for text in texts if not _NOT_PLAIN.search(text)]
    assert len(plain) > len(texts) / 2  # the fast path is the common one
    for text in texts:
        assert markdown_inline(text) == _MARKDOWN[True].renderInline(text), text
