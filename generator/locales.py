"""Locale codes: the one check of a code, for ``content/site.yaml`` and ``i18n add`` alike."""

from __future__ import annotations

import functools
import re

from babel import Locale
from babel.core import UnknownLocaleError, get_global

LOCALE_PATTERN = re.compile(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?\Z")
"""A language, then optionally a script and a region, as the site writes them: ``de``, ``pt_BR``, ``sr_Latn``."""


def canonical_locale(code: str) -> str:
    """The locale code as the site writes it (``pt-BR`` → ``pt_BR``); ``ValueError`` unless CLDR
    knows exactly that language (``und``, which CLDR reads as ``en_US``, and ``root`` are not one)."""
    written = code.strip().replace("-", "_")
    if not written:
        raise ValueError("an empty locale code: write a code such as de, pt_BR or sr_Latn")
    try:
        name = str(Locale.parse(written))
    except (UnknownLocaleError, ValueError) as error:
        raise ValueError(
            f"{code!r} is not a locale CLDR knows ({error}): write a code such as de, pt_BR or sr_Latn"
        ) from None
    if name.lower() != written.lower() or not LOCALE_PATTERN.match(name):
        raise ValueError(
            f"{code!r} is not a language's code (CLDR reads it as {name!r}): write a code such as de, pt_BR or sr_Latn"
        )
    return name


def is_locale(code: str) -> bool:
    """True when ``code`` is a language's code exactly as the site writes it."""
    try:
        return canonical_locale(code) == code
    except ValueError:
        return False


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
