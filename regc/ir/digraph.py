"""Two graph questions every compile asks, answered without importing networkx.

The compile checks each unit for cycles in ``DEPENDS_ON`` ∪ ``INHERITS_THRESHOLD`` and for nodes cut off from
``ROOT``.  Nearly every unit has no cycle, and importing networkx costs ~0.1 s per process (a fifth of
``regc compile --only ID``).  So these two answers come from a plain walk; the callers import networkx only
where a cycle exists and its exact report (``nx.simple_cycles`` / ``nx.find_cycle``) is needed, or to export a
graph.  Edges are ``(from, to)`` pairs; a self edge is a cycle.

>>> has_cycle([("a", "b"), ("b", "c")]), has_cycle([("a", "b"), ("b", "a")]), has_cycle([("x", "x")])
(False, True, True)
>>> sorted(connected([("a", "b"), ("c", "b"), ("d", "e")], "a"))
['a', 'b', 'c']
"""

from __future__ import annotations

from typing import Iterable


def has_cycle(edges: Iterable[tuple[str, str]]) -> bool:
    """Whether the directed graph of ``edges`` holds a cycle (what ``networkx.find_cycle`` would find one in)."""
    succ: dict[str, list[str]] = {}
    for u, v in edges:
        if u == v:
            return True
        succ.setdefault(u, []).append(v)
        succ.setdefault(v, [])
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    for start in succ:
        if start in state:
            continue
        state[start] = 1
        stack = [(start, iter(succ[start]))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return True
            elif nxt not in state:
                state[nxt] = 1
                stack.append((nxt, iter(succ[nxt])))
    return False


def connected(edges: Iterable[tuple[str, str]], start: str) -> set[str]:
    """The nodes joined to ``start`` by edges taken in either direction (``networkx.node_connected_component`` of
    the undirected view), ``start`` included."""
    nbrs: dict[str, list[str]] = {}
    for u, v in edges:
        nbrs.setdefault(u, []).append(v)
        nbrs.setdefault(v, []).append(u)
    seen = {start}
    todo = [start]
    while todo:
        for m in nbrs.get(todo.pop(), ()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen
