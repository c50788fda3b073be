"""`regc check` and `regc diff` end to end: gold passes, hand-corrupted files give precise findings."""

from __future__ import annotations

import json
import shutil

import pytest

from fixtures_util import FIXTURES, assert_golden_json
from regc.cli import main

BAD = FIXTURES / "graph" / "bad"
# corrupted file -> (code, unit, criterion) that must be reported
EXPECTED = {
    "cycle": ("EDGE_CYCLE", "CCM-4.29/SC", "1(a)"),
    "dangling": ("DANGLING_EDGE", "CCM-4.29/SC", "1(b).Verification(a)"),
    "wrong_logic": ("LOGIC_LEAF_WITH_CHILDREN", "CCM-4.29/SC", "1"),
    "non_numeric": ("BAD_FIELD", "CCM-4.29/SC", "1(a)"),
    "invalid_json": ("INVALID_JSON", None, None),
}


def _run(capsys, *argv):
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_gold_passes_check(capsys, gold_dir):
    rc, out, _ = _run(capsys, "check", str(gold_dir))
    assert rc == 0, out
    assert out.strip().endswith("12 activities, 0 error(s)")


def test_gold_check_json(capsys, gold_dir):
    rc, out, _ = _run(capsys, "check", str(gold_dir), "--json")
    d = json.loads(out)
    assert rc == 0 and d["errors"] == 0 and len(d["activities"]) == 12
    a = {x["activity_id"]: x for x in d["activities"]}["CCM-4.29"]
    assert a["checked_units"] == a["satisfiable_units"] == 5


def test_check_json_is_written_as_the_stdlib_writes_it(capsys, gold_dir, tmp_path):
    """``--json`` goes through orjson (:func:`regc.ir.fastio.dumps_json`): the same bytes as ``json.dumps(...,
    ensure_ascii=False, indent=1)`` and a newline, non-ASCII text (here a folder name) included."""
    dst = tmp_path / "bâtiment ≥ 2"
    shutil.copytree(gold_dir, dst)
    main(["check", str(dst), "--json"])
    out = capsys.readouterr().out
    assert out == json.dumps(json.loads(out), ensure_ascii=False, indent=1) + "\n"
    assert "bâtiment ≥ 2" in out and "\n  {" in out  # not escaped; nested, 1-space indent


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corrupted_file_gives_precise_finding(capsys, name):
    path = BAD / f"{name}.in.json"
    rc, out, err = _run(capsys, "check", str(path), "--json")
    assert rc == 1 and "Traceback" not in out + err
    findings = json.loads(out)["activities"][0]["findings"]
    code, uid, cid = EXPECTED[name]
    hit = [f for f in findings if f["code"] == code]
    assert hit, findings
    assert hit[0]["unit_id"] == uid and hit[0]["criterion_id"] == cid
    for f in findings:
        f["message"] = f["message"].replace(str(path), path.name)
    assert_golden_json(BAD / f"{name}.out.json", findings)


def test_check_dir_of_bad_files_exit_1(capsys, tmp_path):
    for p in BAD.glob("*.in.json"):
        shutil.copy(p, tmp_path / p.name.replace(".in", ""))
    (tmp_path / "manifest.json").write_text('{"files": []}')  # not an activity: skipped in a folder
    rc, out, _ = _run(capsys, "check", str(tmp_path))
    assert rc == 1
    assert "1(b).Verification(a): DANGLING_EDGE" in out
    assert "manifest" not in out


def test_check_missing_path_is_usage_error(capsys, tmp_path):
    rc, _, err = _run(capsys, "check", str(tmp_path / "nope"))
    assert rc == 2 and err.startswith("regc: error:")


def test_diff_files(capsys, gold_dir, tmp_path):
    src = gold_dir / "CCM-4.29.json"
    rc, out, _ = _run(capsys, "diff", str(src), str(src))
    assert rc == 0 and out.strip().endswith("equivalent")
    d = json.loads(src.read_text())
    d["units"][0]["root"]["sub_criteria"][0]["sub_criteria"][0]["threshold"]["quantitative"]["items"][0]["value"] = 50
    mod = tmp_path / "CCM-4.29.json"
    mod.write_text(json.dumps(d))
    rc, out, _ = _run(capsys, "diff", str(src), str(mod))
    assert rc == 1
    assert "CCM-4.29/SC: NOT equivalent" in out and "criterion differs: 1(a)" in out
    assert "Life-cycle GHG emissions [g CO2e/kWh] = " in out  # the concrete profile
    assert out.strip().endswith("different")


