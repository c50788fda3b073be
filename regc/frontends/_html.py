"""Safe (X)HTML loading and inline-text extraction shared by the EUR-Lex XHTML and OJ HTML front-ends.

Loading never fetches or executes anything: lxml runs with ``resolve_entities=False``, ``no_network=True``,
``load_dtd=False``; ``<script>``/``<style>`` content is ignored; text is decoded strictly as UTF-8 first so that a
non-UTF-8 file fails with the byte offset; a page that is plain HTML, not XHTML, goes through lxml's HTML parser
(same safety options; truncation checked by the closing tags).  Every element gets a source span: character offsets into the decoded
text (from one tag scan, matched 1:1 with the parsed elements) plus an element path ``/html/body/div[3]/p[5]``.

>>> doc = parse_html_text("<html><body><p>CO<span>2</span>e <a href='#E1'>(<span>1</span>)</a>, x</p></body></html>",
...                       "x.html")
>>> p = doc.root.find(".//p")
>>> segs = inline_segments(p)
>>> [(s.text, s.markers) for s in segs]
[('CO2e, x', ['1'])]
>>> doc.path(p), doc.span(p).start
('/html/body/p', 12)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from lxml import etree

from regc.frontends.text import drop_marker_sentinels, has_amendment_chars, normalise_ws, strip_amendment_markers
from regc.ir.doc import FrontEndError
from regc.ir.models import SourceSpan, restore_model

MAX_BYTES = 64 * 1024 * 1024  # refuse anything bigger: no Taxonomy act comes close
_SKIP_TAGS = {"script", "style", "noscript", "template", "iframe", "object", "embed", "head"}
_NOTE_MARK = re.compile(r"^\s*\(?\s*(\*{1,3}|\*?\d{1,4}|[a-z])\s*\)?\s*$")
# a marker's parentheses outside its link, "(<a>19</a>)": what ``\s*\(\s*\x00\s*\)`` matches, found from its "("
_PAREN_MARK = re.compile(r"\(\s*\x00\s*\)")
_STAR_MARK = re.compile(r"^\s*(\*\d{1,3})([;.,:]?)\s*$")
_SUPER = {"oj-super", "superscript", "sup"}
_AMEND_ONLY = re.compile(r"^[\s▼►◄MBACR\d]*$")
_TAG = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<![^>]*>|<\?.*?\?>"
    # attributes as an unrolled loop (runs of plain characters between quoted values): the same language as
    # (?:[^>"']|"[^"]*"|'[^']*')*, a third faster to scan
    r"|<(/?)([A-Za-z_][\w:.\-]*)([^>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^>\"']*)*)>",
    re.S,
)


_LOCAL_CACHE: dict[str, str] = {}


def local(tag: object) -> str:
    """Local tag name without namespace, lower-case; "" for comments/PIs."""
    if tag.__class__ is not str:
        return ""
    got = _LOCAL_CACHE.get(tag)  # type: ignore[arg-type]
    if got is None:
        got = _LOCAL_CACHE[tag] = tag.rsplit("}", 1)[-1].lower()  # type: ignore[union-attr]
    return got


def classes(el: etree._Element) -> set[str]:
    return set((el.get("class") or "").split())


@dataclass
class HtmlDoc:
    file: str
    text: str
    root: etree._Element
    _starts: dict[etree._Element, tuple[int, int]] = field(default_factory=dict)
    _paths: dict[etree._Element, str] = field(default_factory=dict)
    _shift: int = 0  # characters removed before parsing (the XML declaration)

    def path(self, el: etree._Element) -> str:
        """Element path with local names and 1-based positions among same-named siblings (omitted when unique)."""
        got = self._paths.get(el)
        if got is not None:
            return got
        parent = el.getparent()
        if parent is None:
            p = "/" + local(el.tag)
            self._paths[el] = p
            return p
        # name all children of this parent at once (sibling lists in these acts run to thousands)
        base = self.path(parent)
        names = [local(c.tag) for c in parent]
        totals: dict[str, int] = {}
        for n in names:
            totals[n] = totals.get(n, 0) + 1
        seen: dict[str, int] = {}
        for c, n in zip(parent, names):
            seen[n] = seen.get(n, 0) + 1
            self._paths[c] = f"{base}/{n}" if totals[n] == 1 else f"{base}/{n}[{seen[n]}]"
        return self._paths[el]

    def span(self, el: etree._Element) -> SourceSpan:
        se = self._starts.get(el)
        k = self._shift
        return _span(self.file, se[0] + k if se else None, se[1] + k if se else None, self.path(el))

    def segment_span(self, el: etree._Element, seg: "Segment") -> SourceSpan:
        """Span of one ``<br/>``-separated segment of ``el``: from the end of the opening ``<br/>`` (or the
        element start) to the start of the closing one (or the element end); path = the element's path."""
        sp = self.span(el)
        if sp.start is None or (seg.br_before is None and seg.br_after is None):
            return sp
        a = self._starts.get(seg.br_before) if seg.br_before is not None else None
        b = self._starts.get(seg.br_after) if seg.br_after is not None else None
        k = self._shift
        return _span(self.file, a[1] + k if a else sp.start, b[0] + k if b else sp.end, sp.path)


