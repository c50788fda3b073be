"""Open layout classes (issue 12h): one table for three KPIs, figure lines above a shares-only table, names wrapped
around their value line with codes only in footnotes.  Small constructed pages (pymupdf, words placed by hand,
layouts unlike the synthetic generators') and the synthetic families end to end."""

from __future__ import annotations

import pytest

from regc.reports.footnote_codes import footnote_codes, label_mark
from regc.reports.kpi_columns import kpi_spans
from regc.reports.line_cells import footnote_mark
from regc.reports.pdftree import Line, Word
from regc.reports.row_gaps import label_owners


def _pdf(path, lines, size=(842, 595)):
    """A one-page PDF: lines = [(y, [(x, text), ...]), ...] in 7 pt Helvetica."""
    import pymupdf as fitz

    doc = fitz.open()
    page = doc.new_page(width=size[0], height=size[1])
    for y, cells in lines:
        for x, text in cells:
            page.insert_text((x, y), text, fontsize=7, fontname="helv")
    doc.save(path)
    return path


def _extract(path):
    from regc.reports.extract import extract
    from regc.reports.pdftree import Document

    return extract(Document(path))


HEAD = [(40, [(36, "Article 8 KPIs 2024")]),
        (60, [(36, "Economic activities"), (190, "Code"), (520, "Substantial contribution"), (640, "DNSH"),
              (720, "Minimum safeguards")])]


def test_one_table_three_kpis_with_centred_group_names(tmp_path):
    # KPI names centred over their (amount, %) columns, not left-aligned as in synth-d d10
    groups = (("Turnover", 262), ("CapEx", 357), ("OpEx", 449))
    head = HEAD + [(70, [(x, name) for name, x in groups] + [(520, "CCM"), (550, "CCA"), (640, "CCM"), (670, "CCA")]),
                   (80, [(x, t) for _, x0 in groups for x, t in ((x0 - 10, "EUR m"), (x0 + 30, "%"))])]

    def row(y, label, code, vals, answers=()):
        cells = [(36, label)] + ([(190, code)] if code else [])
        for (_, x0), (amount, share) in zip(groups, vals):
            cells += [(x0 - 8, amount), (x0 + 28, share)]
        return (y, cells + [(x, a) for x, a in answers])

    yes = ((522, "Y"), (552, "N"), (642, "Y"), (672, "Y"), (725, "Y"))
    body = [(96, [(36, "A.1 Environmentally sustainable activities")]),
            row(108, "Manufacture of batteries", "CCM 3.4", [("120.0", "12.0%"), ("30.0", "15.0%"), ("8.0", "10.0%")], yes),
            row(120, "Installation of heat pumps", "CCM 7.6", [("80.0", "8.0%"), ("10.0", "5.0%"), ("4.0", "5.0%")], yes),
            row(132, "Taxonomy-aligned activities (A.1)", "", [("200.0", "20.0%"), ("40.0", "20.0%"), ("12.0", "15.0%")]),
            (144, [(36, "A.2 Taxonomy-eligible but not environmentally sustainable activities")]),
            row(156, "Renovation of existing buildings", "CCM 7.2", [("100.0", "10.0%"), ("20.0", "10.0%"), ("8.0", "10.0%")],
                ((520, "EL"), (550, "N/EL"))),
            row(168, "Taxonomy-eligible but not aligned activities (A.2)", "",
                [("100.0", "10.0%"), ("20.0", "10.0%"), ("8.0", "10.0%")]),
            row(180, "Taxonomy-non-eligible activities (B)", "", [("700.0", "70.0%"), ("140.0", "70.0%"), ("60.0", "75.0%")]),
            row(192, "Total (A+B)", "", [("1,000.0", "100.0%"), ("200.0", "100.0%"), ("80.0", "100.0%")])]
    got = _extract(_pdf(tmp_path / "three.pdf", head + body))["kpis"]
    expect = {"turnover": (1000e6, 200e6, 0.2, 100e6), "capex": (200e6, 40e6, 0.2, 20e6), "opex": (80e6, 12e6, 0.15, 8e6)}
    for kpi, (total, aligned, share, ena) in expect.items():
        k = got[kpi]
        assert (k["total"], k["aligned"]["amount"], k["aligned"]["share"], k["eligible_not_aligned"]["amount"]) \
            == pytest.approx((total, aligned, share, ena)), kpi
        assert [(a["code"], a["group"]) for a in k["activities"]] == [("CCM-3.4", "A.1"), ("CCM-7.6", "A.1"), ("CCM-7.2", "A.2")]
    assert [a["amount"] for a in got["capex"]["activities"]] == [30e6, 10e6, 20e6]


