"""The worked deals of the scoring specification (specs/scoring.md §6), as data for the tests."""
