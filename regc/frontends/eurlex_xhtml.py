"""EUR-Lex consolidated XHTML front-end (``eurlex-xhtml``): activities, criteria units, blocks, footnotes.

Layout of a consolidated Taxonomy act (e.g. 02021R2139-20260101):

- ``p.title-annex-1`` "ANNEX I" followed by ``p.title-annex-2`` "… contributing substantially to climate change
  mitigation …" sets the objective (CCM); "Appendix A" … switches activity collection off.
- ``p.title-gr-seq-level-2`` "4.29.   Electricity generation from fossil gaseous fuels" opens an activity;
  ``p.title-gr-seq-level-3`` "Description of the activity" / "Technical screening criteria" delimit its parts.
- One ``<table>`` per activity: colspan row "Substantial contribution to …" (unit ``SC``), its criteria row, a
  "Do no significant harm (‘DNSH’)" row, two-cell rows "(2) Climate change adaptation" | criteria
  (``DNSH-CCA``), and footnote rows (``<a id="E0225">(<sup>1</sup>)</a>`` + body).

>>> from regc.retrieval.locate import corpus_root
>>> root = corpus_root()
>>> act = parse_eurlex_xhtml(root / "eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml")  # doctest: +SKIP
>>> act.activity("CCM-4.29").units[0].blocks[0].label  # doctest: +SKIP
'1.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Callable, Collection, Optional

from lxml import etree

from regc.frontends import _html
from regc.frontends._html import HtmlDoc, classes, inline_segments, local
from regc.frontends.objectives import annex_objective, classify_row_heading
from regc.frontends.text import ROW_START, is_not_applicable, normalise_ws, split_label
from regc.ir.doc import ActDoc, ActivityDoc, Block, FootnoteBody, FrontEndError, UnitDoc

FORMAT = "eurlex-xhtml"
_DEBUG_DROPPED: Optional[list] = None  # tests/tools set a list here to see text that is not put anywhere

_BLOCK_TAGS = {"p", "div", "table", "ul", "ol", "li", "dl", "dt", "dd", "tr", "td", "th", "tbody", "thead",
               "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section"}
_SECTION = re.compile(r"^\s*(\d+(?:\.\d+)*)\.?\s+(.*)$", re.S)
_PART_HEADING = re.compile(r"^(description of the activit|technical screening criteria)", re.I)
_CELEX_IN_TITLE = re.compile(r"\b([0-9])(\d{4})([A-Z]{1,2})(\d{4})\b")
_DATE_IN_TITLE = re.compile(r"\b(\d{2})\.(\d{2})\.(\d{4})\b")
_ANNEX = re.compile(r"^annex\s+([ivxlc]+|\d+)\b", re.I)
_APPENDIX_LETTER = re.compile(r"^appendix\s+([A-Z])\b", re.I)


# --------------------------------------------------------------------------- blocks


def _has_block_child(el: etree._Element) -> bool:
    for d in el.iterdescendants():
        if local(d.tag) in _BLOCK_TAGS:
            return True
    return False


def _segments_to_blocks(doc: HtmlDoc, el: etree._Element, depth: int, style: Optional[str],
                        label: Optional[str] = None) -> list[Block]:
    out: list[Block] = []
    span = doc.span(el)
    for i, seg in enumerate(inline_segments(el)):
        lab, txt = split_label(seg.text)
        if label is not None and i == 0 and lab is None:
            lab = label
        if not txt and lab is None and not seg.markers:
            continue
        out.append(Block(label=lab, text=txt, markers=seg.markers, depth=depth, span=doc.segment_span(el, seg),
                         style=style))
    if label is not None and not out:
        out.append(Block(label=label, text="", depth=depth, span=span, style=style))
    return out


def _style(el: etree._Element) -> str:
    cls = el.get("class")
    return cls.split()[0] if cls else local(el.tag)


def flatten_children(doc: HtmlDoc, el: etree._Element, depth: int,
                     on_block: Callable[[etree._Element, str], list[Block]],
                     skip: Callable[[etree._Element], bool] = lambda child: False) -> list[Block]:
    """Walk ``el``'s children in order: loose inline content between block children becomes blocks of its own
    (one per ``<br/>`` segment, spanned on ``el``); each block child is handed to ``on_block(child, tag)``, the
    format-specific part shared by the XHTML and OJ readers."""
    out: list[Block] = []
    run: list[object] = []  # loose inline content between block children

    def flush() -> None:
        if not run:
            return
        for b in _segments_to_blocks(doc, _html.wrap_inline_run(run), depth, local(el.tag)):
            b.span = doc.span(el)
            out.append(b)
        run.clear()

    if el.text and el.text.strip():
        run.append(el.text)
    for child in el:
        name = local(child.tag)
        if not name or name in _html._SKIP_TAGS or skip(child):
            pass
        elif name not in _BLOCK_TAGS:
            run.append(child)
        else:
            flush()
            out.extend(on_block(child, name))
        if child.tail and child.tail.strip():
            run.append(child.tail)
    flush()
    return out


def container_blocks(doc: HtmlDoc, el: etree._Element, depth: int = 0, notes: Optional[set] = None) -> list[Block]:
    """Flatten a table cell / division into blocks: one per ``<p>`` or ``<br/>`` segment; ``grid-list`` items put
    their label column on the first block of their text column (depth + 1 per list level); nested tables give one
    block run per cell.  Footnote-body divisions (``notes``) are skipped."""

    def on_block(child: etree._Element, name: str) -> list[Block]:
        if name == "div" and "grid-list" in classes(child):
            return _grid_item(doc, child, depth, notes)
        if name == "table":
            return [b for row in (r for r in child.iter() if local(r.tag) == "tr")
                    for cell in (c for c in row if local(c.tag) in {"td", "th"})
                    for b in container_blocks(doc, cell, depth + 1, notes)]
        if name in {"ul", "ol"}:
            return container_blocks(doc, child, depth + 1, notes)
        if _has_block_child(child):
            return container_blocks(doc, child, depth, notes)
        return _segments_to_blocks(doc, child, depth, _style(child))

    return flatten_children(doc, el, depth, on_block, skip=lambda child: bool(notes) and child in notes)


def _grid_item(doc: HtmlDoc, grid: etree._Element, depth: int, notes: Optional[set]) -> list[Block]:
    label_col = text_col = None
    for c in grid:
        cls = classes(c)
        if "grid-list-column-1" in cls:
            label_col = c
        elif "grid-list-column-2" in cls:
            text_col = c
    label = normalise_ws(_html.plain_text(label_col)) if label_col is not None else ""
    body = container_blocks(doc, text_col, depth + 1, notes) if text_col is not None else []
    if label:
        if body and body[0].label is None:
            body[0].label = label
        elif not body:
            body = [Block(label=label, text="", depth=depth, span=doc.span(grid), style="grid-list")]
        else:
            body.insert(0, Block(label=label, text="", depth=depth, span=doc.span(grid), style="grid-list"))
    if body:
        body[0].depth = depth
    return body


# --------------------------------------------------------------------------- footnotes


def footnote_anchor(a: etree._Element) -> Optional[str]:
    """The printed marker of a footnote-body anchor (``<a id="E0225">(<sup>1</sup>)</a>``), else None."""
    if local(a.tag) != "a" or not a.get("id"):
        return None
    href = a.get("href") or ""
    if href and not href.startswith("#src"):
        return None
    m = _html._NOTE_MARK.match("".join(a.itertext()))
    return m.group(1) if m else None


def _footnote_anchors(el: etree._Element):
    """(anchor, printed marker) for every footnote-body anchor ``<a id="E0225">(1)</a>`` below ``el``."""
    for a in el.iter():
        if local(a.tag) == "a":
            mk = footnote_anchor(a)
            if mk is not None:
                yield a, mk


def _note_divs(cell: etree._Element) -> list[tuple[etree._Element, etree._Element, str]]:
    """(container, anchor, marker) for each footnote body in a table cell."""
    out = []
    for a, mk in _footnote_anchors(cell):
        box = a.getparent()
        if box is None or box is cell:
            box = a
        out.append((box, a, mk))
    return out


def _note_text(box: etree._Element, anchor: etree._Element) -> str:
    skip = {anchor}
    segs = inline_segments(box, split_br=True, skip=skip)
    txt = " ".join(s.text for s in segs if s.text)
    return re.sub(r"^\(\s*\)\s*", "", txt).strip()


class DocumentFootnotes(Mapping[str, FootnoteBody]):
    """Footnote bodies anywhere in the document, by anchor id (``E0225`` -> body printed as "1").

    The anchors are indexed at once; a body is read on its first lookup (then kept: one object per id), because
    an act cites few of them through this map (2021/2139: 95 of 1,143 bodies, none under ``--only CCM-4.29``).
    Equal to reading every body up front: same ids (the last anchor of a repeated id), same bodies.
    """

    def __init__(self, doc: HtmlDoc) -> None:
        self._doc = doc
        self._anchors: dict[str, tuple[etree._Element, etree._Element, str]] = {}
        for a, mk in _footnote_anchors(doc.root):
            box = a.getparent()
            if box is not None:
                self._anchors[a.get("id")] = (box, a, mk)
        self._bodies: dict[str, FootnoteBody] = {}

    def __getitem__(self, anchor_id: str) -> FootnoteBody:
        body = self._bodies.get(anchor_id)
        if body is None:
            box, a, mk = self._anchors[anchor_id]
            body = self._bodies[anchor_id] = FootnoteBody(marker=mk, text=_note_text(box, a),
                                                          span=self._doc.span(box))
        return body

    def __contains__(self, anchor_id: object) -> bool:
        return anchor_id in self._anchors

    def __iter__(self):
        return iter(self._anchors)

    def __len__(self) -> int:
        return len(self._anchors)


def document_footnotes(doc: HtmlDoc) -> DocumentFootnotes:
    """Footnote bodies anywhere in the document, by anchor id (a mapping that reads each body when asked)."""
    return DocumentFootnotes(doc)


# --------------------------------------------------------------------------- criteria table


class _ActivityBuilder:
    def __init__(self, doc: HtmlDoc, objective: str, section: str, name: str, span) -> None:
        self.doc = doc
        self.act = ActivityDoc(activity_id=f"{objective}-{section}", objective=objective, section=section,
                               name=name, span=span)
        self.targets: dict[str, str] = {}  # marker -> anchor id
        self.table_seen = False
        self.general: Optional[UnitDoc] = None  # SC unit collecting "General criteria" printed outside the table
        self.description_targets: dict[str, str] = {}  # description marker -> anchor id
        self.table_notes: dict[str, FootnoteBody] = {}  # anchor id -> body, for notes printed in the table

    def element_blocks(self, el: etree._Element) -> list[Block]:
        """Blocks of one element met outside the criteria table (a paragraph, a grid list, a division)."""
        if local(el.tag) == "div" and "grid-list" in classes(el):
            return _grid_item(self.doc, el, 0, None)
        if _has_block_child(el):
            return container_blocks(self.doc, el, 0)
        return _segments_to_blocks(self.doc, el, 0, _style(el))

    def cell_blocks(self, cell: etree._Element, notes: set) -> list[Block]:
        """Blocks of one criteria-table cell."""
        return container_blocks(self.doc, cell, 0, notes)

    def add_general(self, el: etree._Element) -> None:
        """Criteria printed between a "General criteria pertaining to …" table and the next table."""
        assert self.general is not None
        self.note_targets(el)
        self.general.blocks.extend(self.element_blocks(el))

    def note_targets(self, el: etree._Element) -> None:
        for a in el.iter():
            if local(a.tag) == "a":
                nm = _html.note_marker(a)
                if nm:
                    self.targets.setdefault(nm[0], nm[1])

    def add_table(self, table: etree._Element) -> None:
        """Read a criteria table row by row (nested tables are criteria content, not rows)."""
        self.table_seen = True
        unit: Optional[UnitDoc] = None
        headed = False
        row_start = False
        self.general = None
        rows = [r for r in table.iter() if local(r.tag) == "tr" and _owner_table(r) is table]
        for row in rows:
            cells = [c for c in row if local(c.tag) in {"td", "th"}]
            if not cells:
                continue
            notes: set = set()
            for cell in cells:
                for box, a, mk in _note_divs(cell):
                    body = FootnoteBody(marker=mk, text=_note_text(box, a), span=self.doc.span(box))
                    self.act.footnotes.setdefault(mk, body)
                    self.targets.setdefault(mk, a.get("id"))
                    self.table_notes[a.get("id")] = body
                    notes.add(box)
            head_text = _html.plain_text(cells[0])
            rh = classify_row_heading(head_text) if not notes else None
            if rh is not None and (len(cells) == 1 or rh.kind == "dnsh-objective"):
                headed = True
                if rh.kind == "dnsh-header":
                    unit = None
                    continue
                existing = next((u for u in self.act.units if u.part == rh.part), None)
                if existing is not None and rh.part == "SC":  # "Additional criteria …" after "General criteria …"
                    unit = existing
                    row_start = bool(existing.blocks)  # its first block opens a new run of criteria
                else:
                    unit = UnitDoc(part=rh.part, heading=head_text, span=self.doc.span(row))
                    self.act.units.append(unit)
                if rh.kind == "general":
                    self.general = unit
                content = cells[1:] if len(cells) > 1 else []
            else:
                content = cells
                if unit is None and not self.act.units and not headed:
                    # criteria before any row heading: the source dropped the "Substantial contribution" row
                    # (e.g. CCA-4.20 in the 2023-01-01 consolidation); the first criteria of a table are SC
                    unit = UnitDoc(part="SC", heading="", span=self.doc.span(row))
                    self.act.units.append(unit)
            if rh is not None:
                headed = True
            if unit is None:
                continue
            for cell in content:
                self.note_targets(cell)
                blocks = self.cell_blocks(cell, notes)
                only = blocks[0] if len(blocks) == 1 else None
                if only is not None and not unit.blocks and only.label is None and is_not_applicable(only.text):
                    unit.not_applicable = True
                    continue
                if row_start and blocks:
                    blocks[0] = blocks[0].model_copy(update={"style": ROW_START})
                    row_start = False
                unit.blocks.extend(blocks)

    def add_description(self, el: etree._Element) -> None:
        for a in el.iter():
            if local(a.tag) == "a":
                nm = _html.note_marker(a)
                if nm:
                    self.description_targets.setdefault(nm[0], nm[1])
        self.note_targets(el)
        self.act.description.extend(self.element_blocks(el))

    def finish(self, doc_notes: Mapping[str, FootnoteBody]) -> ActivityDoc:
        for mk, target in self.targets.items():
            if mk not in self.act.footnotes and target in doc_notes:
                self.act.footnotes[mk] = doc_notes[target]
        cited = {m for b in self.act.description for m in b.markers}
        for mk in sorted(cited, key=lambda m: (len(m), m)):
            target = self.description_targets.get(mk)
            body = doc_notes.get(target) if target else None
            if body is None:
                body = self.table_notes.get(target) if target else None
            if body is None and not target:  # in-table notes without a link ("*1")
                body = self.act.footnotes.get(mk)
            if body is not None:
                self.act.description_footnotes[mk] = body
        return self.act


def _owner_table(el: etree._Element) -> Optional[etree._Element]:
    p = el.getparent()
    while p is not None and local(p.tag) != "table":
        p = p.getparent()
    return p


# --------------------------------------------------------------------------- document walk


def _act_identity(doc: HtmlDoc, path: Path) -> tuple[str, Optional[str], str]:
    """(celex, version, title) from ``<title>Consolidated TEXT: 32021R2139 — EN — 01.01.2026</title>`` or the
    corpus path ``works/<celex>/<date>/en.xml``."""
    title_el = next((e for e in doc.root.iter() if local(e.tag) == "title"), None)
    title = normalise_ws("".join(title_el.itertext())) if title_el is not None else ""
    celex = version = None
    m = _CELEX_IN_TITLE.search(title)
    if m:
        celex = "3" + m.group(2) + m.group(3) + m.group(4)
        d = _DATE_IN_TITLE.search(title)
        if d:
            version = f"{d.group(3)}-{d.group(2)}-{d.group(1)}"
    parts = path.resolve().parts
    if celex is None and len(parts) >= 3 and re.fullmatch(r"3\d{4}[a-z]\d{4}", parts[-3], re.I):
        celex = parts[-3].upper()
    if version is None and len(parts) >= 2 and re.fullmatch(r"\d{4}-\d{2}-\d{2}", parts[-2]):
        version = parts[-2]
    return celex or "", version, title


def _heading_text(el: etree._Element) -> str:
    return _html.plain_text(el)


class _SkippedActivity(_ActivityBuilder):
    """An activity the caller did not ask for (``only``): its heading is recognised, its tables are not read."""

    def add_table(self, table: etree._Element) -> None:
        self.table_seen = True

    def add_description(self, el: etree._Element) -> None:
        pass


class _Walker:
    """One pass over the document body: annex titles set the objective, level-2/3 headings open activities and
    their parts, tables and paragraphs go to the open activity (or to the open appendix)."""

    def __init__(self, doc: HtmlDoc, only: Optional[Collection[str]]) -> None:
        self.doc, self.only = doc, only
        self.builders: list[_ActivityBuilder] = []
        self.seen: set[str] = set()
        self.appendices: dict[str, list[Block]] = {}
        self.annex_obj: Optional[str] = None
        self.last_obj: Optional[str] = None
        self.pending_annex = False
        self.builder: Optional[_ActivityBuilder] = None
        self.mode: Optional[str] = None
        self.level1: Optional[etree._Element] = None
        self.appendix: Optional[list[Block]] = None
        self.appendix_owner: Optional[etree._Element] = None

    def close(self) -> None:
        self.builder = None
        self.mode = None

    def open_activity(self, el: etree._Element) -> Optional[_ActivityBuilder]:
        m = _SECTION.match(_heading_text(el))
        if not m:  # an unnumbered heading inside an annex is not an activity (nothing in 2021/2139 has one)
            self.close()
            return None
        section, name_ = m.group(1), normalise_ws(m.group(2))
        aid = f"{self.annex_obj}-{section}"
        if aid in self.seen:
            raise FrontEndError(self.doc.file, f"activity {aid} appears twice", self.doc.path(el))
        self.seen.add(aid)
        kind = _ActivityBuilder if self.only is None or aid in self.only else _SkippedActivity
        b = kind(self.doc, self.annex_obj, section, name_, self.doc.span(el))
        self.builders.append(b)
        self.builder, self.mode, self.level1 = b, "name", None
        return b

    def annex_title(self, el: etree._Element) -> None:
        self.close()
        t = _heading_text(el)
        self.pending_annex = bool(_ANNEX.match(t))
        if self.annex_obj is not None:
            self.last_obj = self.annex_obj
        self.annex_obj, self.level1, self.appendix = None, None, None
        am = _APPENDIX_LETTER.match(t)
        if am and self.last_obj:
            self.appendix = self.appendices.setdefault(f"{self.last_obj}/{am.group(1).upper()}", [])
            self.appendix_owner = el.getparent()

    def heading(self, el: etree._Element, cls: set[str]) -> bool:
        """Annex and sequence headings; True when ``el`` was one."""
        if "title-annex-1" in cls:
            self.annex_title(el)
        elif "title-annex-2" in cls:
            if self.pending_annex:
                self.annex_obj = annex_objective(_heading_text(el))
            elif self.appendix is not None:
                self.appendix.extend(_segments_to_blocks(self.doc, el, 0, "title"))
            self.pending_annex = False
        elif "title-gr-seq-level-1" in cls:
            self.close()
            self.level1 = el
            if self.appendix is not None:
                self.appendix.extend(_segments_to_blocks(self.doc, el, 0, "title"))
        elif "title-gr-seq-level-2" in cls or "title-gr-seq-level-3" in cls:
            self.part_heading(el, "title-gr-seq-level-2" in cls)
        else:
            return False
        return True

    def part_heading(self, el: etree._Element, is_l2: bool) -> None:
        t = _heading_text(el)
        b = self.builder
        if _PART_HEADING.match(t):
            if b is None and self.annex_obj is not None and self.level1 is not None:
                # a level-1 section without sub-sections is itself the activity ("11. Education")
                b = self.open_activity(self.level1)
            if b is not None:
                self.mode = "description" if t.lower().startswith("description") else "criteria"
            return
        if is_l2:
            self.close()
            self.level1 = None
            if self.annex_obj is not None:
                self.open_activity(el)

    def outside_activity(self, el: etree._Element, name: str, cls: set[str]) -> None:
        """Content between activities: appendix text, or a division to walk into."""
        appendix = self.appendix
        if appendix is not None and not any(a is self.appendix_owner for a in el.iterancestors()):
            appendix = self.appendix = None  # the appendix ends with the division that holds it
        if appendix is not None and (name in {"p", "table", "ul", "ol"} or "grid-list" in cls):
            notes = {box for box, _a, _m in _note_divs(el)}  # footnote bodies are not appendix text
            appendix.extend(container_blocks(self.doc, el, 0, notes) if _has_block_child(el) or name == "table"
                            else _segments_to_blocks(self.doc, el, 0, _style(el)))
        elif name in {"div", "body"} or (name not in _BLOCK_TAGS and len(el)):
            for c in el:
                self.visit(c)

    def inside_activity(self, el: etree._Element, name: str, cls: set[str], b: _ActivityBuilder) -> None:
        if name == "table":
            if self.mode == "criteria" or any(
                classify_row_heading(_html.plain_text(td)) for td in el.iter() if local(td.tag) == "td"
            ):
                b.add_table(el)
            elif self.mode == "description":
                b.add_description(el)
            return
        if name == "div" and "grid-list" not in cls and _has_block_child(el):
            for c in el:
                self.visit(c)
            return
        if self.mode == "criteria" and b.general is not None:
            if any(True for _ in _html.inline_segments(el)):
                b.add_general(el)
            return
        if self.mode in {"description", "name"}:  # text before "Description of the activity" is description
            if any(True for _ in _html.inline_segments(el)):
                b.add_description(el)
        elif _DEBUG_DROPPED is not None:
            segs = _html.inline_segments(el)
            if segs:
                _DEBUG_DROPPED.append((b.act.activity_id, self.mode, self.doc.path(el), segs[0].text[:100]))

    def visit(self, el: etree._Element) -> None:
        name = local(el.tag)
        if not name or name in _html._SKIP_TAGS:
            return
        cls = classes(el)
        if "modref" in cls or "arrow" in cls or self.heading(el, cls):
            return
        if self.builder is None:
            self.outside_activity(el, name, cls)
        else:
            self.inside_activity(el, name, cls, self.builder)


def parse_eurlex_xhtml(path: str | Path, doc: Optional[HtmlDoc] = None,
                       only: Optional[Collection[str]] = None) -> ActDoc:
    """Parse a consolidated EUR-Lex XHTML act into an :class:`ActDoc` (all activities of all annexes, or those
    whose ids are in ``only``: the others' tables are not read)."""
    path = Path(path)
    if doc is None:
        doc = _html.parse_html_text(_html.read_text(path), str(path))
    celex, version, title = _act_identity(doc, path)
    body = next((e for e in doc.root.iter() if local(e.tag) == "body"), doc.root)
    walker = _Walker(doc, only)
    for c in body:
        walker.visit(c)
    if not walker.builders:
        raise FrontEndError(doc.file, "no activities recognised (no 'ANNEX' with activity headings "
                            "'title-gr-seq-level-2' followed by a criteria table)", doc.path(body))
    doc_notes = document_footnotes(doc)
    activities = []
    for b in walker.builders:
        if not b.table_seen:
            raise FrontEndError(doc.file, f"activity {b.act.activity_id} has no criteria table",
                                b.act.span.path if b.act.span else None)
        if not isinstance(b, _SkippedActivity):
            activities.append(b.finish(doc_notes))
    return ActDoc(celex=celex, version=version, format=FORMAT, file=str(path), title=title, activities=activities,
                  appendices={k: v for k, v in walker.appendices.items() if v})
