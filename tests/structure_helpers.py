"""Helpers for the structure tests: blocks rebuilt from a gold unit, and a local structural-F1 (spec §5).

``gold_blocks(unit)`` lists the gold nodes in source (pre-)order as front-end blocks (label re-derived from the id's
last component), so the structure pass can be checked against gold trees without a front-end.
``structural_f1(system_root, gold_root)`` follows spec §5 / paper E.3 (used until ``regc.eval.score`` lands).
"""

from __future__ import annotations

import difflib
import re

from regc.ir.doc import Block
from regc.ir.models import CRITERION_KEYS, CriterionNode, Unit

_TAIL = re.compile(r"(\([a-z]{1,4}\)|\(\d+\))$")


def label_from_id(node: CriterionNode, parent: CriterionNode | None) -> str | None:
    cid = node.criterion_id
    if re.fullmatch(r"P\d+", cid) or re.search(r"\.[A-Z][A-Za-z]+(\.\d+)?$", cid):
        return None
    if re.fullmatch(r"\d+(\.\d+)*", cid):
        return cid + "."
    m = _TAIL.search(cid)
    if m:
        return m.group(1)
    if re.search(r"-\d+$", cid):
        return "—"
    return None


def gold_blocks(unit: Unit) -> list[Block]:
    out: list[Block] = []
    if unit.root.verbatim_text:
        out.append(Block(text=unit.root.verbatim_text))
    for n, p in unit.root.walk_with_parent():
        if n is unit.root or not n.verbatim_text:  # groups have no text and no block
            continue
        out.append(Block(label=label_from_id(n, p), text=n.verbatim_text))
    return out


def _flatten(root: CriterionNode) -> list[tuple[CriterionNode, CriterionNode | None]]:
    return [(n, p) for n, p in root.walk_with_parent()]


def structural_f1(system: CriterionNode, gold: CriterionNode) -> tuple[float, float, float]:
    """(precision, recall, F1) per spec §5."""
    s_nodes, g_nodes = _flatten(system), _flatten(gold)
    g_by_id = {n.criterion_id: (n, p) for n, p in g_nodes}
    pairs = []
    s_left, g_used = [], set()
    for n, p in s_nodes:
        if n.criterion_id in g_by_id and n.criterion_id not in g_used:
            pairs.append(((n, p), g_by_id[n.criterion_id]))
            g_used.add(n.criterion_id)
        else:
            s_left.append((n, p))
    g_left = [(n, p) for n, p in g_nodes if n.criterion_id not in g_used]
    cands = []
    for i, (sn, _) in enumerate(s_left):
        for j, (gn, _) in enumerate(g_left):
            r = difflib.SequenceMatcher(None, sn.verbatim_text, gn.verbatim_text).ratio()
            if r >= 0.8:
                cands.append((r, i, j))
    used_s, used_g = set(), set()
    for r, i, j in sorted(cands, key=lambda t: -t[0]):
        if i in used_s or j in used_g:
            continue
        used_s.add(i), used_g.add(j)
        pairs.append((s_left[i], g_left[j]))

    def sib(n, p):
        return {c.criterion_id for c in (p.sub_criteria if p else [])} - {n.criterion_id}

    total = 0.0
    for (sn, sp), (gn, gp) in pairs:
        same_parent = (sp.criterion_id if sp else None) == (gp.criterion_id if gp else None)
        a, b = sib(sn, sp), sib(gn, gp)
        jac = len(a & b) / len(a | b) if (a | b) else 1.0
        sc, gc = len(sn.sub_criteria), len(gn.sub_criteria)
        shape = min(sc, gc) / max(sc, gc) if max(sc, gc) else 1.0
        keys = len([k for k in CRITERION_KEYS if k in sn.to_json()]) / 13
        total += 0.30 * same_parent + 0.25 * jac + 0.25 * shape + 0.20 * keys
    prec = total / len(s_nodes) if s_nodes else 0.0
    rec = total / len(g_nodes) if g_nodes else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return prec, rec, f1


def tree_lines(root: CriterionNode) -> list[str]:
    """``id <- parent | text[:40]`` per node, for readable assertion diffs."""
    return [f"{n.criterion_id} <- {p.criterion_id if p else '-'} | {n.verbatim_text[:40]}"
            for n, p in root.walk_with_parent()]
