"""Round 50 (H14ds): a definitions slot keyed to the defined terms a HIPAA question uses -- move into the route's
top 10 the definitions section (ranks 11-30 of the memory order) that defines the most terms the question uses,
scored in sample and leave-one-set-out on every released set's routed questions exactly as round 48's grid
(:mod:`harness.route_slots`: its dump, its ``loso`` and ``citations`` with this module's rule hook).

    python -m harness.route_slots dump IDX DUMP.pkl              # round 48's dump: routed questions' top 30, once
    python -m harness.definitions_slot terms IDX                 # the detector: terms per definitions section
    python -m harness.definitions_slot diagnose IDX DUMP.pkl     # gold definitions outside the top 10, terms used
    python -m harness.definitions_slot loso IDX DUMP.pkl         # the grid below, in sample and LOSO (+ citations)

Detector (:func:`defined_terms`, read from the index, no term typed by hand): a definitions section is a part of a
CFR document (``doc:`` act) whose heading says "Definitions"; its defined terms are the capitalised phrases (1-8
words) opening a sentence or clause of its chunk text and followed by ``means`` / ``includes`` / ``excludes`` /
``is`` / ``are`` / ``refers to`` / ``stands for`` / ``exists if`` / ``has the (same) meaning`` or by ``: (1)``
(one or two parentheticals and a ", when ..." clause may stand between), plus "the term X means"; a phrase whose first word
is a function word ("The", "Any", "It", ...) or that holds a relative word ("which", "that", ...) is not a term.
Variants (:func:`variants`): lower case, words split at hyphens, the last word singular / plural, any two
neighbouring words joined ("healthcare"), each side of "X or Y", an all-capital parenthetical ("(SSO)").  A
question USES a term when its words contain a variant, read leftmost-longest without overlap (:func:`terms_used`:
"unsecured protected health information" is one term, not three).

Grid (fixed before any run; never changed): ``current`` (the route's order), then
* D1 (m, p): among the definitions sections at ranks 11-30, the one defining the most terms the question uses (ties:
  best rank) is moved to position p (1-based; the rest pushed down, cut to 10; it takes the score of the hit whose
  place it takes) when it defines at least m of them; m in ``MIN_TERMS`` (1, 2), p in ``SLOTS`` (5, 10);
* D2 (f, m, p): as D1 counting only the distinctive terms: those used by at most a share f of the released HIPAA
  questions (``hipaa_*`` sets; in a leave-one-set-out fold, of the sets other than the held one); f in
  ``FREQUENT`` (.10, .25).
Per held set, the variant with the best pooled practitioner FullCov@10 on the other sets among those whose
HIPAA-pool R@10 and FullCov@10 there stay within .005 of the current's (current first, ties grid order):
:func:`harness.route_slots.loso`.

>>> variants("health care provider")[:3]
('health care provider', 'health care providers', 'healthcare provider')
>>> t = table_of([("health care provider", "", "#§ 160.103"), ("business associate", "", "#§ 160.103")])
>>> [v for v, _ in terms_used("Is a healthcare provider's vendor a business associate?", t)]
['healthcare provider', 'business associate']
"""

from __future__ import annotations

import argparse
import pickle
import re
import sys
from collections import Counter
from typing import Optional

MIN_TERMS = (1, 2)
SLOTS = (5, 10)
FREQUENT = (0.10, 0.25)
K = 10
DEEP = 30
LONGEST = 10  # a variant has at most this many words

_LEAD = r"(?:^|(?<=[.:;)\]]\s))"  # a sentence or clause opens
_TERM = r"(?P<term>[A-Z][A-Za-z\-]*(?:\s[A-Za-z][A-Za-z\-]*){0,7}?)"
_PARENTHETICAL = r"\s\((?:[^()]|\([^()]*\))*\)"
_PAREN = rf"(?P<paren>{_PARENTHETICAL})?(?:{_PARENTHETICAL})?"  # "(HMO) (as defined in section 2791(b)(3) ...)"
_CLAUSE = r"(?:,\s(?:when|as)\s[^.;:]{1,200}?,)?"  # "Contrary, when used to compare ..., means"
_VERB = (r"(?:\s(?:means|includes|excludes|is|are|refers\sto|stands\sfor|exists\sif|has\sthe\s(?:same\s)?meaning)"
         r"\b|(?=:\s\(1\)))")
DEFINITION = re.compile(_LEAD + _TERM + _PAREN + _CLAUSE + _VERB)
THE_TERM = re.compile(r"\bthe\sterm\s(?P<term>[a-z][a-z\-]*(?:\s[a-z][a-z\-]*){0,3}?)\s(?:means|includes)\b")
DEFINITIONS_HEADING = re.compile(r"\bdefinitions?\b", re.I)
FUNCTION_FIRST = frozenset("""the a an any all each every no it its this that these those such to with whose who
    which is are for in if except when where there of on by as""".split())
RELATIVE = frozenset("which who whom whose that there if when where".split())
ACRONYM = re.compile(r"^\s\((?P<acronym>[A-Z]{2,6})\)$")
WORDS = re.compile(r"[a-z0-9]+")
POSSESSIVE = re.compile(r"['’]s\b")


