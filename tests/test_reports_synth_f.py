"""Synth-f generator: deterministic, gold consistent with the pages it cites (every non-zero gold number is printed
there in one of the number formats the set uses), rows' pages among the KPI's pages."""

from __future__ import annotations

import pymupdf
import pytest

from tests.reports_synth_f import FAMILIES, KPIS, build_document, gold_json
from tests.reports_synth_f_layout import fmt_number
from tests.reports_synth_f_render import render
from tests.reports_synth_pages import assert_deterministic


def _forms(value: float, share: bool) -> set[str]:
    out = set()
    for dec, thou in ((".", ","), (",", ".")):
        if share:
            out.add(fmt_number(value * 100, 1, dec, thou, "paren").rstrip(")"))  # '(1.2%)' / '(1.2)'

            continue
        for scale, decimals in ((1e3, 0), (1e6, 1)):
            for neg in ("paren", "minus"):
                out.add(fmt_number(value / scale, decimals, dec, thou, neg))
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_gold_numbers_printed_on_cited_pages(family, tmp_path):
    doc = build_document(family, 1)
    render(doc, tmp_path / "f.pdf")
    gold = gold_json(doc)
    pdf = pymupdf.open(tmp_path / "f.pdf")
    for key in KPIS:
        k = gold["kpis"][key]
        assert k["pages"] and k["activities"]
        text = " ".join(pdf[p - 1].get_text() for p in k["pages"])
        checks = [(k["total"], False), (k["aligned"]["amount"], False), (k["aligned"]["share"], True),
                  (k["eligible_not_aligned"]["amount"], False), (k["eligible_not_aligned"]["share"], True)]
        for a in k["activities"]:
            assert a["page"] in k["pages"]
            checks += [(a["amount"], False), (a["share"], True)]
        for value, share in checks:
            if value:  # zero prints as '–' in some families; null is not printed
                assert any(f in text for f in _forms(value, share)), (family, key, value)


def test_deterministic(tmp_path):
    assert_deterministic(build_document, gold_json, render, FAMILIES[:1], FAMILIES[0], tmp_path, gold_seed=2)


def test_at_least_ten_families_each_with_its_own_pages():
    assert len(FAMILIES) >= 10
    shapes = {f: tuple((p.width, p.height, p.rotate) for p in build_document(f, 1).pages) for f in FAMILIES[:3]}
    assert shapes[FAMILIES[0]] != shapes[FAMILIES[1]]
