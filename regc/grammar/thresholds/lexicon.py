"""Word lists of the threshold finder, as data (number words, month names, unit word forms, operators)."""

from __future__ import annotations

WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
                "fifty": 50}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


# ---------------------------------------------------------------------------------------------------------------
# units


PRODUCT_NAMES = {"H2": "hydrogen", "Al": "aluminium", "Cl2": "chlorine", "Cl": "chlorine", "NH3": "ammonia"}
_UNIT_WORD_FORMS = {"population equivalent": "p.e.", "population equivalents": "p.e.", "L": "litres", "l": "litres", "litre": "litres", "liter": "litres", "liters": "litres", "tonne": "tonnes", "year": "years",
                    "month": "months", "day": "days", "hour": "hours", "hectare": "hectares", "minute": "minutes",
                    "second": "seconds", "kilogramme": "kg", "kilogrammes": "kg", "kilogram": "kg",
                    "kilograms": "kg", "gram": "g", "grams": "g", "gramme": "g", "grammes": "g"}
_DENOM_FORMS = {"tonne": "t", "tonnes": "t", "ton": "t", "tons": "t", "litre": "litre", "litres": "litre", "kilogramme": "kg",
                "kilogrammes": "kg", "kilogram": "kg", "kilograms": "kg"}


_GENERIC_DENOMS = {"material", "materials", "component", "components", "item", "items", "article", "articles",
                   "sample", "samples", "element", "elements"}


_OPS = {"le": "<=", "lt": "<", "ge": ">=", "gt": ">", "eq": "="}
_FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "="}


_CHANGE_NOUN = {"redu": "Reduction", "decr": "Reduction", "cut": "Reduction", "cuts": "Reduction", "cutt": "Reduction",
                "lowe": "Reduction", "impr": "Improvement", "incr": "Increase"}


_STOPWORDS = {"threshold", "thresholds", "emissions", "emission", "relate", "period", "values", "value", "which",
              "where", "these", "those", "their", "other", "shall"}


# what a thing is converted to or runs on, named by its composition ("conversion of gas networks to 100 % hydrogen",
# "certified to operate on 100 % blend of sustainable aviation fuels"): the share is the composition the option
# requires (spec §7 composition targets)
COMPOSITION_NOUNS = ("hydrogen", "blend", "blends", "biomethane", "biogas", "biofuel", "biofuels", "ammonia",
                     "methanol", "fuel", "fuels", "electricity", "renewable", "renewables")


# words that end a unit phrase ("100 g CO2e/kWh over 20 years")
UNIT_STOP_WORDS = ('over', 'than', 'lower', 'below', 'above', 'higher', 'less', 'more', 'until', 'from', 'by',
                   'which', 'where', 'that', 'if', 'when', 'or', 'but', 'calculated', 'measured', 'expressed',
                   'compared', 'relative', 'upon', 'in accordance', 'including', 'excluding', 'averaged', 'during',
                   'within', 'after', 'before')

# predicates that declare the subject non-compliant: a number in the subject separates compliant from non-compliant
# things ("a plant that is more GHG intensive than 100 g CO2e/kWh … is not compliant"), spec §7 Exclusions
EXCLUSION_PREDICATES = (r"(?:is|are)\s+not\s+(?:compliant|eligible|allowed|permitted|aligned)",
                        r"(?:is|are)\s+(?:non-compliant|ineligible|excluded)",
                        r"(?:do|does)\s+not\s+(?:qualify|comply)", r"(?:can|may)\s+not\s+qualify",
                        r"cannot\s+qualify")

# participles of a negated purpose predicate whose object is an excluded use ("The infrastructure is not dedicated to
# creating a direct connection … to a plant where the emissions exceed 270 g CO2e/kWh"): a number in the object's
# qualifying clause separates the excluded use from the compliant ones, spec §7 Exclusions
DEDICATION_PARTICIPLES = ("dedicated", "intended", "designed")

# comparatives of age: the limited quantity is the age of the thing they follow ("a patent not older than 10 years")
AGE_COMPARATIVES = ("older", "younger", "newer")

# prepositions that bound a date ("by 31 December 2030", "as of 2026")
TEMPORAL_PREPOSITIONS = ('no later than', 'not later than', 'at the latest by', 'at the latest on', 'on or before',
                         'on or after', 'by', 'until', 'till', 'up to and including', 'up to', 'as from', 'as of',
                         'starting from', 'starting on', 'with effect from', 'beginning on', 'from', 'since',
                         'after', 'before', 'prior to', 'between')

# things a scope condition selects ("plants with a capacity above 10 MW"), as regex word forms
SCOPE_ENTITIES = ('installations?', 'plants?', 'facilit(?:y|ies)', 'buildings?', 'vehicles?', 'vessels?', 'ships?',
                  'units?', 'motors?', 'engines?', 'boilers?', 'systems?', 'projects?', 'sites?', 'turbines?',
                  'pumps?', 'products?', 'equipment', 'devices?', 'appliances?', 'machines?', 'generators?',
                  'heat pumps?', 'dams?', 'reservoirs?', 'aircraft', 'trucks?', 'buses', 'land', 'areas?',
                  'forests?', 'holdings?', 'companies', 'undertakings', 'enterprises', 'establishments',
                  'apartments?', 'dwellings?', 'houses?', 'roads?', 'networks?', 'lines?', 'cables?', 'capacity',
                  'substances?', 'mixtures?')

