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


# --- a row begun at a page foot, finished on the next page ------------------------------------------------------

HEAD_1 = [(40, [(36, "Turnover 2024 (in EUR million)")]),
          (60, [(36, "Economic activities"), (190, "Code"), (240, "Turnover"), (290, "Proportion"),
                (340, "Substantial contribution"), (460, "DNSH"), (540, "Minimum safeguards")]),
          (70, [(340, "CCM"), (370, "CCA"), (460, "CCM"), (490, "CCA")])]
YES = [(342, "Y"), (372, "N"), (462, "Y"), (492, "Y"), (545, "Y")]


def _row(y, name, code, amount, share, answers=YES):
    """A value line: values on the name's first line (top-aligned cells)."""
    return (y, [(36, name)] + ([(190, code)] if code else []) + [(245, amount), (295, share)] + list(answers))


def test_row_started_at_page_foot_keeps_its_code(tmp_path):
    page1 = HEAD_1 + [(86, [(36, "A.1 Environmentally sustainable activities")]),
                      _row(98, "Manufacture of batteries", "CCM 3.4", "120.0", "12.0%"),
                      (108, [(36, "and battery components")]),
                      _row(120, "Installation of charging", "CCM 7.4", "80.0", "8.0%"),
                      (130, [(36, "stations for electric vehicles")]),
                      (140, [(36, "Installation, maintenance and repair"), (190, "CCM 7.6")]),
                      (150, [(36, "of renewable energy")]),
                      (800, [(280, "12 | Example Group SE")])]  # the page footer, far below the body
    page2 = HEAD_1 + [_row(86, "technologies", "", "30.0", "3.0%"),
                      _row(98, "Taxonomy-aligned activities (A.1)", "", "230.0", "23.0%", ()),
                      (110, [(36, "A.2 Taxonomy-eligible but not environmentally sustainable activities")]),
                      _row(122, "Renovation of existing buildings", "CCM 7.2", "100.0", "10.0%",
                           [(340, "EL"), (370, "N/EL")]),
                      _row(134, "Taxonomy-eligible but not aligned activities (A.2)", "", "100.0", "10.0%", ()),
                      _row(146, "Taxonomy-non-eligible activities (B)", "", "670.0", "67.0%", ()),
                      _row(158, "Total (A+B)", "", "1,000.0", "100.0%", ())]
    t = _extract(_pdf(tmp_path / "foot.pdf", [page1, page2], size=(842, 842)))["kpis"]["turnover"]
    rows = [(a["code"], a["group"], a["amount"], a["page"]) for a in t["activities"]]
    assert rows == [("CCM-3.4", "A.1", 120e6, 1), ("CCM-7.4", "A.1", 80e6, 1), ("CCM-7.6", "A.1", 30e6, 2),
                    ("CCM-7.2", "A.2", 100e6, 2)]
    names = {a["code"]: a["name"] for a in t["activities"]}
    assert names["CCM-7.4"] == "Installation of charging stations for electric vehicles"
    assert names["CCM-7.6"] == "Installation, maintenance and repair of renewable energy technologies"
    assert t["aligned"]["amount"] == 230e6 and t["total"] == 1000e6


def test_page_footer_and_wrapped_code_lines():
    from regc.reports.kpi_tables import TableRow
    from regc.reports.page_breaks import is_page_footer, starts_coded_row
    from regc.reports.pdftree import Line, Word

    def line(*texts):
        return Line([Word(40 + 60 * i, 700, 90 + 60 * i, 708, t) for i, t in enumerate(texts)])

    assert is_page_footer(line("12", "|", "Example", "Group")) and is_page_footer(line("Page", "7"))
    assert is_page_footer(line("-", "7", "-")) and is_page_footer(line("7"))
    assert not is_page_footer(line("Total", "1430")) and not is_page_footer(line("Batteries", "12", "Y"))
    coded = TableRow(kind="activity", label="Installation of", page=1, y=0.0, code_text="CCM 7.3 /")
    plain = TableRow(kind="activity", label="Installation of", page=1, y=0.0, code_text="CCM 7.3")
    words = line("Energy", "CCA", "7.3").words
    assert not starts_coded_row(coded, words)  # 'CCM 7.3 /' + 'CCA 7.3': one row reported under two objectives
    assert starts_coded_row(plain, words) and not starts_coded_row(plain, line("equipment", "CCA", "7.3").words)