def words(text: str) -> list[str]:
    """Lower-case words of ``text``, split at hyphens and punctuation, possessive 's dropped."""
    return WORDS.findall(POSSESSIVE.sub("", text.lower()))


def _number(ws: list[str]) -> list[list[str]]:
    """``ws`` with its last word singular / plural."""
    *head, last = ws
    if last.endswith("ies"):
        alt = [last[:-3] + "y"]
    elif last.endswith("s") and not last.endswith("ss"):
        alt = [last[:-1]]
    elif last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
        alt = [last[:-1] + "ies"]
    elif last.endswith(("s", "x", "ch", "sh")):
        alt = [last + "es"]
    else:
        alt = [last + "s"]
    return [ws] + [head + [a] for a in alt]


def variants(term: str, acronym: str = "") -> tuple[str, ...]:
    """The word strings a question may use for ``term`` (module docstring), the term's own first."""
    out: list[str] = []
    for side in [term] + (term.split(" or ") if " or " in term else []):
        ws = words(side)
        if not ws:
            continue
        joined = [ws] + [ws[:i] + [ws[i] + ws[i + 1]] + ws[i + 2:] for i in range(len(ws) - 1)]
        out += [" ".join(v) for j in joined for v in _number(j)]
    if acronym:
        out += [acronym.lower(), acronym.lower() + "s"]
    return tuple(dict.fromkeys(v for v in out if len(v.split()) <= LONGEST))


def section_terms(text: str) -> dict[str, str]:
    """Defined term (lower case, parenthetical dropped) -> its acronym ('' when none) found in a definitions
    section's ``text``.

    >>> section_terms("As used here: Breach means x. Standard setting organization (SSO) means y. The EIN is z.")
    {'breach': '', 'standard setting organization': 'SSO'}
    """
    out: dict[str, str] = {}
    for m in DEFINITION.finditer(text):
        ws = m.group("term").split()
        if ws[0].lower() in FUNCTION_FIRST or any(w.lower() in RELATIVE for w in ws[1:]):
            continue
        a = ACRONYM.match(m.group("paren") or "")
        term = " ".join(ws).lower()
        out[term] = out.get(term) or (a.group("acronym") if a else "")
    for m in THE_TERM.finditer(text):
        out.setdefault(m.group("term"), "")
    return out


def definitions_sections(searcher) -> dict[str, str]:
    """Node id -> chunk text of every definitions section of the index's CFR documents."""
    out: dict[str, str] = {}
    for node, chunks in sorted(searcher.part_nodes().items()):
        if node.startswith("doc:") and chunks and DEFINITIONS_HEADING.search(chunks[0].heading or ""):
            out[node] = " ".join(c.text for c in chunks)
    return out


def table_of(defined: list[tuple[str, str, str]]) -> dict[str, tuple[str, ...]]:
    """Variant -> the (term, acronym, node) entries it names, each as ``term\\tnode``."""
    out: dict[str, list[str]] = {}
    for term, acronym, node in defined:
        for v in variants(term, acronym):
            out.setdefault(v, []).append(f"{term}\t{node}")
    return {v: tuple(dict.fromkeys(x)) for v, x in sorted(out.items())}


def defined_terms(searcher) -> dict[str, tuple[str, ...]]:
    """Variant -> the canonical terms it names, each as ``term\\tnode`` (the definitions section defining it)."""
    return table_of([(term, acronym, node) for node, text in definitions_sections(searcher).items()
                     for term, acronym in section_terms(text).items()])


def terms_used(question: str, table: dict) -> list[tuple[str, tuple]]:
    """(variant, entries) of each defined term ``question`` uses, leftmost-longest, no overlap."""
    ws, out, i = words(question), [], 0
    while i < len(ws):
        for n in range(min(LONGEST, len(ws) - i), 0, -1):
            v = " ".join(ws[i:i + n])
            if v in table:
                out.append((v, table[v]))
                i += n
                break
        else:
            i += 1
    return out


def section_counts(question: str, table: dict, skip: frozenset = frozenset()) -> Counter:
    """Definitions section -> how many distinct terms (not in ``skip``) of the question it defines."""
    pairs = {e for _, entries in terms_used(question, table) for e in entries}
    return Counter(e.split("\t")[1] for e in sorted(pairs) if e.split("\t")[0] not in skip)


def slot_pick(nodes: list[str], counts: Counter, m: int, k: int = K, deep: int = DEEP) -> Optional[str]:
    """The definitions section among ``nodes``' ranks k+1..deep defining the most of the question's terms (ties:
    best rank) when it defines at least ``m``; None otherwise.

    >>> slot_pick(list("abcdefghijklmn"), Counter({"l": 2, "m": 2, "b": 5}), 2)
    'l'
    """
    best = max(((counts.get(x, 0), -i, x) for i, x in enumerate(nodes[k:deep])), default=(0, 0, None))
    return best[2] if best[0] >= m else None


