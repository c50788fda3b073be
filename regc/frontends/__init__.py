"""Front-ends: turn a source file (EUR-Lex XHTML, OJ HTML, Formex XML, Taxonomy Compass) into an :class:`ActDoc`.

>>> detect_format("works/32021r2139/2026-01-01/en.xml")  # doctest: +SKIP
'eurlex-xhtml'
>>> act = load_source("works/32021r2139/2026-01-01/en.xml")  # doctest: +SKIP
>>> act.activity("CCM-4.29").units[0].part  # doctest: +SKIP
'SC'

Adding a format is one line in :data:`FRONTENDS`: ``"name": "module:function"`` where the function takes the
path and returns an ActDoc.  Modules are imported lazily so one broken front-end does not break the others.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Callable, Collection, Optional

from regc.ir.doc import ActDoc, FrontEndError

# format name -> "module:function(path) -> ActDoc"
FRONTENDS: dict[str, str] = {
    "eurlex-xhtml": "regc.frontends.eurlex_xhtml:parse_eurlex_xhtml",
    "oj-html": "regc.frontends.oj_html:parse_oj_html",
    "formex": "regc.frontends.formex:load_formex",
    "compass-html": "regc.frontends.compass:load_compass",
}

_SNIFF_BYTES = 64 * 1024


def frontend(format: str) -> Callable[[Path], ActDoc]:
    """The parse function registered for ``format``; FrontEndError for an unknown or unavailable one."""
    target = FRONTENDS.get(format)
    if target is None:
        raise FrontEndError("<format>", f"unknown source format {format!r} (known: {', '.join(sorted(FRONTENDS))})")
    mod_name, fn_name = target.split(":")
    try:
        mod = importlib.import_module(mod_name)
        return getattr(mod, fn_name)
    except (ImportError, AttributeError) as e:
        raise FrontEndError("<format>", f"front-end for {format!r} is not available ({e})") from None


def detect_format(path: str | Path) -> str:
    """Guess the source format from the first bytes of the file (and its name as a tie-breaker).

    - Formex 4: root ``<ACT``/``<CONS.ACT``/``<CONS.DOC``... or ``.fmx4``/``.fmx`` name
    - EUR-Lex consolidated XHTML: ``class="title-gr-seq-level-…"`` / "Consolidated TEXT"
    - Official Journal HTML: ``class="oj-…"``
    - Taxonomy Compass: ``.json`` name or a Compass page marker
    """
    p = Path(path)
    if not p.exists():
        raise FrontEndError(str(p), "file not found")
    if p.is_dir():
        # Formex acts come as a folder of XML files (``en.fmx4/``)
        if p.name.lower().endswith((".fmx4", ".fmx")) or any(p.glob("*.fmx.xml")):
            return "formex"
        hint = ("; if it holds a Formex act, pass --format formex" if any(p.glob("*.xml")) else "")
        raise FrontEndError(str(p), "is a folder, not a source file" + hint)
    with open(p, "rb") as fh:
        head = fh.read(_SNIFF_BYTES)
    low = head.decode("utf-8", errors="replace").lower()
    name = p.name.lower()
    if name.endswith((".fmx4", ".fmx", ".formex")) or re.search(r"<(cons\.act|cons\.doc|act|annex)[\s>]", low[:4096]) \
            and "<html" not in low[:4096]:
        return "formex"
    if name.endswith(".json") or "taxonomy compass" in low or "ec.europa.eu/sustainable-finance-taxonomy" in low:
        return "compass-html"
    if "consolidated text" in low or "title-gr-seq-level" in low or 'class="norm"' in low:
        return "eurlex-xhtml"
    if 'class="oj-' in low or "/oj/oj.css" in low:
        return "oj-html"
    if "<html" in low:
        # a large consolidated file may push its marker past the sniffed head: look further cheaply
        with open(p, "rb") as fh:
            whole = fh.read(8 * _SNIFF_BYTES).decode("utf-8", errors="replace").lower()
        if "title-gr-seq-level" in whole or 'class="tbl-norm"' in whole:
            return "eurlex-xhtml"
        if 'class="oj-' in whole:
            return "oj-html"
    raise FrontEndError(str(p), "cannot tell the source format (not EUR-Lex XHTML, OJ HTML, Formex or Compass); "
                        "use --format (format= in the API)", "line 1")


def load_source(path: str | Path, format: Optional[str] = None, only: Optional[Collection[str]] = None) -> ActDoc:
    """Parse ``path`` with the front-end for ``format`` (detected from the content when None).

    ``only``: the activity ids wanted.  A front-end whose parse function takes ``only`` skips reading the others
    (they are then absent from the ActDoc); the others return every activity and the caller filters."""
    p = Path(path)
    if not p.exists():
        raise FrontEndError(str(p), "file not found")
    fmt = format or detect_format(p)
    parse = frontend(fmt)
    act = parse(p, only=set(only)) if only and "only" in inspect.signature(parse).parameters else parse(p)
    from regc.frontends.objectives import check_unit_parts
    from regc.frontends.text import join_broken_sentences

    for adoc in act.activities:
        check_unit_parts(adoc)
        for unit in adoc.units:
            unit.blocks = join_broken_sentences(unit.blocks)
    return act


def eurlex_url(celex: str) -> str:
    """Where a human can get the document: ``https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:<celex>``."""
    return f"https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:{celex.upper()}"


def find_in_corpus(corpus_root: str | Path, celex: str, version: Optional[str] = None,
                   name: Optional[str] = None) -> Path:
    """``<corpus>/eurlex-lex-corpus/works/<celex lower>/<version>/en.xml`` (else ``en.html``, else the Formex
    folder ``en.fmx4``; ``name`` asks for one of them), the latest version when ``version`` is None.

    Raises FrontEndError saying how to obtain the document when it is not there.
    """
    root = Path(corpus_root)
    works = root / "eurlex-lex-corpus" / "works" if (root / "eurlex-lex-corpus").is_dir() else root
    folder = works / celex.lower()
    names = [name] if name else ["en.xml", "en.html", "en.fmx4"]
    versions = sorted(d.name for d in folder.iterdir()
                      if d.is_dir() and any((d / n).exists() for n in names)) if folder.is_dir() else []
    if version is None and versions:
        version = versions[-1]
    for n in names:
        cand = folder / (version or "<version>") / n
        if cand.exists():
            return cand
    cand = folder / (version or "<version>") / names[0]
    have = f" (versions here: {', '.join(versions)})" if versions else ""
    raise FrontEndError(
        str(cand),
        f"{celex.upper()} version {version or 'any'} is not in the corpus{have}; obtain it from "
        f"{eurlex_url(celex)} (consolidated versions: https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:0"
        f"{celex.upper()[1:]}-{(version or 'YYYY-MM-DD').replace('-', '')}) and save it as {cand}, or run "
        f"`regc fetch {celex.upper()}` on a machine with network access",
    )


__all__ = ["FRONTENDS", "detect_format", "eurlex_url", "find_in_corpus", "frontend", "load_source"]
