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
        return super().__new__(cls, _normalized(text))

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


def _normalized(text: str) -> str:
    """``text`` as a base URL's ASCII form (see :class:`SiteURL`); ValueError when it is not one."""
    if re.search(r"\s", text):
        raise ValueError(f"{text!r} holds a space: percent-encode it (%20) or remove it")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise ValueError(f"{text!r}: {error}: write an address such as {EXAMPLE}") from None
    if parts.scheme not in ("http", "https"):
        raise ValueError(f"{text!r}: the address must start with https:// (or http://), such as {EXAMPLE}")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"{text!r}: an address with a user name or password is not public: remove them")
    if parts.query or text.endswith("?"):
        raise ValueError(f"{text!r}: a site's address has no query (?…): remove it")
    if parts.fragment or text.endswith("#"):
        raise ValueError(f"{text!r}: a site's address has no fragment (#…): remove it")
    host = parts.hostname
    if not host:
        raise ValueError(f"{text!r}: no host: write an address such as {EXAMPLE}")
    if ":" in host:  # an IPv6 literal
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{text!r}: [{host}] is not an IPv6 address: write an address such as {EXAMPLE}") from None
        ascii_host = f"[{host}]"
    else:
        try:
            ascii_host = host.encode("idna").decode("ascii")
        except UnicodeError:
            ascii_host = ""
        if not re.fullmatch(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?", ascii_host):
            raise ValueError(f"{text!r}: {host!r} is not a host name: write an address such as {EXAMPLE}")
    path = quote(parts.path, safe=_PATH_SAFE) or "/"
    if not path.endswith("/"):
        path += "/"
    return f"{parts.scheme}://{ascii_host}" + (f":{port}" if port is not None else "") + path


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
