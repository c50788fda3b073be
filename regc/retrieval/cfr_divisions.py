"""Structural references of a CFR text (the HIPAA Administrative Simplification text) in the citation graph:
"this subpart", "subpart C of part 160", "subparts D or E of this part", "part 160, subpart C of this
subchapter", "this part", "parts 160 and 162", and section ranges "§§ 164.302 through 164.318".

The PDF front-end records each section's division in its tree node's ``chapter`` ("Part 164, Subpart C",
:func:`regc.retrieval.ingest_pdf.section_divisions`).  :func:`division_edges` adds one graph node per part and
subpart ("doc:x#Part 164", "doc:x#Part 164, Subpart C"), ``CONTAINS`` edges part -> subpart -> section, and a
``REFERENCES`` edge (``via="division"``) from the citing paragraph to the division it names.  A division is a
node, not a fan-out of edges to its sections: "this part" alone is written 87 times and part 164 has 39 sections,
and the closure's 1-hop neighbours would otherwise be most of the part (:mod:`regc.retrieval.closure` decides
whether and how to step from a division node to its sections: :func:`division_members`).  A range names its
sections one by one, so it becomes one ``REFERENCES`` edge (``via="range"``) per section in it.

>>> division_refs("comply with subpart C of part 160 and this subpart; see subparts D or E of this part", "164", "C")
[('160', 'C'), ('164', 'C'), ('164', 'D'), ('164', 'E')]
>>> division_refs("as required by § 160.412 of this part, the requirements of this part and part 160, subpart C of "
...               "this subchapter", "164", "E")
[('164', ''), ('160', 'C')]
>>> division_refs("subparts A through C of this part", "164", "")
[('164', 'A'), ('164', 'B'), ('164', 'C')]
>>> section_ranges("the standards in §§ 164.302 through 164.318, and § 160.300 through § 160.316(b)")
[('164.302', '164.318'), ('160.300', '160.316')]
"""

from __future__ import annotations

import re
from typing import Sequence

import networkx as nx

from regc.retrieval.chunking import ActTree, chunks_of
from regc.retrieval.ingest_pdf import division_label
from regc.retrieval.refs import CFR_SECTION_NUMBER, CFR_SECTION_REF, CFR_SUBDIVISIONS, paragraph_of

LETTER = r"[A-Z]\b"
LETTER_JOIN = r"\s*(?:,\s*(?:and|or)\b|,|and|or|through|to)\s*"
LETTERS = rf"{LETTER}(?:{LETTER_JOIN}{LETTER})*"
LETTER_STEP = re.compile(rf"(?P<through>through|to)?\s*(?P<l>{LETTER})")  # one letter of LETTERS, after "through"?
PART_NUMBER = r"\d{3}"
OF_PART = rf"(?:\s+of\s+(?:this\s+part|part\s+(?P<of_part>{PART_NUMBER})))?"
DIVISION_REF = re.compile(rf"""
    (?P<section>{CFR_SECTION_REF.pattern}\s+of\s+this\s+(?:sub)?part)        # "§ 160.412 of this part": a section
  | \bpart\s+(?P<part_sub>{PART_NUMBER}),\s*subpart\s+(?P<letter>{LETTER})   # "part 160, subpart C"
  | \bsubparts?\s+(?P<letters>{LETTERS}){OF_PART}                            # "subpart C of part 160"
  | \bthis\s+subpart\b                                                       # the citing section's subpart
  | \bthis\s+part\b(?:\s+(?P<this_num>{PART_NUMBER}))?                       # its part ("this part 160")
  | \bparts?\s+(?P<parts>{PART_NUMBER}(?:{LETTER_JOIN}(?:parts?\s+)?{PART_NUMBER})*)  # "parts 160 and 162"
""", re.X)
SECTION_RANGE = re.compile(rf"""
    (?P<lo>{CFR_SECTION_NUMBER}){CFR_SUBDIVISIONS}\s+through\s+(?:§\s*)?(?P<hi>{CFR_SECTION_NUMBER})
""", re.X)


def _letters(spec: str) -> list[str]:
    """'D or E' -> ['D', 'E']; 'A through C' -> ['A', 'B', 'C']."""
    out: list[str] = []
    for m in LETTER_STEP.finditer(spec):
        if m.group("through") and out:
            out += [chr(c) for c in range(ord(out[-1]) + 1, ord(m.group("l")) + 1)]
        else:
            out.append(m.group("l"))
    return out


