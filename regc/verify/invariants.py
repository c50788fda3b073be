"""IR invariants checked after every pass (the cheap, always-true ones; the full graph/Z3 layer is
``regc.verify.graph`` / ``regc.verify.findings``).

>>> from regc.ir.models import Unit, CriterionNode
>>> check_unit(Unit(unit_id="CCM-1.1/SC", root=CriterionNode(criterion_id="ROOT")))
[]
"""

from __future__ import annotations

from regc.ir.models import Diagnostic, Unit


def _d(code: str, msg: str, unit: Unit, cid: str | None = None, severity: str = "error") -> Diagnostic:
    return Diagnostic(severity=severity, code=code, message=msg, kind="Structural", unit_id=unit.unit_id,
                      criterion_id=cid)


def check_unit(unit: Unit) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    if unit.root.criterion_id != "ROOT":
        out.append(_d("ROOT_ID", f"unit root is {unit.root.criterion_id!r}, not 'ROOT'", unit, unit.root.criterion_id))
    seen: set[str] = set()
    for node in unit.root.walk():
        cid = node.criterion_id
        if not cid:
            out.append(_d("EMPTY_ID", "criterion with empty id", unit))
        elif cid in seen:
            out.append(_d("DUPLICATE_ID", f"criterion id {cid!r} occurs twice", unit, cid))
        seen.add(cid)
        if node.evaluation_logic == "N_OF_K":
            k = len(node.participating_children())
            if node.n_required is None or not (1 <= node.n_required <= max(k, 1)):
                out.append(_d("N_OF_K_RANGE", f"N_OF_K needs 1 <= n <= {k}, got {node.n_required}", unit, cid))
        elif node.n_required is not None:
            out.append(_d("N_REQUIRED_SET", f"n_required={node.n_required} on a {node.evaluation_logic} node", unit, cid))
    for e in unit.edges:
        ends = {"CORRECTS": (e.to,), "REFERENCES": (e.from_,)}.get(e.type, (e.from_, e.to))
        for end in ends:
            if end not in seen:
                out.append(_d("DANGLING_EDGE", f"{e.type} edge endpoint {end!r} does not exist", unit, e.from_))
    return out
