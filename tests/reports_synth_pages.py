"""Checks shared by the synthetic report sets' generator tests: every non-zero gold number is printed on a page the
gold cites, in one of the number formats the family may print it in.

>>> sorted(printed_forms(1234000.0, False, ((".", ","),)))
['1,234', '1.2']
>>> sorted(printed_forms(0.125, True, ((",", "."),)))
['12,5']
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pymupdf

from tests.reports_synth_eval import gold_numbers
from tests.reports_synth_f_layout import fmt_number

#: decimal mark and thousands separator pairs: dot/comma, comma/dot, spaces (plain, no-break, narrow, thin)
SEPARATORS = ((".", ","), (",", "."), (",", " "), (",", "\u00a0"), (",", "\u202f"), (".", "\u2009"))


def printed_forms(value: float, share: bool, separators=SEPARATORS) -> set[str]:
    """How a gold value may be printed: a share as a percentage with one decimal, an amount in thousands (no
    decimals) or millions (one decimal), each with every separator pair."""
    v = abs(value)
    if share:
        return {fmt_number(v * 100, 1, dec, thou) for dec, thou in separators}
    return {fmt_number(v / scale, decimals, dec, thou)
            for scale, decimals in ((1e3, 0), (1e6, 1)) for dec, thou in separators}


def rendered(build_document: Callable, gold_json: Callable, render: Callable, family: str, seed: int,
             tmp_path: Path):
    """Build one document of a family, render it, and return (document, gold JSON, opened PDF)."""
    doc = build_document(family, seed)
    render(doc, tmp_path / f"{family}.pdf")
    return doc, gold_json(doc), pymupdf.open(tmp_path / f"{family}.pdf")


def assert_gold_printed(gold: dict, pdf, kpis, family: str, separators=SEPARATORS) -> None:
    """Every KPI has pages and rows, each row's page is one of them, every non-zero gold number is on them."""
    for key in kpis:
        k = gold["kpis"][key]
        assert k["pages"] and k["activities"]
        text = " ".join(pdf[p - 1].get_text() for p in k["pages"])
        for a in k["activities"]:
            assert a["page"] in k["pages"]
        for value, share in gold_numbers(k):
            if value:
                assert any(f in text for f in printed_forms(value, share, separators)), (family, key, value)


def assert_deterministic(build_document: Callable, gold_json: Callable, render: Callable, pdf_families,
                         gold_family: str, tmp_path: Path, pdf_seed: int = 2, gold_seed: int = 3) -> None:
    """Each of ``pdf_families`` built and rendered twice gives the same PDF bytes; ``gold_family``'s gold built
    twice is the same."""
    for family in pdf_families:
        a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
        render(build_document(family, pdf_seed), a)
        render(build_document(family, pdf_seed), b)
        assert a.read_bytes() == b.read_bytes(), family
    assert gold_json(build_document(gold_family, gold_seed)) == gold_json(build_document(gold_family, gold_seed))


def assert_gold_at_printed_precision(build_document: Callable, gold_json: Callable, families, kpis,
                                     share_scale: Callable, seed: int = 3) -> None:
    """Every gold number at the precision it is printed (no recomputation): an amount a whole number of printed
    units (``10 ** decimals / scale``), a share a whole number of ``1 / share_scale(doc)``."""
    for family in families:
        doc = build_document(family, seed)
        gold = gold_json(doc)
        for key in kpis:
            kpi = doc.kpis[key]
            for value, share in gold_numbers(gold["kpis"][key]):
                if value is not None:
                    scale = share_scale(doc) if share else 10 ** kpi.decimals / kpi.scale
                    assert abs(value * scale - round(value * scale)) < 1e-6, (family, key, value)