def test_one_kpi_table_naming_its_kpi_twice_is_not_split():
    head = [Line([Word(0, 0, 30, 8, "Activity"), Word(100, 0, 140, 8, "Absolute"), Word(142, 0, 170, 8, "turnover"),
                  Word(200, 0, 240, 8, "Proportion"), Word(242, 0, 250, 8, "of"), Word(252, 0, 280, 8, "turnover")])]
    values = [[Word(120, 20, 140, 28, "12.0"), Word(220, 20, 240, 28, "1.2%")]]
    assert kpi_spans(head, values, 60.0) == []
    # two KPI names but a column count that does not split into two groups: no views
    two = [Line([Word(0, 0, 30, 8, "Activity"), Word(100, 0, 140, 8, "Turnover"), Word(200, 0, 230, 8, "CapEx")])]
    assert kpi_spans(two, [[Word(110, 20, 130, 28, "1"), Word(150, 20, 170, 28, "2"), Word(210, 20, 230, 28, "3")]], 60.0) == []


def test_figure_lines_above_a_shares_only_table(tmp_path):
    lines = [(40, [(36, "Total turnover (EUR thousand)"), (260, "52,400")]),
             (50, [(36, "Taxonomy-aligned turnover (A.1)"), (260, "6,288"), (300, "12.0%")]),
             (60, [(36, "Taxonomy-eligible but not aligned turnover (A.2)"), (260, "2,620"), (300, "5.0%")]),
             (74, [(36, "The aligned turnover rose by 3,000 compared with the previous year.")]),
             (90, [(36, "Economic activities"), (190, "Code"), (250, "Proportion"), (320, "Substantial contribution"),
                   (460, "DNSH"), (560, "Minimum safeguards")]),
             (100, [(250, "of turnover"), (320, "CCM"), (350, "CCA"), (460, "CCM"), (490, "CCA")]),
             (114, [(36, "A.1 Environmentally sustainable activities")]),
             (126, [(36, "Manufacture of batteries"), (190, "CCM 3.4"), (255, "12.0%"), (320, "12.0%"), (350, "0.0%"),
                    (462, "Y"), (492, "Y"), (565, "Y")]),
             (138, [(36, "Turnover of environmentally sustainable activities (A.1)"), (255, "12.0%")]),
             (150, [(36, "A.2 Taxonomy-eligible but not environmentally sustainable activities")]),
             (162, [(36, "Renovation of existing buildings"), (190, "CCM 7.2"), (255, "5.0%")]),
             (174, [(36, "Turnover of Taxonomy-eligible but not aligned activities (A.2)"), (255, "5.0%")]),
             (186, [(36, "Turnover of Taxonomy-non-eligible activities (B)"), (255, "83.0%")]),
             (198, [(36, "Total (A+B)"), (255, "100.0%")])]
    got = _extract(_pdf(tmp_path / "shares.pdf", lines))
    t = got["kpis"]["turnover"]
    assert t["total"] == pytest.approx(52.4e6)
    assert (t["aligned"]["amount"], t["aligned"]["share"]) == pytest.approx((6.288e6, 0.12))
    assert (t["eligible_not_aligned"]["amount"], t["eligible_not_aligned"]["share"]) == pytest.approx((2.62e6, 0.05))
    assert [a["amount"] for a in t["activities"]] == [None, None]  # the rows print shares only
    assert any("figure lines" in f["message"] for f in got["findings"])


