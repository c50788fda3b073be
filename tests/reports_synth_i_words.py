"""Synth-i word lists (data): the Annex II template labels in Polish, Czech, Greek, Romanian and Hungarian (the
official wording of Delegated Regulation 2021/2178 in those languages, shortened where the tables do), the objective
names used as A.1.1 / A.2.1 sub-headings, the glossary page's labels.  They are registered with synth-g's label
tables (``register``) so that synth-g's table builder prints them.

>>> LABELS["pl"]["kpi"]["turnover"], LABELS["cs"]["kpi"]["capex"], LABELS["el"]["total"]
('Obrót', 'Kapitálové výdaje (CapEx)', 'ΣΥΝΟΛΟ (Α+Β)')
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words

LATIN = {"CCM": "CCM", "CCA": "CCA", "WTR": "WTR", "PPC": "PPC", "CE": "CE", "BIO": "BIO"}

LABELS = {
    "pl": {
        "kpi": {"turnover": "Obrót", "capex": "Nakłady inwestycyjne (CapEx)", "opex": "Wydatki operacyjne (OpEx)"},
        "kpi_lower": {"turnover": "obrocie", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Działalność gospodarcza", "codes": "Kod(-y)", "absolute": "{K} – wartość bezwzględna",
        "proportion": "Udział w {k}", "sc": "Kryteria dotyczące wnoszenia istotnego wkładu",
        "dnsh": "Kryteria dotyczące zasady „nie czyń poważnych szkód” (DNSH)", "ms": "Minimalne gwarancje",
        "prev": "Udział dostosowany (A.1.) lub kwalifikujący się (A.2.), rok N-1",
        "enabling": "Kategoria (działalność wspomagająca)", "transitional": "Kategoria (działalność przejściowa)",
        "A": "A. DZIAŁALNOŚĆ KWALIFIKUJĄCA SIĘ DO SYSTEMATYKI",
        "A1": "A.1. Działalność zrównoważona środowiskowo (dostosowana do systematyki)",
        "A1_total": "{K} z działalności zrównoważonej środowiskowo (dostosowanej do systematyki) (A.1)",
        "of_e": "W tym wspomagająca", "of_t": "W tym przejściowa",
        "A2": "A.2. Działalność kwalifikująca się do systematyki, ale niezrównoważona środowiskowo "
              "(działalność niedostosowana do systematyki)",
        "A2_total": "{K} z działalności kwalifikującej się do systematyki, ale niedostosowanej (A.2)",
        "A_total": "A. {K} z działalności kwalifikującej się do systematyki (A.1+A.2)",
        "B": "B. DZIAŁALNOŚĆ NIEKWALIFIKUJĄCA SIĘ DO SYSTEMATYKI",
        "B_total": "{K} z działalności niekwalifikującej się do systematyki", "total": "RAZEM (A+B)",
        "title": "Udział w {k} z produktów lub usług powiązanych z działalnością gospodarczą dostosowaną do "
                 "systematyki – ujawnienie za rok {y}",
        "subtotal": "Suma częściowa", "total_a1": "Razem A.1", "summary_title": "Wskaźniki systematyki UE",
        "not_material": "nieistotne",
    },
    "cs": {
        "kpi": {"turnover": "Obrat", "capex": "Kapitálové výdaje (CapEx)", "opex": "Provozní výdaje (OpEx)"},
        "kpi_lower": {"turnover": "obratu", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Hospodářské činnosti", "codes": "Kód(y)", "absolute": "{K} v absolutní výši",
        "proportion": "Podíl {k}", "sc": "Kritéria významného příspěvku",
        "dnsh": "Kritéria DNSH („významně nepoškozovat“)", "ms": "Minimální záruky",
        "prev": "Podíl činností v souladu s taxonomií (A.1.) nebo způsobilých (A.2.), rok N-1",
        "enabling": "Kategorie (podpůrná činnost)", "transitional": "Kategorie (přechodná činnost)",
        "A": "A. ČINNOSTI ZPŮSOBILÉ PRO TAXONOMII",
        "A1": "A.1. Environmentálně udržitelné činnosti (v souladu s taxonomií)",
        "A1_total": "{K} environmentálně udržitelných činností (v souladu s taxonomií) (A.1)",
        "of_e": "Z toho podpůrné", "of_t": "Z toho přechodné",
        "A2": "A.2. Činnosti způsobilé pro taxonomii, které nejsou environmentálně udržitelné (činnosti, které "
              "nejsou v souladu s taxonomií)",
        "A2_total": "{K} činností způsobilých pro taxonomii, které nejsou v souladu s taxonomií (A.2)",
        "A_total": "A. {K} činností způsobilých pro taxonomii (A.1+A.2)",
        "B": "B. ČINNOSTI NEZPŮSOBILÉ PRO TAXONOMII", "B_total": "{K} činností nezpůsobilých pro taxonomii",
        "total": "CELKEM (A+B)",
        "title": "Podíl {k} z produktů nebo služeb spojených s hospodářskými činnostmi v souladu s taxonomií – "
                 "zveřejnění za rok {y}",
        "subtotal": "Mezisoučet", "total_a1": "Celkem A.1", "summary_title": "Ukazatele taxonomie EU",
        "not_material": "nevýznamné",
    },
    "el": {
        "kpi": {"turnover": "Κύκλος εργασιών", "capex": "Κεφαλαιουχικές δαπάνες (CapEx)",
                "opex": "Λειτουργικές δαπάνες (OpEx)"},
        "kpi_lower": {"turnover": "κύκλου εργασιών", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Οικονομικές δραστηριότητες", "codes": "Κωδικός(-οί)", "absolute": "Απόλυτο ποσό {k}",
        "proportion": "Αναλογία {k}", "sc": "Κριτήρια ουσιαστικής συμβολής",
        "dnsh": "Κριτήρια DNSH («Μη πρόκληση σημαντικής βλάβης»)", "ms": "Ελάχιστες διασφαλίσεις",
        "prev": "Αναλογία ευθυγραμμισμένων (Α.1.) ή επιλέξιμων (Α.2.), έτος N-1",
        "enabling": "Κατηγορία (δραστηριότητα ευνοϊκής μεταχείρισης)",
        "transitional": "Κατηγορία (μεταβατική δραστηριότητα)",
        "A": "Α. ΕΠΙΛΕΞΙΜΕΣ ΒΑΣΕΙ ΤΑΞΙΝΟΜΙΑΣ ΔΡΑΣΤΗΡΙΟΤΗΤΕΣ",
        "A1": "Α.1. Περιβαλλοντικά βιώσιμες δραστηριότητες (ευθυγραμμισμένες με την ταξινομία)",
        "A1_total": "{K} περιβαλλοντικά βιώσιμων δραστηριοτήτων (ευθυγραμμισμένων με την ταξινομία) (Α.1)",
        "of_e": "Εκ των οποίων ευνοϊκής μεταχείρισης", "of_t": "Εκ των οποίων μεταβατικές",
        "A2": "Α.2. Επιλέξιμες βάσει ταξινομίας αλλά μη περιβαλλοντικά βιώσιμες δραστηριότητες (μη "
              "ευθυγραμμισμένες με την ταξινομία δραστηριότητες)",
        "A2_total": "{K} επιλέξιμων αλλά μη ευθυγραμμισμένων με την ταξινομία δραστηριοτήτων (Α.2)",
        "A_total": "Α. {K} επιλέξιμων βάσει ταξινομίας δραστηριοτήτων (Α.1+Α.2)",
        "B": "Β. ΜΗ ΕΠΙΛΕΞΙΜΕΣ ΒΑΣΕΙ ΤΑΞΙΝΟΜΙΑΣ ΔΡΑΣΤΗΡΙΟΤΗΤΕΣ",
        "B_total": "{K} μη επιλέξιμων βάσει ταξινομίας δραστηριοτήτων", "total": "ΣΥΝΟΛΟ (Α+Β)",
        "title": "Αναλογία {k} από προϊόντα ή υπηρεσίες που συνδέονται με οικονομικές δραστηριότητες "
                 "ευθυγραμμισμένες με την ταξινομία – γνωστοποίηση για το έτος {y}",
        "subtotal": "Μερικό σύνολο", "total_a1": "Σύνολο Α.1", "summary_title": "Δείκτες ταξινομίας της ΕΕ",
        "not_material": "μη σημαντικό",
    },
    "ro": {
        "kpi": {"turnover": "Cifra de afaceri", "capex": "Cheltuieli de capital (CapEx)",
                "opex": "Cheltuieli operaționale (OpEx)"},
        "kpi_lower": {"turnover": "cifrei de afaceri", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Activități economice", "codes": "Cod (coduri)", "absolute": "{K} absolută",
        "proportion": "Proporția {k}", "sc": "Criterii privind contribuția substanțială",
        "dnsh": "Criterii DNSH („să nu prejudicieze în mod semnificativ”)", "ms": "Garanții minime",
        "prev": "Proporția aliniată (A.1.) sau eligibilă (A.2.), anul N-1",
        "enabling": "Categorie (activitate favorizantă)", "transitional": "Categorie (activitate de tranziție)",
        "A": "A. ACTIVITĂȚI ELIGIBILE PENTRU TAXONOMIE",
        "A1": "A.1. Activități durabile din punctul de vedere al mediului (aliniate la taxonomie)",
        "A1_total": "{K} aferentă activităților durabile din punctul de vedere al mediului (aliniate) (A.1)",
        "of_e": "Din care favorizante", "of_t": "Din care de tranziție",
        "A2": "A.2. Activități eligibile pentru taxonomie, dar care nu sunt durabile din punctul de vedere al "
              "mediului (activități nealiniate la taxonomie)",
        "A2_total": "{K} aferentă activităților eligibile, dar nealiniate la taxonomie (A.2)",
        "A_total": "A. {K} aferentă activităților eligibile pentru taxonomie (A.1+A.2)",
        "B": "B. ACTIVITĂȚI NEELIGIBILE PENTRU TAXONOMIE",
        "B_total": "{K} aferentă activităților neeligibile pentru taxonomie", "total": "TOTAL (A+B)",
        "title": "Proporția {k} provenită din produse sau servicii asociate cu activități economice aliniate la "
                 "taxonomie – informații aferente anului {y}",
        "subtotal": "Subtotal", "total_a1": "Total A.1", "summary_title": "Indicatorii taxonomiei UE",
        "not_material": "nesemnificativ",
    },
    "hu": {
        "kpi": {"turnover": "Árbevétel", "capex": "Beruházási kiadások (CapEx)",
                "opex": "Működési kiadások (OpEx)"},
        "kpi_lower": {"turnover": "árbevétel", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Gazdasági tevékenységek", "codes": "Kód(ok)", "absolute": "Abszolút {k}",
        "proportion": "{K} aránya", "sc": "Jelentős hozzájárulásra vonatkozó kritériumok",
        "dnsh": "A jelentős károkozás elkerülésére vonatkozó (DNSH) kritériumok", "ms": "Minimális garanciák",
        "prev": "Taxonómiához igazodó (A.1.) vagy szóba jöhető (A.2.) arány, N-1. év",
        "enabling": "Kategória (támogató tevékenység)", "transitional": "Kategória (átállási tevékenység)",
        "A": "A. TAXONÓMIA SZERINT SZÓBA JÖHETŐ TEVÉKENYSÉGEK",
        "A1": "A.1. Környezeti szempontból fenntartható tevékenységek (taxonómiához igazodó)",
        "A1_total": "Környezeti szempontból fenntartható tevékenységek {k} (taxonómiához igazodó) (A.1)",
        "of_e": "Ebből támogató", "of_t": "Ebből átállási",
        "A2": "A.2. Taxonómia szerint szóba jöhető, de környezeti szempontból nem fenntartható tevékenységek "
              "(nem taxonómiához igazodó tevékenységek)",
        "A2_total": "Szóba jöhető, de nem taxonómiához igazodó tevékenységek {k} (A.2)",
        "A_total": "A. Taxonómia szerint szóba jöhető tevékenységek {k} (A.1+A.2)",
        "B": "B. TAXONÓMIA SZERINT SZÓBA NEM JÖHETŐ TEVÉKENYSÉGEK",
        "B_total": "Taxonómia szerint szóba nem jöhető tevékenységek {k}", "total": "ÖSSZESEN (A+B)",
        "title": "A taxonómiához igazodó gazdasági tevékenységekhez kapcsolódó termékekből vagy szolgáltatásokból "
                 "származó {k} aránya – közzététel a(z) {y}. évre",
        "subtotal": "Részösszeg", "total_a1": "Összesen A.1", "summary_title": "Uniós taxonómiai mutatók",
        "not_material": "nem jelentős",
    },
}

# the units, as these reports print them (caption above the table or the amount column's header)
UNITS = {"pl": "(mln zł)", "cs": "Údaje v tis. Kč", "el": "Ποσά σε χιλ. ευρώ", "ro": "(mii lei)",
         "hu": "Adatok millió Ft-ban"}

OBJECTIVE_NAMES = {"CCM": "Climate change mitigation", "CCA": "Climate change adaptation",
                   "WTR": "Sustainable use and protection of water and marine resources",
                   "PPC": "Pollution prevention and control", "CE": "Transition to a circular economy",
                   "BIO": "Protection and restoration of biodiversity and ecosystems"}

# per-objective sub-total labels (i06), chosen per seed: no sub-block number, or the number after the word
SUBTOTAL_FORMS = ("Subtotal {name}", "Total {obj} ({num})", "Sub-total {num} {name}")

CONTINUED = ("(continued)", "– cont. –", "Table {n} (continued from previous page)")

GLOSSARY = {"title": "Glossary of Taxonomy-eligible activities",
            "intro": "The KPI tables name each activity; its reference in the Climate and Environmental Delegated "
                     "Acts (objective and section number) is given below.",
            "heads": ("Economic activity", "Taxonomy reference", "Environmental objective")}


def register() -> None:
    """Add the labels to synth-g's tables (additive: synth-g's and synth-h's languages are unchanged)."""
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, LATIN)
