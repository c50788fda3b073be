"""Word lists of the applicability cues of spec §7 (data only; the patterns that use them live in
:mod:`regc.decisions.applicability_cues`).

>>> "refurbishment" in INTERVENTION_NOUNS, "biomass" in FEEDSTOCK_NOUNS
(True, True)
"""

from __future__ import annotations

# "where <qualifier>" that says HOW, not WHETHER (spec §6 exception (ii)): "where available", "where feasible"
UNIVERSAL_QUALIFIERS = ("available", "feasible", "possible", "practicable", "technically feasible",
                        "economically feasible", "reasonably practicable")

# predicates of a trailing "…, where <subject> <predicate>" clause that decide WHETHER the obligation applies:
# existence, applicability or content of a situation only some instances are in (spec §7 Applicability)
GATE_PREDICATES = ("is applicable", "are applicable", "is technically applicable", "are technically applicable",
                   "is available", "are available", "is required", "are required", "is present", "are present",
                   "is in place", "are in place", "exists", "exist", "includes", "include", "involves", "involve",
                   "is collective", "covers", "cover", "is foreseen", "are foreseen")

# nouns of place before which "where" is locative, not a gate ("metering at consumer level, where water is …")
LOCATIVE_NOUNS = ("level", "point", "points", "site", "sites", "area", "areas", "location", "locations", "place",
                  "places", "zone", "zones")

# interventions only some instances of an activity undertake (spec §7: "a refurbishment some instances undertake")
INTERVENTION_NOUNS = ("conversion", "repurposing", "retrofit", "retrofitting", "refurbishment", "renovation",
                      "upgrade", "upgrading", "extension", "expansion", "modernisation", "modernization",
                      "repowering", "life extension", "rehabilitation", "substitution")

# feedstocks and inputs a kind of which only some instances use ("Agricultural biomass used in the activity …")
FEEDSTOCK_NOUNS = ("biomass", "feedstock", "feedstocks", "crops", "fuels", "fuel", "residues", "raw materials",
                   "raw material", "substrates", "biowaste", "bio-waste")

# participles that tie a product to the feedstock it is made from ("plastic manufactured from … feedstock")
MADE_FROM_PARTICIPLES = ("manufactured", "produced", "made", "derived")

# verbs announcing that the list items are per-sub-type values ("… do not exceed the following values applied to
# the different manufacturing process steps:")
SUBTYPE_NOUNS = ("process steps", "steps", "products", "product types", "product groups", "grades", "types",
                 "categories", "sub-sectors", "processes", "production routes")

# verbs of making/being whose objects are what the activity is (spec §6 exception (i))
MAKE_VERB_STEMS = ("manufactur", "produc", "generat", "install", "provid", "suppl", "repair", "maintain", "retrofit",
                   "repurpos", "upgrad", "renovat", "construct", "develop", "rent", "leas", "sell", "distribut",
                   "deploy", "operat")

# discretionary permissions (spec §7): "may", "may also", "it is possible to", "can be deemed", "may include"
# ("it is possible for <something> to" is matched by a pattern of its own)
PERMISSION_PHRASES = ("it is possible to", "can be deemed", "can also be deemed", "may be deemed", "may also be deemed",
                      "can be considered", "may be considered", "may also be considered")

# claims only some instances make ("In order for an activity to be considered as an enabling activity …")
CLAIM_LEADS = ("in order for an activity to be considered", "in order for the activity to be considered",
               "in order for an activity to qualify", "in order for the activity to qualify")

# process stages (spec §6 exception (v), §7): "for construction site activities" binds every instance
PROCESS_STAGES = ("construction site", "construction", "construction phase", "decommissioning", "installation",
                  "operation", "operational", "maintenance", "dismantling")

# the activity's own process step in the passive ("When the packaging material is produced, …"): a stage every
# instance goes through (spec §6 exception (v)), unlike "Where the packaging is made from paper" (a material kind)
PROCESS_STAGE_PASSIVES = ("produced", "manufactured", "operated", "constructed", "built", "processed", "installed",
                          "decommissioned", "dismantled")