def _span(file: str, start: Optional[int], end: Optional[int], path: str) -> SourceSpan:
    """``SourceSpan(file=…, start=…, end=…, path=…)`` without its validation: this module's own values (a file name,
    character offsets, an element path), ~14,000 spans per 2021/2139 read.

    >>> _span("a.html", 3, 9, "/html/p") == SourceSpan(file="a.html", start=3, end=9, path="/html/p")
    True
    """
    return restore_model(SourceSpan, {"file": file, "start": start, "end": end, "path": path},
                         {"file", "start", "end", "path"})


def _index_offsets(text: str, root: etree._Element, well_formed: bool = False) -> dict[etree._Element, tuple[int, int]]:
    """Map each element to (start, end) character offsets by scanning tags once; {} if the scan disagrees with
    the parse (then spans carry the element path only).  ``well_formed``: the text parsed as XML (every closing
    tag closes the innermost open element, an empty element ends in ``/>``), which lets the scan skip the search
    for the matching open tag.

    >>> t = "<a><b x='1/'/><c>x<d/></c></a>"
    >>> r = etree.fromstring(t)
    >>> [(e.tag, se) for e, se in _index_offsets(t, r, well_formed=True).items()]
    [('a', (0, 30)), ('b', (3, 14)), ('c', (14, 26)), ('d', (18, 22))]
    >>> _index_offsets(t, r, well_formed=True) == _index_offsets(t, r)
    True
    """
    starts: list[int] = []
    ends: list[int] = []
    names: list[str] = []
    if well_formed:
        try:
            _scan_well_formed(text, starts, ends, names)
        except IndexError:  # a closing tag with nothing open: not what the parser read; scan the slow way
            return _index_offsets(text, root)
    else:
        _scan(text, starts, ends, names)
    elements = list(root.iter(etree.Element))  # elements only: no comments, PIs or entities
    if len(elements) != len(starts):
        return {}
    # same count is not enough: the same tags in the same order
    if [local(e.tag) for e in elements] != [n.rsplit(":", 1)[-1].lower() for n in names]:
        return {}
    return dict(zip(elements, zip(starts, ends)))


def _scan(text: str, starts: list[int], ends: list[int], names: list[str]) -> None:
    """Tag offsets of any (X)HTML: a closing tag closes the nearest open element of its name."""
    stack: list[tuple[str, int]] = []
    for m in _TAG.finditer(text):
        name = m.group(2)
        if name is None:
            continue
        if m.group(1):  # closing tag
            # pop to the matching open tag
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == name:
                    for _n, idx in stack[k:]:
                        ends[idx] = m.end()
                    del stack[k:]
                    break
            continue
        starts.append(m.start())
        ends.append(m.end())
        names.append(name)
        if not m.group(3).rstrip().endswith("/"):
            stack.append((name, len(starts) - 1))


def _scan_well_formed(text: str, starts: list[int], ends: list[int], names: list[str]) -> None:
    """Tag offsets of well-formed XML (twice as fast as :func:`_scan`); IndexError on an unmatched closing tag."""
    stack: list[int] = []
    pop, push = stack.pop, stack.append
    for m in _TAG.finditer(text):
        close, name, _attrs = m.groups()
        if name is None:
            continue
        if close:
            ends[pop()] = m.end()
            continue
        start, end = m.span()
        starts.append(start)
        ends.append(end)
        names.append(name)
        if text[end - 2] != "/":  # XML writes an empty element as ``<name …/>``, nothing between "/" and ">"
            push(len(starts) - 1)


def read_bytes(path: Path) -> bytes:
    """Read a source file, refusing missing, non-regular or absurdly large files with a FrontEndError."""
    f = str(path)
    if not path.exists():
        raise FrontEndError(f, "file not found")
    if not path.is_file():
        raise FrontEndError(f, "not a regular file")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise FrontEndError(f, f"file too large ({size} bytes > {MAX_BYTES})")
    return path.read_bytes()


