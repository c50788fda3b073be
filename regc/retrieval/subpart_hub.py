"""End of step 5 of :class:`~regc.retrieval.ask.Asker`: a CFR subpart's framework section (its hub) joins the
ranking when the best provision stands in that subpart.

A subpart's **hub** is read from the citation graph, not from a list of section numbers: the section that at least
``HUB_SHARE`` of the subpart's other sections cite (each citing section counted once), the most cited first (ties
by number).  In the HIPAA text that is the Privacy Rule's general rules (§ 164.502, cited by 9 of subpart E's 16
other sections) and the Security Rule's administrative safeguards (§ 164.308, 5 of 8); a two-section subpart of part
162 has none (one citing section is not a share of a subpart).  A practitioner's question about a specific
disclosure or safeguard rarely names the general rule that frames it, and the hub shares few words with it.

The hub of the best provision's subpart joins at ``hub_level`` x that provision's score (searched or not, without
the overlap test), unless already ranked there: round 22's framework closure (the empowering act's article behind
a delegated act's best provision), read from the subpart's citations instead of a DELEGATES_TO edge.

>>> hubs_of({"A": ["s1", "s2", "s3"]}, {"s2": ["s1"], "s3": ["s1", "s2"]}, 0.5)
{'A': ('s1', 's2')}
>>> hubs_of({"A": ["s1", "s2"]}, {"s2": ["s1"]}, 0.5)
{}
"""

from __future__ import annotations

import collections
from functools import cached_property
from typing import Optional

from regc.retrieval.citegraph import EXPAND_TYPES, neighbours

# the level (x the best provision's score) at which the hub of its subpart joins: the closure's level (DECAY), where
# view agreement orders the tie.  H14zc, every released set: pooled HIPAA +.004 R@10 / +.008 FullCov@10, Taxonomy
# unchanged, no question lost (the subpart of 2 of the 3 best instead: hhsfaq y14 lost, at 0.65-0.69 hhsfaq3 a10 not
# gained either);
# None: off (README, twenty-seventh round)
HUB_LEVEL: Optional[float] = 0.7
HUB_SHARE = 0.5  # the share of the subpart's other sections that cite its hub
HUB_MIN_SECTIONS = 3  # a subpart of fewer sections has no hub
HUB_COUNT = 1  # how many hubs of the subpart join (the most cited first)


def hubs_of(members: dict[str, list[str]], cites: dict[str, list[str]], share: float = HUB_SHARE,
            min_sections: int = HUB_MIN_SECTIONS) -> dict[str, tuple[str, ...]]:
    """Division -> its hub sections (most cited first, ties in member order): the members cited by at least
    ``share`` of the division's other members (``cites``: member -> the sections it cites); divisions of fewer
    than ``min_sections`` members have none."""
    out = {}
    for division, mem in sorted(members.items()):
        if len(mem) < min_sections:
            continue
        inside = set(mem)
        counts = collections.Counter(v for m in mem for v in set(cites.get(m, ())) if v in inside and v != m)
        hubs = [m for m in mem if counts[m] >= share * (len(mem) - 1)]
        if hubs:
            out[division] = tuple(sorted(hubs, key=lambda m: (-counts[m], mem.index(m))))
    return out


class SubpartHub:
    """The hub join of :class:`~regc.retrieval.ask.Asker` (a mixin: ``self.s`` is the opened index, ``self._divisions``
    the section -> division map of :class:`~regc.retrieval.lifts.NamedLifts`)."""

    hub_level: Optional[float] = HUB_LEVEL

    @cached_property
    def _hubs(self) -> dict[str, tuple[str, ...]]:
        """Division ("Part 164, Subpart E", per act) -> its hub sections (:func:`hubs_of`)."""
        members: dict[str, list[str]] = {}
        for node, division in sorted(self._divisions.items()):
            members.setdefault(f"{node.split('#', 1)[0]}#{division}", []).append(node)
        cites = {n: neighbours(self.s.graph, n, EXPAND_TYPES) for mem in members.values() for n in mem}
        return hubs_of(members, cites, HUB_SHARE, HUB_MIN_SECTIONS)

    def _join_hubs(self, scores: dict, order) -> None:
        """The hub of the best provision's subpart joins at ``hub_level`` x that provision's score (in place; the
        origin is "closure": at 0.7 it ties with the closure's neighbours and view agreement orders them)."""
        if not self.hub_level or not scores:
            return
        best, (sc, _) = min(scores.items(), key=order)
        division = self._divisions.get(best)
        for hub in self._hubs.get(f"{best.split('#', 1)[0]}#{division}", ())[:HUB_COUNT] if division else ():
            if hub != best and hub in self.s.part_nodes() and scores.get(hub, (0.0, ""))[0] < self.hub_level * sc:
                scores[hub] = (self.hub_level * sc, "closure")


__all__ = ["HUB_LEVEL", "SubpartHub", "hubs_of"]
