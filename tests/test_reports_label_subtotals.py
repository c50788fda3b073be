"""Rule ``subtotals_on_labels`` (regc/reports/label_subtotals.py): a section label row (A.1 / A.2 / B / A) that
carries figures gives its section's subtotal when the table prints no separate sub-total row for it, and nothing
when one is printed or its figures are ambiguous."""

from __future__ import annotations

from regc.reports.extract import assign_groups
from regc.reports.kpi_tables import KpiTable, TableRow
from regc.reports.label_subtotals import label_subtotals


def _row(label, amount=None, share=None, code="", kind=None):
    from regc.reports import rows as V
    return TableRow(kind or V.row_kind(label) or "activity", label, 3, 0.0, code_text=code, amount=amount,
                    share=share, amount_token=None if amount is None else f"{amount:,.1f}",
                    share_token=None if share is None else f"{share:.1f}%")


def _labelled(a=2749.0, a1=1250.4, a2=1498.6, b_label="B. Other activities"):
    """An o04-style table: A / A.1 / A.2 / B label rows with their figures, no sub-total rows, total last."""
    return [_row("A. TAXONOMY-ELIGIBLE ACTIVITIES", a, 48.4),
            _row("A.1. Environmentally sustainable activities (Taxonomy-aligned)", a1, 22.0),
            _row("Manufacture of renewable energy technologies", 656.1, 11.6, "CCM 3.1"),
            _row("Acquisition and ownership of buildings", 594.3, 10.5, "CCM 7.7"),
            _row("A.2. Taxonomy-eligible but not environmentally sustainable activities", a2, 26.4),
            _row("Computer programming, consultancy", 1498.6, 26.4, "CCA 8.2"),
            _row(b_label, 2930.4, 51.6),
            _row("Other activity listed under B", 10.0, 0.2, "CCM 6.5"),
            _row("TOTAL (A+B)", 5679.4, 100.0)]


def _by_kind(rows):
    return {r.kind: (r.amount, r.share) for r in rows if r.kind != "activity" and r.kind != "section"}


def test_label_rows_give_subtotals_and_open_their_sections():
    rows = label_subtotals(_labelled())
    assert _by_kind(rows) == {"eligible_total": (2749.0, 48.4), "aligned_total": (1250.4, 22.0),
                              "eligible_not_aligned_total": (1498.6, 26.4), "not_eligible_total": (2930.4, 51.6),
                              "total": (5679.4, 100.0)}
    assert [r.group for r in rows if r.kind == "section"] == ["A.1", "A.2", "B"]
    # each subtotal where the template prints it: A in place, A.1 / A.2 after their rows, B after its opener
    assert [r.kind for r in rows] == ["eligible_total", "section", "activity", "activity", "aligned_total", "section",
                                      "activity", "eligible_not_aligned_total", "section", "not_eligible_total",
                                      "activity", "total"]
    t = KpiTable("turnover", [3], 1e6, ".", rows)
    assign_groups(t)
    assert [(r.code_text, r.group) for r in t.rows if r.code_text] == [
        ("CCM 3.1", "A.1"), ("CCM 7.7", "A.1"), ("CCA 8.2", "A.2"), ("CCM 6.5", None)]  # B: no A.1 / A.2 group


def test_b_label_read_as_not_eligible_total_stays_as_read():
    rows = _labelled(b_label="B. TAXONOMY-NON-ELIGIBLE ACTIVITIES")
    b_row = rows[6]
    got = label_subtotals(rows)
    assert b_row.kind == "not_eligible_total" and b_row in got
    assert [r.group for r in got if r.kind == "section"] == ["A.1", "A.2"]
    assert _by_kind(got)["not_eligible_total"] == (2930.4, 51.6)


def test_separate_subtotal_row_wins():
    rows = _labelled()
    rows.insert(4, _row("Turnover of environmentally sustainable activities (A.1)", 1250.5, 22.1))
    got = label_subtotals(rows)
    assert [(r.amount, r.label[-5:]) for r in got if r.kind == "aligned_total"] == [(1250.5, "(A.1)")]
    assert _by_kind(got)["eligible_not_aligned_total"] == (1498.6, 26.4)  # A.2 has no separate row
    assert sum(r.kind == "section" and r.group == "A.1" for r in got) == 1


def test_ambiguous_figures_give_no_fixed_key():
    # A != A.1 + A.2: which row is misread is unknown, so none of the three gives a subtotal
    assert set(_by_kind(label_subtotals(_labelled(a=3749.0)))) == {"not_eligible_total", "total"}
    # within rounding (last digit) it adds up
    assert "aligned_total" in _by_kind(label_subtotals(_labelled(a=2749.1)))
    # two A.1 label rows with different figures
    rows = _labelled()
    rows.insert(3, _row("A.1. Environmentally sustainable activities (continued)", 99.0, 1.0))
    assert "aligned_total" not in _by_kind(label_subtotals(rows))
    # an amount cell that is a percentage
    rows = _labelled()
    rows[1].amount_token = "22.0%"
    assert "aligned_total" not in _by_kind(label_subtotals(rows))


def test_no_figured_label_leaves_rows_alone():
    rows = [_row("A.1 Environmentally sustainable activities", kind="section"),
            _row("Solar", 5.0, 1.0, "CCM 4.1"),
            _row("A.1.1 Enabling activities", 5.0, 1.0),  # a sub-block, not the A.1 section
            _row("Turnover of environmentally sustainable activities (A.1)", 5.0, 1.0),
            _row("TOTAL (A+B)", 9.0, 100.0)]
    assert label_subtotals(rows) is rows
