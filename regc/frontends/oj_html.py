"""Official Journal HTML front-end (``oj-html``): the activities an act of the OJ prints in full.

Amending delegated acts (2022/1214, 2023/2485) insert whole Sections into the annexes of 2021/2139; the OJ
prints them with ``oj-*`` classes:

- ``p.oj-doc-ti`` "ANNEX I" opens an annex (its activities share one objective);
- ``p.oj-ti-grseq-1`` "‘4.26.   Name" opens an activity (amendment quotes ‘ “ are dropped), and the same class
  carries "Description of the activity" / "Technical screening criteria";
- the criteria are a ``table.oj-table`` with the same rows as the consolidated text (row heading "Substantial
  contribution to …", "Do no significant harm", "(2) Climate change adaptation" | criteria);
- labelled items are two-column layout tables: ``<td><p>(a)</p></td><td><p>text</p>…</td>``;
- footnotes are either act-level (``<a href="#ntr3-…">(3)</a>`` -> ``p.oj-note``) or in-table notes
  (``<span class="oj-super">*1</span>`` -> a layout row "*1" | body after the criteria table).

The objective of an annex is read from its criteria tables' "Substantial contribution to <objective>" rows
(majority), else from "In Annex I/II to Delegated Regulation (EU) 2021/2139" (I = CCM, II = CCA) or
2023/2486 (I–IV = WTR, CE, PPC, BIO).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Optional

from lxml import etree

from regc.frontends import _html
from regc.frontends._html import HtmlDoc, classes, inline_segments, local
from regc.frontends.eurlex_xhtml import (
    _BLOCK_TAGS, _ActivityBuilder, _has_block_child, _segments_to_blocks, _style, flatten_children)
from regc.frontends.objectives import classify_row_heading
from regc.frontends.text import normalise_ws, strip_closing_amendment_quote
from regc.ir.doc import ActDoc, Block, FootnoteBody, FrontEndError

FORMAT = "oj-html"

_QUOTES = "‘’“”'\"„"
_SECTION = re.compile(r"^\s*[‘“'\"]?\s*(\d+(?:\.\d+)*)\.?\s+(.*)$", re.S)
_PART_HEADING = re.compile(r"^(description of the activit|technical screening criteria)", re.I)
_LABEL_CELL = re.compile(
    r"^[‘“'\"]?(\d+(?:\.\d+)*\.?|\((?:[a-z]{1,2}|[ivxlc]+|\d{1,3})\)|[a-z]\)|[—–\-•▪·]|\*\d{1,3}\.?)[’”]?$")
_ANNEX = re.compile(r"^annex\s+([ivxlc]+)\b", re.I)
_AMENDED_ANNEX = re.compile(
    r"annex\s+([ivxlc]+)\s+to\s+(?:commission\s+)?delegated\s+regulation\s+\(eu\)\s+(\d{4})/(\d+)", re.I)
_KNOWN_ANNEXES = {  # annex objectives of the acts that OJ amendments insert activities into
    ("2021", "2139"): {"I": "CCM", "II": "CCA"},
    ("2023", "2486"): {"I": "WTR", "II": "CE", "III": "PPC", "IV": "BIO"},
}
_CELEX_TITLE = re.compile(r"(?:regulation|directive|decision)\s+\((?:eu|ec|euratom)\)\s+(?:no\s+)?(\d{4})/(\d+)", re.I)


def _close_quote(b: Block) -> Block:
    b.text = strip_closing_amendment_quote(b.text)
    return b


def _label_of(cell: etree._Element) -> Optional[str]:
    t = normalise_ws(_raw_text(cell))
    if not t or len(t) > 12:
        return None
    if not _LABEL_CELL.match(t):
        return None
    lab = t.strip(_QUOTES).rstrip("’”")
    return lab.rstrip(".") if lab.startswith("*") else lab


def _raw_text(el: etree._Element) -> str:
    return "".join(t for t in el.itertext())


def is_criteria_table(el: etree._Element) -> bool:
    """A criteria table: ``table.oj-table`` with a row-heading cell ("Substantial contribution to …")."""
    if local(el.tag) != "table" or "oj-table" not in classes(el):
        return False
    for td in el.iter():
        if local(td.tag) == "td" and len(_raw_text(td)) < 300 and classify_row_heading(_html.plain_text(td)):
            return True
    return False


def oj_blocks(doc: HtmlDoc, el: etree._Element, depth: int, sink: dict[str, FootnoteBody],
              deferred: Optional[list] = None) -> list[Block]:
    """Flatten OJ content: paragraphs are blocks; layout tables ``label | content`` put the label on the first
    block of their content (nested one level deeper); in-table notes ("*1" | body) go to ``sink``.  When
    ``deferred`` is a list, criteria tables nested in the content are not flattened but appended to it (the OJ
    nests the "Additional criteria" table of the nuclear activities inside the last general criterion)."""
    def on_block(child: etree._Element, name: str) -> list[Block]:
        if name == "table" and deferred is not None and is_criteria_table(child):
            deferred.append(child)
            return []
        if name == "table":
            return _table_blocks(doc, child, depth, sink, deferred)
        if name in {"div", "ul", "ol", "tbody", "li"} and _has_block_child(child):
            return oj_blocks(doc, child, depth + (name in {"ul", "ol"}), sink, deferred)
        return _segments_to_blocks(doc, child, depth, _style(child))

    out = flatten_children(doc, el, depth, on_block)
    return [_close_quote(b) for b in out]


def _rows(table: etree._Element) -> list[etree._Element]:
    rows = []
    for r in table.iter():
        if local(r.tag) != "tr":
            continue
        p = r.getparent()
        while p is not None and local(p.tag) != "table":
            p = p.getparent()
        if p is table:
            rows.append(r)
    return rows


def _table_blocks(doc: HtmlDoc, table: etree._Element, depth: int, sink: dict[str, FootnoteBody],
                  deferred: Optional[list] = None) -> list[Block]:
    out: list[Block] = []
    for row in _rows(table):
        cells = [c for c in row if local(c.tag) in {"td", "th"}]
        if len(cells) > 2:  # layout tables indent with empty leading cells
            cells = [c for c in cells if _raw_text(c).strip() or len(c)]
        label = _label_of(cells[0]) if len(cells) == 2 else None
        if label is not None:
            if label.startswith("*"):
                text = " ".join(s.text for s in inline_segments(cells[1]) if s.text)
                sink.setdefault(label, FootnoteBody(marker=label, text=text, span=doc.span(row)))
                continue
            sub = oj_blocks(doc, cells[1], depth + 1, sink, deferred)
            if sub and sub[0].label is None:
                sub[0].label = label
                sub[0].depth = depth
            else:
                sub.insert(0, Block(label=label, text="", depth=depth, span=doc.span(cells[0]), style="label"))
            out.extend(sub)
        else:
            for cell in cells:
                out.extend(oj_blocks(doc, cell, depth + (len(cells) > 1), sink, deferred))
    return out


class _OjActivityBuilder(_ActivityBuilder):
    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.star_notes: dict[str, FootnoteBody] = {}

    def element_blocks(self, el: etree._Element, deferred: Optional[list] = None) -> list[Block]:
        if local(el.tag) == "table":
            return [_close_quote(b) for b in _table_blocks(self.doc, el, 0, self.star_notes, deferred)]
        if any(local(d.tag) in _BLOCK_TAGS for d in el.iterdescendants()):
            return oj_blocks(self.doc, el, 0, self.star_notes, deferred)
        return [_close_quote(b) for b in _segments_to_blocks(self.doc, el, 0, _style(el))]

    def add_general(self, el: etree._Element) -> None:
        """General criteria (outside the criteria table); a criteria table nested in them is read after them."""
        unit = self.general
        assert unit is not None
        self.note_targets(el)
        deferred: list = []
        unit.blocks.extend(self.element_blocks(el, deferred))
        for t in deferred:
            self.add_table(t)

    def cell_blocks(self, cell: etree._Element, notes: set) -> list[Block]:
        return oj_blocks(self.doc, cell, 0, self.star_notes)

    def absorb_notes(self, el: etree._Element) -> bool:
        """A layout table of in-table notes ("*1" | body) after the criteria table: keep the bodies."""
        if local(el.tag) != "table":
            return False
        rows = _rows(el)
        labels = [(_label_of(c[0]) if len(c) == 2 else None) for c in
                  ([x for x in r if local(x.tag) in {"td", "th"}] for r in rows)]
        if not rows or not all(lab and lab.startswith("*") for lab in labels):
            return False
        _table_blocks(self.doc, el, 0, self.star_notes)
        return True

    def finish(self, doc_notes):
        for mk, body in self.star_notes.items():
            self.act.footnotes.setdefault(mk, body)
        return super().finish(doc_notes)


def oj_document_footnotes(doc: HtmlDoc) -> dict[str, FootnoteBody]:
    """Act-level notes ``<p class="oj-note"><a id="ntr3-…" href="#ntc3-…">(3)</a> body</p>`` by anchor id."""
    out: dict[str, FootnoteBody] = {}
    for p in doc.root.iter():
        if local(p.tag) != "p" or "oj-note" not in classes(p):
            continue
        a = next((x for x in p.iter() if local(x.tag) == "a" and x.get("id")), None)
        if a is None:
            continue
        m = _html._NOTE_MARK.match(_raw_text(a))
        if not m:
            continue
        segs = inline_segments(p, skip={a})
        text = re.sub(r"^\(\s*\)\s*", "", " ".join(s.text for s in segs if s.text)).strip()
        out[a.get("id")] = FootnoteBody(marker=m.group(1), text=text, span=doc.span(p))
    return out


def _identity(doc: HtmlDoc, path: Path) -> tuple[str, Optional[str], str]:
    titles = [normalise_ws(_raw_text(p)) for p in doc.root.iter()
              if local(p.tag) == "p" and "oj-doc-ti" in classes(p)][:4]
    title = " ".join(titles)
    celex = version = None
    m = _CELEX_TITLE.search(title)
    if m:
        kind = title[: m.start() + 30].lower()
        letter = "L" if "directive" in kind else "D" if "decision" in kind else "R"
        celex = f"3{m.group(1)}{letter}{int(m.group(2)):04d}"
    parts = path.resolve().parts
    if len(parts) >= 3 and re.fullmatch(r"3\d{4}[a-z]\d{4}", parts[-3], re.I):
        celex = parts[-3].upper()
    if len(parts) >= 2 and re.fullmatch(r"\d{4}-\d{2}-\d{2}", parts[-2]):
        version = parts[-2]
    return celex or "", version, title


def parse_oj_html(path: str | Path, doc: Optional[HtmlDoc] = None) -> ActDoc:
    """Parse an Official Journal act into an :class:`ActDoc` holding the activities it prints in full."""
    path = Path(path)
    if doc is None:
        doc = _html.parse_html_text(_html.read_text(path), str(path))
    celex, version, title = _identity(doc, path)
    body = next((e for e in doc.root.iter() if local(e.tag) == "body"), doc.root)
    walker = _OjWalker(doc)
    walker.walk(body)
    doc_notes = oj_document_footnotes(doc)
    _share_star_notes(walker.annexes)
    activities = _finish_activities(doc, walker.annexes, doc_notes)
    if not activities:
        raise FrontEndError(doc.file, "no activities recognised (no annex Section heading 'oj-ti-grseq-1' followed by "
                            "a criteria table 'oj-table' with 'Substantial contribution' rows)", doc.path(body))
    seen: set[str] = set()
    for a in activities:
        if a.activity_id in seen:
            raise FrontEndError(doc.file, f"activity {a.activity_id} appears twice", a.span.path if a.span else None)
        seen.add(a.activity_id)
    return ActDoc(celex=celex, version=version, format=FORMAT, file=str(path), title=title, activities=activities)


class _OjWalker:
    """The document walk of :func:`parse_oj_html`: annexes (``{"name", "roman", "amended": (year, num, roman) |
    None, "builders": [...]}``) and, inside them, one activity builder per Section heading."""

    def __init__(self, doc: HtmlDoc) -> None:
        self.doc = doc
        self.annexes: list[dict] = []
        self.annex: Optional[dict] = None
        self.builder: Optional[_OjActivityBuilder] = None
        self.mode: Optional[str] = None
        self.owner: Optional[etree._Element] = None

    def close(self) -> None:
        """End the open activity."""
        self.builder = None
        self.mode = None
        self.owner = None

    def open_activity(self, el: etree._Element, section: str, name_: str) -> None:
        """Start an activity at its Section heading ``el``; it ends with the element that holds the heading."""
        b = _OjActivityBuilder(self.doc, "?", section, name_, self.doc.span(el))
        b.owner = el.getparent()
        self.annex["builders"].append(b)
        self.builder = b
        self.mode = "name"
        self.owner = el.getparent()

    def walk(self, el: etree._Element) -> None:
        """Visit children; an activity ends with the element that holds its heading (an amendment point)."""
        for c in el:
            container = local(c.tag) in {"div", "td", "tbody", "tr", "table", "section"}
            if container and (self.builder is None or _contains_heading(c)):
                self.close()
                self.walk(c)
            else:
                self.visit(c)
        if self.owner is el:
            self.close()

    def visit(self, el: etree._Element) -> None:
        """One element: an annex title, the amended annex's identity, a Section or part heading, or content."""
        name = local(el.tag)
        if not name or name in _html._SKIP_TAGS:
            return
        cls = classes(el)
        text_cache: list[str] = []

        def text() -> str:
            if not text_cache:
                text_cache.append(_html.plain_text(el))
            return text_cache[0]

        if "oj-doc-ti" in cls and "oj-quotation-ti" not in cls:
            m = _ANNEX.match(text())
            if m:
                self.close()
                self.annex = {"name": m.group(0), "roman": m.group(1).upper(), "amended": None, "builders": []}
                self.annexes.append(self.annex)
            return
        annex = self.annex
        if annex is not None and annex["amended"] is None and name == "p":
            am = _AMENDED_ANNEX.search(text()) if "annex" in text().lower() else None
            if am:
                annex["amended"] = (am.group(2), am.group(3), am.group(1).upper())
        if "oj-ti-grseq-1" in cls:
            self.heading(el, text())
            return
        if self.builder is None:
            self.walk(el)
            return
        self.content(el, name)

    def heading(self, el: etree._Element, t: str) -> None:
        """A part heading switches the open activity's mode; a Section heading starts a new activity."""
        if _PART_HEADING.match(t):
            if self.builder is not None:
                self.mode = "description" if t.lower().startswith("description") else "criteria"
            return
        m = _SECTION.match(t)
        self.close()
        if m and self.annex is not None and re.search(r"[a-z]", m.group(2)):
            self.open_activity(el, m.group(1), normalise_ws(m.group(2)).strip(_QUOTES))

    def content(self, el: etree._Element, name: str) -> None:
        """An element of the open activity: criteria table, notes table, description or general criteria."""
        b, mode = self.builder, self.mode
        if name == "table":
            if is_criteria_table(el):
                b.add_table(el)
                self.mode = "after"
            elif b.absorb_notes(el):
                pass
            elif mode in {"description", "name"}:
                b.add_description(el)
            elif mode == "criteria" and b.general is not None:
                b.add_general(el)
            elif mode == "after" and b.general is not None:
                b.add_general(el)
            return
        if mode in {"description", "name"}:  # text before "Description of the activity" too
            if any(True for _ in inline_segments(el)):
                b.add_description(el)
        elif mode in {"criteria", "after"} and b.general is not None:
            if any(True for _ in inline_segments(el)):
                b.add_general(el)


