"""Formex 4 XML front-end (consolidated acts from the Publications Office / EUR-Lex ``en.fmx4/`` folders).

Reads a Taxonomy delegated act in Formex into the document tree of :mod:`regc.ir.doc`: every activity
(``GR.SEQ`` titled ``<NO.P>2.1.</NO.P>``) of every technical-screening-criteria annex, its description and its
criteria table split into units (``SC`` row, one ``DNSH-<OBJ>`` row per other objective), each a flat list of
blocks.  A block is one ``<P>``/``<NP>``/list ``<ITEM>`` (or the directly written text of a ``<CELL>``) with its
``<NO.P>`` label split off; a multi-column data row of a table printed inside the criteria (CE-1.2 SC 2.6.4) is
one block, cells joined with `` | `` (see :meth:`_Reader.row_block`).  A one-number section ("11. EDUCATION")
is an activity when it has its own description/criteria sub-sequences; paragraphs printed before an activity's
description (CCM-4.27) belong to its description, as in EUR-Lex XHTML.  Footnotes are ``<NOTE>`` elements numbered continuously through the act: the marker
of a note is its running number (the ``n``-th ``NOTE`` carrying a ``NOTE.ID``), also for the ``NOTE.REF``
references that point back to it.

Parsing is safe: no DTD, no entity expansion, no network; PIs (``<?PAGE?>``, consolidation markers) are ignored.

>>> xml = (b'<CONS.ACT><CONS.DOC><NO.CELEX>32099R0001</NO.CELEX><CONS.ANNEX><TITLE><TI><P>ANNEX I</P>'
...        b'<P>Technical screening criteria ... contributing substantially to pollution prevention and control</P>'
...        b'</TI></TITLE><CONTENTS><GR.SEQ><TITLE><TI><NP><NO.P>1.1.</NO.P><TXT>Making X</TXT></NP></TI></TITLE>'
...        b'<TBL><GR.NOTES><NOTE NOTE.ID="E0001"><P>Note.</P></NOTE></GR.NOTES><CORPUS>'
...        b'<ROW><CELL COL="1" COLSPAN="2">Substantial contribution to pollution prevention and control</CELL></ROW>'
...        b'<ROW><CELL COL="1" COLSPAN="2"><NP><NO.P>1.</NO.P><TXT>CO<HT TYPE="SUB">2</HT>e is low'
...        b'<NOTE NOTE.REF="E0001"/>.</TXT></NP></CELL></ROW></CORPUS></TBL></GR.SEQ></CONTENTS></CONS.ANNEX>'
...        b'</CONS.DOC></CONS.ACT>')
>>> act = parse_formex_bytes(xml, "x.xml")
>>> a = act.activities[0]
>>> a.activity_id, a.name, [u.part for u in a.units]
('PPC-1.1', 'Making X', ['SC'])
>>> b = a.units[0].blocks[0]
>>> b.label, b.text, b.markers, a.footnotes["1"].text
('1.', 'CO2e is low.', ['1'], 'Note.')
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Collection, Iterable, Optional

from lxml import etree

from regc.frontends._html import _index_offsets as index_offsets
from regc.frontends._html import read_bytes
from regc.frontends.objectives import annex_objective, classify_row_heading
from regc.frontends.text import ROW_START, normalise_ws, remove_marker_space
from regc.ir.doc import ActDoc, ActivityDoc, Block, FootnoteBody, FrontEndError, UnitDoc
from regc.ir.models import SourceSpan

FORMAT = "formex"

# Elements that start a block of their own (everything else is inline text).
_BLOCK_TAGS = frozenset({
    "P", "NP", "ITEM", "LIST", "TBL", "CORPUS", "ROW", "CELL", "GR.SEQ", "TITLE", "TI", "STI", "ALINEA",
    "PARAG", "QUOT.S", "GR.NOTES", "CONTENTS", "TOC", "ARTICLE", "DIVISION", "SUBDIV", "GR.TBL", "BLK",
})
_SKIP_TAGS = frozenset({"GR.NOTES", "TOC", "IE", "GR.ANNOTATION", "ANNOTATION"})
_LIST_BULLET = {"DASH": "—", "NDASH": "–", "BULLET": "•", "DOT": "•"}
_SECTION = re.compile(r"^\s*(\d+(?:\.\d+)+)\.?\s*$")
_SECTION_ONE = re.compile(r"^\s*(\d+)\.\s*$")
_NA = re.compile(r"^\s*(n/?a|not applicable)\.?\s*$", re.I)
_CRITERIA_PREFIX = re.compile(r"^\s*(general|additional)\s+criteria\s+pertaining\s+to\s+", re.I)


TITLE_STYLE = "TITLE"  # Block.style of a GR.SEQ title inside the criteria


def parser() -> etree.XMLParser:
    """An lxml parser that never loads a DTD, expands entities or touches the network."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                           huge_tree=False, recover=False, remove_comments=True)




