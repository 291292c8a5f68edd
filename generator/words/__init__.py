"""The game's words: each engine value (a card, a call, a refusal reason, a deal's outcome) as the
English source message that the catalogs translate. Below the readers and the views; knows nothing
of catalogs, templates or HTML."""
