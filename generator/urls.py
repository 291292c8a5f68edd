"""The site's base URL, parsed once: every absolute and root-relative address is built from its parts."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True, slots=True)
class SiteURL:
    """Where the site is served: ``root`` (an absolute URL ending in ``/``) and its path."""

    root: str

    @property
    def path(self) -> str:
        """The path of the root on its host, for root-relative links (``/`` or ``/REPO/``)."""
        return urlsplit(self.root).path or "/"

    def page(self, locale: str, name: str) -> str:
        """The absolute URL of a locale's file."""
        return f"{self.root}{locale}/{name}"
