"""Activity names -> the annexes holding them: a question that names a Taxonomy activity by its title ("we install
heat pumps", "a boiler feeding district heating", "a plant making plastic packaging") is governed by the technical screening
criteria annex that holds that activity, as a question giving its code ("CCM 4.16") is (H14k).

At index time (:func:`activity_table`) every annex of the delegated acts is listed with the activities it holds:
their ids and names as the compile front-ends read them (:func:`regc.frontends.load_source`), placed in the annex
of their objective (the annex heading names it: "... contributing substantially to climate change mitigation";
an amending annex takes the objective of the annex it amends, through the AMENDS edges).  At question time
(:func:`named_annexes`) an activity is named when the question holds ``MIN_RUN`` consecutive distinctive words of
its name ("heat pumps", "district heating", "renewable energy technologies"), distinctive = not one of
``GENERIC_WORDS`` (how an activity is carried out: "manufacture", "installation", "operation" ...), compared on
plural-less stems; one word is not enough ("biofuel" alone also names nothing: a rare single word of a name fired
on "regulation", "event", "life" in the released questions).  When the question names an objective ("climate mitigation",
"adaptation", "circular economy"), only the annexes of that objective count.

>>> table = {"X#Annex I": [("CCM-4.16", "Installation and operation of electric heat pumps")],
...          "X#Annex II": [("CCA-4.16", "Installation and operation of electric heat pumps")]}
>>> named_annexes("Do our heat pumps count as contributing to climate mitigation?", table)
['X#Annex I']
>>> named_annexes("Who pays for the installation and operation of our pumps?", table)
[]
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping, Optional, Sequence

MIN_RUN = 2  # consecutive distinctive name words that name an activity
MAX_ANNEXES = 4  # a question naming more annexes than this names no activity in particular
# how an activity is carried out, or words most activity names share: they name no activity on their own (data)
GENERIC_WORDS = frozenset("""
    manufacture manufacturing production produce construction construct operation operate operating installation
    install installing maintenance maintain repair repairs acquisition ownership owning purchase purchasing
    financing rental leasing lease development developing activities activity facilities facility services service
    related associated other similar using use used based new existing low carbon technologies equipment systems
    system infrastructure generation including enabling enable result substantial contribution provision provide
    retrofitting upgrade upgrading refurbishment renovation extension climate change mitigation adaptation ghg
    emission emissions reduction reductions environmental sustainable""".split())
# the objective words of a question -> the objective codes of the annexes they select (data)
OBJECTIVE_WORDS: tuple[tuple[str, str], ...] = (
    (r"\bmitigat\w*", "CCM"),
    (r"\badapt\w*", "CCA"),
    (r"\bwater\s+(?:and\s+)?marine\b|\bmarine\s+resources\b", "WTR"),
    (r"\bcircular\b", "CE"),
    (r"\bpollution\b", "PPC"),
    (r"\bbiodiversity\b|\becosystems?\b", "BIO"),
)
_OBJECTIVES = tuple((re.compile(p, re.I), code) for p, code in OBJECTIVE_WORDS)
_WORD = re.compile(r"[a-z][a-z0-9]+")


def _stem(w: str) -> str:
    """A word without its plural ending ("pumps" -> "pump", "technologies" -> "technolog")."""
    for end in ("ies", "es", "s"):
        if len(w) > 4 and w.endswith(end):
            return w[: -len(end)]
    return w


def _stems(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(re.sub(r"\bnon-", "non", text.lower()).replace("/", " "))]


_GENERIC = frozenset(_stem(w) for w in GENERIC_WORDS)


def _runs(name: str) -> list[tuple[str, ...]]:
    """The runs of consecutive distinctive words of an activity name (a generic or short word ends a run)."""
    runs, cur = [], []
    for w in _stems(name):
        if w in _GENERIC or len(w) < 3 or w in ("and", "the", "for", "with", "from"):
            if cur:
                runs.append(tuple(cur))
            cur = []
        else:
            cur.append(w)
    if cur:
        runs.append(tuple(cur))
    return runs


def _pairs(seq: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(seq[i:i + MIN_RUN]) for i in range(len(seq) - MIN_RUN + 1)}


_PREPARED: dict[int, tuple[object, list]] = {}  # id(table) -> (table, [(node, id, the name's word runs)])


def _prepared(table: Mapping[str, Iterable[Sequence[str]]]) -> list[tuple[str, str, frozenset]]:
    """Each activity of ``table`` with the ``MIN_RUN``-word runs of its name, computed once per table."""
    hit = _PREPARED.get(id(table))
    if hit is None or hit[0] is not table:
        rows = [(node, aid, frozenset(p for run in _runs(name) for p in _pairs(run)))
                for node, acts in table.items() for aid, name in acts]
        if len(_PREPARED) > 8:
            _PREPARED.clear()
        hit = _PREPARED[id(table)] = (table, rows)
    return hit[1]


def named_activities(question: str, table: Mapping[str, Iterable[Sequence[str]]]) -> list[tuple[str, str]]:
    """(annex node, activity id) of every activity of ``table`` (annex node -> [(id, name)]) that ``question``
    names, in table order."""
    q = _pairs(_stems(question))
    return [(node, aid) for node, aid, runs in _prepared(table) if runs & q]


def question_objectives(question: str) -> set[str]:
    """The objective codes the question names ("climate mitigation" -> CCM)."""
    return {code for rx, code in _OBJECTIVES if rx.search(question)}


def named_annexes(question: str, table: Mapping[str, Iterable[Sequence[str]]]) -> list[str]:
    """The annex nodes holding an activity ``question`` names (only those of the objectives it names, when it
    names some); none when more than ``MAX_ANNEXES`` would be."""
    found = named_activities(question, table)
    objectives = question_objectives(question)
    if objectives:
        found = [(n, a) for n, a in found if a.split("-", 1)[0] in objectives]
    nodes = list(dict.fromkeys(n for n, _ in found))
    return nodes if len(nodes) <= MAX_ANNEXES else []


def activity_table(trees, graph=None) -> dict[str, list[list[str]]]:
    """Annex node -> [[activity id, name], ...] for every act whose annexes set technical screening criteria, read
    by the compile front-ends from the act's source; an act they cannot read is left out.  The annex of an
    activity is the act's annex whose heading names its objective, else the act's annex that AMENDS such an annex
    (the 2022/1214 and 2023/2485 annexes amending the Climate Delegated Act's)."""
    from regc.frontends import load_source
    from regc.frontends.objectives import annex_objective
    from regc.ir.doc import FrontEndError

    heading_obj: dict[str, str] = {}  # annex node -> objective, from its heading
    for tree in trees:
        for p in tree.parts:
            obj = annex_objective(p.heading or "") if p.kind == "annex" and p.locator != "Annex" else None
            if obj:
                heading_obj[f"{tree.celex}#{p.locator}"] = obj
    out: dict[str, list[list[str]]] = {}
    for tree in trees:
        annexes = [f"{tree.celex}#{p.locator}" for p in tree.parts if p.kind == "annex" and p.locator != "Annex"]
        if not annexes or tree.fmt == "pdf":
            continue
        try:
            doc = load_source(tree.source)
        except (FrontEndError, OSError, ValueError):
            continue
        where = {o: n for n in annexes for o in [_objective_of(n, heading_obj, graph)] if o}
        for a in doc.activities:
            node = where.get(a.activity_id.split("-", 1)[0])
            if node and a.name:
                out.setdefault(node, []).append([a.activity_id, a.name])
    return out


def _objective_of(node: str, heading_obj: Mapping[str, str], graph) -> Optional[str]:
    """The objective of an annex: its heading's, else that of an annex of another act it AMENDS."""
    if node in heading_obj:
        return heading_obj[node]
    if graph is None or node not in graph:
        return None
    for _, v, d in graph.out_edges(node, data=True):
        if d.get("type") == "AMENDS" and v.split("#", 1)[0] != node.split("#", 1)[0]:
            target = v.split("#", 1)[0] + "#" + re.sub(r",.*$", "", v.split("#", 1)[1])
            if target in heading_obj:
                return heading_obj[target]
    return None


__all__ = ["activity_table", "named_activities", "named_annexes", "question_objectives", "GENERIC_WORDS"]