def _share_star_notes(annexes: list[dict]) -> None:
    """In-table notes ("*1") are numbered through one amendment point and printed after its last activity:
    each activity gets the ones it cites; notes no activity cites stay with the activity they follow."""
    for annex in annexes:
        groups: dict[int, list[_OjActivityBuilder]] = {}
        for b in annex["builders"]:
            groups.setdefault(id(b.owner), []).append(b)
        for group in groups.values():
            pool: dict[str, FootnoteBody] = {}
            for b in group:
                pool.update(b.star_notes)
            cited = {b: _used(b) for b in group}
            all_cited = set().union(*cited.values())
            for b in group:
                orphans = {m: n for m, n in b.star_notes.items() if m not in all_cited}
                b.star_notes = {**{m: pool[m] for m in sorted(cited[b]) if m in pool}, **orphans}


def _finish_activities(doc: HtmlDoc, annexes: list[dict], doc_notes: dict[str, FootnoteBody]) -> list:
    """The built activities of each annex, with the annex's objective (voted by row headings, else known for the
    amended annex) and ids ``<objective>-<section>``."""
    activities = []
    for annex in annexes:
        built = [b for b in annex["builders"] if b.table_seen and b.act.units]
        if not built:
            continue
        votes = Counter(
            rh.objective for b in built for u in b.act.units if u.part == "SC"
            for rh in [classify_row_heading(u.heading)] if rh is not None and rh.objective)
        obj = votes.most_common(1)[0][0] if votes else None
        if obj is None and annex["amended"]:
            y, n, roman = annex["amended"]
            obj = _KNOWN_ANNEXES.get((y, n), {}).get(roman)
        if obj is None:
            raise FrontEndError(doc.file, f"cannot tell the objective of the activities in {annex['name']}",
                                built[0].act.span.path if built[0].act.span else None)
        for b in built:
            b.act.objective = obj
            b.act.activity_id = f"{obj}-{b.act.section}"
            activities.append(b.finish(doc_notes))
    return activities


def _used(b: _OjActivityBuilder) -> set[str]:
    return {m for u in b.act.units for x in u.blocks for m in x.markers} | {m for x in b.act.description
                                                                          for m in x.markers}


def _contains_heading(el: etree._Element) -> bool:
    for d in el.iter():
        if local(d.tag) == "p" and "oj-ti-grseq-1" in classes(d):
            t = _html.plain_text(d)
            if _SECTION.match(t) and not _PART_HEADING.match(t):
                return True
    return False
