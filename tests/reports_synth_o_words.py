"""Synth-o word lists (data): the reconciliation lines of each KPI denominator to the financial statements, the
types of Taxonomy-aligned CapEx / OpEx (Annex I 1.1.2.2 / 1.1.3.2 of 2021/2178), the rows of Annex XII Templates 2-5
(nuclear and fossil gas, 2022/1214), the business segments of a segment column, the at-a-glance tiles, the
"continued" markers, the objective names of an objective column and the placeholder of an empty A.1 section.

>>> TEMPLATE_ROWS[5].format(n=1, s=SECTIONS[0])[-40:], RECONCILIATION["capex"][0][:20]
('in the denominator of the applicable KPI', 'Additions to propert')
"""

from __future__ import annotations

# the KPI denominator broken down into the financial statements' lines (components sum to the KPI total)
RECONCILIATION_TITLE = "Reconciliation of the {k} denominator to the consolidated financial statements"
RECONCILIATION = {
    "turnover": ("Revenue from contracts with customers (IFRS 15), note {n}", "Rental and leasing income (IFRS 16)",
                 "Other revenue (hedging results, commissions)"),
    "capex": ("Additions to property, plant and equipment (IAS 16), note {n}",
              "Additions to intangible assets (IAS 38), note {m}", "Additions to right-of-use assets (IFRS 16)",
              "Additions from business combinations"),
    "opex": ("Research and development expenses (non-capitalised)", "Maintenance and repair",
             "Short-term leases (IFRS 16.6)", "Building renovation and other direct costs"),
}
RECONCILIATION_TOTAL = "{K} according to the EU Taxonomy (denominator)"
RECONCILIATION_HEADS = ("Line item", "{unit}")

# Taxonomy-aligned CapEx / OpEx by type, turnover by objective: a breakdown of the A.1 total above the template
TYPE_TITLE = "Taxonomy-aligned {k} by type (Annex I, section {s} of Delegated Regulation (EU) 2021/2178)"
TYPE_SECTIONS = {"capex": "1.1.2.2", "opex": "1.1.3.2"}
TYPES = ("(a) related to assets or processes associated with Taxonomy-aligned economic activities",
         "(b) part of a plan to expand Taxonomy-aligned economic activities (CapEx plan)",
         "(c) purchase of output from Taxonomy-aligned activities and individual measures")
OBJECTIVE_TITLE = "Taxonomy-aligned turnover by environmental objective"
TYPE_TOTAL = "Taxonomy-aligned {k}"
TYPE_HEADS = ("", "{unit}", "% of total {k}")

# Annex XII (Delegated Regulation (EU) 2022/1214): Templates 2-5 of each KPI; rows 1-6 the nuclear / gas sections
NUCLEAR_HEADING = "Nuclear energy and fossil gas related activities (Annex XII of Delegated Regulation (EU) 2021/2178)"
TEMPLATE_TITLES = {
    2: "Template 2 Taxonomy-aligned economic activities (denominator) – {K}",
    3: "Template 3 Taxonomy-aligned economic activities (numerator) – {K}",
    4: "Template 4 Taxonomy-eligible but not taxonomy-aligned economic activities – {K}",
    5: "Template 5 Taxonomy non-eligible economic activities – {K}",
}
SECTIONS = ("4.26", "4.27", "4.28", "4.29", "4.30", "4.31")
_ACTS = "of Annexes I and II to Delegated Regulation 2021/2139 in the {part} of the applicable KPI"
TEMPLATE_ROWS = {  # rows 1-6 of each template, formatted with the section (and row) number
    2: "Amount and proportion of taxonomy-aligned economic activity referred to in Section {s} "
       + _ACTS.format(part="denominator"),
    3: "Amount and proportion of taxonomy-aligned economic activity referred to in Section {s} "
       + _ACTS.format(part="numerator"),
    4: "Amount and proportion of taxonomy-eligible but not taxonomy-aligned economic activity referred to in Section "
       "{s} " + _ACTS.format(part="denominator"),
    5: "Amount and proportion of economic activity referred to in row {n} of Template 1 that is taxonomy-non-eligible "
       "in accordance with Section {s} " + _ACTS.format(part="denominator"),
}
TEMPLATE_OTHER = {
    2: "Amount and proportion of other taxonomy-aligned economic activities not referred to in rows 1 to 6 above in "
       "the denominator of the applicable KPI",
    3: "Amount and proportion of other taxonomy-aligned economic activities not referred to in rows 1 to 6 above in "
       "the numerator of the applicable KPI",
    4: "Amount and proportion of other taxonomy-eligible but not taxonomy-aligned economic activities not referred "
       "to in rows 1 to 6 above in the denominator of the applicable KPI",
    5: "Amount and proportion of other taxonomy-non-eligible economic activities not referred to in rows 1 to 6 "
       "above in the denominator of the applicable KPI",
}
TEMPLATE_TOTAL = {
    2: "Total applicable KPI",
    3: "Total amount and proportion of taxonomy-aligned economic activities in the numerator of the applicable KPI",
    4: "Total amount and proportion of taxonomy-eligible but not taxonomy-aligned economic activities in the "
       "denominator of the applicable KPI",
    5: "Total amount and proportion of taxonomy-non-eligible economic activities in the denominator of the "
       "applicable KPI",
}
TEMPLATE_HEADS = ("Row", "Economic activities", "CCM + CCA", "Climate change mitigation (CCM)",
                  "Climate change adaptation (CCA)", "Amount", "%")

# a first column naming the business segment of each activity (printed on the segment's first row)
SEGMENT_HEAD = "Segment"
SEGMENTS = ("Rail & Infrastructure", "Buildings Solutions", "Energy Systems", "Mobility Services",
            "Industrial Components", "Real Estate")

# an at-a-glance page near the front: rounded KPI tiles (whole percent, € billion with one decimal)
GLANCE_TITLE = "EU Taxonomy {y} at a glance"
GLANCE_TILES = (("{a1} %", "of our {k} is Taxonomy-aligned"), ("{el} %", "of our {k} is Taxonomy-eligible"),
                ("€{bn} bn", "total {k} (Taxonomy denominator)"))
GLANCE_NOTE = "Rounded figures; the full KPI templates are presented in the section EU Taxonomy disclosures."

# a template over three pages: a "continued" marker at the top and at the foot of the pages, no repeated header
CONTINUED_TOP = "{K} (continued)"
CONTINUED_FOOT = "Continued on next page"

# an objective column and an activity-number column instead of a code column
OBJECTIVE_HEAD, NUMBER_HEAD = "Environmental objective", "Activity no."
OBJECTIVE_NAMES = {"CCM": "Climate change mitigation", "CCA": "Climate change adaptation",
                   "WTR": "Water and marine resources", "PPC": "Pollution prevention and control",
                   "CE": "Circular economy", "BIO": "Biodiversity and ecosystems"}

# an A.1 section with no activity: a placeholder line and dashes on its total row
NO_ALIGNED = "No Taxonomy-aligned activities in the reporting year"
DASH = "–"

# captions printed under the tables (the title below each table, numbered)
CAPTION = "Table {n}: {title}"
CAPTION_INTRO = ("The tables below present the key performance indicators in the templates of Annex II to Delegated "
                 "Regulation (EU) 2021/2178; each table's caption follows the table.")
