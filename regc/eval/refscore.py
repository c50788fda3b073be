"""Agreement measures for the references and footnotes passes against gold (spec §5 "Reference F1").

Sources are matched per node pair: on CELEX when both sides have one, else on normalised text; the type must
agree.  Matching is one-to-one (a source counts once).

>>> from regc.ir.models import ReferenceSource as S
>>> source_match(S(text="Directive 2010/75/EU", type="must_be_fetched", celex_id="32010L0075"),
...              S(text="Article 3 of Directive 2010/75/EU", type="must_be_fetched", celex_id="32010L0075"))
True
>>> normalise_ref_text("the EU Construction  Protocol.")
'the eu construction protocol'
>>> prf(3, 4, 6)
(0.75, 0.5, 0.6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher

from regc.eval.score import norm_text
from regc.ir.models import CriterionNode, ReferenceSource, Unit

# the normalisation of the project scorer: lower case, every run of non-word characters one space
normalise_ref_text = norm_text


def prf(tp: float, n_sys: float, n_gold: float) -> tuple[float, float, float]:
    """(precision, recall, F1) of ``tp`` matches among ``n_sys`` system and ``n_gold`` gold items; an empty side
    has precision (recall) 1.0."""
    p = tp / n_sys if n_sys else 1.0
    r = tp / n_gold if n_gold else 1.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def source_match(a: ReferenceSource, b: ReferenceSource, *, need_type: bool = True) -> bool:
    if need_type and a.type != b.type:
        return False
    if a.celex_id and b.celex_id:
        return a.celex_id == b.celex_id
    return normalise_ref_text(a.text) == normalise_ref_text(b.text)


@dataclass
class PRF:
    tp: float = 0
    n_sys: float = 0
    n_gold: float = 0
    misses: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return prf(self.tp, self.n_sys, self.n_gold)[0]

    @property
    def recall(self) -> float:
        return prf(self.tp, self.n_sys, self.n_gold)[1]

    @property
    def f1(self) -> float:
        return prf(self.tp, self.n_sys, self.n_gold)[2]

    def add(self, other: "PRF") -> None:
        self.tp += other.tp
        self.n_sys += other.n_sys
        self.n_gold += other.n_gold
        self.misses += other.misses


def _greedy(sys_items: list, gold_items: list, match) -> int:
    used: set[int] = set()
    tp = 0
    for s in sys_items:
        for j, g in enumerate(gold_items):
            if j not in used and match(s, g):
                used.add(j)
                tp += 1
                break
    return tp


def reference_prf(sys_node: CriterionNode, gold_node: CriterionNode, *, need_type: bool = True) -> PRF:
    ss = sys_node.references.sources if sys_node.references else []
    gs = gold_node.references.sources if gold_node.references else []
    tp = _greedy(ss, gs, lambda a, b: source_match(a, b, need_type=need_type))
    out = PRF(tp, len(ss), len(gs))
    if tp < max(len(ss), len(gs)):
        out.misses.append(f"{gold_node.criterion_id}: sys={[(s.text, s.type, s.celex_id) for s in ss]} "
                          f"gold={[(s.text, s.type, s.celex_id) for s in gs]}")
    return out


def _item_match(a, b) -> bool:
    if a.kind != b.kind:
        return False
    if a.celex_id or b.celex_id:
        return a.celex_id == b.celex_id
    return SequenceMatcher(None, a.title.lower(), b.title.lower()).ratio() >= 0.6 \
        or a.title.lower()[:25] == b.title.lower()[:25]


def footnote_prf(sys_node: CriterionNode, gold_node: CriterionNode) -> tuple[PRF, PRF, PRF]:
    """(attachment PRF on footnote ids, item PRF on (kind, celex | fuzzy title), category PRF)."""
    s_ids = {f.id: f for f in sys_node.footnotes}
    g_ids = {f.id: f for f in gold_node.footnotes}
    att = PRF(len(set(s_ids) & set(g_ids)), len(s_ids), len(g_ids))
    items, cats = PRF(), PRF()
    for fid in set(s_ids) & set(g_ids):
        s, g = s_ids[fid], g_ids[fid]
        items.add(PRF(_greedy(s.items, g.items, _item_match), len(s.items), len(g.items)))
        cats.add(PRF(len(set(s.categories) & set(g.categories)), len(set(s.categories)), len(set(g.categories))))
        if _greedy(s.items, g.items, _item_match) < max(len(s.items), len(g.items)):
            items.misses.append(f"{gold_node.criterion_id} {fid}: sys={[(i.kind, i.title[:60], i.celex_id) for i in s.items]}"
                                f" gold={[(i.kind, i.title[:60], i.celex_id) for i in g.items]}")
    return att, items, cats


def pair_nodes(sys_unit: Unit, gold_unit: Unit) -> list[tuple[CriterionNode, CriterionNode]]:
    """Pairs by equal criterion_id (then by verbatim similarity >= 0.8, spec §5)."""
    s_nodes = {n.criterion_id: n for n in sys_unit.root.walk()}
    g_nodes = {n.criterion_id: n for n in gold_unit.root.walk()}
    pairs = [(s_nodes[k], g_nodes[k]) for k in g_nodes if k in s_nodes]
    rest_s = [n for k, n in s_nodes.items() if k not in g_nodes]
    rest_g = [n for k, n in g_nodes.items() if k not in s_nodes]
    for g in rest_g:
        best, score = None, 0.8
        for s in rest_s:
            r = SequenceMatcher(None, s.verbatim_text, g.verbatim_text).ratio()
            if r >= score:
                best, score = s, r
        if best is not None:
            pairs.append((best, g))
            rest_s.remove(best)
    return pairs