# --- one table for three KPIs, continued on the next page without its header -------------------------------------

def test_three_kpi_table_continued_without_header(tmp_path):
    groups = ((("Turnover", 262), ("CapEx", 357), ("OpEx", 449)))
    head = [(40, [(36, "Article 8 KPIs 2024")]),
            (60, [(36, "Economic activities"), (190, "Code"), (520, "Substantial contribution"), (640, "DNSH"),
                  (720, "Minimum safeguards")]),
            (70, [(x, name) for name, x in groups] + [(520, "CCM"), (550, "CCA"), (640, "CCM"), (670, "CCA")]),
            (80, [(x, t) for _, x0 in groups for x, t in ((x0 - 10, "EUR m"), (x0 + 30, "%"))])]

    def row(y, label, code, vals, answers=()):
        cells = [(36, label)] + ([(190, code)] if code else [])
        for (_, x0), (amount, share) in zip(groups, vals):
            cells += [(x0 - 8, amount), (x0 + 28, share)]
        return (y, cells + list(answers))

    yes = ((522, "Y"), (552, "N"), (642, "Y"), (672, "Y"), (725, "Y"))
    page1 = head + [(96, [(36, "A.1 Environmentally sustainable activities")]),
                    row(108, "Manufacture of batteries", "CCM 3.4", [("120.0", "12.0%"), ("30.0", "15.0%"), ("8.0", "10.0%")], yes),
                    row(120, "Installation of heat pumps", "CCM 7.6", [("80.0", "8.0%"), ("10.0", "5.0%"), ("4.0", "5.0%")], yes),
                    row(132, "Taxonomy-aligned activities (A.1)", "", [("200.0", "20.0%"), ("40.0", "20.0%"), ("12.0", "15.0%")])]
    page2 = [(40, [(36, "Article 8 KPIs 2024 (continued)")]),
             (60, [(36, "A.2 Taxonomy-eligible but not environmentally sustainable activities")]),
             row(72, "Renovation of existing buildings", "CCM 7.2", [("100.0", "10.0%"), ("20.0", "10.0%"), ("8.0", "10.0%")],
                 ((520, "EL"), (550, "N/EL"))),
             row(84, "Taxonomy-eligible but not aligned activities (A.2)", "",
                 [("100.0", "10.0%"), ("20.0", "10.0%"), ("8.0", "10.0%")]),
             row(96, "Taxonomy-non-eligible activities (B)", "", [("700.0", "70.0%"), ("140.0", "70.0%"), ("60.0", "75.0%")]),
             row(108, "Total (A+B)", "", [("1,000.0", "100.0%"), ("200.0", "100.0%"), ("80.0", "100.0%")])]
    got = _extract(_pdf(tmp_path / "three2.pdf", [page1, page2], size=(842, 595), fontsize=7))["kpis"]
    expect = {"turnover": (1000e6, 200e6, 100e6, 0.1), "capex": (200e6, 40e6, 20e6, 0.1), "opex": (80e6, 12e6, 8e6, 0.1)}
    for kpi, (total, aligned, ena, ena_share) in expect.items():
        k = got[kpi]
        assert (k["total"], k["aligned"]["amount"], k["eligible_not_aligned"]["amount"],
                k["eligible_not_aligned"]["share"]) == pytest.approx((total, aligned, ena, ena_share)), kpi
        assert [(a["code"], a["group"], a["page"]) for a in k["activities"]] == \
            [("CCM-3.4", "A.1", 1), ("CCM-7.6", "A.1", 1), ("CCM-7.2", "A.2", 2)], kpi
        assert k["pages"] == [1, 2]


# --- synthetic families end to end (synth-d: the scanned CapEx page without OCR, the row across a page break) --

def _synth_d(family, seed, tmp_path):
    from tests.reports_synth_d import build_document, gold_json
    from tests.reports_synth_d_render import render

    doc = build_document(family, seed)
    pdf = tmp_path / f"{doc.name}.pdf"
    render(doc, pdf)
    return pdf, gold_json(doc)