def read_text(path: Path) -> str:
    """Read a file as strict UTF-8 (BOM allowed); FrontEndError with the byte offset otherwise."""
    f = str(path)
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FrontEndError(f, f"not valid UTF-8 ({e.reason}, byte 0x{data[e.start]:02x})",
                            f"line {line}, byte {e.start}") from None


def wrap_inline_run(run: list) -> etree._Element:
    """Collect loose inline content (strings and copied elements, in order) under one ``<span>`` so it can be
    segmented like a paragraph."""
    wrapper = etree.Element("span")
    for item in run:
        if isinstance(item, str):
            if len(wrapper):
                wrapper[-1].tail = (wrapper[-1].tail or "") + item
            else:
                wrapper.text = (wrapper.text or "") + item
        else:
            wrapper.append(etree.fromstring(etree.tostring(item, with_tail=False)))
    return wrapper


_DECL = re.compile(r"^\s*<\?xml[^>]*\?>", re.S)


def parse_html_text(text: str, file: str) -> HtmlDoc:
    """Parse XHTML (an XML declaration or the XHTML namespace in the first 4 KB) strictly and safely: truncated or
    malformed input raises FrontEndError with line and column.  Anything else is parsed as plain HTML."""
    if not text.strip():
        raise FrontEndError(file, "empty document", "line 1")
    head = text[:4096].lower()
    if "<?xml" not in head and "http://www.w3.org/1999/xhtml" not in head:
        return _parse_plain_html(text, file)
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
        huge_tree=False, recover=False, remove_comments=False, remove_pis=True,
    )
    decl = _DECL.match(text)  # ``^`` anchors it: a ``sub`` would try every position of the whole text
    body = text[decl.end():] if decl else text  # lxml refuses str input with an encoding declaration
    offset_shift = len(text) - len(body)
    try:
        root = etree.fromstring(body, parser)
    except etree.XMLSyntaxError as e:
        line, col = (e.position if e.position else (0, 0))
        msg = (e.msg or str(e)).split(", line ")[0]
        raise FrontEndError(file, f"malformed XHTML: {msg}", f"line {line}, column {col}") from None
    if root is None:
        raise FrontEndError(file, "no document element", "line 1")
    doc = HtmlDoc(file=file, text=text, root=root)
    doc._starts = _index_offsets(body, root, well_formed=True)  # the XML parser accepted it
    doc._shift = offset_shift
    return doc


def _parse_plain_html(text: str, file: str) -> HtmlDoc:
    """HTML that is not XHTML (a page saved from a browser): lxml's HTML parser, which recovers from unclosed
    tags, so truncation is checked separately (a document must end with ``</html>`` or ``</body>``)."""
    tail = text[-2048:].lower()
    if "</html>" not in tail and "</body>" not in tail:
        line = text.count("\n") + 1
        raise FrontEndError(file, "truncated HTML (no closing </body> or </html>)", f"line {line}")
    parser = etree.HTMLParser(no_network=True, remove_comments=True, remove_pis=True, huge_tree=False,
                              default_doctype=False)
    try:
        root = etree.fromstring(text, parser)
    except (etree.XMLSyntaxError, etree.ParserError, ValueError) as e:
        raise FrontEndError(file, f"malformed HTML: {e}", "line 1") from None
    if root is None:
        raise FrontEndError(file, "no document element", "line 1")
    doc = HtmlDoc(file=file, text=text, root=root)
    doc._starts = _index_offsets(text, root)  # {} when implied tags make the scan disagree: paths only
    return doc


@dataclass
class Segment:
    """One block's worth of inline text (a ``<p>`` or one ``<br/>``-separated piece of it)."""

    text: str
    markers: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)  # footnote anchor ids the markers point to ("E0225")
    br_before: Optional[etree._Element] = None  # the <br/> that opens this segment (None: start of the element)
    br_after: Optional[etree._Element] = None  # the <br/> that closes it (None: end of the element)


def note_marker(a: etree._Element) -> Optional[tuple[str, str]]:
    """If ``a`` is a footnote reference (``<a href="#E0225">(<sup>1</sup>)</a>``), return (marker, target id)."""
    href = a.get("href") or ""
    if not href.startswith("#"):
        return None
    txt = "".join(a.itertext())
    m = _NOTE_MARK.match(txt)
    if not m:
        return None
    return m.group(1), href[1:]


