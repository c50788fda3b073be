"""The practitioner HIPAA pool that the re-ranker rounds report: one definition, every released practitioner set."""

from __future__ import annotations

from harness import adapter_eval, cite_eval, rerank_memory, rerank_network, rerank_union, rerank_weighted
from harness.rerank_eval import released_practitioner_sets


def test_only_the_hhs_and_practitioner_page_sets_are_in_the_pool(tmp_path):
    for name in ("hipaa_hhsfaq.jsonl", "hipaa_hhsfaq12.jsonl", "hipaa_webfaq3.jsonl", "hipaa_fresh.jsonl",
                 "hipaa_eval.jsonl", "faq_webfaq.jsonl", "hipaa_webfaq3.md"):
        (tmp_path / name).write_text("")
    assert released_practitioner_sets(tmp_path) == ("hipaa_hhsfaq", "hipaa_hhsfaq12", "hipaa_webfaq3")


def test_every_round_reports_the_same_pool_and_it_holds_the_latest_sets():
    pool = released_practitioner_sets()
    assert {"hipaa_hhsfaq7", "hipaa_webfaq8"} <= set(pool) and not any("fresh" in s for s in pool)
    for module in (adapter_eval, rerank_memory, rerank_network, rerank_union, rerank_weighted):
        assert module.PRACTITIONER == pool, module.__name__
    practitioner = dict(cite_eval.POOLS)["practitioner"]
    assert all(practitioner(s) for s in pool) and not practitioner("hipaa_fresh3")