# a change of state of the activity's own (definite) entity, a stage every instance reaches ("When the area becomes
# a forest, the afforestation plan is followed by …": spec §6 exception (v)); a size ("reaches 1 MW") is not one
STAGE_CHANGE_VERBS = ("becomes", "become")

# location scopes, in every spelling (spec §7)
LOCATION_SCOPES = ("in the Union", "within the Union", "outside the Union", "outside of the Union", "in the EU",
                   "outside the EU", "outside of the EU", "in third countries", "in a Member State",
                   "in the Member States", "outside the Member States")

# bare plural classes of things an activity may or may not comprise ("Plants within the BAT-AEL range moving to …",
# "Installations that have been granted a derogation …")
CLASS_NOUNS = ("plants", "installations", "facilities", "vessels", "vehicles", "buildings", "units", "sites",
               "establishments", "networks", "systems", "projects")

# the words that open an exemption of other criteria ("Points 1 and 2 do not apply to …", spec §7 Exemptions)
EXEMPTED_POINT_WORDS = ("point", "points", "criterion", "criteria", "paragraph", "paragraphs")

# determiners that make an exclusion's subject the activity's own entity ("The plant … is not compliant"), not a
# kind of thing some instances include ("Infrastructure dedicated to … is not compliant", spec §7 Exclusions)
DEFINITE_DETERMINERS = ("the", "this", "these", "those", "its", "their", "such")

# a trailing "where <the demands / the circumstances …> require so" gate: "so" stands for the obligation itself,
# so the clause decides WHETHER it applies (spec §7 trailing gates)
SO_GATE_VERBS = ("require so", "requires so", "so require", "so requires", "so permit", "so permits", "allow so",
                 "allows so", "so allow", "so allows")

# hazard classes of materials only some instances handle: a requirement whose subject is such a material binds
# only those instances (spec §7: an entity or situation that only some instances have)
HAZARD_CLASS_MARKERS = ("classified as CMR", "classified as carcinogenic", "classified as hazardous",
                        "of very high concern", "substances or mixtures classified as", "substances classified as",
                        "mixtures classified as")

# events only some instances undergo, as the cause in a relative clause of the node's subject ("emissions and
# removals that occur due to natural disturbances … do not result in non-compliance …", spec §7: a situation only
# some instances have); "that occur during operation" (a process stage) does not name an event
EVENT_VERBS = ("occur", "occurs", "arise", "arises", "happen", "happens")
# events that trigger an obligation only in the instances they hit ("After a climate risk event, the insurer
# provides …"; like "in the event of"), as an indefinite noun phrase after "after"/"following": "after the works are
# completed" (a stage every instance goes through) and "after 2030" (a date) do not name one
EVENT_NOUNS = ("event", "events", "disaster", "disasters", "catastrophe", "catastrophes", "incident", "incidents",
               "accident", "accidents", "emergency", "emergencies", "outbreak", "breakdown", "failure")

# places only some instances are located in, as the head of a leading "In <place> <restriction>, …" (spec §7
# location scopes in every spelling: "In areas designated by the national competent authority for conservation or
# in habitats that are protected, the activity …")
PLACE_NOUNS = ("areas", "area", "zones", "zone", "regions", "region", "habitats", "habitat", "sites", "locations",
               "catchments", "water bodies")
# the words that restrict such a place to some places (a participle, a relative, a prepositional qualifier)
PLACE_RESTRICTORS = ("designated", "classified", "identified", "protected", "listed", "declared", "that", "which",
                     "where", "with", "at", "prone", "subject", "affected", "exposed")

EVENT_CAUSE_LINKS = ("due to", "as a result of", "because of", "in the event of", "in case of", "owing to")

# participles that restrict a bare plural subject to a kind of product or installation only some instances make or
# run ("Products incorporating portable batteries ensure …", "Vehicles equipped with …": spec §7 AP1/AP2)
KIND_PARTICIPLES = ("incorporating", "containing", "equipped with", "fitted with", "integrating", "embedding")

