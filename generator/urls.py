"""The address a site is published at, as a checked value: every absolute URL of the site (canonical,
hreflang, ``og:``, the sitemap) and every root-relative link of ``404.html`` is made from it."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from urllib.parse import quote, urlsplit

_PATH_SAFE = "/%:@!$&'()*+,;=-._~"
"""What a path keeps as written (RFC 3986 pchar and `/`); anything else, non-ASCII included, is
percent-encoded as UTF-8."""

EXAMPLE = "https://help.example.com/ (or https://OWNER.github.io/REPO/)"


class SiteURL(str):
    """A base URL: http or https, a host, an optional port and a path ending in ``/``; ASCII only
    (the host in IDNA, the path percent-encoded), no credentials, query or fragment. It is the
    string of the URL itself, so that it is written as it is in templates and f-strings;
    ``SiteURL(text)`` is :meth:`parse`."""

    __slots__ = ()

    def __new__(cls, text: str) -> SiteURL:
        """``text`` as a base URL in RFC 3986's normal form; ValueError, saying what to write, when it is not one."""
        if re.search(r"\s", text):
            raise ValueError(f"{text!r} holds a space: percent-encode it (%20) or remove it")
        scheme, colon, rest = text.partition(":")
        if not colon or scheme.lower() not in ("http", "https") or not rest.startswith("//"):
            raise ValueError(f"{text!r}: the address must start with https:// (or http://), such as {EXAMPLE}")
        scheme = scheme.lower()
        parts = re.fullmatch(r"//([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?", rest, re.S)  # RFC 3986's appendix B
        assert parts is not None  # every text after "//" matches
        authority, path, query, fragment = parts.groups()
        if "@" in authority:
            raise ValueError(f"{text!r}: an address with a user name or password is not public: remove them")
        if query is not None:
            raise ValueError(f"{text!r}: a site's address has no query (?…): remove it")
        if fragment is not None:
            raise ValueError(f"{text!r}: a site's address has no fragment (#…): remove it")
        host, port = _host(text, authority), _port(text, scheme, authority)
        return super().__new__(cls, f"{scheme}://{host}{port}{_path(text, path)}")

    @classmethod
    def parse(cls, text: str) -> SiteURL:
        """The base URL written as ``text``; a missing trailing slash is added (GitHub's
        ``configure-pages`` gives none). ValueError, saying what to write, when it is not one."""
        return cls(text)

    @property
    def path(self) -> str:
        """The path, starting and ending with ``/``: the prefix of root-relative links (404.html)."""
        return urlsplit(self).path

    def page(self, locale: str, name: str) -> str:
        """The absolute URL of the file ``name`` of ``locale``'s folder."""
        return f"{self}{quote(locale, safe='')}/{quote(name, safe=_PATH_SAFE)}"


def _host(text: str, authority: str) -> str:
    """The host of ``authority``, in ASCII: a DNS name (IDNA), an IPv4 address or an IPv6 one in
    brackets."""
    if authority.startswith("["):
        literal, bracket, _ = authority[1:].partition("]")
        try:
            if not bracket:
                raise ValueError
            return f"[{ipaddress.IPv6Address(literal).compressed}]"
        except ValueError:
            shown = authority if not bracket else f"[{literal}]"
            raise ValueError(
                f"{text!r}: {shown!r} is not an IPv6 address: write an address such as {EXAMPLE}"
            ) from None
    host = authority.rpartition(":")[0] if ":" in authority else authority
    if not host:
        raise ValueError(f"{text!r}: no host: write an address such as {EXAMPLE}")
    try:
        name = host.lower().encode("idna").decode("ascii")
        if name.split(".")[-1].isdigit():  # a name whose last label is a number is an IPv4 address
            ipaddress.IPv4Address(name)
    except ValueError:  # not IDNA (UnicodeError), or not an IPv4 address
        name = ""
    if not re.fullmatch(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?", name):
        raise ValueError(f"{text!r}: {host!r} is not a host name: write an address such as {EXAMPLE}")
    return name


_DEFAULT_PORTS = {"http": 80, "https": 443}


def _port(text: str, scheme: str, authority: str) -> str:
    """``:PORT`` as the URL keeps it: none for an empty one or the scheme's own (RFC 3986 6.2.3)."""
    after = authority.rpartition("]")[2] if authority.startswith("[") else authority
    _, colon, port = after.rpartition(":")  # no colon: no port
    if not colon or not port:
        return ""
    number = int(port) if port.isascii() and port.isdigit() else 0
    if not 1 <= number <= 65535:
        shown = port if port.isascii() and port.isdigit() else repr(port)
        raise ValueError(f"{text!r}: port {shown}: a port is a number from 1 to 65535: write one, or none")
    return "" if number == _DEFAULT_PORTS[scheme] else f":{number}"


_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})?")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _path(text: str, path: str) -> str:
    """The path percent-encoded as RFC 3986 writes it (an escape's digits in capitals, an
    unreserved character itself), ending in ``/``; ValueError for a ``%`` that starts no escape
    or a dot segment (``..``, ``%2e``), which a browser removes, so that links would lead elsewhere."""

    def normal(escape: re.Match[str]) -> str:
        if escape.group(1) is None:
            shown = escape.string[escape.start() : escape.start() + 3].split("/")[0]
            raise ValueError(
                f"{text!r}: {shown!r} is not a percent-escape (% and two hexadecimal digits, RFC 3986): "
                "write %25 for a percent sign"
            )
        character = chr(int(escape.group(1), 16))
        return character if character in _UNRESERVED else escape.group().upper()

    encoded = quote(path, safe=_PATH_SAFE)
    for written in encoded.split("/"):
        if _ESCAPE.sub(normal, written) in (".", ".."):
            raise ValueError(
                f"{text!r}: the path has a dot segment ({written!r}), which a browser resolves away: "
                "write the path it stands for"
            )
    normalized = _ESCAPE.sub(normal, encoded) or "/"
    return normalized if normalized.endswith("/") else normalized + "/"


ENVIRONMENT = "BELOTE_DOCS_BASE_URL"
"""The environment variable that, when set and not empty, stands for ``content/site.yaml``'s
``base_url`` (``build --base-url`` stands for both)."""


def override(option: str | None, environ: Mapping[str, str]) -> SiteURL | None:
    """The base URL given on the command line, else in :data:`ENVIRONMENT`; None when neither is.
    ValueError naming where the wrong one was given."""
    for where, text in (("--base-url", option), (ENVIRONMENT, environ.get(ENVIRONMENT) or None)):
        if text is not None:
            try:
                return SiteURL.parse(text)
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
    return None