def main_xml(path: str | Path) -> Path:
    """The act file of a Formex folder (``en.fmx4/``): the ``*.xml`` that is not a ``.doc.xml`` descriptor.

    A file path is returned unchanged.  With several candidates the largest is the act body."""
    p = Path(path)
    if p.is_dir():
        cands = [c for c in p.glob("*.xml") if not c.name.endswith(".doc.xml") and c.is_file()]
        if not cands:
            raise FrontEndError(str(p), "no Formex act file (*.xml other than *.doc.xml) in folder")
        return max(cands, key=lambda c: (c.stat().st_size, c.name))
    return p


def looks_like_formex(path: str | Path) -> bool:
    """Cheap sniff for format detection: a ``*.fmx4`` folder or an XML file whose root is a Formex act."""
    p = Path(path)
    try:
        if p.is_dir():
            p = main_xml(p)
        with open(p, "rb") as fh:
            head = fh.read(4096)
    except (OSError, FrontEndError):
        return False
    m = re.search(rb"<([A-Z][A-Z.]*)[\s>/]", head)
    return bool(m) and m.group(1) in (b"CONS.ACT", b"ACT", b"FMX", b"DOC")


def load_formex(path: str | Path, only: Optional[Collection[str]] = None) -> ActDoc:
    """Parse a Formex act (file or ``en.fmx4/`` folder) into an :class:`ActDoc` (only the activities whose ids
    are in ``only``, when given: the others are not read)."""
    p = main_xml(path)
    return parse_formex_bytes(read_bytes(p), str(p), only)


def parse_formex_bytes(data: bytes, file: str, only: Optional[Collection[str]] = None) -> ActDoc:
    if not data.strip():
        raise FrontEndError(file, "empty document", "line 1")
    try:
        root = etree.fromstring(data, parser())
    except etree.XMLSyntaxError as e:
        line, col = e.position if e.position else (e.lineno or 0, 0)
        msg = re.sub(r",?\s*line \d+.*$", "", e.msg or str(e)).strip()
        raise FrontEndError(file, f"malformed XML: {msg}", f"line {line}, column {col}") from None
    if root is None or not isinstance(root.tag, str):
        raise FrontEndError(file, "no document element", "line 1")
    if root.tag not in ("CONS.ACT", "ACT"):
        raise FrontEndError(file, f"not a Formex act (root element <{root.tag}>)", f"/{root.tag}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:  # another declared encoding: spans carry element paths only
        text = None
    return _Reader(root, file, text, only).read()


def group_digits(number: str) -> str:
    """Print a Formex ``<FT TYPE="NUMBER">`` as the Official Journal does: digits in groups of three separated by
    a space (``5000`` -> ``5 000``, ``100000`` -> ``100 000``); anything not a plain number is left alone.

    >>> group_digits("5000"), group_digits("100000"), group_digits("999"), group_digits("12345,5"), group_digits("x1")
    ('5 000', '100 000', '999', '12 345,5', 'x1')
    """
    m = re.fullmatch(r"\s*(\d{4,})((?:[.,]\d+)?)\s*", number)
    if not m:
        return number
    digits = m.group(1)
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return " ".join(groups) + m.group(2)


def _is_list_wrapper(el: etree._Element) -> bool:
    """``<P><LIST>…</LIST></P>`` with no text of its own."""
    if el.tag != "P" or (el.text or "").strip():
        return False
    kids = [c for c in el if isinstance(c.tag, str)]
    return bool(kids) and all(c.tag == "LIST" and not (c.tail or "").strip() for c in kids)


# --------------------------------------------------------------------------------------------------------------
@dataclass
class _Buf:
    parts: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)

    def text(self) -> str:
        return remove_marker_space("".join(self.parts))


