"""One fixture file per citation rule (``tests/fixtures/citations/rules/<rule>.in.json``: texts where the rule's
citations survive and near-misses where none does), run by one runner.

Each case runs :func:`regc.grammar.citations.find_citations`; the test checks that citations of the rule (their
``rule`` starts with one of ``rule.rule_ids``) appear exactly on the cases marked ``fires``, and compares all the
citations with the golden ``<rule>.out.json`` (regenerate with ``REGC_RESET_FIXTURES=1`` after review; harvest new
texts with ``tests/fixtures/citations/rules/harvest.py``).
"""

from __future__ import annotations

import json

import pytest

from regc.grammar.citations import find_citations
from regc.grammar.citations.rules import RULES
from tests.fixtures_util import FIXTURES, assert_golden_json

RULE_DIR = FIXTURES / "citations" / "rules"


def test_every_citation_rule_has_a_fixture_file_with_hits_and_near_misses():
    for fn in RULES:
        path = RULE_DIR / f"{fn.__name__}.in.json"
        assert path.exists(), f"rule {fn.__name__} ({fn.rule_id}) has no fixture file {path}"
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["rule"] == fn.rule_id, path
        fires = [c["fires"] for c in doc["cases"]]
        assert any(fires) and not all(fires), f"{path}: needs cases where the rule fires and near-misses"
    stale = {p.name.removesuffix(".in.json") for p in RULE_DIR.glob("*.in.json")} - {fn.__name__ for fn in RULES}
    assert not stale, f"fixture files for rules that no longer exist: {sorted(stale)}"


@pytest.mark.parametrize("fn", RULES, ids=lambda fn: fn.__name__)
def test_citation_rule_fixture(fn):
    path = RULE_DIR / f"{fn.__name__}.in.json"
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    results = []
    for c in cases:
        cits = find_citations(c["text"])
        own = [x for x in cits if x.rule.split(";")[0] in fn.rule_ids]
        results.append({"text": c["text"], "fires": bool(own),
                        "citations": [{"kind": x.kind, "text": x.text, "celex": x.celex, "rule": x.rule} for x in cits]})
    wrong = [(c["fires"], r["text"][:120]) for c, r in zip(cases, results) if r["fires"] != c["fires"]]
    assert not wrong, f"{fn.__name__}: expected fires/not fires differ on {wrong}"
    assert_golden_json(path.with_name(path.name.replace(".in.json", ".out.json")), results)


def test_every_rule_id_is_emitted_by_its_rule_only():
    """A citation's rule id names the rule that found it (the provenance a reference carries)."""
    owners: dict[str, str] = {}
    for fn in RULES:
        for rid in fn.rule_ids:
            assert rid not in owners, f"{rid} claimed by {owners.get(rid)} and {fn.__name__}"
            owners[rid] = fn.__name__
    text = ("in accordance with Article 3 of Directive 2010/75/EU, EN ISO 14067:2018, the relevant BAT conclusions, "
            "Section 5.1 of this Annex and equivalent national law")
    for c in find_citations(text):
        assert c.rule.split(";")[0] in owners, c.rule