def variants_grid() -> tuple:
    """The current order first, then ("D1", 0, m, p) and ("D2", f, m, p)."""
    out = [("current", 0.0, 0, 0)]
    out += [("D1", 0.0, m, p) for m in MIN_TERMS for p in SLOTS]
    out += [("D2", f, m, p) for f in FREQUENT for m in MIN_TERMS for p in SLOTS]
    return tuple(out)


def label(v: tuple) -> str:
    return "current" if v[0] == "current" else v[0] + (f"@{v[1]:.2f}" if v[0] == "D2" else "") + f" m{v[2]} p{v[3]}"


def frequent_terms(recs: list[dict], table: dict, f: float, held: str = "") -> frozenset:
    """Canonical terms used by more than a share ``f`` of the released HIPAA questions (not of ``held``)."""
    qs = [r["question"] for r in recs if r["set"].startswith("hipaa") and r["set"] != held]
    use = Counter(t for q in qs for t in {e.split("\t")[0] for _, es in terms_used(q, table) for e in es})
    return frozenset(t for t, n in use.items() if n > f * len(qs))


class Slots:
    """The rule hook of :func:`harness.route_slots.rows_of`: a routed record's top 10 under a grid variant."""

    def __init__(self, recs: list[dict], table: dict):
        self.recs, self.table, self.freq, self.counts = recs, table, {}, {}

    def skip(self, variant: tuple, held: str) -> frozenset:
        if variant[0] != "D2":
            return frozenset()
        key = (variant[1], held)
        if key not in self.freq:
            self.freq[key] = frequent_terms(self.recs, self.table, variant[1], held)
        return self.freq[key]

    def __call__(self, j: int, rec: dict, variant: tuple, held: str) -> list[str]:
        from harness.route_slots import slotted

        nodes = [h.node for h in rec["hits"]]
        if variant[0] == "current":
            return nodes[:K]
        skip = self.skip(variant, held)
        if (j, skip) not in self.counts:
            self.counts[(j, skip)] = section_counts(rec["question"], self.table, skip)
        pick = slot_pick(nodes, self.counts[(j, skip)], variant[2])
        return nodes[:K] if pick is None else slotted(nodes, {pick}, 1, variant[3])


def diagnose(recs: list[dict], table: dict) -> None:
    """The routed questions' gold definitions sections outside the top 10: rank, terms used, the section the
    rule would pick; and how often each variant moves a section (in sample)."""
    defs = {e.split("\t")[1] for es in table.values() for e in es}
    hook = Slots(recs, table)
    for j, r in enumerate(recs):
        if not r["routed"]:
            continue
        nodes = [h.node for h in r["hits"]]
        for g in r["gold"]:
            if g in defs and g not in nodes[:K]:
                rank = nodes.index(g) + 1 if g in nodes else 0
                print(f"  {r['set']}#{r['i']} {g} rank {rank or '>30'} uses "
                      f"{[v for v, _ in terms_used(r['question'], table)]} counts "
                      f"{dict(section_counts(r['question'], table))}", flush=True)
    for v in variants_grid()[1:]:
        moved = Counter()
        for j, r in enumerate(recs):
            if r["routed"]:
                top = hook(j, r, v, "")
                new = set(top) - {h.node for h in r["hits"][:K]}
                moved[("gold" if new & set(r["gold"]) else "other") if new else "none"] += 1
        print(f"{label(v):14s} moved: gold {moved['gold']}, not gold {moved['other']}", flush=True)


def show_terms(table: dict) -> None:
    by: dict[str, set] = {}
    for es in table.values():
        for e in es:
            t, node = e.split("\t")
            by.setdefault(node, set()).add(t)
    for node, ts in sorted(by.items()):
        print(f"{node} ({len(ts)}): " + "; ".join(sorted(ts)))


def main(argv=None) -> int:
    from harness import route_slots as R
    from harness.cite_eval import open_searcher

    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("terms", "diagnose", "loso"))
    ap.add_argument("args", nargs="+")
    a = ap.parse_args(argv)
    table = defined_terms(open_searcher(a.args[0]))
    if a.what == "terms":
        show_terms(table)
        return 0
    with open(a.args[1], "rb") as f:
        recs = pickle.load(f)
    if a.what == "diagnose":
        diagnose(recs, table)
        return 0
    sh, hook, grid = R.Shares(recs), Slots(recs, table), variants_grid()
    for v in grid:  # in sample: the frequent terms read on every released HIPAA question
        R.show(label(v), R.rows_of(recs, sh, v, "", hook))
    rows, picked = R.loso(recs, sh, grid, hook)
    R.show("LOSO", rows)
    print(Counter(label(v) for v in picked.values()).most_common(), flush=True)
    moved = sum(hook(j, r, picked[r["set"]], r["set"]) != [h.node for h in r["hits"][:K]]
                for j, r in enumerate(recs) if r["routed"])
    print(f"LOSO top 10 moved: {moved}; fold rows {len(rows)}", flush=True)
    R.citations(a.args[0], recs, sh, picked, hook)
    return 0


if __name__ == "__main__":
    sys.exit(main())
