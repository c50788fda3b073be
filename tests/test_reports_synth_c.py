"""Synth-c generator self-checks: deterministic bytes, and a gold that agrees with its own PDF (every gold
number printed, in the family's format, on a page the gold cites; every row on its page)."""

from __future__ import annotations

import re
from decimal import Decimal

import pymupdf
import pytest

from tests.reports_synth_c import FAMILIES, _scale, build_document, gold_json
from tests.reports_synth_c_render import num, pct, render


def _page_text(pdf: bytes) -> list[str]:
    doc = pymupdf.open(stream=pdf, filetype="pdf")
    return [re.sub(r"\s+", " ", p.get_text()) for p in doc]


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s)


def test_render_is_deterministic():
    doc_a, doc_b = build_document(FAMILIES[2], 7), build_document(FAMILIES[2], 7)
    assert render(doc_a) == render(doc_b)


@pytest.mark.parametrize("fam", FAMILIES, ids=[f.name for f in FAMILIES])
def test_gold_numbers_are_printed_on_cited_pages(fam):
    doc = build_document(fam, 1)
    pages = _page_text(render(doc))
    gold = gold_json(doc, "x.pdf")
    scale = _scale(fam)
    for key, k in gold["kpis"].items():
        text = " ".join(pages[p - 1] for p in k["pages"])
        for part in ("aligned", "eligible_not_aligned"):
            amount = Decimal(str(k[part]["amount"])) / scale
            assert _norm(num(amount, fam.amount_decimals, fam)) in text, (key, part)
            assert _norm(pct(Decimal(str(k[part]["share"])) * 100, fam)) in text, (key, part)
        if k["total"] is not None:
            assert _norm(num(Decimal(str(k["total"])) / scale, fam.amount_decimals, fam)) in text
        for act in k["activities"]:
            row_text = pages[act["page"] - 1]
            assert act["page"] in k["pages"]
            assert _norm(num(Decimal(str(act["amount"])) / scale, fam.amount_decimals, fam)) in row_text, act["code"]
            assert act["code"].split("-")[1] in row_text
