"""Word lists of the citation finder, as data."""

from __future__ import annotations

_CAPITAL_FUNCTION_WORDS = {"The", "See", "For", "In", "Where", "When", "If", "As", "Under", "With", "By", "According"}
_LOWER_DOC_NOUNS = {"handbook", "guidelines", "guidance", "manual", "report", "reports"}


_CONNECT = {"of", "on", "for", "and", "the"}
