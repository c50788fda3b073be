"""EU Taxonomy Compass JSON front-end (format ``compass-html``).

The Compass export (``taxonomy-1.0.4.json``) covers Delegated Regulation (EU) 2021/2139 as adopted: ``activities``
(name, sector, ``reference`` = section "4.1", description) and ``matches`` (activity × objective ``mitigation`` /
``adaptation``) with ``substantial_contribution_criteria`` (HTML strings) and ``dnsh`` (one ``{objective,
criteria}`` per other objective).  Every HTML fragment becomes a flat block list: one block per ``<p>``/``<div>``
text run, per ``<br/>``-separated segment and per ``<li>``.  A ``<li>`` gets the label its list prints, computed
from ``<ol type=… start=…>`` and its position (``(a)``, ``(iv)``, ``3.``; ``<ul>`` items ``—``); a ``<p>`` keeps its
printed label split off its text.  Footnotes are popovers
``<sup><span class='popover-tooltip'>(3)</span><span class='popover-tooltip-content'>body</span></sup>``: the
marker (``"3"``, as printed in the fragment) is removed from the text with the space before it and recorded in
``Block.markers``; marker and body are joined in ``ActivityDoc.footnotes``.

HTML is parsed by libxml2's HTML parser with no network access; nothing is fetched or executed; ``<script>``
content is kept as inert text.  Hierarchy is not rebuilt here (Compass puts pathways in one ``<ol>``): blocks carry
a depth hint (list nesting) and the structure pass decides.

>>> frag = ("<p>1. The activity meets:</p><ol type='a'><li>CO<sub>2</sub> is low<sup><span class="
...         "'popover-tooltip'>(3)</span><span class='popover-tooltip-content'>See X.</span></sup>;</li>"
...         "<li>or<ol type='i'><li>y</li></ol></li></ol>")
>>> notes = {}
>>> [(b.label, b.text, b.markers, b.depth) for b in fragment_blocks(frag, "f.json", "$.x", notes)]
[('1.', 'The activity meets:', [], 0), ('(a)', 'CO2 is low;', ['3'], 1), ('(b)', 'or', [], 1), ('(i)', 'y', [], 2)]
>>> notes["3"].text
'See X.'
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Optional

import lxml.html
from lxml import etree

from regc.frontends.formex import read_bytes
from regc.frontends.objectives import OBJECTIVE_NAMES, objective_from_text
from regc.frontends.text import normalise_ws, remove_marker_space, split_label, strip_amendment_markers
from regc.ir.doc import ActDoc, ActivityDoc, Block, FootnoteBody, FrontEndError, UnitDoc
from regc.ir.models import SourceSpan

FORMAT = "compass-html"
CELEX = "32021R2139"  # the Compass 1.0.4 export covers the Climate Delegated Act only (see SOURCES.md)
COMPASS_OBJECTIVES = {"mitigation": "CCM", "adaptation": "CCA", "water": "WTR", "circular": "CE",
                      "pollution": "PPC", "biodiversity": "BIO"}
MAX_DEPTH = 200  # element nesting accepted inside one fragment

_BLOCK = frozenset({"p", "div", "li", "ol", "ul", "table", "tbody", "thead", "tr", "td", "th", "h1", "h2", "h3",
                    "h4", "h5", "h6", "blockquote", "section", "article", "dl", "dt", "dd", "body", "html"})
_NA = re.compile(r"^\s*(n/?a|not applicable)\.?\s*$", re.I)
_MARK = re.compile(r"^\s*\(?\s*([0-9]{1,4}|\*{1,3}|[a-z])\s*\)?\s*$")
_ROMAN = ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
          (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))


def roman(n: int) -> str:
    """Lower-case roman numeral.

    >>> roman(4), roman(14)
    ('iv', 'xiv')
    """
    out = []
    for v, s in _ROMAN:
        while n >= v:
            out.append(s)
            n -= v
    return "".join(out)


def list_label(list_tag: str, list_type: Optional[str], n: int) -> str:
    """The label an HTML list prints for its ``n``-th item (1-based), in Official Journal style.

    >>> [list_label("ol", t, 3) for t in ("a", "A", "i", "I", "1", None)] + [list_label("ol", "a", 28)]
    ['(c)', '(C)', '(iii)', '(III)', '3.', '3.', '(ab)']
    >>> list_label("ul", None, 2)
    '—'
    """
    if list_tag == "ul":
        return "—"
    t = (list_type or "1").strip()
    if t in ("a", "A"):
        s, k = "", n
        while k > 0:
            k, r = divmod(k - 1, 26)
            s = chr(ord("a") + r) + s
        return f"({s.upper() if t == 'A' else s})"
    if t in ("i", "I"):
        r = roman(n)
        return f"({r.upper() if t == 'I' else r})"
    return f"{n}."


_DOTLESS_NUMBER = re.compile(r"^(\d+(?:\.\d+)+)\s+(?=\S)")
_SUPSUB_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")
# a printed sub-section number glued to the previous sentence's full stop starts a paragraph of its own
_GLUED_PARAGRAPH = re.compile(r"(?<=[a-z0-9)]\.)(?=\d+(?:\.\d+)+\.\s+[A-Z])")
_GLUED_NUMBER = re.compile(r"^(\d+(?:\.\d+)*\.)(?=[A-Z][a-z])")  # "3.Group assessment" (CCA-1.1 DNSH-CCM)


def split_printed_label_(text: str) -> tuple[Optional[str], str]:
    """:func:`split_label`, plus the Compass's dot-less sub-section numbers ("1.2 Preferably …" -> "1.2") and
    numbers glued to their heading ("3.Group assessment" -> "3.").

    >>> split_printed_label_("1.2 Preferably through the plan"), split_printed_label_("2.1. For areas")
    (('1.2', 'Preferably through the plan'), ('2.1.', 'For areas'))
    >>> split_printed_label_("3.Group assessment"), split_printed_label_("3.5MW plants")
    (('3.', 'Group assessment'), (None, '3.5MW plants'))
    >>> split_printed_label_("2021 was a year")
    (None, '2021 was a year')
    """
    label, rest = split_label(text)
    if label is None:
        m = _DOTLESS_NUMBER.match(text) or _GLUED_NUMBER.match(text)
        if m:
            return m.group(1), normalise_ws(text[m.end():])
    return label, rest


def _local(tag: object) -> str:
    return tag.lower() if isinstance(tag, str) else ""


class _Frag:
    """Block extraction for one HTML fragment."""

    def __init__(self, file: str, jpath: str, notes: dict[str, FootnoteBody]):
        self.file = file
        self.jpath = jpath
        self.notes = notes
        self.out: list[Block] = []
        self.tree: Optional[etree._ElementTree] = None
        self.last_list: Optional[tuple] = None  # (element, depth, items, len(out) after it) of the last list read
        self.repairs: list[str] = []  # what _resume_split_list changed, for diagnostics and tests

    def _resume_split_list(self, el, depth: int, n: int) -> int:
        """Repair a list that the Compass split around its item's sub-items (CCM-1.1 SC 2.3): ``<ol type='a'>…<li>…
        are ones of the following:</li></ol><p>the …;</p><p>the …;</p><ol type='a'><li>…`` — the sub-items lost
        their nested ``<ol type='i'>`` and the list restarts at ``(a)``, where the act prints ``(b)`` (i)-(iii),
        ``(c)``.  When every block since the previous list of the same tag/type at the same depth is an unlabelled
        paragraph that starts in lower case and the previous list's last item ends in ":", those paragraphs are that
        item's sub-items (labelled as the Compass labels a second-level list: ``(i)`` under letters, ``(a)`` under
        numbers, ``—`` otherwise) and the new list continues the old one's numbering.  Returns the start offset."""
        if self.last_list is None or el.get("start"):
            return n
        prev, pdepth, pitems, end = self.last_list
        if pdepth != depth or _local(prev.tag) != _local(el.tag) or (prev.get("type") or "1") != (el.get("type") or "1"):
            return n
        between = self.out[end:]
        if not between or end == 0 or not self.out[end - 1].text.rstrip().endswith(":"):
            return n
        if any(b.label is not None or b.style != "p" or not b.text[:1].islower() for b in between):
            return n
        self._label_lost_sublist(prev, end)
        self.repairs.append(f"list resumed at item {pitems + 1} after {len(between)} sub-item(s) of item {pitems}")
        return pitems

    def _nest_flat_sublist(self, el, items: list[int], depth: int) -> int:
        """Repair a list that the Compass printed flat around one item's sub-items (CCM-4.9 SC 2: ``<li>… including:
        </li><li>sensors …;</li><li>communication … infeed).</li><li>installation of …;</li>``, where the act prints
        (e) with (i), (ii) and then (f)).  An item ending in ":" opens a sub-list; a full stop in mid-list closes it:
        when the items after it end in ";" up to one that ends in "." and the list goes on after that one, those
        items are the ``:`` item's sub-items (labelled as a second-level list: ``(i)`` under letters, ``(a)``
        under numbers) and the later items move up in the numbering.  Only one such run is repaired per list, and
        only when it is unambiguous; returns the number of items moved down a level."""
        if _local(el.tag) != "ol" or el.get("start") or len(items) < 4:
            return 0
        heads = [self.out[i] if i < len(self.out) else None for i in items]
        if any(b is None or b.label is None or b.depth != depth for b in heads):
            return 0
        # an item's own text ends where the next item starts (no deeper blocks of its own allowed in the run)
        ends = [b.text.rstrip() for b in heads]
        opens = [k for k, t in enumerate(ends[:-2]) if t.endswith(":")]
        if len(opens) != 1:
            return 0
        k = opens[0]
        j = k + 1
        while j < len(ends) - 1 and ends[j].endswith(";"):
            j += 1
        if j >= len(ends) - 1 or not ends[j].endswith("."):
            return 0
        if any(items[m + 1] - items[m] != 1 for m in range(k, j + 1)):  # sub-items with blocks of their own
            return 0
        t = (el.get("type") or "1").strip()
        sub_type = {"a": "i", "A": "i", "1": "a"}.get(t)
        if sub_type is None:
            return 0
        moved = j - k
        for m, b in enumerate(heads[k + 1:j + 1], start=1):
            b.label = list_label("ol", sub_type, m)
            b.depth = depth + 1
        for m in range(j + 1, len(heads)):
            heads[m].label = list_label("ol", t, m + 1 - moved)
        self.repairs.append(f"items {k + 2}-{j + 1} nested under item {k + 1} (a mid-list full stop closes them)")
        return moved

    def _label_lost_sublist(self, prev, end: int) -> None:
        """Label the unlabelled paragraphs after ``self.out[end - 1]`` as its sub-items (see above)."""
        item = self.out[end - 1]
        t = (prev.get("type") or "1").strip() if _local(prev.tag) == "ol" else None
        sub_type, sub_tag = ({"a": "i", "A": "i", "1": "a"}.get(t or "", None), "ol") if t else (None, "ul")
        for k, b in enumerate(self.out[end:], start=1):
            b.label = list_label(sub_tag if sub_type else "ul", sub_type, k)
            b.depth = item.depth + 1

    def span(self, el) -> SourceSpan:
        path = self.tree.getpath(el) if self.tree is not None else ""
        return SourceSpan(file=self.file, path=f"{self.jpath}#{path}")

    # -- inline ---------------------------------------------------------------------------------------------
    def _popover(self, sup) -> Optional[tuple[str, Any]]:
        tip = body = None
        for c in sup.iter():
            cls = (c.get("class") or "").split() if isinstance(c.tag, str) else []
            if "popover-tooltip" in cls and tip is None:
                tip = c
            elif "popover-tooltip-content" in cls and body is None:
                body = c
        if tip is None:
            return None
        m = _MARK.match("".join(tip.itertext()))
        if not m:
            return None
        return m.group(1), body

    def inline(self, el, parts: list[str], markers: list[str], segs: Optional[list] = None) -> None:
        """Append inline text of ``el`` (not its tail); ``<br>`` closes a segment when ``segs`` is given."""
        tag = _local(el.tag)
        if not tag:
            return
        if tag == "br":
            if segs is not None:
                segs.append((list(parts), list(markers)))
                parts.clear()
                markers.clear()
            else:
                parts.append(" ")
            return
        if tag == "sup":
            pop = self._popover(el)
            if pop is not None:
                marker, body = pop
                parts.append("\x00")
                markers.append(marker)
                if body is not None and marker not in self.notes:
                    bp: list[str] = []
                    bm: list[str] = []
                    self.inline(body, bp, bm)
                    self.notes[marker] = FootnoteBody(marker=marker, text=remove_marker_space("".join(bp)),
                                                      span=self.span(body))
                return
        if el.text:
            parts.append(el.text)
        for c in el:
            if _local(c.tag) in _BLOCK:
                parts.append(" ")
            self.inline(c, parts, markers, segs)
            if c.tail:
                parts.append(c.tail)

    # -- blocks ---------------------------------------------------------------------------------------------
    def emit(self, parts: list[str], markers: list[str], label: Optional[str], el, depth: int,
             split_printed_label: bool) -> None:
        raw = "".join(parts).translate(_SUPSUB_DIGITS)  # "m³" -> "m3": sub/superscripts are joined (spec §6)
        if split_printed_label and label is None:
            pieces = _GLUED_PARAGRAPH.split(raw)
            if len(pieces) > 1:  # "… No 995/2010.1.7. The forest …": two paragraphs in one <p> (CCA-1.4 DNSH-CCM)
                k = 0
                for piece in pieces:
                    n = piece.count("\x00")
                    self.emit([piece], markers[k:k + n], None, el, depth, True)
                    k += n
                return
        text = strip_amendment_markers(remove_marker_space(raw).replace("\x00", ""))
        if not text and not markers and label is None:
            return
        if label is None and split_printed_label:
            label, text = split_printed_label_(text)
        self.out.append(Block(label=label, text=text, markers=list(markers), depth=depth, span=self.span(el),
                              style=_local(el.tag)))

    def blocks(self, el, depth: int, label: Optional[str] = None) -> None:
        tag = _local(el.tag)
        if not tag:
            return
        if tag in ("ol", "ul"):
            n = 0
            try:
                n = int(el.get("start") or 1) - 1
            except ValueError:
                n = 0
            n = self._resume_split_list(el, depth, n)
            items: list[int] = []  # index in self.out of each <li>'s first block
            for c in el:
                ct = _local(c.tag)
                if ct == "li":
                    items.append(len(self.out))
                    try:
                        n = int(c.get("value")) if c.get("value") else n + 1
                    except ValueError:
                        n += 1
                    self.blocks(c, depth + 1, label=list_label(tag, el.get("type"), n))
                elif ct:
                    self.blocks(c, depth + 1)  # a list nested directly in a list (no <li>)
            n -= self._nest_flat_sublist(el, items, depth + 1)
            self.last_list = (el, depth, n, len(self.out))
            return
        split_printed = tag != "li"
        parts: list[str] = []
        markers: list[str] = []
        segs: list = []
        if el.text:
            parts.append(el.text)
        for c in el:
            ct = _local(c.tag)
            if ct in _BLOCK:
                segs.append((list(parts), list(markers)))
                parts, markers = [], []
                empty = all(not "".join(sp).strip() and not sm for sp, sm in segs)
                if empty and label is not None and ct in ("p", "div"):
                    # <li><p>text</p></li>: the item's label belongs to its first paragraph
                    self.blocks(c, depth, label=label)
                    label, segs = None, []
                else:
                    for sp, sm in segs:
                        self.emit(sp, sm, label, el, depth, split_printed)
                        label = None
                    segs = []
                    self.blocks(c, depth if ct not in ("li",) else depth + 1)
            elif ct:
                self.inline(c, parts, markers, segs)
            if c.tail:
                parts.append(c.tail)
        segs.append((parts, markers))
        for sp, sm in segs:
            self.emit(sp, sm, label, el, depth, split_printed)
            label = None