class _Reader:
    def __init__(self, root: etree._Element, file: str, text: Optional[str] = None,
                 only: Optional[Collection[str]] = None):
        self.root = root
        self.only = only
        self.file = file
        self.tree = root.getroottree()
        # character offsets (start of the start tag, end of the end tag) into the decoded file, from one tag scan
        # (the strict parser accepted the file: well-formed, so each closing tag closes the innermost open element)
        self.offsets = index_offsets(text, root, well_formed=True) if text is not None else {}
        # running footnote numbers: the n-th NOTE with a NOTE.ID in document order
        self.note_no: dict[str, str] = {}
        self.note_el: dict[str, etree._Element] = {}
        for n in root.iter("NOTE"):
            nid = n.get("NOTE.ID")
            if nid and nid not in self.note_no:
                self.note_no[nid] = str(len(self.note_no) + 1)
                self.note_el[nid] = n

    # ---- spans / text --------------------------------------------------------------------------------------
    def span(self, el: etree._Element) -> SourceSpan:
        se = self.offsets.get(el)
        return SourceSpan(file=self.file, path=self.tree.getpath(el), start=se[0] if se else None,
                          end=se[1] if se else None)

    def _inline(self, el: etree._Element, buf: _Buf) -> None:
        """Append the inline text of ``el`` (not its tail) to ``buf``."""
        tag = el.tag
        if not isinstance(tag, str) or tag in _SKIP_TAGS:
            return
        if tag == "NOTE":
            ref = el.get("NOTE.REF") or el.get("NOTE.ID")
            no = self.note_no.get(ref or "")
            if no is not None:
                buf.parts.append("\x00")
                buf.markers.append(no)
            return
        if tag in ("QUOT.START", "QUOT.END"):
            code = el.get("CODE") or ("2018" if tag == "QUOT.START" else "2019")
            try:
                buf.parts.append(chr(int(code, 16)))
            except ValueError:
                buf.parts.append("‘" if tag == "QUOT.START" else "’")
            return
        if tag == "FT" and (el.get("TYPE") or "").upper() == "NUMBER" and len(el) == 0:
            buf.parts.append(group_digits(el.text or ""))
            return
        if el.text:
            buf.parts.append(el.text)
        for c in el:
            if isinstance(c.tag, str):
                if c.tag in _BLOCK_TAGS and c.tag not in _SKIP_TAGS:
                    buf.parts.append(" ")
                self._inline(c, buf)
                if c.tag == "NO.P":  # "(1)" + "Climate change mitigation" are separate fields
                    buf.parts.append(" ")
            if c.tail:
                buf.parts.append(c.tail)

    def inline_text(self, el: etree._Element) -> tuple[str, list[str]]:
        buf = _Buf()
        self._inline(el, buf)
        return buf.text(), buf.markers

    # ---- blocks ----------------------------------------------------------------------------------------------
    def blocks(self, el: etree._Element, out: list[Block], depth: int = 0, label: Optional[str] = None,
               on_table=None) -> None:
        """Append the blocks of block-level element ``el`` to ``out``.

        ``on_table(tbl)`` handles nested ``<TBL>`` (criteria rows inside a cell); default: its cells' blocks."""
        tag = el.tag
        if not isinstance(tag, str) or tag in _SKIP_TAGS:
            return
        if tag == "TBL":
            if on_table is not None:
                on_table(el)
            else:
                for row in el.iter("ROW"):
                    for cell in row.iter("CELL"):
                        self.blocks(cell, out, depth, on_table=on_table)
            return
        if tag == "LIST":
            bullet = _LIST_BULLET.get((el.get("TYPE") or "").upper())
            for item in el:
                if isinstance(item.tag, str):
                    self.blocks(item, out, depth + 1, label=bullet, on_table=on_table)
            return
        if tag == "ITEM":
            for c in el:
                if not isinstance(c.tag, str):
                    continue
                if c.tag == "NP":
                    self.blocks(c, out, depth, on_table=on_table)
                else:
                    self.blocks(c, out, depth, label=label, on_table=on_table)
                    label = None if c.tag == "P" else label
            return
        if tag == "GR.SEQ":
            self._seq_blocks(el, out, depth, on_table)
        elif tag == "NP":
            self._np_blocks(el, out, depth, label, on_table)
        else:
            self._mixed_blocks(el, out, depth, label, on_table)

    def _seq_blocks(self, el: etree._Element, out: list[Block], depth: int, on_table) -> None:
        """A ``<GR.SEQ>``: its title (styled as a title) and its content one level down."""
        title = el.find("TITLE")
        if title is not None:
            start = len(out)
            self.blocks(title, out, depth, on_table=on_table)
            # a titled sub-section inside the criteria ("1. Origin of the feedstock material", CE-2.7 SC):
            # the structure pass decides whether the title is a heading or a requirement (spec §6)
            out[start:] = [b.model_copy(update={"style": TITLE_STYLE}) for b in out[start:]]
        for c in el:
            if isinstance(c.tag, str) and c.tag != "TITLE":
                self.blocks(c, out, depth + 1, on_table=on_table)

    def _np_blocks(self, el: etree._Element, out: list[Block], depth: int, label: Optional[str], on_table) -> None:
        """A numbered paragraph ``<NP>``: its ``<NO.P>`` label on its text; block children split it."""
        no = el.find("NO.P")
        lab = normalise_ws("".join(no.itertext())) if no is not None else label
        buf = _Buf()
        for c in el:
            if c is no:
                continue
            if not isinstance(c.tag, str):  # <?PAGE?> and consolidation PIs: keep the text after them
                if c.tail:
                    buf.parts.append(c.tail)
                continue
            if c.tag == "TXT":
                self._inline(c, buf)
                if c.tail and c.tail.strip():
                    buf.parts.append(c.tail)
            elif c.tag in _BLOCK_TAGS:
                if buf.parts or lab is not None:
                    self._emit(buf, lab, el, depth, out)
                    lab = None
                    buf = _Buf()
                # continuation paragraphs sit one level below the labelled text; a bare <P><LIST> wrapper's
                # items are the NP's children already (the LIST adds the level)
                self.blocks(c, out, depth if _is_list_wrapper(c) else depth + 1, on_table=on_table)
            else:
                self._inline(c, buf)
                if c.tail:
                    buf.parts.append(c.tail)
        if buf.parts or lab is not None:
            self._emit(buf, lab, el, depth, out)

    def _mixed_blocks(self, el: etree._Element, out: list[Block], depth: int, label: Optional[str],
                      on_table) -> None:
        """A generic container with mixed content (P, CELL, TI, ALINEA, ...): split at block children."""
        buf = _Buf()
        if el.text:
            buf.parts.append(el.text)
        for c in el:
            if isinstance(c.tag, str) and c.tag in _BLOCK_TAGS:
                if buf.parts:
                    self._emit(buf, label, el, depth, out)
                    label = None
                    buf = _Buf()
                self.blocks(c, out, depth, on_table=on_table)  # a LIST adds its own level
            elif isinstance(c.tag, str):
                self._inline(c, buf)
            if c.tail:
                buf.parts.append(c.tail)
        if buf.parts or label is not None:
            self._emit(buf, label, el, depth, out)

    def _emit(self, buf: _Buf, label: Optional[str], el: etree._Element, depth: int, out: list[Block]) -> None:
        text = buf.text()
        if not text and not buf.markers and label is None:
            return
        out.append(Block(label=label, text=text, markers=list(buf.markers), depth=depth,
                         span=self.span(el), style=el.tag))

    # ---- rows of tables inside the criteria ---------------------------------------------------------------------
    def cell_text(self, cell: etree._Element) -> tuple[Optional[str], str, list[str]]:
        """(label, text, markers) of one table cell read as a single paragraph: the cell's blocks in order, the
        first block's label split off, the others joined with " " after a block that ends in ``.:;!?`` and with
        "; " otherwise (list items, headings), their own labels other than dashes/bullets kept in the text."""
        blocks: list[Block] = []
        self.blocks(cell, blocks, 0)
        label: Optional[str] = None
        text = ""
        markers: list[str] = []
        for k, b in enumerate(blocks):
            piece = b.text
            if k == 0:
                label = b.label
            elif b.label is not None and b.label not in _LIST_BULLET.values():
                piece = f"{b.label} {piece}".strip()
            if piece:
                if not text:
                    text = piece
                else:
                    sep = " " if text.endswith((".", ":", ";", "!", "?")) else "; "
                    text = f"{text}{sep}{piece}"
            markers.extend(b.markers)
        return label, normalise_ws(text), markers

    def row_block(self, row: etree._Element, cells: list[etree._Element], continues: bool) -> Optional[Block]:
        """One block for a data row of a table printed inside the criteria (CE-1.2 SC 2.6.4's substance table).

        Convention (documented in the module docstring of :mod:`regc.passes.structure`): a table row is one
        paragraph; its cells are joined with `` | `` in column order (empty cells keep their place), the label
        printed at the start of the first cell (``(i)``) is the block's label.  A first row without labels
        whose cells are all short headings (``Substance group | Scope of restriction | …``) is the column
        header: style ``table-header``; data rows have style ``table-row``."""
        parts: list[str] = []
        markers: list[str] = []
        label: Optional[str] = None
        for k, cell in enumerate(cells):
            lab, text, mk = self.cell_text(cell)
            if k == 0:
                label = lab
            elif lab is not None and lab not in _LIST_BULLET.values():
                text = f"{lab} {text}".strip()
            parts.append(text)
            markers.extend(mk)
        if not any(parts) and not markers:
            return None
        header = (not continues and label is None and (row.get("TYPE") or "").upper() in ("", "HEADER")
                  and all(0 < len(p) <= 80 and not p.endswith(".") for p in parts)) \
            or (row.get("TYPE") or "").upper() == "HEADER"
        return Block(label=label, text=normalise_ws(" | ".join(parts)), markers=markers, depth=0,
                     span=self.span(row), style="table-header" if header else "table-row")

    # ---- act / activities ------------------------------------------------------------------------------------
    def read(self) -> ActDoc:
        celex_el = self.root.find(".//NO.CELEX")
        celex = normalise_ws(celex_el.text or "") if celex_el is not None else ""
        version = None
        info = self.root.find("INFO.CONSLEG")
        if info is not None and re.fullmatch(r"\d{8}", info.get("START.DATE") or ""):
            d = info.get("START.DATE")
            version = f"{d[:4]}-{d[4:6]}-{d[6:]}"
        title_el = self.root.find("CONS.DOC/TITLE") if self.root.tag == "CONS.ACT" else self.root.find(".//TITLE")
        title = self.inline_text(title_el)[0] if title_el is not None else ""
        act = ActDoc(celex=celex.upper(), version=version, format=FORMAT, file=self.file, title=title)
        for annex in self.root.iter("CONS.ANNEX", "ANNEX"):
            t = annex.find("TITLE")
            if t is None:
                continue
            annex_title = self.inline_text(t)[0]
            if "technical screening criteria" not in annex_title.lower():
                continue
            obj = annex_objective(annex_title)
            if obj is None:
                continue
            for gs in annex.iter("GR.SEQ"):
                sec = self._section_of(gs)
                if sec is None or (self.only is not None and f"{obj}-{sec}" not in self.only):
                    continue
                act.activities.append(self._activity(gs, obj, sec))
        return act

    def _section_of(self, gs: etree._Element) -> Optional[str]:
        """The section number of an activity ``GR.SEQ`` ("4.29"), else None.  A one-number section is an
        activity only when it has its own description / criteria sub-sequences (2021/2139 Annex II "11.
        EDUCATION"); otherwise "11." is a sector heading."""
        no = gs.find("TITLE/TI/NP/NO.P")
        if no is None:
            return None
        printed = "".join(no.itertext())
        m = _SECTION.match(printed)
        if not m:
            m = _SECTION_ONE.match(printed)
            if not m or not self._has_activity_parts(gs):
                return None
        if any(a.tag == "TBL" for a in gs.iterancestors()):
            return None
        return m.group(1)

    def _has_activity_parts(self, gs: etree._Element) -> bool:
        for c in gs:
            if isinstance(c.tag, str) and c.tag == "GR.SEQ":
                t = c.find("TITLE")
                heading = self.inline_text(t)[0].lower() if t is not None else ""
                if "description of the activity" in heading or "technical screening criteria" in heading:
                    return True
        return False

    def _activity(self, gs: etree._Element, obj: str, sec: str) -> ActivityDoc:
        txt = gs.find("TITLE/TI/NP/TXT")
        name, _name_markers = self.inline_text(txt) if txt is not None else ("", [])
        adoc = ActivityDoc(activity_id=f"{obj}-{sec}", objective=obj, section=sec, name=name, span=self.span(gs))
        builder = _UnitBuilder(self, adoc)
        leading = True  # paragraphs before the first sub-sequence/table belong to the description (CCM-4.27's
        # "For the purposes of this Section, best-available technologies mean …", as in EUR-Lex XHTML)
        for c in gs:
            if not isinstance(c.tag, str) or c.tag == "TITLE":
                continue
            if leading and c.tag not in ("GR.SEQ", "TBL"):
                self.blocks(c, adoc.description, 0)
                continue
            leading = False
            if c.tag == "GR.SEQ":
                t = c.find("TITLE")
                heading = self.inline_text(t)[0].lower() if t is not None else ""
                if "description" in heading:
                    for d in c:
                        if isinstance(d.tag, str) and d.tag != "TITLE":
                            self.blocks(d, adoc.description, 0)
                    continue
                for d in c:
                    if isinstance(d.tag, str) and d.tag != "TITLE":
                        builder.feed(d)
            else:
                builder.feed(c)
        adoc.units = builder.units()
        adoc.footnotes = self._footnotes(gs, adoc)
        return adoc

    def _footnotes(self, gs: etree._Element, adoc: ActivityDoc) -> dict[str, FootnoteBody]:
        """Bodies of every note defined in the activity (orphans included) and of every marker used in it."""
        ids: list[str] = [n.get("NOTE.ID") for n in gs.iter("NOTE") if n.get("NOTE.ID")]
        wanted = {m for u in adoc.units for b in u.blocks for m in b.markers}
        wanted |= {m for b in adoc.description for m in b.markers}
        by_no = {no: nid for nid, no in self.note_no.items()}
        for m in wanted:
            if m in by_no and by_no[m] not in ids:
                ids.append(by_no[m])
        out: dict[str, FootnoteBody] = {}
        for nid in sorted(set(ids), key=lambda i: int(self.note_no[i])):
            el = self.note_el[nid]
            paras = [self.inline_text(p)[0] for p in el if isinstance(p.tag, str)] or [self.inline_text(el)[0]]
            no = self.note_no[nid]
            out[no] = FootnoteBody(marker=no, text=normalise_ws(" ".join(x for x in paras if x)), span=self.span(el))
        return out


