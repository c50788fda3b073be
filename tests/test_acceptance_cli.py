"""Acceptance checks of the `regc` command line against bad input, as its users meet it: every failure is one
line on stderr naming the file (and where in it), exit 2, never a traceback, and nothing half-written.

Each test pins a bug found by driving the README end to end (hand-corrupted builds, unwritable outputs,
mismatched score folders, bad portfolio CSVs, corpus options)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from regc.cli import main, os_error_text

UNWRITABLE = "/proc/regc-acceptance/x"  # /proc refuses new files, also for root


@pytest.fixture(scope="module")
def build(tmp_path_factory, eurlex) -> Path:
    out = tmp_path_factory.mktemp("acc") / "build"
    src = eurlex / "32021r2139" / "2026-01-01" / "en.xml"
    assert main(["compile", str(src), "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0
    return out


@pytest.fixture()
def activity(build) -> dict:
    return json.loads((build / "CCM-4.29.json").read_text(encoding="utf-8"))


@pytest.fixture()
def facts(tmp_path) -> Path:
    p = tmp_path / "facts.json"
    p.write_text(json.dumps({"activities": {"CCM-4.29": {"1(a)": {"value": 250, "unit": "g CO2e/kWh"},
                                                          "1(b)(ii)": True}}}))
    return p


def _corrupt(tmp_path: Path, d: dict, name: str = "bad") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "CCM-4.29.json").write_text(json.dumps(d), encoding="utf-8")
    return folder


def _one_line_error(capsys, *must_contain: str) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("regc: error: "), err
    for s in must_contain:
        assert s in lines[0], (s, lines[0])
    return lines[0]


# ---- hand-corrupted builds: check reports, eval/template/emit refuse (exit 2, one line naming the place) ----


@pytest.mark.parametrize("mutate, code", [
    (lambda d: d.__setitem__("units", "x"), "'units' must be a list"),
    (lambda d: d["units"].__setitem__(0, None), "units[0] lacks unit_id/root"),
    (lambda d: d["units"][0].__setitem__("edges", "x"), "units[0].edges must be a list"),
    (lambda d: d.pop("activity_id"), "'activity_id' is missing"),
])
def test_check_reports_malformed_structure_without_traceback(tmp_path, capsys, activity, mutate, code):
    d = copy.deepcopy(activity)
    mutate(d)
    folder = _corrupt(tmp_path, d)
    assert main(["check", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and code in out


@pytest.mark.parametrize("cmd", [["eval", "{b}", "{f}", "--as-of", "2026-01-01"],
                                 ["facts", "template", "{b}", "CCM-4.29"], ["emit", "python", "{b}"]])
def test_build_with_non_object_unit_is_a_one_line_error(tmp_path, capsys, activity, facts, cmd):
    d = copy.deepcopy(activity)
    d["units"][0] = None
    folder = _corrupt(tmp_path, d)
    argv = [a.format(b=folder, f=facts) for a in cmd]
    assert main(argv) == 2
    _one_line_error(capsys, "CCM-4.29.json", "units[0]")


def test_invalid_field_error_names_unit_and_criterion(tmp_path, capsys, activity, facts):
    d = copy.deepcopy(activity)
    d["units"][0]["root"]["sub_criteria"][0]["evaluation_logic"] = "XOR"
    folder = _corrupt(tmp_path, d)
    assert main(["eval", str(folder), str(facts), "--as-of", "2026-01-01"]) == 2
    _one_line_error(capsys, "CCM-4.29.json", "CCM-4.29/SC 1:", "evaluation_logic")


@pytest.mark.parametrize("edge, code", [({"type": "DEPENDS_ON", "from": "1(a)", "to": "1(a).Methodology"},
                                         "EDGE_CYCLE"),
                                        ({"type": "DEPENDS_ON", "from": "1(a)", "to": "9(z)"}, "DANGLING_EDGE")])
def test_eval_refuses_a_broken_criterion_graph(tmp_path, capsys, activity, facts, edge, code):
    d = copy.deepcopy(activity)
    d["units"][0]["edges"].append({**edge, "note": ""})
    folder = _corrupt(tmp_path, d)
    assert main(["eval", str(folder), str(facts), "--as-of", "2026-01-01"]) == 2
    _one_line_error(capsys, "CCM-4.29.json", code, "CCM-4.29/SC")
    assert main(["check", str(folder)]) == 1  # check still reports it as a finding


# ---- unwritable outputs: the path the user gave, not the temporary file; nothing left behind ----


@pytest.mark.parametrize("cmd", [["eval", "{b}", "{f}", "-o", UNWRITABLE],
                                 ["facts", "template", "{b}", "CCM-4.29", "-o", UNWRITABLE],
                                 ["emit", "python", "{b}", "-o", UNWRITABLE]])
def test_unwritable_output_is_one_line_naming_it(build, facts, capsys, cmd):
    assert main([a.format(b=build, f=facts) for a in cmd]) == 2
    line = _one_line_error(capsys, UNWRITABLE, "cannot write")
    assert "/proc/regc-acceptance/." not in line  # not the temporary name


def test_segment_output_unwritable_and_into_new_folder(eurlex, tmp_path, capsys):
    src = str(eurlex / "32021r2139" / "2026-01-01" / "en.xml")
    assert main(["segment", src, "--activity", "CCM-4.29", "-o", UNWRITABLE]) == 2
    _one_line_error(capsys, UNWRITABLE)
    out = tmp_path / "new" / "seg.txt"
    assert main(["segment", src, "--activity", "CCM-4.29", "-o", str(out)]) == 0
    assert out.read_text().startswith("32021R2139") and sorted(p.name for p in out.parent.iterdir()) == ["seg.txt"]


def test_oserror_anywhere_is_one_line(build, capsys):
    # `check --export` into /proc raises OSError deep in the graph export: the main safety net reports it
    assert main(["check", str(build), "--export", UNWRITABLE]) == 2
    _one_line_error(capsys, "/proc/regc-acceptance")
    assert os_error_text(PermissionError(13, "Permission denied", "/x")) == "/x: Permission denied"


# ---- corpus options ----


def test_missing_corpus_folder_is_an_error_not_a_silent_fallback(tmp_path, capsys):
    out = tmp_path / "o"
    assert main(["compile", "--celex", "32021R2139", "--corpus", str(tmp_path / "nope"), "-o", str(out)]) == 2
    _one_line_error(capsys, "nope", "--corpus")
    assert not out.exists()
    assert main(["segment", "--celex", "32021R2139", "--corpus", str(tmp_path / "nope")]) == 2
    _one_line_error(capsys, "--corpus")


def test_celex_with_format_formex_takes_the_formex_folder(tmp_path, capsys):
    out = tmp_path / "fmx"
    assert main(["compile", "--celex", "32021R2139", "--version", "2026-01-01", "--format", "formex",
                 "--only", "CCM-4.29", "-o", str(out), "-q"]) == 0
    assert json.loads((out / "CCM-4.29.json").read_text())["source"]["format"] == "formex"
    capsys.readouterr()
    # segment takes --version like compile (and still --doc-version)
    assert main(["segment", "--celex", "32021R2139", "--version", "2023-01-01", "--activity", "CCM-4.29"]) == 0
    assert capsys.readouterr().out.startswith("32021R2139 2023-01-01")


# ---- score with mismatched folders ----


def test_score_mismatched_or_empty_build_is_exit_2(gold_dir, build, tmp_path, capsys, facts):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["score", str(gold_dir), str(empty)]) == 2
    _one_line_error(capsys, "no activity files", str(empty))
    other = tmp_path / "other"
    other.mkdir()
    d = json.loads((build / "CCM-4.29.json").read_text())
    d["activity_id"] = "CCM-99.9"
    (other / "CCM-99.9.json").write_text(json.dumps(d))
    assert main(["score", str(gold_dir), str(other)]) == 2
    _one_line_error(capsys, str(other), "none of its 1 activities")
    assert main(["score", str(gold_dir), str(facts)]) == 2
    _one_line_error(capsys, "facts.json: not an activity file")


def test_score_warns_about_a_malformed_build_file(gold_dir, tmp_path, capsys, activity):
    d = copy.deepcopy(activity)
    d["units"][0]["root"]["sub_criteria"][0]["evaluation_logic"] = "XOR"
    folder = _corrupt(tmp_path, d)
    assert main(["score", str(gold_dir), str(folder)]) == 0
    err = capsys.readouterr().err
    assert "regc: warning:" in err and "CCM-4.29.json" in err and "evaluation_logic" in err


# ---- portfolio CSV ----


def test_portfolio_errors_name_the_file_once(build, tmp_path, capsys):
    noact = tmp_path / "p.csv"
    noact.write_text("company,1(a)\nA,5\n")
    assert main(["eval", str(build), str(noact)]) == 2
    line = _one_line_error(capsys, "header has no 'activity' column")
    assert line.count(str(noact)) == 1
    latin = tmp_path / "l.csv"
    latin.write_bytes(b"company,activity,1(b)(ii)\nA,CCM-4.29,s\xe9\n")
    assert main(["eval", str(build), str(latin)]) == 2
    _one_line_error(capsys, "l.csv: not valid UTF-8 at byte")
    assert main(["eval", str(build), str(tmp_path / "none.csv")]) == 2
    _one_line_error(capsys, "none.csv: portfolio not found")
    good = tmp_path / "g.csv"
    good.write_text("company,activity,1(b)(ii)\nA,CCM-4.29,yes\n")
    assert main(["eval", str(build), str(good), "-o", UNWRITABLE]) == 2
    _one_line_error(capsys, f"{UNWRITABLE}: cannot write")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_portfolio_csv_reports_bad_values_extra_fields_and_neutralises_formulas(gold_dir, tmp_path, capsys):
    import csv

    src = tmp_path / "p.csv"
    src.write_text('company,activity,1(a) [g CO2e/kWh],1(b)(ii),1(b)\n'
                   'G,CCM-4.29,1,2,3\n'
                   '"=HYPERLINK(""http://x"")",CCM-4.29,1,yes,2029-01-01,extra\n'
                   '@SUM(A1),CCM-4.29,,true,2029-01-01\n', encoding="utf-8")
    out = tmp_path / "out.csv"
    assert main(["eval", str(gold_dir), str(src), "-o", str(out)]) == 0
    assert "2 row(s) with errors" in capsys.readouterr().err
    rows = list(csv.DictReader(out.open(newline="", encoding="utf-8")))
    # the same values in a JSON facts file are errors: a number for a true/false and for a dated criterion
    assert "criterion 1(b)(ii) takes true/false" in rows[0]["errors"]
    assert "criterion 1(b) takes a date" in rows[0]["errors"]
    assert "row 3: 1 more field(s) than the header" in rows[1]["errors"]
    assert rows[1]["company"] == "'=HYPERLINK(\"http://x\")" and rows[2]["company"] == "'@SUM(A1)"
    assert rows[2]["errors"] == ""
    facts = tmp_path / "f.json"
    facts.write_text(json.dumps({"activities": {"CCM-4.29": {"1(b)": 3}}}))
    assert main(["eval", str(gold_dir), str(facts)]) == 2
    _one_line_error(capsys, "criterion 1(b) takes a date")


# ---- retrieval index ----


def test_search_with_corrupt_chunks_is_one_line(tmp_path, capsys):
    from regc.retrieval.index import FORMAT_VERSION

    idx = tmp_path / "idx"
    (idx / "lucene").mkdir(parents=True)
    (idx / "manifest.json").write_text(json.dumps({"corpus": "CORPUS", "files": {},
                                                   "options": {"format": FORMAT_VERSION}}))
    (idx / "chunks.jsonl").write_text('{"chunk_id": "a", "te')  # truncated
    assert main(["search", str(idx), "forest biomass"]) == 2
    _one_line_error(capsys, "chunks.jsonl:line 1", "corrupt index", "regc index")


# ---- never delete what regc did not write ----


def test_compile_refuses_to_replace_a_folder_it_did_not_write(eurlex, tmp_path, capsys):
    src = str(eurlex / "32021r2139" / "2026-01-01" / "en.xml")
    mine = tmp_path / "docs"
    (mine / "sub").mkdir(parents=True)
    (mine / "thesis.docx").write_text("precious")
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(mine), "-q"]) == 2
    _one_line_error(capsys, str(mine), "not a regc build folder")
    assert sorted(p.name for p in mine.iterdir()) == ["sub", "thesis.docx"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]  # no temporary folder left
    # an empty folder and a previous build are replaced
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(empty), "-q"]) == 0
    assert main(["compile", src, "--only", "CCM-4.29", "-o", str(empty), "-q"]) == 0
    assert sorted(p.name for p in empty.iterdir()) == [".regc-build", "CCM-4.29.json", "diagnostics.jsonl"]
    # unwritable: the path given, not the temporary folder
    assert main(["compile", src, "--only", "CCM-4.29", "-o", UNWRITABLE, "-q"]) == 2
    assert "/proc/regc-acceptance/." not in _one_line_error(capsys, UNWRITABLE, "cannot write the build")


def test_index_refuses_to_replace_a_folder_it_did_not_write(tmp_path):
    from regc.retrieval.index import IndexError_, index_chunks

    mine = tmp_path / "docs"
    mine.mkdir()
    (mine / "thesis.docx").write_text("precious")
    with pytest.raises(IndexError_, match="not a regc index"):
        index_chunks([], mine, dense=False)
    assert [p.name for p in mine.iterdir()] == ["thesis.docx"]


def test_optimize_unwritable_output_names_it(gold_dir, capsys):
    assert main(["optimize", "--gold", str(gold_dir), "--module", "logic", "-o", UNWRITABLE]) == 2
    assert "/proc/regc-acceptance/." not in _one_line_error(capsys, UNWRITABLE, "cannot write the program")


@pytest.mark.parametrize("cmd, usage", [(["facts"], "usage: regc facts"), (["emit"], "usage: regc emit")])
def test_group_command_without_action_shows_its_own_usage(capsys, cmd, usage):
    with pytest.raises(SystemExit) as e:
        main(cmd)
    assert e.value.code == 2 and usage in capsys.readouterr().err


# ---- deeply nested JSON/YAML (RecursionError in the parsers) ----

DEEP = 50_000


def test_deeply_nested_facts_are_one_line(build, tmp_path, capsys):
    deep_json = tmp_path / "deep.json"
    deep_json.write_text('{"activities": ' + "[" * DEEP + "]" * DEEP + "}")
    deep_yaml = tmp_path / "deep.yaml"
    deep_yaml.write_text("activities: " + "[" * DEEP + "]" * DEEP + "\n")
    for f in (deep_json, deep_yaml):
        assert main(["eval", str(build), str(f)]) == 2
        _one_line_error(capsys, f.name, "nested too deeply")


def test_deeply_nested_activity_file_is_one_line(build, gold_dir, tmp_path, capsys):
    folder = tmp_path / "deep"
    folder.mkdir()
    bad = folder / "CCM-4.29.json"
    bad.write_text('{"activity_id": "CCM-4.29", "name": "x", "units": ' + "[" * DEEP + "]" * DEEP + "}")
    for argv in (["eval", str(folder), str(tmp_path / "f.json")], ["score", str(gold_dir), str(folder)],
                 ["diff", str(bad), str(build / "CCM-4.29.json")]):
        (tmp_path / "f.json").write_text('{"activities": {"CCM-4.29": {}}}')
        assert main(argv) == 2, argv
        _one_line_error(capsys, "CCM-4.29.json", "nested too deeply")
    assert main(["check", str(folder)]) == 1
    assert "nested too deeply" in capsys.readouterr().out


def test_yaml_errors_give_the_line(build, tmp_path, capsys):
    f = tmp_path / "f.yaml"
    f.write_text('activities:\n  CCM-4.29:\n    "1(a)": !!python/object/apply:os.system ["true"]\n')
    assert main(["eval", str(build), str(f)]) == 2
    _one_line_error(capsys, "f.yaml: line 3, column", "invalid YAML")


# ---- LM options are checked before any work ----


@pytest.mark.parametrize("opts, err", [(["--lm-timeout", "-1"], "--lm-timeout"), (["--lm-retries", "-1"], "--lm-retries"),
                                       (["--lm-concurrency", "0"], "--lm-concurrency"),
                                       (["--api-base", "not a url"], "--api-base"),
                                       (["--lm-cache", UNWRITABLE], "--lm-cache")])
def test_bad_lm_options_are_exit_2(eurlex, tmp_path, capsys, opts, err):
    src = str(eurlex / "32021r2139" / "2026-01-01" / "en.xml")
    out = tmp_path / "o"
    with_base = [] if "--api-base" in opts else ["--api-base", "http://127.0.0.1:9/v1"]
    try:
        rc = main(["compile", src, "--only", "CCM-4.29", "--lm", "openai/x", *with_base, *opts, "-o", str(out)])
    except SystemExit as e:  # argparse type errors
        rc = e.code
    assert rc == 2 and not out.exists()
    assert err in capsys.readouterr().err


def test_unknown_source_format_names_the_cli_option(tmp_path, capsys):
    src = tmp_path / "act.txt"
    src.write_text("just some text, no regulation markup\n")
    assert main(["compile", str(src), "-o", str(tmp_path / "out"), "-q"]) == 2
    _one_line_error(capsys, "act.txt", "cannot tell the source format", "use --format")


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_refused_lm_endpoint_fails_fast_once_per_process(tmp_path, capsys):
    import time

    from regc.llm.lm import EndpointDown, LMClient, LMSettings, _connection_refused

    waits: list[float] = []
    base = f"http://127.0.0.1:{_closed_port()}/v1"
    client = LMClient(LMSettings(model="openai/x", api_base=base, retries=3, cache_dir="off"), sleep=waits.append)
    msgs = [{"role": "user", "content": "hi"}]
    with pytest.raises(EndpointDown, match="connection refused"):
        client.complete(msgs)
    assert waits == []  # no retries, no backoff
    t0 = time.perf_counter()
    other = LMClient(LMSettings(model="openai/x", api_base=base, retries=3, cache_dir="off"), sleep=waits.append)
    with pytest.raises(EndpointDown):  # the endpoint stays down for the process, for every client
        other.complete([{"role": "user", "content": "something else"}])
    assert time.perf_counter() - t0 < 0.5 and waits == []
    assert client.usage.total().failures == 1 and other.usage.total().failures == 1
    # a timeout is not a refusal (a timeout opens the breaker through its own check, lm._timed_out)
    assert not _connection_refused(TimeoutError("failed to connect to 10.0.0.1:80: timed out"))
    assert _connection_refused(RuntimeError("failed to connect to 127.0.0.1:9: [Errno 111] Connection refused"))


def test_compile_with_unreachable_lm_fails_fast_with_one_line(tmp_path, capsys):
    """Issue 13: a refused endpoint no longer gives a silent rules-only build: one clear line, exit 2, nothing
    written (a run whose model fails mid-way still falls back and says so: tests/test_llm_endpoint.py)."""
    import time

    out = tmp_path / "b"
    t0 = time.perf_counter()
    assert main(["compile", "--celex", "32021R2139", "--version", "2026-01-01", "--only", "CCM-4.29", "--lm",
                 "openai/x", "--api-base", f"http://127.0.0.1:{_closed_port()}/v1", "--lm-cache", "off",
                 "-o", str(out), "-q"]) == 2
    assert time.perf_counter() - t0 < 15
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "connection refused" in err[0] and "Traceback" not in err[0]
    assert not out.exists()


# ---- search: the real reason, never a silent [] ----


@pytest.fixture(scope="module")
def small_index(tmp_path_factory) -> Path:
    from regc.retrieval.index import build_index
    from regc.retrieval.locate import corpus_root

    out = tmp_path_factory.mktemp("idx") / "index"
    build_index(corpus_root(), out, celexes=["32020R0852"], dense=False)
    return out


def test_search_non_utf8_query_says_so(tmp_path, capsys):
    # argv bytes that are not UTF-8 reach Python as lone surrogates (PEP 383): b"caf\xe9" -> "caf\udce9"
    assert main(["search", str(tmp_path / "no-index"), "caf\udce9"]) == 2
    _one_line_error(capsys, "not valid UTF-8", "0xe9")


def test_search_celex_filter_malformed_or_not_indexed(small_index, capsys):
    assert main(["search", str(small_index), "environmental objectives", "--celex", "x' OR 1=1"]) == 2
    _one_line_error(capsys, "--celex", "not a CELEX number")
    assert main(["search", str(small_index), "environmental objectives", "--celex", "32099R0001", "--json"]) == 0
    cap = capsys.readouterr()
    assert json.loads(cap.out) == []
    assert "act 32099R0001 is not in the index" in cap.err and "32020R0852" in cap.err
    assert main(["search", str(small_index), "environmental objectives", "--celex", "32020r0852", "--json"]) == 0
    cap = capsys.readouterr()
    assert json.loads(cap.out) and cap.err == ""


def test_search_expand_warns_about_a_corrupt_graph(small_index, tmp_path, capsys):
    import shutil

    idx = tmp_path / "idx"
    shutil.copytree(small_index, idx)
    (idx / "graph.json").write_text('{"nodes": [', encoding="utf-8")
    assert main(["search", str(idx), "environmental objectives", "--k", "2", "--expand", "--json"]) == 0
    cap = capsys.readouterr()
    assert len(json.loads(cap.out)) == 2
    assert "graph.json: citation graph corrupt" in cap.err and "regc index" in cap.err


def test_search_keeps_stderr_free_of_jvm_warnings(small_index):
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "regc.cli", "search", str(small_index), "environmental objectives",
                        "--k", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)
    for noise in ("sun.misc.Unsafe", "MMapDirectory", "update Apache Lucene"):
        assert noise not in r.stderr, r.stderr


# ---- PDF ingest: running headers and footers are not passage text ----


def test_pdf_running_headers_and_page_numbers_are_stripped(corpus):
    from regc.retrieval.ingest import parse_pdf, running_lines, strip_running

    pdf = corpus / "hipaa-hhs-combined" / "hipaa_combined.pdf"
    tree = parse_pdf(pdf, "doc:hipaa", "HIPAA", pages=range(96, 100))
    texts = [s.text for part in tree.parts for s in part.children]
    assert texts and sum(len(t) for t in texts) > 5000
    for t in texts:
        assert "Regulation Text" not in t and "March 2013" not in t, t[:200]
    # body text that follows the header is kept, from its first words
    assert any("Biometric identifiers" in t for t in texts)
    # the rule is generic: lines at the edges of most pages, digits varying; content lines stay
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi".split()
    pages = [f"Acme Code   Edition 2020\n \n{n}\n" + "\n".join(f"{w} {n}" for w in words[n:n + 6])
             + "\nEdition 2020\n" + f"{words[n + 7]} rule\n- {n} -" for n in range(1, 8)]
    furniture = running_lines(pages)
    body = [ln for ln in strip_running(pages[2], furniture).split("\n") if ln.strip()]
    assert body[0] == "delta 3" and body[-2:] == ["Edition 2020", "lambda rule"]
    assert running_lines(pages[:2]) == set()  # too few pages to tell
