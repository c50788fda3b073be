"""Test data for the references/footnotes passes: gold units with the two fields reset, the footnote markers and
bodies that a front-end would give each gold node (read from the corpus, aligned to the gold by text), and a
minimal PassContext.  Used until the real front-ends and structure pass land.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from lxml import etree, html

from regc.compiler.passmanager import CompileOptions, PassContext, SemanticMemory
from regc.ir.doc import ActDoc, ActivityDoc, Block, FootnoteBody, UnitDoc
from regc.ir.models import Activity, CriterionNode, Footnote, References, Unit, load_activity

_WS = re.compile(r"\s+")


def _norm(s: str) -> str:
    return _WS.sub(" ", s.replace("\u00a0", " ")).strip()


@lru_cache(maxsize=2)
def xhtml_footnotes(path: str) -> tuple[dict[str, str], list[tuple[str, list[str], str, str]]]:
    """(E-id -> body text, [(paragraph text without markers, [E-ids referenced in order])])."""
    doc = html.fromstring(Path(path).read_bytes())
    bodies: dict[str, str] = {}
    for p in doc.iter("p"):
        if p.get("class") == "footnote":
            a = p.find("a")
            if a is not None and a.get("id"):
                txt = "".join(p.itertext())
                bodies[a.get("id")] = _norm(re.sub(r"^\s*\(\s*\d+\s*\)\s*", "", txt))
    for a in doc.iter("a"):
        fid = a.get("id") or ""
        if re.fullmatch(r"E\d+", fid) and fid not in bodies and a.getparent() is not None:
            parent = a.getparent()
            txt = "".join(t for ch in parent if ch is not a for t in ch.itertext())
            bodies[fid] = _norm(txt)
    paras = []
    annex, section = "", ""
    for p in doc.iter("p"):
        cls = p.get("class") or ""
        if cls == "title-annex-1":
            annex = _norm(p.text_content()).upper()
        elif cls == "title-gr-seq-level-2":
            m = re.match(r"\s*(\d+\.\d+)\.", p.text_content())
            if m:
                section = m.group(1)
        refs = [a.get("href")[1:] for a in p.iter("a") if (a.get("href") or "").startswith("#E")]
        if not refs:
            continue
        parts = []
        for node in p.iter():
            if node.tag == "a" and (node.get("href") or "").startswith("#E"):
                parts.append("\x00")
                if node.tail:
                    parts.append(node.tail)
                continue
            if node is not p and any(anc.tag == "a" and (anc.get("href") or "").startswith("#E")
                                     for anc in node.iterancestors()):
                if node.tail and node.getparent().tag != "a":
                    parts.append(node.tail)
                continue
            if node.text:
                parts.append(node.text)
            if node is not p and node.tail:
                parts.append(node.tail)
        txt = _norm(re.sub(r"\s*\x00", "", "".join(parts)))
        paras.append((txt, refs, annex, section))
    return bodies, paras


@lru_cache(maxsize=2)
def formex_footnotes(folder: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for f in sorted(Path(folder).glob("*.xml")):
        if f.name.endswith(".doc.xml"):
            continue
        tree = etree.parse(str(f))
        for n in tree.iter("NOTE"):
            if n.get("NOTE.ID"):
                out[n.get("NOTE.ID")] = _norm("".join(n.itertext()).replace("\u2018", "‘"))
    return out


def _strip_label(t: str) -> str:
    return re.sub(r"^(?:\d+(?:\.\d+)*\.|\([a-z]+\)|\([ivx]+\))\s+", "", t)


def gold_with_bodies(gold_path: Path, corpus: Path) -> tuple[Activity, ActivityDoc, dict[str, dict[str, list[str]]]]:
    """Gold activity (untouched), an ActivityDoc holding the footnote bodies of the gold markers, and
    unit_id -> criterion_id -> markers (as the structure pass would set them)."""
    act = load_activity(gold_path)
    works = corpus / "eurlex-lex-corpus" / "works" / act.source.celex.lower() / act.source.version
    footnotes: dict[str, FootnoteBody] = {}
    markers: dict[str, dict[str, list[str]]] = {}
    if act.source.format == "formex":
        bodies = formex_footnotes(str(works / "en.fmx4"))
        for u in act.units:
            for n in u.root.walk():
                for fn in n.footnotes:
                    mk = fn.id.removeprefix("fn-")
                    key = f"E{int(mk):04d}"
                    if key in bodies:
                        footnotes[mk] = FootnoteBody(marker=mk, text=bodies[key])
                    markers.setdefault(u.unit_id, {}).setdefault(n.criterion_id, []).append(mk)
    else:
        bodies, paras = xhtml_footnotes(str(works / "en.xml"))
        for u in act.units:
            for n in u.root.walk():
                if not n.footnotes:
                    continue
                head = n.verbatim_text[:70]
                annex = {"CCM": "ANNEX I", "CCA": "ANNEX II"}.get(act.activity_id.split("-")[0], "")
                section = act.activity_id.split("-", 1)[1]
                cands = [(t, r) for t, r, ax, sec in paras
                         if head and head in _strip_label(t) and sec == section and ax.startswith(annex)
                         and not ax.startswith(annex + "I")]
                mks = [fn.id.removeprefix("fn-") for fn in n.footnotes]
                markers.setdefault(u.unit_id, {})[n.criterion_id] = mks
                if cands:
                    refs = cands[0][1]
                    for mk, ref in zip(mks, refs):
                        if ref in bodies:
                            footnotes[mk] = FootnoteBody(marker=mk, text=bodies[ref])
    adoc = ActivityDoc(activity_id=act.activity_id, objective=act.activity_id.split("-")[0],
                       section=act.activity_id.split("-", 1)[1], name=act.name, footnotes=footnotes)
    return act, adoc, markers


def reset_unit(unit: Unit, markers: dict[str, list[str]] | None = None, *, references: bool = True,
               footnotes: bool = True) -> Unit:
    """A copy of a gold unit with references/footnotes cleared and the provenance markers set."""
    u = unit.model_copy(deep=True)
    for n in u.root.walk():
        if references:
            n.references = None
        if footnotes:
            n.footnotes = []
        n.provenance.markers = list((markers or {}).get(n.criterion_id, []))
    return u


def make_ctx(adoc: ActivityDoc, unit: Unit, markers: dict[str, list[str]] | None = None) -> PassContext:
    blocks = [Block(text=n.verbatim_text, markers=list((markers or {}).get(n.criterion_id, [])))
              for n in unit.root.walk() if n.verbatim_text]
    udoc = UnitDoc(part=unit.part, blocks=blocks)
    act = ActDoc(celex="32021R2139", format="eurlex-xhtml", file="gold", activities=[adoc])
    return PassContext(act=act, activity=adoc, unit_doc=udoc, memory=SemanticMemory(), options=CompileOptions())


def unit_from_fixture(d: dict) -> tuple[Unit, PassContext]:
    """A flat unit (ROOT over the fixture's nodes: id, text, markers and, where given, tags, references,
    footnotes) and a PassContext whose activity holds the fixture's footnote bodies (marker -> text)."""
    nodes = []
    for n in d["nodes"]:
        node = CriterionNode(criterion_id=n["criterion_id"], verbatim_text=n["verbatim_text"], tags=n.get("tags", []))
        node.provenance.markers = list(n.get("markers", []))
        if n.get("references"):
            node.references = References.model_validate(n["references"])
        if "footnotes" in n:
            node.footnotes = [Footnote.model_validate(f) for f in n["footnotes"]]
        nodes.append(node)
    unit = Unit(unit_id=d["unit_id"], root=CriterionNode(criterion_id="ROOT", sub_criteria=nodes))
    bodies = {k: FootnoteBody(marker=k, text=v) for k, v in d.get("footnotes", {}).items()}
    udoc = UnitDoc(part=unit.part, blocks=[Block(text=n.verbatim_text, markers=n.provenance.markers) for n in nodes])
    adoc = ActivityDoc(activity_id=unit.activity_id, objective=unit.activity_id.split("-")[0],
                       section=unit.activity_id.split("-", 1)[1], name="fixture", units=[udoc], footnotes=bodies)
    act = ActDoc(celex="32021R2139", format="eurlex-xhtml", file="fixture", activities=[adoc])
    return unit, PassContext(act=act, activity=adoc, unit_doc=udoc, memory=SemanticMemory(), options=CompileOptions())


def run_node_fixture(path: Path, passes, field: str) -> dict:
    """Run ``passes`` over the fixture at ``path`` (unless it is ``verify_only``), then the last pass's verify():
    ``{field: criterion_id -> that field's JSON (nodes with text), "diagnostics": [...]}``."""
    d = json.loads(Path(path).read_text(encoding="utf-8"))
    unit, ctx = unit_from_fixture(d)
    if not d.get("verify_only"):
        for p in passes:
            unit = p.run(unit, ctx)
    diags = passes[-1].verify(unit, ctx)
    return {field: {n.criterion_id: n.to_json()[field] for n in unit.root.walk() if n.verbatim_text},
            "diagnostics": [dg.to_json() for dg in diags]}