def _parse_fragment(html: str, file: str, jpath: str):
    parser = lxml.html.HTMLParser(no_network=True, remove_comments=True, remove_pis=True, recover=True)
    try:
        root = lxml.html.fragment_fromstring(html, create_parent="div", parser=parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as e:
        raise FrontEndError(file, f"unreadable HTML fragment: {e}", jpath) from None
    depth = max((sum(1 for _ in e.iterancestors()) for e in root.iter()), default=0)
    if depth > MAX_DEPTH:
        raise FrontEndError(file, f"HTML nested {depth} levels deep (limit {MAX_DEPTH})", jpath)
    return root


def fragment_blocks(html: str, file: str, jpath: str, notes: dict[str, FootnoteBody]) -> list[Block]:
    """Blocks of one HTML fragment; popover footnote bodies are added to ``notes`` (marker -> body)."""
    if not html or not html.strip():
        return []
    root = _parse_fragment(html, file, jpath)
    f = _Frag(file, jpath, notes)
    f.tree = root.getroottree()
    f.blocks(root, 0)
    return f.out


# ----------------------------------------------------------------------------------------------------------------
def _need(obj: Any, key: str, typ: type | tuple, file: str, jpath: str) -> Any:
    if not isinstance(obj, dict):
        raise FrontEndError(file, f"expected an object, found {type(obj).__name__}", jpath)
    if key not in obj:
        raise FrontEndError(file, f"missing key '{key}'", jpath)
    v = obj[key]
    if not isinstance(v, typ):
        want = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
        raise FrontEndError(file, f"'{key}' must be {want}, found {type(v).__name__}", f"{jpath}.{key}")
    return v


def _strings(v: Any, file: str, jpath: str) -> list[str]:
    if isinstance(v, str):
        return [v]
    if not isinstance(v, list):
        raise FrontEndError(file, f"expected a list of HTML strings, found {type(v).__name__}", jpath)
    for i, s in enumerate(v):
        if not isinstance(s, str):
            raise FrontEndError(file, f"expected an HTML string, found {type(s).__name__}", f"{jpath}[{i}]")
    return v


def looks_like_compass(path: str | Path) -> bool:
    """Cheap sniff: a JSON file whose first bytes open an object with Compass keys."""
    p = Path(path)
    if not p.is_file():
        return False
    try:
        with open(p, "rb") as fh:
            head = fh.read(65536)
    except OSError:
        return False
    s = head.lstrip()
    return s.startswith(b"{") and (b'"matches"' in head or b'"substantial_contribution_criteria"' in head)


def load_compass(path: str | Path) -> ActDoc:
    p = Path(path)
    return parse_compass_bytes(read_bytes(p), str(p))


def parse_compass_bytes(data: bytes, file: str) -> ActDoc:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FrontEndError(file, f"not valid UTF-8 ({e.reason}, byte 0x{data[e.start]:02x})",
                            f"line {line}, byte {e.start}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise FrontEndError(file, f"malformed JSON: {e.msg}", f"line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise FrontEndError(file, "malformed JSON: nested too deeply", "$") from None
    return compass_to_act(doc, file)


def _objective_codes(doc: dict, file: str) -> dict[str, str]:
    codes = dict(COMPASS_OBJECTIVES)
    objs = doc.get("objectives")
    if isinstance(objs, list):
        for i, o in enumerate(objs):
            if isinstance(o, dict) and isinstance(o.get("key"), str):
                code = objective_from_text(str(o.get("long_name") or o.get("name") or "")) or codes.get(o["key"])
                if code:
                    codes[o["key"]] = code
    return codes


def compass_to_act(doc: Any, file: str) -> ActDoc:
    """Build the ActDoc from the decoded JSON; every structural problem names its JSON path."""
    if not isinstance(doc, dict):
        raise FrontEndError(file, f"expected a JSON object at top level, found {type(doc).__name__}", "$")
    activities = _need(doc, "activities", list, file, "$")
    matches = _need(doc, "matches", list, file, "$")
    codes = _objective_codes(doc, file)
    long_names = {o.get("key"): o.get("long_name") for o in doc.get("objectives") or [] if isinstance(o, dict)}
    by_name: dict[str, tuple[int, dict]] = {}
    for i, a in enumerate(activities):
        jp = f"$.activities[{i}]"
        name = _need(a, "name", str, file, jp)
        ref = _need(a, "reference", str, file, jp)
        if not re.fullmatch(r"\d+(\.\d+)+\.?", ref.strip()):
            raise FrontEndError(file, f"activity reference {ref!r} is not a section number", f"{jp}.reference")
        by_name[normalise_ws(name)] = (i, a)
    sector_no = {str(x.get("name")): str(x.get("reference")) for x in doc.get("sectors") or []
                 if isinstance(x, dict) and re.fullmatch(r"\d+", str(x.get("reference", "")))}
    position: dict[tuple[str, str], int] = {}
    act = ActDoc(celex=CELEX, version=None, format=FORMAT, file=file,
                 title="EU Taxonomy Compass export: Delegated Regulation (EU) 2021/2139")
    for i, m in enumerate(matches):
        jp = f"$.matches[{i}]"
        aname = _need(m, "activity", str, file, jp)
        okey = _need(m, "objective", str, file, jp)
        if okey not in codes:
            raise FrontEndError(file, f"unknown objective {okey!r}", f"{jp}.objective")
        hit = by_name.get(normalise_ws(aname))
        if hit is None:
            raise FrontEndError(file, f"activity {aname!r} is not listed in $.activities", f"{jp}.activity")
        ai, a = hit
        obj = codes[okey]
        section = _annex_section(a, okey, sector_no, position)
        notes: dict[str, FootnoteBody] = {}
        desc_html = m.get("activity_description", a.get("description", ""))
        desc_path = f"{jp}.activity_description" if "activity_description" in m else f"$.activities[{ai}].description"
        description = [b for k, h in enumerate(_strings(desc_html or "", file, desc_path))
                       for b in fragment_blocks(h, file, f"{desc_path}[{k}]" if isinstance(desc_html, list) else desc_path,
                                                notes)]
        if isinstance(m.get("contribution_description"), str):  # "… is an enabling activity …": in the act's
            description += fragment_blocks(m["contribution_description"], file,  # description, apart here
                                           f"{jp}.contribution_description", notes)
        adoc = ActivityDoc(activity_id=f"{obj}-{section}", objective=obj, section=section, name=normalise_ws(aname),
                           description=description, span=SourceSpan(file=file, path=jp))
        sc_path = f"{jp}.substantial_contribution_criteria"
        sc_html = _strings(_need(m, "substantial_contribution_criteria", (list, str), file, jp), file, sc_path)
        adoc.units.append(_unit("SC", f"Substantial contribution to {long_names.get(okey) or okey}", sc_html,
                                file, sc_path, notes))
        dnsh = _need(m, "dnsh", list, file, jp)
        for k, d in enumerate(dnsh):
            dp = f"{jp}.dnsh[{k}]"
            dkey = _need(d, "objective", str, file, dp)
            if dkey not in codes:
                raise FrontEndError(file, f"unknown objective {dkey!r}", f"{dp}.objective")
            crit = _strings(_need(d, "criteria", (list, str), file, dp), file, f"{dp}.criteria")
            adoc.units.append(_unit(f"DNSH-{codes[dkey]}", OBJECTIVE_NAMES.get(codes[dkey], dkey), crit, file,
                                    f"{dp}.criteria", notes))
        adoc.footnotes = dict(sorted(notes.items(), key=lambda kv: (not kv[0].isdigit(),
                                                                     int(kv[0]) if kv[0].isdigit() else 0, kv[0])))
        act.activities.append(adoc)
    return act


def _annex_section(a: dict, okey: str, sector_no: dict[str, str], position: dict[tuple[str, str], int]) -> str:
    """The activity's section number in the annex of the match's objective.

    The Compass ``reference`` numbers the union of both annexes' activities (CCM numbering first: the adaptation
    annex's "Computer programming" 8.2 is Compass 8.3, its "Engineering activities" 9.1 is Compass 9.4), so the
    annex number is taken from the match's position: matches of one objective appear in annex order, and an annex
    numbers the activities of a sector 1, 2, 3, … in that order.  For mitigation this reproduces ``reference``.
    """
    ref = a["reference"].strip().rstrip(".")
    sector = sector_no.get(str(a.get("sector")), ref.split(".")[0])
    key = (okey, sector)
    position[key] = position.get(key, 0) + 1
    return f"{sector}.{position[key]}"


def _unit(part: str, heading: str, fragments: list[str], file: str, jpath: str,
          notes: dict[str, FootnoteBody]) -> UnitDoc:
    blocks: list[Block] = []
    for k, h in enumerate(fragments):
        blocks.extend(fragment_blocks(h, file, f"{jpath}[{k}]", notes))
    # "N/A" is the whole cell even when it carries a note (CCA-6.3 DNSH-CCM: "N/A(463)", a note on why): the unit
    # is not applicable, as EUR-Lex prints it; the note stays in the activity's footnotes (an orphan)
    na = bool(blocks) and all(_NA.match(b.text) for b in blocks)
    return UnitDoc(part=part, heading=heading, blocks=[] if na else blocks, not_applicable=na,
                   span=SourceSpan(file=file, path=jpath))


parse_compass = load_compass  # the name registered in regc.frontends.FRONTENDS

__all__ = ("FORMAT", "load_compass", "parse_compass", "parse_compass_bytes", "compass_to_act", "fragment_blocks", "looks_like_compass",
           "list_label")
