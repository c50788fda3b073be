"""Which provisions of the SAME document a passage refers to: EU acts ("Article 10(2)", "paragraph 2",
"Annex II") and US CFR text ("§ 164.502(e)(2)", "paragraph (e)(2) of this section").  Each reference is returned at
paragraph granularity (the first subdivision: "Article 10(2)", "§ 164.502(e)"), with a type: ``REQUIRES_FORM``
for an annex named next to a template/form word, else ``REFERENCES``.

Citations of other acts ("Article 3 of Regulation (EU) 2018/1999") are the citation grammar's
(:mod:`regc.grammar.citations`), not this module's.

>>> intra_refs("must meet paragraph (b)(2) of this section and § 164.314(a)(1); see §§ 164.308(b) and 164.316",
...            "§ 164.504(e)")
[('§ 164.314(a)', 'REFERENCES'), ('§ 164.308(b)', 'REFERENCES'), ('§ 164.316', 'REFERENCES'), ('§ 164.504(b)', 'REFERENCES')]
>>> intra_refs("complied with §§ 164.502(b), 164.514(d), and 164.530(c)", "§ 164.502(a)")  # the serial comma
[('§ 164.502(b)', 'REFERENCES'), ('§ 164.514(d)', 'REFERENCES'), ('§ 164.530(c)', 'REFERENCES')]
>>> intra_refs("disclose the KPIs in accordance with paragraph 2, using the template set out in Annex II",
...            "Article 8(4)")
[('Article 8(2)', 'REFERENCES'), ('Annex II', 'REQUIRES_FORM')]
"""

from __future__ import annotations

import re

# CFR: "§ 164.502(e)(2)", "§§ 164.502(e) and 164.504(e)" (a section number is three digits, a dot, digits)
CFR_SECTION_NUMBER = r"\d{3}\.\d+[a-z]?"
CFR_SUBDIVISIONS = r"(?:\([0-9a-zA-Z]{1,4}\))*"
# between the members of a list: ",", "and", "or", "through", and the serial comma ", and" / ", or"
CFR_LIST_SEPARATOR = r"\s*(?:,\s*(?:and|or)\b|,|and|or|through)\s*"
CFR_SECTION_REF = re.compile(rf"""
    §§?\s*
    (?P<list>{CFR_SECTION_NUMBER}{CFR_SUBDIVISIONS}
        (?:{CFR_LIST_SEPARATOR}(?:§\s*)?{CFR_SECTION_NUMBER}{CFR_SUBDIVISIONS})*)
""", re.X)
CFR_ONE = re.compile(rf"(?P<num>{CFR_SECTION_NUMBER})(?P<first>\([0-9a-z]{{1,2}}\))?")
# "paragraph (e)(2) of this section", "paragraphs (b)(2), (b)(3), or (b)(5) of this section"
CFR_PARAGRAPH_REF = re.compile(rf"""
    paragraphs?\s+
    (?P<list>\([a-z]\)[()0-9a-zA-Z]*(?:{CFR_LIST_SEPARATOR}\([a-z]\)[()0-9a-zA-Z]*)*)
    \s+of\s+this\s+section
""", re.X)
CFR_FIRST_LETTER = re.compile(r"(?:^|(?<=[\s,]))\((?P<letter>[a-z])\)")

FORM_WORDS = ("template", "templates", "form", "forms", "format", "model")
_FORM_NEAR = re.compile(r"\b(?:%s)\b" % "|".join(FORM_WORDS), re.I)
_PARA_OF = re.compile(r"^((?:Article \d+[a-z]*|Annex [IVXLC]+[A-Z]?|§ [\d.]+[a-z]?)(?:\(\w{1,4}\))?)")


def paragraph_of(locator: str) -> str:
    """'Article 29(6)(a)' -> 'Article 29(6)'; '§ 164.502(e)(2)' -> '§ 164.502(e)'; 'Annex V, Part C' -> 'Annex V'."""
    m = _PARA_OF.match(locator)
    return m.group(1) if m else locator


def _cfr_refs(text: str, locator: str) -> list[str]:
    own = re.match(rf"§ {CFR_SECTION_NUMBER}", locator)
    out = []
    for m in CFR_SECTION_REF.finditer(text):
        for one in CFR_ONE.finditer(m.group("list")):
            out.append(f"§ {one.group('num')}{one.group('first') or ''}")
    if own:
        for m in CFR_PARAGRAPH_REF.finditer(text):
            for p in CFR_FIRST_LETTER.finditer(m.group("list")):
                out.append(f"{own.group(0)}({p.group('letter')})")
    return out


def intra_refs(text: str, locator: str) -> list[tuple[str, str]]:
    """(paragraph locator, edge type) of each same-document provision ``text`` (found at ``locator``) refers to,
    in order of first mention, without the passage's own paragraph."""
    from regc.retrieval.retrieve import onward_locators

    here = paragraph_of(locator)
    out: list[tuple[str, str]] = []
    seen = {here}
    if locator.startswith("§"):
        found = [(loc, "REFERENCES") for loc in _cfr_refs(text, locator)]
    else:
        found = []
        for loc in onward_locators(text, locator):
            kind = "REFERENCES"
            if loc.startswith("Annex"):
                at = text.find(loc.split(",")[0])
                if at >= 0 and _FORM_NEAR.search(text[max(0, at - 80): at + 40]):
                    kind = "REQUIRES_FORM"
            found.append((loc, kind))
    for loc, kind in found:
        p = paragraph_of(loc)
        if p not in seen:
            seen.add(p)
            out.append((p, kind))
    return out