# finite verbs that start a clause's predicate ("emissions are lower than …")
FINITE_VERBS = ('is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'do', 'does', 'did', 'shall', 'must',
                'will', 'emits?', 'uses?', 'leads?', 'reduces?', 'consumes?', 'achieves?', 'meets?', 'complies',
                'comply', 'closes?', 'derives?', 'reaches?', 'ensures?', 'amounts?', 'represents?', 'falls?',
                'remains?', 'stays?', 'keeps?', 'demonstrates?', 'corresponds?')

# nouns a number after which is a label, not a quantity ("Article 3", "Category 2")
CLAIM_KEYWORDS = ('Articles?', r"Art\.", 'Annex(?:es)?', 'Sections?', 'points?', 'paragraphs?', 'subparagraphs?',
                  'Tables?', 'Appendix', 'Appendices', 'Chapters?', 'Parts?', 'part', 'Titles?', 'categor(?:y|ies)',
                  'Class(?:es)?', 'Tiers?', 'Stages?', 'Euro', 'Phases?', 'Figures?', 'Recitals?', r"No\.?",
                  r"Nos\.?", 'Level', 'Step', 'Criterion', 'Activity', 'activities', 'Scope', 'row', 'column',
                  'codes?', 'NACE', 'Group', 'Division', 'Type', 'Category', 'Zone', 'version', 'Directive',
                  'Regulation', 'Decision', 'SDG', 'Goal', 'IE', 'Tier', 'Categories', 'CMC', 'Descriptors?',
                  'Natura', 'criteria', 'amendments?', 'Volumes?', 'TRL', 'subgroups?', 'Chapters?', 'Annex(?:es)?',
                  'Objectives?', 'Priority', 'Measures?', 'Levels?', 'indicators?', 'Test', 'OECD', 'BAT', 'IPMS')

# participles that date a thing, not the rule ("ships constructed after 2011")
DATED_THING_VERBS = ('constructed', 'built', 'acquired', 'manufactured', 'registered', 'commissioned', 'delivered',
                     'purchased', 'ordered', 'produced', 'installed', r"laid\s+down",
                     r"put\s+into\s+(?:service|operation)", r"placed\s+on\s+the\s+market",
                     r"(?:first\s+)?registered", 'bought', 'leased', r"keel\s+laid")

# standardisation bodies and document prefixes ("EN ISO 14067:2018")
STANDARD_BODIES = ('CEN', 'CENELEC', 'CLC', 'ISO', 'IEC', 'EN', 'ETSI', 'ASTM', 'DIN', 'BS', 'ANSI', 'ASHRAE',
                   'IPCC', 'TR', 'TS', 'HD', 'ES')

# fillers that make a percentage a rank in a population ("within the top 15 % of the building stock")
RANK_FILLERS = ("top", "best", "best-performing", "best performing")

# phrases after a leading "Where …," clause that add a requirement of the main clause ("where … not feasible …, from
# 1 January 2026, in addition to an attained EEXI value … at least 10 percentage points below …, the GHG intensity
# does not exceed …"): the condition has ended, their numbers are limits, not scope
ADDITIONAL_REQUIREMENT_LEADS = ("in addition to",)

# nouns that name a measured quantity ("specific emissions of CO2", "energy consumption of …"): a metric taken from a
# clause subject that has none of them ("vehicles of category M1 …", a where-clause) gives way to the quantity the
# clause names before the limit
QUANTITY_NOUNS = ("emissions", "emission", "consumption", "intensity", "content", "concentration", "losses")

# nouns that name an ordinal class or level whose number ranks it ("an efficiency class of IE3 or higher",
# "Technology Readiness of Level 9"), with the code printed before the number; spec §7 (as CE-1.1 TRL "= 9")
RANK_NOUNS = (r"efficiency\s+class(?:\s+of)?", r"readiness(?:\s+of)?")
RANK_CODES = ("IE", "TRL", "Level")
# words after a rank that make it a minimum ("IE3 or higher")
RANK_UPWARD = ("higher", "better", "above", "more")

# verbs of a change by an amount ("increased by 2 percentage points annually"): with a time base the amount is a rate
CHANGE_VERBS = (r"increas(?:e|es|ed|ing)", r"decreas(?:e|es|ed|ing)", r"reduc(?:e|es|ed|ing)", r"ris(?:e|es|ing)",
                r"rose", r"gr(?:ow|ows|owing|ew)", r"declin(?:e|es|ed|ing)", r"rais(?:e|es|ed|ing)")
# time bases of such a rate, each meaning "per year"
ANNUAL_WORDS = ("annually", "yearly", r"per\s+year", r"per\s+annum", r"each\s+year", r"every\s+year", r"a\s+year")

# nouns whose "minimum"/"maximum" states the bound of a value given later in apposition ("a minimum share of
# SAF, corresponding to 15 %")
# verbs of keeping a record for a time ("documentation is retained for five years"): the period is a minimum
RETENTION_VERBS = ("retained", "kept", "stored", "archived", "preserved")
BOUND_NOUNS = ("share", "percentage", "proportion", "level", "rate", "content", "amount", "quantity")

# things that are the subject of a list item and can have zero emissions ("the aircraft with zero direct (tailpipe)
# CO2 emissions"); a thing the activity makes, leases or uses
ZERO_EMISSION_SUBJECTS = ("aircraft", "vehicles?", "vessels?", "ships?", "trains?", "buses", "trucks?", "cars?",
                          "locomotives?", "wagons?", "coaches", "fleets?", "machinery", "machines?", "equipment")
