"""CriterionNode.walk / walk_with_parent (an iterative pre-order) visit exactly what a recursive walk visits."""

import random

from regc.ir.models import CriterionNode


def _recursive(n, parent=None):
    yield n, parent
    for c in n.sub_criteria:
        yield from _recursive(c, n)


def _tree(rng, depth=0, ids=None):
    ids = ids if ids is not None else iter(range(10**6))
    kids = [] if depth >= 5 else [_tree(rng, depth + 1, ids) for _ in range(rng.choice((0, 0, 1, 2, 3)))]
    return CriterionNode(criterion_id=str(next(ids)), sub_criteria=kids)


def test_walk_matches_recursive_preorder_on_random_trees():
    rng = random.Random(7)
    for _ in range(200):
        t = _tree(rng)
        want = [(n.criterion_id, p and p.criterion_id) for n, p in _recursive(t)]
        assert [(n.criterion_id, p and p.criterion_id) for n, p in t.walk_with_parent()] == want
        assert [n.criterion_id for n in t.walk()] == [i for i, _ in want]


def test_walk_reads_children_lists_live_like_the_recursive_walk():
    def mutate(walk):
        t = CriterionNode(criterion_id="r", sub_criteria=[CriterionNode(criterion_id="a"),
                                                          CriterionNode(criterion_id="b")])
        seen = []
        for n in walk(t):
            seen.append(n.criterion_id)
            if n.criterion_id == "a":  # children added to the node just yielded, and a sibling after it
                n.sub_criteria.append(CriterionNode(criterion_id="a.1"))
                t.sub_criteria.append(CriterionNode(criterion_id="c"))
        return seen

    assert mutate(lambda t: t.walk()) == mutate(lambda t: (n for n, _ in _recursive(t))) == ["r", "a", "a.1", "b", "c"]
