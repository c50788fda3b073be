"""Ingest legal acts into :class:`~regc.retrieval.chunking.ActTree` s.

Formats: Formex 4 (``en.fmx4/*.xml``), Official Journal XHTML (``en.xml``, ``oj-*`` classes), consolidated
EUR-Lex XHTML (``en.html``), and PDF (PyMuPDF text + ``find_tables(use_layout=False)``).  One source per act:
:func:`choose_source` prefers the latest Formex, then the latest OJ/consolidated XHTML.  A file that fails to
parse is skipped with a diagnostic; the others are still ingested.

>>> # trees, diags = ingest_corpus(corpus_root() / "eurlex-lex-corpus" / "works", ["32018L2001"])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from regc.frontends.pdf import running_lines, strip_running  # noqa: F401  (re-exported: the PDF front-end)
from regc.retrieval.chunking import ActTree, Node, build_article, clean_text

WORKS = Path("eurlex-lex-corpus") / "works"


@dataclass(frozen=True)
class IngestDiagnostic:
    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


class IngestError(ValueError):
    """A source that cannot be turned into an act tree."""


# ---------------------------------------------------------------------------------------------------------------
# choosing the source of an act


def _formex_main(folder: Path) -> Optional[Path]:
    files = sorted(p for p in folder.glob("*.xml") if not p.name.endswith(".doc.xml"))
    return files[0] if files else None


def choose_source(act_dir: Path) -> Optional[Path]:
    """The file to index for one ``works/<celex>/`` folder: latest Formex, else latest en.xml, else en.html."""
    versions = sorted((p for p in act_dir.iterdir() if p.is_dir()), key=lambda p: p.name, reverse=True)
    for v in versions:
        if (v / "en.fmx4").is_dir() and (m := _formex_main(v / "en.fmx4")):
            return m
    for name in ("en.xml", "en.html"):
        for v in versions:
            f = v / name
            if f.is_file() and f.stat().st_size > 20_000:
                return f
    return None


def act_dirs(works: Path, celexes: Optional[Iterable[str]] = None) -> list[Path]:
    want = {c.upper() for c in celexes} if celexes is not None else None
    return sorted(p for p in works.iterdir() if p.is_dir() and (want is None or p.name.upper() in want))


# ---------------------------------------------------------------------------------------------------------------
# Formex

_VISA = re.compile(r"^\s*Having regard to\b")  # a citation of the act ("Having regard to Regulation (EU) ...")
_ANNEX_TITLE = re.compile(r"^\s*ANNEX\s*([IVXLC]+[A-Z]?|\d+)?\b", re.I)


def _fx_text(el, skip=("NOTE",)) -> str:
    """Text of a Formex element without footnotes (NOTE) and processing instructions."""
    parts: list[str] = []

    def rec(e):
        if isinstance(e.tag, str):
            if e.tag in ("QUOT.START", "QUOT.END"):
                parts.append("‘" if e.tag == "QUOT.START" else "’")
                if e.tail:
                    parts.append(e.tail)
                return
            if e.tag in skip:
                if e.tail:
                    parts.append(e.tail)
                return
            if e.text:
                parts.append(e.text)
            for c in e:
                rec(c)
        if e.tail and isinstance(e.tag, str):
            parts.append(e.tail)
        elif not isinstance(e.tag, str) and e.tail:  # PI / comment
            parts.append(e.tail)

    if el.text:
        parts.append(el.text)
    for c in el:
        rec(c)
    return clean_text(" ".join(parts))


def _fx_blocks(el, out: list[tuple[str, str]]) -> None:
    for c in el:
        if not isinstance(c.tag, str):
            continue
        t = c.tag
        if t in {"TI.ART", "STI.ART", "NOTE", "TITLE"}:
            continue
        if t == "NO.PARAG":
            out.append((_fx_text(c), ""))
        elif t == "NP":
            label = _fx_text(c.find("NO.P")) if c.find("NO.P") is not None else ""
            own = [x for x in c if isinstance(x.tag, str) and x.tag not in {"NO.P", "LIST", "P"}]
            text = " ".join(_fx_text(x) for x in own)
            if c.text and c.text.strip():
                text = f"{c.text.strip()} {text}"
            out.append((label, text))
            for x in c:
                if isinstance(x.tag, str) and x.tag in {"LIST", "P"}:
                    _fx_blocks(_wrap(x), out)
        elif t == "ITEM":
            if c.find("NP") is None:  # dash/indent items
                before = len(out)
                _fx_blocks(c, out)
                if len(out) > before and not out[before][0]:
                    out[before] = ("—", out[before][1])
                elif len(out) == before:
                    out.append(("—", _fx_text(c)))
            else:
                _fx_blocks(c, out)
        elif t in {"ALINEA", "P"}:
            if any(isinstance(x.tag, str) and x.tag in {"P", "LIST", "NP", "TBL", "ITEM"} for x in c):
                lead = clean_text(c.text or "")
                if lead:
                    out.append(("", lead))
                _fx_blocks(c, out)
            else:
                out.append(("", _fx_text(c)))
        elif t == "TBL":
            for row in c.iter("ROW"):
                cells = [_fx_text(cell) for cell in row.iter("CELL")]
                line = " | ".join(x for x in cells if x)
                if line:
                    out.append(("", line))
        else:
            _fx_blocks(c, out)


def _annex_number(title: str) -> str:
    m = _ANNEX_TITLE.match(title)
    return m.group(1) if m and m.group(1) else ""


def _section_locator(annex_loc: str, heading: str) -> str:
    m = re.match(r"^\s*(?:PART|Part)\s+([A-Z0-9]+|[IVX]+)\b", heading)
    if m:
        return f"{annex_loc}, Part {m.group(1)}"
    m = re.match(r"^\s*([A-Z]|\d+)\.\s", heading)
    if m:
        return f"{annex_loc}, Part {m.group(1)}"
    return annex_loc


def _annex_node(number: str, heading: str, sections: list[tuple[str, list[tuple[str, str]]]],
                own: list[tuple[str, str]]) -> Node:
    loc = f"Annex {number}" if number else "Annex"
    annex = Node("annex", loc, loc, text=" ".join(clean_text(f"{l} {t}") for l, t in own).strip(), heading=heading)
    for sh, blocks in sections:
        text = " ".join(clean_text(f"{l} {t}") for l, t in blocks).strip()
        if text or sh:
            annex.children.append(Node("section", sh, _section_locator(loc, sh), text=text, heading=sh))
    return annex


def parse_formex(path: Path, celex: str, title: str) -> ActTree:
    from lxml import etree

    try:
        root = etree.parse(str(path), etree.XMLParser(recover=False, huge_tree=True)).getroot()
    except (etree.XMLSyntaxError, OSError) as e:
        raise IngestError(f"not well-formed Formex XML: {e}") from None
    parts: list[Node] = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.tag == "ARTICLE":
            ti = el.find("TI.ART")
            m = re.search(r"Article\s+(\d+[a-z]*)", _fx_text(ti) if ti is not None else "")
            number = m.group(1) if m else str(int(el.get("IDENTIFIER", "0") or 0))
            sti = el.find("STI.ART")
            blocks: list[tuple[str, str]] = []
            _fx_blocks(el, blocks)
            chapter = ""
            for anc in el.iterancestors("DIVISION"):
                t = anc.find("TITLE")
                if t is not None:
                    ct = _fx_text(t)
                    if re.match(r"^(CHAPTER|TITLE)\b", ct, re.I):
                        chapter = ct
                        break
            parts.append(build_article(number, _fx_text(sti) if sti is not None else "", blocks, chapter))
        elif el.tag in {"ANNEX", "CONS.ANNEX"}:
            t = el.find("TITLE")
            heading = _fx_text(t) if t is not None else ""
            contents = el.find("CONTENTS")
            if contents is None:
                continue
            own: list[tuple[str, str]] = []
            sections: list[tuple[str, list[tuple[str, str]]]] = []
            _fx_sections(contents, own, sections)
            parts.append(_annex_node(_annex_number(heading), heading, sections, own))
    if not parts:
        raise IngestError("no ARTICLE or ANNEX element found")
    visas = [t for t in (_fx_text(v) for v in root.iter("VISA")) if _VISA.match(t)]
    return ActTree(celex, title, str(path), parts, "formex", visas)


def _fx_sections(el, own: list[tuple[str, str]], sections: list[tuple[str, list[tuple[str, str]]]]) -> None:
    """Annex groups (GR.SEQ): a group whose title carries a part label ("PART B", "C.") is a section; an
    unlabelled group with labelled subgroups is descended into (its title becomes text)."""
    for c in el:
        if not isinstance(c.tag, str):
            continue
        if c.tag != "GR.SEQ":
            _fx_blocks(_wrap(c), sections[-1][1] if sections else own)
            continue
        st = c.find("TITLE")
        sh = _fx_text(st) if st is not None else ""
        sub = [g for g in c if isinstance(g.tag, str) and g.tag == "GR.SEQ"]
        labelled = lambda h: bool(re.match(r"^\s*(?:PART|Part)\s+\S+|^\s*(?:[A-Z]|\d+)\.\s", h))
        if not labelled(sh) and any(labelled(_fx_text(g.find("TITLE")) if g.find("TITLE") is not None else "")
                                    for g in sub):
            (sections[-1][1] if sections else own).append(("", sh))
            _fx_sections(c, own, sections)
            continue
        blocks: list[tuple[str, str]] = []
        _fx_blocks(c, blocks)
        sections.append((sh, blocks))


def _wrap(el):
    """A parent holding only ``el`` (so that :func:`_fx_blocks` visits ``el`` itself)."""
    from lxml import etree

    w = etree.Element("WRAP")
    w.append(_copy(el))
    return w


def _copy(el):
    import copy

    return copy.deepcopy(el)


# ---------------------------------------------------------------------------------------------------------------
# XHTML (Official Journal "oj-*" classes and consolidated EUR-Lex)

_LABEL_ONLY = re.compile(r"^\s*(\(\s*[a-z]{1,2}\s*\)|\(\s*[ivxlc]+\s*\)|\(\s*\d+[a-z]?\s*\)|\d+[a-z]?\.|[—–\-•])\s*$")
_LEADING_PARA = re.compile(r"^\s*(\d+[a-z]?)\.\s+(.*)$", re.S)
_SKIP_P = {"oj-ti-art", "oj-sti-art", "title-article-norm", "stitle-article-norm", "modref", "oj-note", "note",
           "oj-doc-ti", "arrow"}
_ANNEX_HEAD = {"oj-ti-grseq-1", "title-gr-seq-level-1", "oj-ti-grseq-2", "title-gr-seq-level-2"}


def _cls(el) -> set[str]:
    return set((el.get("class") or "").split())


def _h_text(el) -> str:
    return clean_text(el.text_content())


def _h_blocks(el, out: list[tuple[str, str]], para_div: bool = False) -> None:
    first_p = True
    for c in el:
        if not isinstance(c.tag, str):
            continue
        cls = _cls(c)
        if cls & _SKIP_P or "eli-title" in cls:
            continue
        tag = c.tag
        if tag == "p":
            text = _h_text(c)
            if not text:
                continue
            if para_div and first_p and (m := _LEADING_PARA.match(text)):
                out.append((f"{m.group(1)}.", m.group(2)))
            elif _LABEL_ONLY.match(text):
                out.append((text.replace(" ", ""), ""))
            else:
                out.append(("", text))
            first_p = False
        elif tag == "span" and "no-parag" in cls:
            out.append((_h_text(c), ""))
        elif tag == "table":
            if "oj-table" in cls or c.find(".//td[@class='oj-table']") is not None:
                for tr in c.iter("tr"):
                    cells = [_h_text(td) for td in tr if td.tag in {"td", "th"}]
                    line = " | ".join(x for x in cells if x)
                    if line:
                        out.append(("", line))
                continue
            for tr in c.iter("tr"):
                if tr.getparent() is not None and tr.getparent().getparent() is not c and \
                        tr.getparent() is not c:
                    continue  # nested table rows are reached by recursion
                tds = [td for td in tr if td.tag == "td"]
                if len(tds) >= 2 and _LABEL_ONLY.match(_h_text(tds[0]) or "x"):
                    label = _h_text(tds[0]).replace(" ", "")
                    sub: list[tuple[str, str]] = []
                    _h_blocks(tds[1], sub)
                    if sub and not sub[0][0]:
                        out.append((label, sub[0][1]))
                        out.extend(sub[1:])
                    else:
                        out.append((label, ""))
                        out.extend(sub)
                else:
                    for td in tds:
                        _h_blocks(td, out)
        elif tag == "div" and "grid-container" in cls:
            col1 = c.find(".//div[@class='list grid-list-column-1']")
            label = _h_text(col1).replace(" ", "") if col1 is not None else ""
            col2 = [d for d in c if "grid-list-column-2" in _cls(d)]
            sub = []
            for d in col2:
                _h_blocks(d, sub)
            if sub and not sub[0][0]:
                out.append((label, sub[0][1]))
                out.extend(sub[1:])
            else:
                out.append((label, ""))
                out.extend(sub)
        elif tag in {"div", "span", "dl", "dd", "dt", "ul", "ol", "li"}:
            is_para = bool(re.match(r"^\d{3}\.\d{3}$", c.get("id") or ""))
            _h_blocks(c, out, para_div=is_para)
        # other inline tags at block level are ignored


def parse_xhtml(path: Path, celex: str, title: str) -> ActTree:
    import lxml.html
    from lxml import etree

    raw = path.read_bytes()
    raw = re.sub(rb"^\s*<\?xml[^>]*\?>", b"", raw)
    try:
        doc = lxml.html.document_fromstring(raw)
    except (etree.ParserError, ValueError) as e:
        raise IngestError(f"not parseable XHTML: {e}") from None
    for a in doc.iter("a"):  # footnote call-outs "(1)" and consolidation arrows
        href = a.get("href") or ""
        if href.startswith("#") or "modref" in _cls(a.getparent() if a.getparent() is not None else a):
            a.drop_tree()
    for p in list(doc.iter("p")):
        if _cls(p) & {"modref", "oj-note", "note"}:
            p.drop_tree()
    parts: list[Node] = []
    for div in doc.iter("div"):
        did = div.get("id") or ""
        m = re.match(r"^art_(\d+[a-z]*)$", did)
        if m:
            heading_el = div.find(".//div[@class='eli-title']")
            blocks: list[tuple[str, str]] = []
            _h_blocks(div, blocks)
            chapter = ""
            for anc in div.iterancestors("div"):
                if re.match(r"^cpt_", anc.get("id") or ""):
                    ps = [_h_text(p) for p in anc.iter("p") if _cls(p) & {"oj-ti-section-1", "title-division-1"}]
                    chapter = ps[0] if ps else ""
                    break
            parts.append(build_article(m.group(1), _h_text(heading_el) if heading_el is not None else "",
                                       blocks, chapter))
            continue
        m = re.match(r"^anx_([A-Za-z0-9]+)$", did)
        if m:
            heads = [p for p in div.iter("p") if _cls(p) & {"oj-doc-ti", "title-annex-1", "doc-ti"}]
            heading = _h_text(heads[0]) if heads else f"ANNEX {m.group(1)}"
            own: list[tuple[str, str]] = []
            sections: list[tuple[str, list[tuple[str, str]]]] = []
            blocks = []
            _h_blocks_annex(div, blocks)
            for kind, label, text in blocks:
                if kind == "head":
                    sections.append((text, []))
                elif sections:
                    sections[-1][1].append((label, text))
                else:
                    own.append((label, text))
            parts.append(_annex_node(_annex_number(heading) or m.group(1), heading, sections, own))
    if not parts:
        raise IngestError("no article (div id art_N) or annex (div id anx_N) found")
    visas = [t for t in (_h_text(p) for p in doc.iter("p")) if _VISA.match(t)]
    return ActTree(celex, title, str(path), parts, "xhtml", visas)


def _h_blocks_annex(div, out: list[tuple[str, str, str]]) -> None:
    """Annex content as ('head'|'text', label, text), headings at the top grouping level only."""
    flat: list[tuple[str, str]] = []
    # headings are p elements with a grouping class; mark them before flattening
    for p in div.iter("p"):
        if _cls(p) & {"oj-ti-grseq-1", "title-gr-seq-level-1"}:
            p.set("data-regc-head", "1")
        if _cls(p) & {"oj-doc-ti", "title-annex-1", "doc-ti"}:
            p.set("class", "oj-doc-ti")

    def rec(el):
        for c in el:
            if not isinstance(c.tag, str):
                continue
            if c.tag == "p" and c.get("data-regc-head"):
                flat.append(("\x00head", _h_text(c)))
            elif c.tag in {"div"} and not ("grid-container" in _cls(c)):
                rec(c)
            else:
                tmp = _wrap_html(c)
                _h_blocks(tmp, flat)

    rec(div)
    for label, text in flat:
        if label == "\x00head":
            out.append(("head", "", text))
        else:
            out.append(("text", label, text))


def _wrap_html(el):
    import copy

    from lxml import html

    w = html.Element("div")
    w.append(copy.deepcopy(el))
    return w


# ---------------------------------------------------------------------------------------------------------------


def ingest_file(path: Path, celex: str, title: str = "") -> ActTree:
    """Parse one source file of any supported format."""
    path = Path(path)
    if not path.is_file():
        raise IngestError("file not found")
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        from regc.retrieval.ingest_pdf import parse_pdf

        return parse_pdf(path, celex, title)
    head = path.read_bytes()[:4000]
    if b"<CONS.ACT" in head or b"<ACT" in head or b"formex" in head.lower() or path.parent.name.endswith(".fmx4"):
        return parse_formex(path, celex, title)
    if b"<html" in head.lower() or b"xhtml" in head.lower():
        return parse_xhtml(path, celex, title)
    raise IngestError("unknown format (expected Formex XML, EUR-Lex XHTML or PDF)")


def ingest_corpus(works: Path, celexes: Optional[Iterable[str]] = None, titles: Optional[dict[str, str]] = None,
                  extra_files: Iterable[Path] = (), *, dirs: Optional[Iterable[Path]] = None,
                  progress: bool = False) -> tuple[list[ActTree], list[IngestDiagnostic]]:
    """Act trees for the acts under ``works`` (optionally only ``celexes``), or for the act folders ``dirs``,
    plus extra files (PDFs).  ``progress``: a progress bar on stderr (terminals only).

    Never raises for a single bad file: it is reported in the diagnostics and skipped.
    """
    from tqdm import tqdm

    trees: list[ActTree] = []
    diags: list[IngestDiagnostic] = []
    titles = titles or {}
    folders = list(dirs) if dirs is not None else act_dirs(works, celexes) if works.is_dir() else []
    extra_files = [Path(f) for f in extra_files]
    bar = tqdm(total=len(folders) + len(extra_files), desc="reading acts", unit="act", leave=False,
               disable=None if progress else True)
    for d in folders:
        celex = d.name.upper()
        src = choose_source(d)
        bar.update(1)
        if src is None:
            diags.append(IngestDiagnostic(str(d), "no Formex/XHTML source found; act skipped"))
            continue
        try:
            trees.append(ingest_file(src, celex, titles.get(celex, "")))
        except (IngestError, OSError, ValueError) as e:
            diags.append(IngestDiagnostic(str(src), f"{e}; act skipped"))
    for f in extra_files:
        bar.update(1)
        try:
            trees.append(ingest_file(f, f"doc:{f.stem}", titles.get(f"doc:{f.stem}", f.stem)))
        except (IngestError, OSError, ValueError) as e:
            diags.append(IngestDiagnostic(str(f), f"{e}; file skipped"))
    bar.close()
    return trees, diags


def parse_pdf(path: Path, doc_id: str, title: str, pages: Optional[range] = None) -> ActTree:
    """A PDF legal text as an act tree (:func:`regc.retrieval.ingest_pdf.parse_pdf`)."""
    from regc.retrieval.ingest_pdf import parse_pdf as parse

    return parse(path, doc_id, title, pages)
