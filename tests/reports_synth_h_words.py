"""Synth-h word lists (data): the Annex II template labels in Swedish, Danish and Finnish, their objective
abbreviations, NACE codes printed beside the Taxonomy code, page footnotes.  They are registered with synth-g's
label tables (``register``) so that synth-g's table builder prints them.

>>> LABELS["sv"]["kpi"]["turnover"], LABELS["da"]["kpi"]["capex"], LABELS["fi"]["kpi"]["opex"]
('Omsättning', 'Anlægsinvesteringer (CapEx)', 'Toimintamenot (OpEx)')
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words

LABELS = {
    "sv": {
        "kpi": {"turnover": "Omsättning", "capex": "Kapitalutgifter (CapEx)", "opex": "Driftsutgifter (OpEx)"},
        "kpi_lower": {"turnover": "omsättning", "capex": "kapitalutgifter", "opex": "driftsutgifter"},
        "activity": "Ekonomisk verksamhet", "codes": "Kod(er)", "absolute": "Absolut {k}",
        "proportion": "Andel av {k}", "sc": "Kriterier för väsentligt bidrag",
        "dnsh": "Kriterier för att inte orsaka betydande skada (DNSH)", "ms": "Minimiskyddsåtgärder",
        "prev": "Andel förenlig (A.1.) eller omfattad (A.2.) {k}, år N-1",
        "enabling": "Kategori möjliggörande verksamhet", "transitional": "Kategori omställningsverksamhet",
        "A": "A. VERKSAMHETER SOM OMFATTAS AV TAXONOMIN",
        "A1": "A.1. Miljömässigt hållbara verksamheter (förenliga med taxonomin)",
        "A1_total": "{K} för miljömässigt hållbara verksamheter (förenliga med taxonomin) (A.1)",
        "of_e": "Varav möjliggörande", "of_t": "Varav omställning",
        "A2": "A.2. Verksamheter som omfattas av taxonomin men som inte är miljömässigt hållbara (inte förenliga)",
        "A2_total": "{K} för verksamheter som omfattas men inte är förenliga med taxonomin (A.2)",
        "A_total": "A. {K} för verksamheter som omfattas av taxonomin (A.1+A.2)",
        "B": "B. VERKSAMHETER SOM INTE OMFATTAS AV TAXONOMIN",
        "B_total": "{K} för verksamheter som inte omfattas av taxonomin", "total": "TOTALT (A+B)",
        "title": "Andel {k} från produkter eller tjänster som är förenliga med taxonomin – upplysningar för år {y}",
        "subtotal": "Delsumma", "total_a1": "Summa A.1", "summary_title": "EU-taxonomins nyckeltal",
        "not_material": "inte väsentligt",
    },
    "da": {
        "kpi": {"turnover": "Omsætning", "capex": "Anlægsinvesteringer (CapEx)",
                "opex": "Driftsomkostninger (OpEx)"},
        "kpi_lower": {"turnover": "omsætning", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Økonomiske aktiviteter", "codes": "Kode(r)", "absolute": "Absolut {k}",
        "proportion": "Andel af {k}", "sc": "Kriterier for væsentligt bidrag",
        "dnsh": "Kriterier for ikke at gøre væsentlig skade (DNSH)", "ms": "Minimumsgarantier",
        "prev": "Andel af taksonomitilpasset (A.1.) eller -egnet (A.2.) {k}, år N-1",
        "enabling": "Kategori muliggørende aktivitet", "transitional": "Kategori omstillingsaktivitet",
        "A": "A. TAKSONOMIEGNEDE AKTIVITETER",
        "A1": "A.1. Miljømæssigt bæredygtige aktiviteter (taksonomitilpassede)",
        "A1_total": "{K} af miljømæssigt bæredygtige aktiviteter (taksonomitilpassede) (A.1)",
        "of_e": "Heraf muliggørende", "of_t": "Heraf omstilling",
        "A2": "A.2. Taksonomiegnede, men ikke miljømæssigt bæredygtige aktiviteter (ikke-taksonomitilpassede)",
        "A2_total": "{K} af taksonomiegnede, men ikke taksonomitilpassede aktiviteter (A.2)",
        "A_total": "A. {K} af taksonomiegnede aktiviteter (A.1+A.2)",
        "B": "B. IKKE-TAKSONOMIEGNEDE AKTIVITETER", "B_total": "{K} af ikke-taksonomiegnede aktiviteter",
        "total": "I ALT (A+B)",
        "title": "Andel af {k} fra produkter eller tjenesteydelser forbundet med taksonomitilpassede økonomiske "
                 "aktiviteter – oplysninger for år {y}",
        "subtotal": "Subtotal", "total_a1": "I alt A.1", "summary_title": "EU-taksonomiens nøgletal",
        "not_material": "ikke væsentlig",
    },
    "fi": {
        "kpi": {"turnover": "Liikevaihto", "capex": "Pääomamenot (CapEx)", "opex": "Toimintamenot (OpEx)"},
        "kpi_lower": {"turnover": "liikevaihto", "capex": "pääomamenot", "opex": "toimintamenot"},
        "activity": "Taloudelliset toiminnot", "codes": "Koodi(t)", "absolute": "{K}, absoluuttinen",
        "proportion": "Osuus (%)", "sc": "Merkittävän myönteisen vaikutuksen kriteerit",
        "dnsh": "Ei merkittävää haittaa -kriteerit (DNSH)", "ms": "Vähimmäistason suojatoimet",
        "prev": "Taksonomian mukaisen (A.1.) tai taksonomiakelpoisen (A.2.) osuus, vuosi N-1",
        "enabling": "Luokka (mahdollistava toiminto)", "transitional": "Luokka (siirtymätoiminto)",
        "A": "A. TAKSONOMIAKELPOISET TOIMINNOT",
        "A1": "A.1. Ympäristön kannalta kestävät toiminnot (taksonomian mukaiset)",
        "A1_total": "Ympäristön kannalta kestävien toimintojen {k} (taksonomian mukaiset) (A.1)",
        "of_e": "Josta mahdollistavat", "of_t": "Josta siirtymätoiminnot",
        "A2": "A.2. Taksonomiakelpoiset mutta ympäristön kannalta ei-kestävät toiminnot (ei taksonomian mukaiset)",
        "A2_total": "Taksonomiakelpoisten mutta ei taksonomian mukaisten toimintojen {k} (A.2)",
        "A_total": "A. Taksonomiakelpoisten toimintojen {k} (A.1+A.2)",
        "B": "B. EI-TAKSONOMIAKELPOISET TOIMINNOT", "B_total": "Ei-taksonomiakelpoisten toimintojen {k}",
        "total": "YHTEENSÄ (A+B)",
        "title": "{K}: taksonomian mukaisiin taloudellisiin toimintoihin liittyvien tuotteiden tai palvelujen "
                 "osuus – tiedot vuodelta {y}",
        "subtotal": "Välisumma", "total_a1": "Yhteensä A.1", "summary_title": "EU-taksonomian tunnusluvut",
        "not_material": "ei olennainen",
    },
}

OBJECTIVE_SHORT = {
    "sv": {"CCM": "BEK", "CCA": "ANP", "WTR": "VAT", "PPC": "FÖR", "CE": "CE", "BIO": "BIO"},
    "da": {"CCM": "CCM", "CCA": "CCA", "WTR": "WTR", "PPC": "PPC", "CE": "CE", "BIO": "BIO"},
    "fi": {"CCM": "Ilmastonmuutoksen hillintä", "CCA": "Ilmastonmuutokseen sopeutuminen", "WTR": "Vesi",
           "PPC": "Pilaantuminen", "CE": "Kiertotalous", "BIO": "Biodiversiteetti"},
}

CAPTIONS = {"sv": "Belopp i MSEK", "da": "Beløb i DKK mio.", "fi": "milj. euroa"}

# NACE codes printed in a column beside the Taxonomy code (numbers that look like section numbers)
NACE = ("C27.1", "F42.2", "D35.11", "H49.41", "C28.2", "F43.2", "E38.32", "M71.1", "C25.1", "L68.2")

PAGE_FOOTNOTES = (
    "¹ Figures are consolidated; intra-group revenue and asset transfers are eliminated.",
    "² The assessment of the DNSH criteria follows the Group's environmental management system.",
)

FRACTION_NOTE = "Proportions are stated as a fraction of 1 (0.100 = 10 %)."


def register() -> None:
    """Add the Nordic labels to synth-g's tables (additive: synth-g's own languages are unchanged)."""
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, OBJECTIVE_SHORT[lang])