def test_scanned_kpi_page_without_ocr_is_named_and_left_null(tmp_path):
    pdf, gold = _synth_d("d04_pln_scanned_capex", 1, tmp_path)
    got = _extract(pdf)
    capex = got["kpis"]["capex"]
    assert capex["total"] is None and capex["aligned"] == {"amount": None, "share": None} and capex["activities"] == []
    [page] = gold["kpis"]["capex"]["pages"]
    errors = [f for f in got["findings"] if f["severity"] == "error" and f["page"] == page]
    assert errors and "capex" in errors[0]["message"] and "image" in errors[0]["message"]
    assert any(f["page"] == page and "modality scanned" in f["message"] for f in got["findings"])
    assert got["kpis"]["turnover"]["total"] == gold["kpis"]["turnover"]["total"]  # the digital tables still read


def test_digital_report_has_no_image_page_findings(tmp_path):
    pdf, _ = _synth_d("d01_sek_msek_thinspace", 1, tmp_path)
    assert not any("image" in f["message"] or "scanned" in f["message"] for f in _extract(pdf)["findings"])


@pytest.mark.parametrize("seed", [1, 3])
def test_row_across_page_break_synth_d(seed, tmp_path):
    from regc.reports.score import score_pair

    pdf, gold = _synth_d("d08_row_across_page_break", seed, tmp_path)
    s = score_pair(_extract(pdf), gold)
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0


def test_one_table_three_kpis_synth_d_without_footer_luck(tmp_path):
    from regc.reports.score import score_pair

    pdf, gold = _synth_d("d10_one_table_three_kpis", 1, tmp_path)
    s = score_pair(_extract(pdf), gold)
    assert s["fixed_exact"] == 1.0 and s["rows"]["f1"] == 1.0


def test_dash_cell_under_the_percent_sign_joins_its_column():
    from regc.reports.kpi_columns import value_columns
    from regc.reports.pdftree import Word

    rows = [[Word(324, 0, 339, 8, "1 450"), Word(364, 0, 372, 8, "2,6"), Word(431, 0, 441, 8, "398"),
             Word(466, 0, 474, 8, "5,6")],
            [Word(324, 10, 339, 18, "3 725"), Word(364, 10, 372, 18, "6,8"), Word(438, 10, 441, 18, "–"),
             Word(478, 10, 481, 18, "–")]]  # '–' set right of the share column, where '%' goes
    assert len(value_columns(rows, 260, 600)) == 4
    alone = rows + [[Word(520, 20, 523, 28, "–")]]  # a dash column of its own, far from any number
    assert len(value_columns(alone, 260, 600)) == 5


# --- OCR: a share whose decimal mark the OCR lost ------------------------------------------------------------

def test_ocr_share_with_lost_decimal_mark_is_restored_only_on_ocr_pages():
    from regc.reports.ocr_shares import repair_ocr_shares, restored

    assert restored(0.76, 15805.0, 209301.0) == 0.076 and restored(0.074, 15565.0, 209301.0) is None
    assert restored(0.5, 15805.0, 209301.0) is None  # no reading agrees: left as read
    block = {"pages": [4], "total": 209301.0, "aligned": {"amount": 18352.0, "share": 0.88},
             "eligible_not_aligned": {"amount": 15805.0, "share": 0.076}, "not_eligible": {"amount": None, "share": None},
             "activities": [{"code": "CCM-5.5", "amount": 15565.0, "share": 0.74, "page": 4}]}
    digital = {**block, "aligned": dict(block["aligned"]), "activities": [dict(block["activities"][0])]}
    findings: list = []
    repair_ocr_shares(block, "capex", {4}, findings)
    assert block["aligned"]["share"] == 0.088 and block["activities"][0]["share"] == 0.074
    assert block["eligible_not_aligned"]["share"] == 0.076 and len(findings) == 2
    repair_ocr_shares(digital, "capex", set(), findings)
    assert digital["aligned"]["share"] == 0.88 and len(findings) == 2  # a page with a text layer: as printed


def test_scanned_kpi_page_with_ocr(tmp_path):
    from regc.reports.ocr import OCRUnavailable, TesseractOCR
    from regc.reports.score import score_pair

    try:
        engine = TesseractOCR()
    except OCRUnavailable:
        pytest.skip("tesseract not installed")
    pdf, gold = _synth_d("d04_pln_scanned_capex", 2, tmp_path)
    s = score_pair(_extract(pdf, ocr_engine=engine), gold)
    assert s["fixed_exact"] == 1.0 and s["rows"]["share_acc"] == 1.0
