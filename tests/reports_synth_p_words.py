"""Synth-p word lists (data): the scale footnote of a table headed in plain "€", the footnotes glued to activity
codes, the short section / total labels of condensed templates, the legacy 2022 (two-objective) template's headings,
spelled-out answers and categories, the change column, word abbreviations of a condensed A.2 block and the OpEx
prose of a report that presents no OpEx template.

>>> SHORT_LABELS["A1_total"], CATEGORY_WORDS["E"], abbreviate("Installation, maintenance and repair of charging stations")
('Total A.1', 'Enabling', 'Insta. maint. & repair charg. stati.')
"""

from __future__ import annotations

# a table headed "(€)" with the scale only in a footnote under it
SCALE_FOOTNOTE = "All amounts in € thousand unless otherwise stated; proportions in % of the respective KPI total."
PLAIN_UNIT = "(€)"

# footnote numbers glued to the code ("CCM 4.1(1)"), explained under the table
CODE_NOTES = ("({n}) Activity assessed at the level of the whole plant; see the section on technical screening criteria.",
              "({n}) Includes amounts from joint operations consolidated proportionately.",
              "({n}) Technical screening criteria applied as amended by Delegated Regulation (EU) 2023/2485.")

# condensed templates: short section and total labels
SHORT_LABELS = {
    "A": "A. Taxonomy-eligible activities",
    "A1": "A.1 Taxonomy-aligned activities",
    "A1_total": "Total A.1",
    "A2": "A.2 Taxonomy-eligible, not aligned activities",
    "A2_total": "Total A.2",
    "A_total": "Total A (A.1 + A.2)",
    "B": "B. Taxonomy-non-eligible activities",
    "B_total": "Total B",
    "total": "Total (A + B)",
}

# the legacy 2022 template (Annex II of 2021/2178 before 2023/2486): substantial contribution as percentages
LEGACY_INTRO = ("Comparative figures for {p} as published in the prior-year report (template applicable for {p}: "
                "climate change mitigation and climate change adaptation only).")
LEGACY_SC = ("Substantial contribution to climate change mitigation", "Substantial contribution to climate change "
             "adaptation")
LEGACY_TITLE = "{K} {p} (prior year, as reported)"

# answers and categories spelled out
YES, NO = "Yes", "No"
CATEGORY_WORDS = {"E": "Enabling", "T": "Transitional"}
CATEGORY_HEAD = "Category"

# the change against the prior year
CHANGE_HEAD = "Change"
NOT_MEANINGFUL = "n/m"

# a condensed A.2 block: names abbreviated word by word
_DROP = {"of", "the", "for", "in", "to", "on"}
_KEEP = {"and": "&"}


def abbreviate(name: str) -> str:
    """Long words cut to their first five letters and a full stop, "and" as "&", short function words dropped."""
    out = []
    for w in name.replace(",", "").split():
        low = w.lower()
        if low in _DROP:
            continue
        out.append(_KEEP.get(low, w if len(w) <= 6 else w[:5].rstrip("-") + "."))
    return " ".join(out)


# OpEx not material: no template, the figures in prose
OPEX_HEADING = "Operating expenditure (OpEx)"
OPEX_PROSE = (
    "Taxonomy OpEx comprises non-capitalised research and development costs, building renovation measures, "
    "short-term leases, maintenance and repair and other direct expenditures relating to the day-to-day servicing "
    "of assets. In {y} it amounted to €{total} million, which is {ratio} % of the Group's total operating expenses.",
    "As this amount is not material for our business model, we do not present the OpEx template. Of the Taxonomy "
    "OpEx, €{a1} million ({s1} %) relate to Taxonomy-aligned activities and €{a2} million ({s2} %) to "
    "Taxonomy-eligible activities that are not Taxonomy-aligned.",
)
