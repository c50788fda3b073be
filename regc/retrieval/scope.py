"""What `regc index DIR` indexes: every parseable act folder under DIR, at any depth, or a selection.

An act folder is named by its CELEX number (``32021r2178``) and holds version folders (``2026-01-01/``) with an
``en.fmx4/`` Formex folder, an ``en.xml`` OJ XHTML or an ``en.html`` consolidated text.  A works folder, a corpus
root, or a folder with ``works/`` inside all work.  Everything left out is reported with the reason.

>>> # found, skipped = discover_acts(Path("../shared/corpora"))
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from regc.retrieval.chunking import chunks_of
from regc.retrieval.ingest import choose_source
from regc.retrieval.registry import ActRegistry, load_registry

CELEX_FOLDER = re.compile(r"^[0-9ce]\d{4}[a-z]{1,2}\d{1,4}(?:\(\d{1,2}\))?$", re.I)
VERSION_FOLDER = re.compile(r"^\d{4}-\d{2}-\d{2}$")
PARSEABLE = ("en.fmx4", "en.xml", "en.html")
TAXONOMY_PARENT = "supplementing Regulation (EU) 2020/852"


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


def discover_acts(root: Path) -> tuple[dict[str, Path], list[Skipped]]:
    """``({CELEX: act folder}, skipped)`` for every act folder under ``root`` (any depth; hidden folders left
    out; symlinked folders followed, each real folder once).  A CELEX folder without a parseable version, a second folder for the same
    CELEX, and PDF files (indexed only when given with ``--pdf``) are reported as skipped."""
    found: dict[str, Path] = {}
    skipped: list[Skipped] = []
    seen: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        d = Path(dirpath)
        real = os.path.realpath(d)
        if real in seen:  # a link cycle or a second link to the same folder
            dirnames[:] = []
            continue
        seen.add(real)
        dirnames[:] = sorted(x for x in dirnames if not x.startswith("."))
        if CELEX_FOLDER.match(d.name) and any(VERSION_FOLDER.match(x) for x in dirnames):
            celex = d.name.upper()
            if choose_source(d) is None:
                skipped.append(Skipped(str(d), f"no parseable version ({', '.join(PARSEABLE)})"))
            elif celex in found:
                skipped.append(Skipped(str(d), f"a second folder for {celex} (indexed: {found[celex]})"))
            else:
                found[celex] = d
            dirnames[:] = []
            continue
        skipped += [Skipped(str(d / f), "a PDF: indexed only when given with --pdf FILE")
                    for f in sorted(filenames) if f.lower().endswith(".pdf")]
    return dict(sorted(found.items())), skipped


def versions(act_dir: Path) -> list[str]:
    """The version dates of an act folder, oldest first."""
    return sorted(p.name for p in act_dir.iterdir() if p.is_dir() and VERSION_FOLDER.match(p.name))


def registry_of(found: dict[str, Path]) -> ActRegistry:
    """Titles and aliases of the found acts, from their folders' meta.json (folders may sit in several places)."""
    acts = {}
    by_parent: dict[Path, list[str]] = {}
    for celex, d in found.items():
        by_parent.setdefault(d.parent, []).append(celex)
    for parent, celexes in sorted(by_parent.items()):
        acts.update(load_registry(parent, celexes).acts)
    return ActRegistry(dict(sorted(acts.items())))


def taxonomy_acts(registry: ActRegistry) -> list[str]:
    """The Taxonomy delegated acts setting technical screening criteria (titles "supplementing Regulation (EU)
    2020/852 ... technical screening criteria")."""
    def tsc_act(title: str) -> bool:
        return TAXONOMY_PARENT in title and "technical screening criteria" in title

    return sorted(c for c, a in registry.acts.items() if tsc_act(a.title) or tsc_act(a.short_title))


def cited_by(found: dict[str, Path], citing: Optional[Iterable[str]], registry: ActRegistry) -> list[str]:
    """The found acts cited by the ``citing`` acts (not those acts themselves), plus the act they supplement.
    ``citing`` empty or None: the Taxonomy delegated acts (the pre-0.x default scope)."""
    from regc.grammar.citations import find_citations
    from regc.retrieval.ingest import ingest_file

    citing = sorted({c.upper() for c in citing}) if citing else taxonomy_acts(registry)
    cited: set[str] = set()
    for celex in citing:
        src = choose_source(found[celex]) if celex in found else None
        if src is None:
            continue
        try:
            tree = ingest_file(src, celex)
        except ValueError:
            continue
        for ch in chunks_of(tree):
            cited.update(c.celex for c in find_citations(ch.text) if c.celex)
        for parent in re.findall(r"supplementing Regulation \(EU\) (\d{4})/(\d+)", registry.title(celex) or ""):
            cited.add(f"3{parent[0]}R{int(parent[1]):04d}")
    return sorted((cited & set(found)) - set(citing))