# chapeau words that introduce a closed list of exception / exemption cases: each case names a kind of product or
# situation only some instances have ("except when … in the following case:", "Exemptions to … are limited to the
# following cases:", spec §7 AP1)
EXCEPTION_WORDS = ("except", "exemption", "exemptions", "derogation", "derogations", "with the exception of")

# the parts a restriction table distributes over its rows ("… are not introduced to or formed in the specified
# sub-assemblies and component parts …"): each row names the parts it binds (spec §7 AP1)
PART_NOUNS = ("sub-assemblies", "sub-assembly", "component parts", "components", "parts", "applications")

# works that only some instances undertake, by what they involve ("during renovation, refurbishing or demolition
# activities implying the removal of foam panels … that contain foams with F-gases": AP2)
WORKS_NOUNS = ("activities", "works", "operations", "interventions")
INVOLVING_PHRASES = ("implying", "involving", "entailing", "that involve", "that imply", "that entail",
                     "which involve", "which imply")
INVOLVED_OPERATIONS = ("removal", "handling", "dismantling", "disposal", "presence", "use")

# words that restrict a definite subject to the instances other points name ("The aircraft referred to in … points (b)
# to (c) complies …", "The aircraft compliant with the technical screening criteria in points (b) to (e) complies …")
POINT_RESTRICTORS = ("referred to in", "compliant with", "complying with", "covered by", "listed in", "meeting",
                     "that meet", "that meets", "that comply with", "that complies with", "described in")
# the subject's verb that ends such a restriction
SUBJECT_VERBS = ("complies", "comply", "meets", "meet", "is", "are", "has", "have", "does", "do", "uses", "use",
                 "ensures", "ensure", "fulfils", "fulfil")

# a revision that falls due only when something changes ("updated where the characteristics and operation of the
# activity change significantly": spec §7 AP3 trailing gates)
REVISION_PARTICIPLES = ("updated", "reviewed", "revised", "reassessed", "re-assessed", "repeated", "renewed",
                        "adapted", "adjusted")
CHANGE_WORDS = ("change", "changes", "changed", "alter", "alters", "altered", "modified", "modifies", "modification",
                "modifications")

# participles by which a definite description names what the activity itself uses ("For the cement used in this
# activity, …": spec §6 exception (iii))
USE_PARTICIPLES = ("used", "consumed", "incorporated", "employed", "processed")

# the power units of a vehicle, named for the kind of vehicle they propel ("Engines for the propulsion of railway
# locomotives (RLL) …": spec §7 some-instances entity, the activity's zero-emission stock has none)
PROPULSION_UNIT_NOUNS = ("engines", "engine", "motors", "motor", "propulsion systems", "propulsion system")

# harms a requirement mitigates at their source ("measures … to avoid and mitigate harmful stormwater overflows from the
# combined wastewater collection system"); the source system is a some-instances entity unless the activity names it
MITIGATION_VERB_STEMS = ("avoid", "mitigat", "prevent", "reduc", "minimi", "limit", "control")
SOURCE_SYSTEM_HEADS = ("system", "systems", "network", "networks")
# closed compounds written open in activity names ("wastewater" / "waste water")
OPEN_COMPOUNDS = {"wastewater": "waste water", "stormwater": "storm water", "groundwater": "ground water"}

# topic leads that name what a requirement is about ("With regard to de-icing activities, measures are in place …")
TOPIC_LEADS = ("with regard to", "as regards", "regarding", "concerning", "in relation to", "with respect to",
               "in respect of")

# generic place / installation heads that add nothing to what a scope names ("CO2 storage sites" = CO2 storage)
SITE_NOUNS = ("sites", "site", "plants", "plant", "facilities", "facility", "installations", "installation",
              "systems", "system", "locations", "location")

# harms of a material a requirement prevents ("prevent leakage of hazardous waste"): a requirement about that material
HARM_NOUNS = ("leakage", "leakages", "release", "releases", "spill", "spills", "spillage", "loss", "losses")