def division_refs(text: str, part: str, subpart: str = "") -> list[tuple[str, str]]:
    """(part, subpart or "") of each division ``text`` names, in order of first mention; ``part`` / ``subpart``
    are those of the citing section ("this part", "this subpart", a bare "subpart E").  A section cited "of
    this part" is a section reference (:mod:`regc.retrieval.refs`), not one to the part."""
    out: list[tuple[str, str]] = []
    for m in DIVISION_REF.finditer(text):
        if m.group("section"):
            continue
        if m.group("part_sub"):
            found = [(m.group("part_sub"), m.group("letter"))]
        elif m.group("letters"):
            found = [(m.group("of_part") or part, letter) for letter in _letters(m.group("letters"))]
        elif m.group("parts"):
            found = [(n, "") for n in re.findall(PART_NUMBER, m.group("parts"))]
        elif m.group(0).split()[1] == "subpart":
            found = [(part, subpart)] if subpart else []
        else:
            found = [(m.group("this_num") or part, "")]
        out += [f for f in found if f not in out]
    return out


def section_ranges(text: str) -> list[tuple[str, str]]:
    """(first, last) section number of each range "§§ 164.302 through 164.318" in ``text``."""
    out = []
    for m in CFR_SECTION_REF.finditer(text):
        out += [(r.group("lo"), r.group("hi")) for r in SECTION_RANGE.finditer(m.group("list"))]
    return out


def _number_key(number: str) -> tuple:
    part, sec = number.split(".", 1)
    digits = re.match(r"\d+", sec).group(0)
    return int(part), int(digits), sec[len(digits):]


def tree_divisions(tree: ActTree) -> dict[str, str]:
    """Section locator -> the division it stands in ("Part 164, Subpart C"), for the CFR sections of ``tree`` whose
    division the PDF front-end recorded (their ``chapter``); {} for any other tree."""
    return {p.locator: p.chapter for p in tree.parts if p.locator.startswith("§") and p.chapter.startswith("Part")}


def division_edges(g: nx.MultiDiGraph, trees: Sequence[ActTree]) -> None:
    """Division nodes, ``CONTAINS`` and division / range ``REFERENCES`` edges of every tree whose sections carry
    their division (see the module docstring); trees without divisions are left alone."""
    for t in trees:
        placed = tree_divisions(t)
        if not placed:
            continue
        for loc, division in sorted(placed.items()):
            part = division.split(",", 1)[0]
            for node, kind in ((part, "cfr_part"), (division, "cfr_subpart")):
                g.add_node(f"{t.celex}#{node}", kind=kind, celex=t.celex)
            if division != part and not g.has_edge(f"{t.celex}#{part}", f"{t.celex}#{division}"):
                g.add_edge(f"{t.celex}#{part}", f"{t.celex}#{division}", type="CONTAINS")
            g.add_edge(f"{t.celex}#{division}", f"{t.celex}#{loc}", type="CONTAINS")
        numbers = sorted((loc[2:] for loc in placed), key=_number_key)
        for ch in chunks_of(t):
            own = placed.get(paragraph_of(ch.locator).split("(", 1)[0])
            if own is None:
                continue
            src = f"{t.celex}#{paragraph_of(ch.locator)}"
            src = src if src in g else f"{t.celex}#{paragraph_of(ch.locator).split('(', 1)[0]}"
            own_part, _, own_sub = own.replace("Part ", "").partition(", Subpart ")
            targets = [(f"{t.celex}#{division_label(p, s)}", "division") for p, s in division_refs(ch.text, own_part, own_sub)]
            for lo, hi in section_ranges(ch.text):
                targets += [(f"{t.celex}#§ {n}", "range") for n in numbers
                            if _number_key(lo) <= _number_key(n) <= _number_key(hi) and n.split(".")[0] == lo.split(".")[0]]
            for dst, via in targets:
                if dst in g and dst != src and not any(d.get("type") == "REFERENCES"
                                                       for d in (g.get_edge_data(src, dst) or {}).values()):
                    g.add_edge(src, dst, type="REFERENCES", via=via)


def division_members(g: nx.MultiDiGraph, node: str) -> list[str]:
    """The sections of a division node (a part's through its subparts), sorted; [] for any other node."""
    if node not in g or g.nodes[node].get("kind") not in ("cfr_part", "cfr_subpart"):
        return []
    out: set[str] = set()
    for _, v, d in g.out_edges(node, data=True):
        if d.get("type") == "CONTAINS":
            out |= set(division_members(g, v)) if g.nodes[v].get("kind") == "cfr_subpart" else {v}
    return sorted(out)


__all__ = ["division_refs", "section_ranges", "tree_divisions", "division_edges", "division_members", "DIVISION_REF"]