def is_amendment_anchor(a: etree._Element) -> bool:
    """The consolidation arrows EUR-Lex prints as links (``<a title="32023R2485: INSERTED">►M2</a>``)."""
    txt = "".join(a.itertext())
    return bool(txt.strip()) and has_amendment_chars(txt) and bool(_AMEND_ONLY.match(txt))


def _inline_walk(node: etree._Element, split_br: bool, skip: Optional[set], parts: list[list[str]],
                 marks: list[list[tuple[str, str]]], brs: list[Optional[etree._Element]]) -> None:
    """:func:`inline_segments`' walk: ``node``'s text into ``parts`` (a new part at each ``<br/>`` when ``split_br``,
    the ``<br/>`` in ``brs``), its footnote markers into ``marks``.  A module function, not a closure over itself: a
    recursive closure is a reference cycle (function <-> cell) that kept every call's lists and the parsed tree
    alive until a collection (2021/2139: 11,390 calls, ~150k objects of cyclic garbage)."""
    name = local(node.tag)
    if name in _SKIP_TAGS or (skip and node in skip) or not name:
        return
    if name == "br" and split_br:
        parts.append([])
        marks.append([])
        brs.append(node)
        return
    if name == "span" and (classes(node) & _SUPER):
        sm = _STAR_MARK.match("".join(node.itertext()))
        if sm:  # OJ in-table notes: "sources<span class="oj-super">*1</span>" (once "*3;")
            parts[-1].append("\x00" + sm.group(2))
            marks[-1].append((sm.group(1), ""))
            return
    if name == "a":
        nm = note_marker(node)
        if nm:
            parts[-1].append("\x00")
            marks[-1].append(nm)
            return
        if is_amendment_anchor(node):
            return
    if node.text:
        parts[-1].append(node.text)
    for child in node:
        _inline_walk(child, split_br, skip, parts, marks, brs)
        if child.tail:
            parts[-1].append(child.tail)


def inline_segments(el: etree._Element, split_br: bool = True, skip: Optional[set] = None) -> list[Segment]:
    """Text of ``el`` split at ``<br/>``: footnote markers removed (with the space before them) and recorded,
    sub/superscripts joined to their word, amendment markers dropped, whitespace normalised.  Elements in
    ``skip`` (e.g. nested blocks handled separately) are left out."""
    parts: list[list[str]] = [[]]
    marks: list[list[tuple[str, str]]] = [[]]
    brs: list[Optional[etree._Element]] = [None]

    _inline_walk(el, split_br, skip, parts, marks, brs)
    out: list[Segment] = []
    brs.append(None)
    for k, (chunks, mk) in enumerate(zip(parts, marks)):
        raw = "".join(chunks)
        if mk:
            raw = drop_marker_sentinels(paren_marks(raw))  # the marker goes with the whitespace before it
        if has_amendment_chars(raw):
            raw = strip_amendment_markers(raw)
        txt = normalise_ws(raw)
        if not txt and not mk:
            continue
        out.append(Segment(txt, [m for m, _ in mk], [t for _, t in mk], brs[k], brs[k + 1]))
    return out


def paren_marks(raw: str) -> str:
    """Each marker sentinel in parentheses, with the whitespace before them, replaced by the bare sentinel: what
    ``re.sub(r"\\s*\\(\\s*\\x00\\s*\\)", "\\x00", raw)`` gives.  That pattern opens with whitespace, so ``re`` tries
    it at every position of a raw text's whitespace runs; :data:`_PAREN_MARK` opens with "(" (scanned for as a
    literal) and the whitespace before a match is taken back by hand, never into the previous replacement.

    >>> paren_marks("CO2 ( \\x00 ) and \\n (\\x00)x (\\x00"), paren_marks("none")
    ('CO2\\x00 and\\x00x (\\x00', 'none')
    """
    if "(" not in raw:
        return raw
    out: list[str] = []
    last = 0
    for m in _PAREN_MARK.finditer(raw):
        start = m.start()
        while start > last and raw[start - 1].isspace():  # str.isspace: the characters \s matches
            start -= 1
        out.append(raw[last:start])
        out.append("\x00")
        last = m.end()
    if not out:
        return raw
    out.append(raw[last:])
    return "".join(out)


def plain_text(el: etree._Element) -> str:
    """All text of ``el`` (markers and amendment arrows removed), one line."""
    return " ".join(s.text for s in inline_segments(el, split_br=True) if s.text)
