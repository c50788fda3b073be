"""A PDF legal text (the HIPAA Administrative Simplification text) as an act tree, through the PDF front-end
(:mod:`regc.frontends.pdf`): numbered section headings ("§ 164.308 Administrative safeguards.", titles wrapped
over several lines joined) start parts, the section's top-level paragraphs "(a)", "(b)" become its children,
tables (PyMuPDF ``find_tables``) their own parts; running headers/footers are left out; a contents entry never
replaces the section itself.

>>> s = Node("section", "§ 1.2", "§ 1.2", text="(a) Standard: one. See (c) here. (b) Two; (1) x. (c) Three.")
>>> [(n.locator, n.text) for n in section_paragraphs(s)]
[('§ 1.2(a)', '(a) Standard: one. See (c) here.'), ('§ 1.2(b)', '(b) Two; (1) x.'), ('§ 1.2(c)', '(c) Three.')]
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from regc.retrieval.chunking import ActTree, Node, clean_text

CFR_HEADING = r"§\s*(?P<num>\d+\.\d+[a-z]?)"  # the section number of a CFR heading
# a division heading between sections ("Subpart C—Security Standards for ...", "PART 162—ADMINISTRATIVE
# REQUIREMENTS", "Subpart B [Reserved]") ends the section before it: what follows it up to the next section
# (the division's title, contents list, AUTHORITY and SOURCE notes) is no section's text
_DIVISION_HEAD = r"(?:Subpart\s+(?P<subpart>[A-Z]{1,2})|PART\s+(?P<part>\d+))\s*(?:[—–-]|\[Reserved\])"
CFR_DIVISION = re.compile(rf"^[ \t]*{_DIVISION_HEAD}", re.M | re.I)
# a division heading or a section heading at a line's start, in page order (:func:`section_divisions`)
DIVISION_OR_SECTION = re.compile(rf"(?:{CFR_DIVISION.pattern})|^[ \t]*{CFR_HEADING}[ \t]+(?=[A-Z])", re.M | re.I)


def division_label(part: str, subpart: str = "") -> str:
    """The locator of a CFR division: "Part 164", "Part 164, Subpart C" (the part/subpart a section sits in is its
    tree node's ``chapter``; :mod:`regc.retrieval.cfr_divisions` makes graph nodes of them).

    >>> division_label("164", "C"), division_label("160")
    ('Part 164, Subpart C', 'Part 160')
    """
    return f"Part {part}, Subpart {subpart}" if subpart else f"Part {part}"


def section_divisions(texts: list[str]) -> dict[str, str]:
    """Section number -> its division (:func:`division_label`), read in page order: a "PART 164—..." heading opens
    a part, a "Subpart C—..." heading a subpart of the part open at that point, and a section heading falls in
    the subpart open when it appears, if that subpart belongs to the section's own part (the number's "164."),
    else in its part only.  The first placement in a subpart is kept: the contents pages list every section
    under its subpart before the text does, and a cross-reference that happens to open a line ("§ 160.103"
    in part 164's text) must not move the section.

    >>> section_divisions(["PART 164—SECURITY\\nSubpart A—General\\n§ 164.102 Basis.\\nSubpart C—Security\\n"
    ...                    "§ 164.302 Applicability.\\n§ 162.100 Other part."])
    {'164.102': 'Part 164, Subpart A', '164.302': 'Part 164, Subpart C', '162.100': 'Part 162'}
    """
    part = subpart = ""
    out: dict[str, str] = {}
    for text in texts:
        for m in DIVISION_OR_SECTION.finditer(text):
            if m.group("part"):
                part, subpart = m.group("part"), ""
            elif m.group("subpart"):
                subpart = m.group("subpart").upper()
            else:
                own = m.group("num").split(".", 1)[0]
                if "Subpart" not in out.get(m.group("num"), ""):
                    out[m.group("num")] = division_label(own, subpart if own == part else "")
    return out


def section_body(body: str) -> str:
    """A section's own text: its body up to a division heading that follows it.

    >>> section_body("(c) Last words.\\nSubpart D—Notification in the Case of Breach\\nSOURCE: 74 FR 42767.")
    '(c) Last words.\\n'
    >>> section_body("(a) See subpart C of this part.\\nPart 2 of the form")
    '(a) See subpart C of this part.\\nPart 2 of the form'
    """
    m = CFR_DIVISION.search(body)
    return body[:m.start()] if m else body


def _page_parts(pno: int, text: str) -> list[Node]:
    return [Node("section", f"page {pno}", f"page {pno}", text=clean_text(text))] if text.strip() else []


def _tables(page, pno: int) -> list[Node]:
    try:
        tables = page.find_tables(use_layout=False)
    except TypeError:
        tables = page.find_tables()
    out = []
    for k, tab in enumerate(tables.tables, start=1):
        rows = tab.extract()
        if len(rows) < 2 or max((len(r) for r in rows), default=0) < 2:
            continue
        body = " ".join(" | ".join(clean_text(c or "") for c in r) for r in rows)
        loc = f"page {pno}, table {k}"
        out.append(Node("section", loc, loc, text=body, heading="table"))
    return out


def parse_pdf(path: Path, doc_id: str, title: str, pages: Optional[range] = None) -> ActTree:
    """The act tree of a PDF legal text; ``pages`` (1-based) restricts the pages read.  Text before the first
    section heading becomes "page N" parts.  A section number found twice (contents pages) keeps the
    occurrence with the most text, a contents entry ("§ 1.2 Title ...... 71") only when there is no other."""
    from regc.frontends.pdf import Document, PDFInputError, numbered_sections
    from regc.retrieval.ingest import IngestError

    try:
        doc = Document(path)
    except PDFInputError as e:
        raise IngestError(f"cannot open PDF: {e.why}") from None
    texts = [t if pages is None or n in pages else "" for n, t in enumerate(doc.body_texts(), start=1)]
    sections = numbered_sections(texts, CFR_HEADING)
    first_page = sections[0].page if sections else len(texts) + 1
    parts: list[Node] = []
    for pno, text in enumerate(texts, start=1):
        if pno < first_page:
            parts += _page_parts(pno, text)
        elif pno == first_page:
            at = re.search(rf"^[ \t]*(?:{CFR_HEADING})", text, re.M)
            parts += _page_parts(pno, text[:at.start()] if at else "")
    divisions = section_divisions(texts)
    for s in sections:
        loc = f"§ {s.number}"
        parts.append(Node("section", loc, loc, text=clean_text(section_body(s.body)), heading=s.title,
                          chapter=divisions.get(s.number, "")))
    for pno in range(1, len(texts) + 1):
        if texts[pno - 1]:
            parts += _tables(doc.raw_page(pno), pno)
    if not parts:
        raise IngestError("no text in PDF")
    best: dict[str, Node] = {}
    for p in parts:
        if p.locator not in best or len(p.text) > len(best[p.locator].text):
            best[p.locator] = p
    parts = [p for p in parts if best[p.locator] is p]
    # sections exposed as annex-like parts: the text before "(a)" and one child per top-level paragraph
    wrapped = [Node("annex", p.label, p.locator, heading=p.heading, children=section_paragraphs(p), chapter=p.chapter)
               for p in parts]
    return ActTree(doc_id, title, str(path), wrapped, "pdf")


# a top-level paragraph label of a CFR section: "(a)", "(b)-(d) [Reserved]", "(e)(1) Standard", after the start
# of the text or the end of a sentence/list item
_CFR_BREAK = r"(?:^|(?<=[.:;\]]\s))"
# the opening parenthesis may be lost in the PDF's text layer ("b) Implementation specifications: ..."): a
# label is still the expected next letter at a sentence start
_CFR_LETTER = r"\(?(?P<first>[a-z])\)(?:-\((?P<last>[a-z])\))?"
_CFR_PARAGRAPH = re.compile(_CFR_BREAK + _CFR_LETTER)


def section_paragraphs(section: Node) -> list[Node]:
    """Split a PDF section ("§ 164.502") into its top-level paragraphs "§ 164.502(a)", "(b)", ...: a label counts
    only when it is the next letter after the previous one (or a range "(b)-(d)") and starts a sentence, so that
    "(i)" inside paragraph (h) is not taken for paragraph (i) unless it follows (h) at a sentence start."""
    text = section.text
    cuts: list[tuple[int, str]] = []
    expect = "a"
    for m in _CFR_PARAGRAPH.finditer(text):
        if m.group("first") != expect:
            continue
        cuts.append((m.start(), m.group("first")))
        expect = chr(ord(m.group("last") or m.group("first")) + 1)
    if not cuts:
        return [section]
    out = []
    if text[:cuts[0][0]].strip():
        out.append(Node("section", section.label, section.locator, text=text[:cuts[0][0]].strip(),
                        heading=section.heading))
    for (start, label), nxt in zip(cuts, cuts[1:] + [(len(text), "")]):
        out.append(Node("section", f"({label})", f"{section.locator}({label})", text=text[start:nxt[0]].strip(),
                        heading=section.heading))
    return out


__all__ = ["parse_pdf", "section_paragraphs", "section_divisions", "division_label", "CFR_HEADING"]
