"""Round 48's harness (harness/route_slots.py): the slot move and the grid it is scored on."""

from types import SimpleNamespace

from harness import route_slots as R


def test_slotted_moves_only_deep_candidates_to_the_slot_and_cuts_to_ten():
    nodes = [f"n{i}" for i in range(1, 31)]
    out = R.slotted(nodes, {"n3", "n12", "n20", "n25"}, 2, 9)
    assert out == nodes[:8] + ["n12", "n20"]  # n3 is already in the top 10; at most 2 move, best rank first
    assert R.slotted(nodes, {"n3"}, 2, 5) == nodes[:10]  # nothing below rank 10: unchanged


def test_rules_read_votes_and_named_terms():
    hits = [SimpleNamespace(node=f"n{i}", origin="term" if i == 14 else "search") for i in range(1, 31)]
    rec = {"hits": hits, "anchor": SimpleNamespace(term_nodes=("n22",))}
    share = {"n11": 0.2, "n13": 0.05}
    assert R.chosen_nodes(rec, ("A", 0.15, 1, 5), share) == {"n11"}
    assert R.chosen_nodes(rec, ("B", 0.0, 1, 5), share) == {"n14", "n22"}
    assert R.chosen_nodes(rec, ("C", 0.10, 1, 5), share) == {"n11", "n14", "n22"}


def test_grid_is_fixed_and_current_first():
    grid = R.variants()
    assert grid[0][0] == "current" and len(grid) == 1 + 2 * 3 * 2 * 2 + 2 * 2
