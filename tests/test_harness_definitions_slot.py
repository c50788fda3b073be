"""Round 50's harness (harness/definitions_slot.py): the defined-term detector, the slot rule and its grid."""

from collections import Counter
from types import SimpleNamespace

from harness import definitions_slot as D

SECTION = ("As used in this subpart, the following terms have the following meanings: Business associate: (1) "
           "Except as provided ... Covered entity means a health plan. Health maintenance organization (HMO) (as "
           "defined in section 2791(b)(3) of the PHS Act) means an HMO. Contrary, when used to compare a provision, "
           "means: (1) x. Violation or violate means, as the context may require, a failure. The EIN is a number. "
           "Data elements that are x. (2) For purposes of this paragraph, the term record means any item.")


def test_section_terms_read_definitions_and_refuse_clauses():
    terms = D.section_terms(SECTION)
    assert set(terms) == {"business associate", "covered entity", "health maintenance organization", "contrary",
                          "violation or violate", "record"}
    assert terms["health maintenance organization"] == "HMO"


def test_variants_and_leftmost_longest_use():
    assert {"violation", "violate", "violations"} <= set(D.variants("violation or violate"))
    assert "hmo" in D.variants("health maintenance organization", "HMO")
    assert "psychotherapy note" in D.variants("psychotherapy notes")
    table = D.table_of([("protected health information", "", "n#§ 160.103"), ("health information", "", "n#§ 160.103"),
                        ("unsecured protected health information", "", "n#§ 164.402")])
    used = D.terms_used("Is a breach of unsecured protected-health information reportable?", table)
    assert [v for v, _ in used] == ["unsecured protected health information"]
    assert D.section_counts("Is PHI health information or protected health information?", table) == \
        Counter({"n#§ 160.103": 2})


def test_slot_moves_the_best_definitions_section_only_from_ranks_11_to_30():
    nodes = [f"n{i}" for i in range(1, 31)]
    assert D.slot_pick(nodes, Counter({"n3": 4, "n14": 1, "n12": 1}), 1) == "n12"  # ties: best rank
    assert D.slot_pick(nodes, Counter({"n14": 1}), 2) is None
    table = D.table_of([("marketing", "", "n15"), ("research", "", "n22"), ("payment", "", "n22")])
    rec = {"question": "Is research payment marketing?", "set": "hipaa_x",
           "hits": [SimpleNamespace(node=n) for n in nodes]}
    hook = D.Slots([rec], table)
    assert hook(0, rec, ("D1", 0.0, 2, 5), "") == nodes[:4] + ["n22"] + nodes[4:9]
    assert hook(0, rec, ("D1", 0.0, 1, 10), "") == nodes[:9] + ["n22"]
    assert hook(0, rec, ("current", 0.0, 0, 0), "") == nodes[:10]
    # D2: the one question uses every term, so each is frequent (share 1 > f) and none counts
    assert hook(0, rec, ("D2", 0.25, 1, 5), "") == nodes[:10]


def test_grid_is_fixed_and_current_first():
    grid = D.variants_grid()
    assert grid[0][0] == "current" and len(grid) == 1 + 2 * 2 + 2 * 2 * 2
