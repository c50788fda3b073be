"""`regc disclosure check`: planted inconsistencies in altered copies of real disclosures (the dev gold), and
no findings on the unaltered ones; activity metadata (NACE, enabling/transitional) from the compiled acts."""

from __future__ import annotations

import copy
import json

import pytest

from regc.cli import main
from regc.ir.activity_meta import metadata_from_text
from regc.reports.check import check_disclosure, load_build
from tests.reports_helpers import DEV_TUNED, disclosure_gold

ACTS_2139 = ("CCM-3.1", "CCM-3.3", "CCM-3.20", "CCM-4.1", "CCM-7.1", "CCM-7.2", "CCM-7.3", "CCM-7.4", "CCM-7.5",
             "CCM-7.6", "CCM-7.7")
ACTS_2486 = ("CE-1.2", "CE-3.1", "CE-3.2", "CE-5.2")


@pytest.fixture(scope="module")
def build(tmp_path_factory, corpus):
    out = tmp_path_factory.mktemp("builds")
    for celex, acts, name in (("32021R2139", ACTS_2139, "b2139"), ("32023R2486", ACTS_2486, "b2486")):
        args = ["compile", "--corpus", str(corpus), "--celex", celex, "-o", str(out / name), "-q"]
        for a in acts:
            args += ["--only", a]
        assert main(args) == 0
    return [out / "b2139", out / "b2486"]


@pytest.fixture(scope="module")
def acts(build):
    return load_build(build)


def gold(name):
    return json.loads(disclosure_gold(name).read_text())


def rules(findings, severity="error"):
    return sorted({f["rule"] for f in findings if f["severity"] == severity})


def test_compiled_metadata_has_designations_with_provenance(acts):
    assert acts["CCM-3.1"]["metadata"]["contribution_type"] == "enabling"
    assert acts["CCM-7.2"]["metadata"]["contribution_type"] == "transitional"
    assert acts["CCM-7.7"]["metadata"]["contribution_type"] is None
    assert acts["CCM-3.1"]["metadata"]["nace"] == ["C25", "C27", "C28"]
    assert {p["rule"] for p in acts["CCM-3.1"]["metadata"]["provenance"]} == {"nace-codes-sentence", "enabling-art10-1i"}


def test_metadata_rules_on_text():
    m = metadata_from_text("NACE codes F41 and F43 in accordance with Regulation (EC) No 1893/2006. The activity is "
                           "a transitional activity as referred to in Article 10(2) of Regulation (EU) 2020/852.")
    assert (m["nace"], m["contribution_type"]) == (["F41", "F43"], "transitional")
    assert metadata_from_text("This activity is not an enabling activity.")["contribution_type"] is None


@pytest.mark.parametrize("name", DEV_TUNED)
def test_unaltered_disclosures_have_no_errors(acts, name):
    assert rules(check_disclosure(gold(name), acts)) == []


def test_code_that_does_not_exist(acts):
    d = copy.deepcopy(gold("SMA_Solar_Technology_AG"))
    d["kpis"]["capex"]["activities"][0]["code"] = "CCM-3.99"
    f = check_disclosure(d, acts)
    assert rules(f) == ["code-exists"] and f[0]["page"] == 71 and "CCM-3.99" in f[0]["message"]


def test_a1_row_with_dnsh_no(acts):
    d = copy.deepcopy(gold("Vonovia_SE"))
    d["kpis"]["turnover"]["activities"][1]["dnsh"]["WTR"] = "N"
    f = [x for x in check_disclosure(d, acts) if x["severity"] == "error"]
    assert [(x["rule"], x["code"], x["kpi"]) for x in f] == [("a1-dnsh", "CCM-7.7", "turnover")]


def test_a1_row_without_substantial_contribution_or_safeguards(acts):
    d = copy.deepcopy(gold("SMA_Solar_Technology_AG"))
    row = d["kpis"]["opex"]["activities"][0]
    row["substantial_contribution"]["CCM"] = "N"
    row["minimum_safeguards"] = "N"
    assert rules(check_disclosure(d, acts)) == ["a1-minimum-safeguards", "a1-substantial-contribution"]


def test_wrong_enabling_category(acts):
    d = copy.deepcopy(gold("Vonovia_SE"))
    row = next(r for r in d["kpis"]["capex"]["activities"] if r["code"] == "CCM-7.2" and r["group"] == "A.1")
    row["category"] = "E"  # the act designates 7.2 transitional
    f = [x for x in check_disclosure(d, acts) if x["severity"] == "error"]
    assert [(x["rule"], x["code"]) for x in f] == [("category", "CCM-7.2")] and "transitional" in f[0]["message"]


def test_totals_that_do_not_add_up(acts):
    d = copy.deepcopy(gold("SMA_Solar_Technology_AG"))
    d["kpis"]["turnover"]["aligned"]["amount"] += 50_000_000.0  # rows no longer add up, nor A + B, nor the share
    f = check_disclosure(d, acts)
    assert rules(f) == ["share", "sum-rows", "sum-total"]
    assert all(x["kpi"] == "turnover" for x in f if x["severity"] == "error")


def test_cli_exit_codes_and_formats(build, tmp_path, capsys):
    d = copy.deepcopy(gold("SMA_Solar_Technology_AG"))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(d))
    b = ["--build", str(build[0]), "--build", str(build[1])]
    assert main(["disclosure", "check", str(good), *b]) == 0
    d["kpis"]["capex"]["activities"][0]["code"] = "CCM-3.99"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d))
    capsys.readouterr()
    assert main(["disclosure", "check", str(bad), *b, "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["findings"][0]["rule"] == "code-exists"
    assert main(["disclosure", "check", str(bad), *b, "--format", "html"]) == 1
    assert "<td>CCM-3.99</td>" in capsys.readouterr().out
    (tmp_path / "broken.json").write_text("{")
    assert main(["disclosure", "check", str(tmp_path / "broken.json"), *b]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_facts_template_prefilled_from_a_disclosure(build, tmp_path):
    disc = tmp_path / "v.json"
    disc.write_text(json.dumps(gold("Vonovia_SE")))
    out = tmp_path / "t.yaml"
    assert main(["facts", "template", str(build[0]), "CCM-7.2", "--from-disclosure", str(disc), "-o", str(out)]) == 0
    text = out.read_text()
    assert 'as_of: "2023-12-31"' in text
    wtr = text.index("# ---- DNSH-WTR")
    assert text[wtr:].splitlines()[1].strip() == "# report Vonovia_SE.pdf states DNSH WTR: Y (capex p. 62)"
    assert main(["facts", "check", str(build[0]), str(out)]) == 0  # still a valid, all-unknown facts file
