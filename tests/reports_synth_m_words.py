"""Synth-m word lists (data): the Annex II template labels in Norwegian (EEA issuers apply the Taxonomy) with the
objective abbreviations such reports print, the unit suffixes printed after every amount, the collapsed
substantial-contribution column, the split objective / activity-number columns, the "(continued)" forms of the A.1
section label and the "no activity-level breakdown" note.  ``register`` adds Norwegian to synth-g's label tables
(additive: the other sets' languages are unchanged; German comes from synth-l's ``register``).

>>> LABELS["no"]["kpi"]["turnover"], OBJECTIVE_SHORT["no"]["CE"], LABELS["no"]["total"]
('Driftsinntekter', 'SØK', 'TOTALT (A + B)')
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words
from tests.reports_synth_l_words import COMMON
from tests.reports_synth_l_words import register as register_l

LABELS = {
    "no": dict(COMMON, **{
        "kpi": {"turnover": "Driftsinntekter", "capex": "Investeringer (CapEx)", "opex": "Driftskostnader (OpEx)"},
        "kpi_lower": {"turnover": "driftsinntekter", "capex": "investeringer", "opex": "driftskostnader"},
        "activity": "Økonomiske aktiviteter", "codes": "Kode(r)", "absolute": "{K}, absolutt beløp",
        "proportion": "Andel av {k}", "sc": "Kriterier for vesentlig bidrag",
        "dnsh": "Kriterier for ikke å gjøre vesentlig skade (DNSH)", "ms": "Minimumsgarantier",
        "prev": "Andel taksonomitilpassede (A.1.) eller -kvalifiserte (A.2.) {k}, år N-1",
        "enabling": "Kategori (muliggjørende aktivitet)", "transitional": "Kategori (omstillingsaktivitet)",
        "A": "A. TAKSONOMIKVALIFISERTE AKTIVITETER",
        "A1": "A.1. Miljømessig bærekraftige aktiviteter (taksonomitilpassede)",
        "A1_total": "{K} fra miljømessig bærekraftige aktiviteter (taksonomitilpassede) (A.1)",
        "of_e": "Herav muliggjørende", "of_t": "Herav omstillingsaktiviteter",
        "A2": "A.2. Taksonomikvalifiserte, men ikke miljømessig bærekraftige aktiviteter (ikke taksonomitilpassede "
              "aktiviteter)",
        "A2_total": "{K} fra taksonomikvalifiserte, men ikke taksonomitilpassede aktiviteter (A.2)",
        "A_total": "A. {K} fra taksonomikvalifiserte aktiviteter (A.1 + A.2)",
        "B": "B. IKKE-TAKSONOMIKVALIFISERTE AKTIVITETER",
        "B_total": "{K} fra ikke-taksonomikvalifiserte aktiviteter", "total": "TOTALT (A + B)",
        "title": "Andel {k} fra produkter eller tjenester knyttet til taksonomitilpassede økonomiske aktiviteter – "
                 "opplysninger for år {y}",
    }),
}

# objective abbreviations in the SC / DNSH column headers (begrensning av klimaendringer, klimatilpasning, vann,
# forurensning, sirkulær økonomi, biologisk mangfold)
OBJECTIVE_SHORT = {"no": {"CCM": "BKE", "CCA": "KTP", "WTR": "VAN", "PPC": "FOR", "CE": "SØK", "BIO": "BIO"}}
NO_UNIT = "(NOK mill.)"

# the unit printed after every amount instead of in the header (m01 by seed; m08 German)
SUFFIXES = (" EURm", " mEUR", " €m")
DE_SUFFIX = " Mio. €"
SUFFIX_CAPTION = "Amounts are shown with their unit; proportions in % of the KPI total."

# one "Substantial contribution" column holding the objective(s) as text (m02): abbreviation or name by seed
SC_TEXT_HEAD = "Substantial contribution to"
SC_TEXT_NAMES = {"CCM": "Climate change mitigation", "CCA": "Climate change adaptation", "WTR": "Water",
                 "PPC": "Pollution prevention", "CE": "Circular economy", "BIO": "Biodiversity"}

# the activity code split into an objective column and an activity-number column (m07)
OBJ_HEAD, NUM_HEAD = "Objective", "Activity no."

# the A.1 section label repeated at the top of the next page (m04), by seed
CONTINUED_FORMS = ("{label} (continued)", "{label} (cont.)", "{label} – continued –")

NO_BREAKDOWN_NOTE = ("No activity-level breakdown is presented: the Group reports the Taxonomy-aligned and "
                     "Taxonomy-eligible totals only, as the individual activities are not material on their own.")


def register() -> None:
    register_l()
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, OBJECTIVE_SHORT[lang])