class _UnitBuilder:
    """State machine over the criteria stream: heading rows open units, content goes to the open unit."""

    def __init__(self, reader: _Reader, adoc: ActivityDoc):
        self.r = reader
        self.adoc = adoc
        self._units: dict[str, UnitDoc] = {}
        self.current: Optional[UnitDoc] = None
        self._in_data_table = False  # the previous row was a multi-column data row
        self._row_start = False  # the next content opens a new run of criteria in a unit that holds some

    def units(self) -> list[UnitDoc]:
        return list(self._units.values())

    def _open(self, part: str, heading: str, el: etree._Element) -> UnitDoc:
        u = self._units.get(part)
        if u is None:
            u = UnitDoc(part=part, heading=heading, span=self.r.span(el))
            self._units[part] = u
        elif part == "SC" and u.blocks:  # "Additional criteria …" after the general criteria (CCM-4.26-4.28)
            self._row_start = True
        self.current = u
        return u

    def _target(self, el: etree._Element) -> list[Block]:
        if self.current is None:
            # content before any heading row: substantial-contribution criteria written outside the table
            self._open("SC", "", el)
        return self.current.blocks

    def feed(self, el: etree._Element) -> None:
        if el.tag == "TBL":
            self.table(el)
        else:
            self.r.blocks(el, self._target(el), 0, on_table=self.table)

    def table(self, tbl: etree._Element) -> None:
        for corpus in tbl:
            if not isinstance(corpus.tag, str) or corpus.tag != "CORPUS":
                continue
            for row in corpus:
                if isinstance(row.tag, str) and row.tag == "ROW":
                    self.row(row)

    @staticmethod
    def _heading(text: str):
        return classify_row_heading(_CRITERIA_PREFIX.sub("", text))

    def row(self, row: etree._Element) -> None:
        cells = [c for c in row if isinstance(c.tag, str) and c.tag == "CELL"]
        if not cells:
            return
        head_text = self.r.inline_text(cells[0])[0]
        rh = self._heading(head_text) if len(head_text) <= 200 else None
        content = cells[1:] if rh is not None else cells
        if rh is not None:
            if rh.kind == "dnsh-header" or rh.part is None:
                self.current = None
                if not content:
                    return
            else:
                self._open(rh.part, head_text, row)
        if rh is not None and rh.part is not None and len(content) == 1 and \
                _NA.match(self.r.inline_text(content[0])[0]):
            self.current.not_applicable = True  # the whole row reads "N/A"
            return
        if rh is None and len(content) >= 2:  # a data row of a table inside the criteria: one block per row
            block = self.r.row_block(row, content, self._in_data_table)
            if block is not None:
                self._target(row).append(block)
                self._in_data_table = True
            return
        self._in_data_table = False
        target = self._target(row) if content else None
        first = len(target) if target is not None else 0
        for cell in content:
            self.r.blocks(cell, self._target(cell), 0, on_table=self.table)
        if self._row_start and target is not None and len(target) > first:
            target[first] = target[first].model_copy(update={"style": ROW_START})
            self._row_start = False


def load_timed(path: str | Path) -> tuple[ActDoc, float]:
    """Load and report wall seconds (used by the bench)."""
    t0 = time.perf_counter()
    act = load_formex(path)
    return act, time.perf_counter() - t0


parse_formex = load_formex  # the name registered in regc.frontends.FRONTENDS

__all__: Iterable[str] = ("FORMAT", "load_formex", "parse_formex", "parse_formex_bytes", "looks_like_formex",
                          "main_xml")