def test_diff_build_dirs(capsys, gold_dir, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    for n in ("CCM-4.29", "CCM-5.1", "CCM-8.1"):
        shutil.copy(gold_dir / f"{n}.json", a)
    for n in ("CCM-4.29", "CCM-5.1", "CE-3.4"):
        shutil.copy(gold_dir / f"{n}.json", b)
    d = json.loads((b / "CCM-5.1.json").read_text())
    d["units"][0]["root"]["sub_criteria"][0]["rule_summary"] = "reworded"  # changed, not semantically
    (b / "CCM-5.1.json").write_text(json.dumps(d))
    d = json.loads((b / "CCM-4.29.json").read_text())
    d["units"][0]["root"]["sub_criteria"][0]["evaluation_logic"] = "AND"  # semantically changed
    (b / "CCM-4.29.json").write_text(json.dumps(d))
    rc, out, _ = _run(capsys, "diff", str(a), str(b), "--json")
    r = json.loads(out)
    assert rc == 1
    assert r["added"] == ["CE-3.4"] and r["removed"] == ["CCM-8.1"]
    assert r["changed"] == ["CCM-4.29", "CCM-5.1"] and r["semantically_changed"] == ["CCM-4.29"]


def test_check_exports_graphs(capsys, gold_dir, tmp_path):
    import networkx as nx

    rc, _, _ = _run(capsys, "check", str(gold_dir / "CCM-4.29.json"), "--export", str(tmp_path))
    assert rc == 0
    assert (tmp_path / "CCM-4.29__SC.graph.json").exists()
    g = nx.read_graphml(tmp_path / "CCM-4.29__SC.graphml")
    nl = json.loads((tmp_path / "CCM-4.29__SC.graph.json").read_text())
    assert g.number_of_edges() == len(nl["links"]) > 24
    assert not list(tmp_path.glob(".*tmp"))


def test_diff_bad_input_is_one_line_error(capsys, gold_dir):
    rc, out, err = _run(capsys, "diff", str(gold_dir / "CCM-4.29.json"), str(BAD / "non_numeric.in.json"))
    assert rc == 2 and err.count("\n") == 1 and "non_numeric.in.json" in err and "Traceback" not in err


def test_diff_versions_ignores_source_and_reports_renamed_metrics(capsys, gold_dir, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    shutil.copy(gold_dir / "CCM-5.1.json", a)
    d = json.loads((gold_dir / "CCM-5.1.json").read_text())
    d["source"]["version"] = "2099-01-01"  # another consolidation of the same text: not a change
    (b / "CCM-5.1.json").write_text(json.dumps(d))
    shutil.copy(gold_dir / "CCM-7.1.json", a)
    d = json.loads((gold_dir / "CCM-7.1.json").read_text())
    ppc = next(u for u in d["units"] if u["unit_id"].endswith("DNSH-PPC"))
    p2 = next(n for n in ppc["root"]["sub_criteria"] if n["criterion_id"] == "P2")
    p2["threshold"]["quantitative"]["items"][0]["metric"] = "Formaldehyde of material"
    (b / "CCM-7.1.json").write_text(json.dumps(d))
    rc, out, _ = _run(capsys, "diff", str(a), str(b), "--json")
    r = json.loads(out)
    assert rc == 0 and r["changed"] == ["CCM-7.1"] and r["semantically_changed"] == []
    row = next(u for u in r["activities"][0]["units"] if u["unit_id"] == "CCM-7.1/DNSH-PPC")
    assert row["assumed_same_quantity"][0]["a"] == "P2"
    assert row["assumed_same_quantity"][0]["metric_b"] == "Formaldehyde of material"
    rc, out, _ = _run(capsys, "diff", str(gold_dir / "CCM-7.1.json"), str(b / "CCM-7.1.json"))
    assert rc == 0 and "assumed the same quantity in P2: " in out
