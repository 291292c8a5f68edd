"""Translation: the catalogs of each locale, the game's terms, and message extraction."""