def test_names_wrapped_around_their_values_with_footnote_codes(tmp_path):
    # 3-line names, numbers on the middle line, rows 12 pt apart, lines 8 pt; totals on their first line;
    # names the acts do not know, so only the footnotes give the codes
    header = [(50, [(36, "Turnover 2024 (in EUR thousand)")]),
              (62, [(36, "Economic activities"), (200, "Turnover"), (250, "Proportion"), (320, "Substantial contribution"),
                    (460, "DNSH"), (560, "Minimum safeguards")]),
              (70, [(320, "CCM"), (350, "CCA"), (460, "CCM"), (490, "CCA")])]
    ans = [(322, "Y"), (352, "N"), (462, "Y"), (492, "Y"), (565, "Y")]

    def wrapped(y, first, middle, last, amount, share, answers):
        return [(y, [(36, first)]), (y + 8, [(36, middle), (205, amount), (255, share)] + answers), (y + 16, [(36, last)])]

    body = [(84, [(36, "A.1 Environmentally sustainable activities")])]
    body += wrapped(96, "Widget", "casting line", "north plant (1)", "4,200", "8.4%", ans)
    body += wrapped(124, "Gizmo", "assembly with", "low emissions (2)", "1,800", "3.6%", ans)
    body += [(152, [(36, "Turnover of environmentally sustainable"), (205, "6,000"), (255, "12.0%")]),
             (160, [(36, "activities (A.1)")]),
             (172, [(36, "A.2 Taxonomy-eligible but not environmentally sustainable activities")])]
    body += wrapped(184, "Sprocket", "refurbishment", "service (3)", "2,500", "5.0%", [(320, "EL"), (350, "N/EL")])
    body += [(212, [(36, "Turnover of Taxonomy-eligible but not"), (205, "2,500"), (255, "5.0%")]),
             (220, [(36, "aligned activities (A.2)")]),
             (232, [(36, "Turnover of Taxonomy-non-eligible activities (B)"), (205, "41,500"), (255, "83.0%")]),
             (244, [(36, "Total (A+B)"), (205, "50,000"), (255, "100.0%")]),
             (262, [(36, "(1) CCM 3.6 – activity 3.6 of Annex I to Delegated Regulation (EU) 2021/2139")]),
             (270, [(36, "(2) CCM 3.5 – activity 3.5 of Annex I to Delegated Regulation (EU) 2021/2139")]),
             (278, [(36, "(3) CE 5.1 – activity 5.1 of Annex II to Delegated Regulation (EU) 2023/2486")])]
    t = _extract(_pdf(tmp_path / "wrapped.pdf", header + body))["kpis"]["turnover"]
    assert [(a["code"], a["group"], a["amount"]) for a in t["activities"]] == [
        ("CCM-3.6", "A.1", 4.2e6), ("CCM-3.5", "A.1", 1.8e6), ("CE-5.1", "A.2", 2.5e6)]
    assert [a["name"] for a in t["activities"]][0] == "Widget casting line north plant"
    assert (t["total"], t["aligned"]["amount"], t["eligible_not_aligned"]["amount"]) == pytest.approx((50e6, 6e6, 2.5e6))


def test_row_gap_and_footnote_units():
    def line(y, text):
        return Line([Word(0, y - 7, 30, y, text)])
    # an even pitch decides nothing (the reader's alignment rules apply)
    even = [line(10, "a 1"), line(20, "b"), line(30, "c 2")]
    assert label_owners(even, [True, False, True], [False] * 3) == [None, None, None]
    assert footnote_mark(Line([Word(0, 0, 40, 8, "road"), Word(42, 0, 50, 8, "4)")]), 1)
    assert not footnote_mark(Line([Word(0, 0, 40, 8, "road"), Word(42, 0, 58, 8, "(2.3)")]), 1)
    assert footnote_codes(["1) WTR 2.2 Urban waste water treatment", "¹ See note 7.1 and 7.2"]) == {"1": "WTR 2.2"}
    assert label_mark("Urban waste water treatment¹") == "1"


@pytest.mark.parametrize("family, module", [("d05_usd_shares_only", "d"), ("d10_one_table_three_kpis", "d"),
                                            ("e09_wrapped3_footnote_codes", "e")])
def test_open_family_end_to_end(family, module, tmp_path):
    from regc.reports.score import score_pair

    if module == "d":
        from tests.reports_synth_d import build_document, gold_json
        from tests.reports_synth_d_render import render
    else:
        from tests.reports_synth_e import build_document, gold_json
        from tests.reports_synth_e_render import render
    doc = build_document(family, 2)
    pdf = tmp_path / f"{doc.name}.pdf"
    render(doc, pdf)
    s = score_pair(_extract(pdf), gold_json(doc))
    assert s["fixed_exact"] == 1.0, s["fixed_misses"]
    assert s["rows"]["f1"] == 1.0 and s["rows"]["amount_acc"] == 1.0
