"""Layout classes left open after issue 12h (issue 12i): KPI amounts stated in sentences in non-euro currencies,
an image-only KPI page read without OCR, an activity row whose name starts at a page foot, a multi-KPI table
continued without its header.  Small constructed pages (pymupdf, words placed by hand) and synthetic families."""

from __future__ import annotations

import pytest

from regc.reports.narrative import clause_values, narrative_block, stated_currency


def _pdf(path, pages, size=(595, 842), fontsize=8):
    """A PDF: pages = [[(y, [(x, text), ...]), ...], ...] in Helvetica."""
    import pymupdf as fitz

    doc = fitz.open()
    for lines in pages:
        page = doc.new_page(width=size[0], height=size[1])
        for y, cells in lines:
            for x, text in cells:
                page.insert_text((x, y), text, fontsize=fontsize, fontname="helv")
    doc.save(path)
    return path


def _extract(path, ocr_engine=None):
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document

    return extract(Document(path, ocr_engine=ocr_engine))


# --- KPI amounts in sentences, any currency of the word lists ---------------------------------------------------

@pytest.mark.parametrize("clause, amount, share", [
    ("Taxonomy-aligned turnover amounted to SEK 1,234 million (12.3%)", 1234e6, 0.123),
    ("aligned CapEx was CHF 12.3m (4.1%)", 12.3e6, 0.041),
    ("aligned OpEx of DKK 2.1bn (5.0 %)", 2.1e9, 0.05),
    ("aligned turnover PLN 1 234,5 thousand (5,5%)", 1234.5e3, 0.055),
    ("aligned turnover of USD 36,949.5 million (40.2%)", 36949.5e6, 0.402),
    ("aligned turnover £1.2bn (5%)", 1.2e9, 0.05),
    ("aligned OpEx 812 MSEK (3.2 %)", 812e6, 0.032),
    ("aligned turnover 1 234,5 mln zł (3%)", 1234.5e6, 0.03),
    ("aligned CapEx 45.1 million euros (2.0%)", 45.1e6, 0.02),
])
def test_sentence_amounts_in_any_listed_currency(clause, amount, share):
    [(role, value, _, got_share, _)] = clause_values(clause)
    assert role == "aligned" and value == pytest.approx(amount) and got_share == pytest.approx(share)


def test_currency_codes_are_upper_case_words_only():
    # 'ron' / 'nok' as ordinary lower-case words, a year before a currency: no amounts
    assert clause_values("the aligned ron 5 million") == []
    assert [v[1] for v in clause_values("In 2023 aligned turnover was CHF 12.3 million")] == [12.3e6]
    assert stated_currency("total CapEx of SEK 3,2 billion") == "SEK" and stated_currency("aligned 5 %") is None


def test_narrative_block_in_swiss_francs():
    text = ("Taxonomy-aligned turnover amounted to CHF 1,204.5 million (31.2% of total turnover of CHF 3,861.0 "
            "million). Taxonomy-eligible but not aligned turnover was CHF 88.0 million (2.3%).")
    b = narrative_block([text], "turnover")
    assert b["total"] == 3861.0e6 and b["aligned"] == {"amount": 1204.5e6, "share": 0.312}
    assert b["eligible_not_aligned"] == {"amount": 88.0e6, "share": 0.023}


def test_text_only_report_in_sek_end_to_end(tmp_path):
    lines = [(60, [(50, "EU Taxonomy disclosure 2024")]),
             (90, [(50, "Taxonomy-aligned turnover amounted to SEK 4,512 million (18.4% of total turnover of")]),
             (102, [(50, "SEK 24,521 million). Taxonomy-eligible but not aligned turnover was SEK 1,020 million (4.2%).")]),
             (126, [(50, "Taxonomy-aligned CapEx was SEK 812 million (25.0%) of total CapEx of SEK 3,248 million.")]),
             (150, [(50, "Taxonomy-aligned OpEx was SEK 96 million (9.6%) of total OpEx of SEK 1,000 million.")])]
    d = _extract(_pdf(tmp_path / "sek.pdf", [lines]))
    assert d["currency"] == "SEK"
    t = d["kpis"]["turnover"]
    assert t["total"] == 24521e6 and t["aligned"] == {"amount": 4512e6, "share": 0.184}
    assert t["eligible_not_aligned"] == {"amount": 1020e6, "share": 0.042} and t["pages"] == [1]
    assert d["kpis"]["capex"]["aligned"]["amount"] == 812e6 and d["kpis"]["capex"]["total"] == 3248e6
    assert d["kpis"]["opex"]["aligned"] == {"amount": 96e6, "share": 0.096}
