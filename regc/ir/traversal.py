"""Pre-order traversal of a criterion tree (anything with a ``sub_criteria`` list), for ``CriterionNode.walk``.

One generator over a stack of the children lists' iterators, not one nested generator per level: a recursive
``yield from`` walk passes every node up through each level above it, ~5 % of a compile's per-node work (a
2021/2139 compile walks its trees ~600k node-steps).  Each children list is read live, as the recursive walk
read it: a node's children are taken when the walk resumes after yielding the node, and a list changed while
it is being walked is seen as its iterator sees it.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional


def preorder(root: Any) -> Iterator[Any]:
    """``root``, then each subtree in source order.

    >>> from types import SimpleNamespace as N
    >>> t = N(i="1", sub_criteria=[N(i="1.a", sub_criteria=[N(i="1.a.i", sub_criteria=[])]),
    ...                            N(i="1.b", sub_criteria=[])])
    >>> [n.i for n in preorder(t)]
    ['1', '1.a', '1.a.i', '1.b']
    """
    yield root
    stack = [iter(root.sub_criteria)]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        yield node
        stack.append(iter(node.sub_criteria))


def preorder_with_parent(root: Any, parent: Optional[Any] = None) -> Iterator[tuple[Any, Optional[Any]]]:
    """:func:`preorder` with each node's parent (``parent`` for ``root``).

    >>> from types import SimpleNamespace as N
    >>> t = N(i="1", sub_criteria=[N(i="1.a", sub_criteria=[N(i="1.a.i", sub_criteria=[])])])
    >>> [(n.i, p and p.i) for n, p in preorder_with_parent(t)]
    [('1', None), ('1.a', '1'), ('1.a.i', '1.a')]
    """
    yield root, parent
    stack = [(root, iter(root.sub_criteria))]
    while stack:
        top, children = stack[-1]
        node = next(children, None)
        if node is None:
            stack.pop()
            continue
        yield node, top
        stack.append((node, iter(node.sub_criteria)))
