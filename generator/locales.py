"""Locale codes: the one check of a code, against CLDR's locale data, for ``content/site.yaml`` and ``i18n add``."""

from __future__ import annotations

import functools
import re

from babel import Locale
from babel.core import get_global

LOCALE_PATTERN = re.compile(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?\Z")
"""A language, then optionally a script and a region, as the site writes them: ``de``, ``pt_BR``, ``sr_Latn``."""

SOURCE = "en"
"""The language the content is written in: the source of every catalog, not one of them."""

_EXAMPLES = "such as de, pt_BR or sr_Latn"


@functools.cache
def _known() -> dict[str, str]:
    """Every locale CLDR has data for (Babel's ``locale-data``), by its code in lower case."""
    from babel.localedata import locale_identifiers

    return {name.lower(): name for name in locale_identifiers()}


def canonical_locale(code: str) -> str:
    """The locale code as CLDR writes it (``pt-BR`` → ``pt_BR``), when CLDR has data for exactly that
    language (with a script or a region); ``ValueError``, in the project's words, for any other code,
    a variant (``ca_ES_VALENCIA``) and the source language (``en``)."""
    written = code.strip().replace("-", "_")
    if not written:
        raise ValueError(f"an empty locale code: write a language's code, {_EXAMPLES}")
    name = _known().get(written.lower())
    if name is None:
        raise ValueError(
            f"{code!r} is not a locale CLDR knows: write a language's code (ISO 639), optionally with a script and "
            f"a region, {_EXAMPLES}"
        )
    if not LOCALE_PATTERN.match(name):
        raise ValueError(
            f"{code!r} is CLDR's {name}, a variant: write the language, optionally with a script and a region, "
            f"{_EXAMPLES}"
        )
    if name == SOURCE:
        raise ValueError(
            f"{SOURCE} is the language the content is written in, the source of every catalog: it has no catalog "
            "(a regional English, such as en_GB, may have one)"
        )
    return name


def locale_problem(code: str) -> str | None:
    """Why ``code`` is not a locale of the site as it writes them, or None when it is one."""
    try:
        name = canonical_locale(code)
    except ValueError as error:
        return str(error)
    return None if name == code else f"{code!r}: write it {name}"


@functools.cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


@functools.cache
def language_name(code: str) -> str:
    """The language's name in itself, from CLDR, as a menu shows it: "Español", "हिन्दी"."""
    name = _locale(code).get_display_name(_locale(code)) or code
    return name[:1].upper() + name[1:]


def og_locale(code: str) -> str:
    """The locale as Open Graph writes it, language and territory, from CLDR's likely subtags: "es_ES"."""
    locale = _locale(code)
    territory = locale.territory
    if territory is None:
        likely = get_global("likely_subtags").get(locale.language)
        territory = Locale.parse(likely).territory if likely else None
    return f"{locale.language}_{territory}" if territory else locale.language


def text_direction(code: str) -> str:
    """``ltr`` or ``rtl``, from CLDR's character order of the locale."""
    return "rtl" if _locale(code).character_order == "right-to-left" else "ltr"
