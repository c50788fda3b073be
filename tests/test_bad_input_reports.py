"""Bad input to `regc extract`, `regc disclosure check`, `regc score-disclosure` and `regc facts template
--from-disclosure` (issue 12): damaged, empty and foreign files, folders, wrong-shaped disclosure JSON.  Each is
one line on stderr naming the file and where in it, exit 2, no traceback, and nothing written.  Inputs are tiny
and generated here."""

from __future__ import annotations

import json

import pymupdf
import pytest

from regc.cli import main
from regc.io import atomic_write_text
from regc.reports.errors import ReportInputError
from regc.reports.extract import extract
from regc.reports.pdftree import Document

GOLD = {"document": "r.pdf", "company": "R AG", "fiscal_year": 2023, "currency": "EUR",
        "kpis": {k: {"pages": [3], "total": 100.0, "aligned": {"amount": 40.0, "share": 0.4},
                     "eligible_not_aligned": {"amount": 10.0, "share": 0.1}, "not_eligible": None,
                     "activities": [{"code": "CCM-4.29", "group": "A.1", "amount": 40.0, "share": 0.4,
                                     "substantial_contribution": {"CCM": "Y"}, "dnsh": {"CCA": "Y"},
                                     "minimum_safeguards": "Y", "category": None, "page": 3}]}
                 for k in ("turnover", "capex", "opex")}}


def _pdf_bytes(pages: int) -> bytes:
    doc = pymupdf.open()
    for i in range(pages):
        doc.new_page().insert_text((72, 72), f"Page {i + 1}: Taxonomy-aligned turnover 1,234")
    return doc.tobytes(garbage=0, deflate=False)


def _one_line_error(capsys, *must_contain: str) -> str:
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.out == "", out
    lines = [ln for ln in out.err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("regc: error: "), out.err
    for s in must_contain:
        assert s in lines[0], (s, lines[0])
    return lines[0]


@pytest.fixture(scope="module")
def build(tmp_path_factory, eurlex):
    out = tmp_path_factory.mktemp("bad") / "build"
    assert main(["compile", str(eurlex / "32021r2139" / "2026-01-01" / "en.xml"), "--only", "CCM-4.29",
                 "-o", str(out), "-q"]) == 0
    return out


# ---- the PDF ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content, why", [
    (lambda: _pdf_bytes(3)[:60], "damaged PDF (truncated or corrupt)"),      # the header and a few bytes
    (lambda: _pdf_bytes(3)[:200], "damaged PDF (truncated or corrupt)"),     # cut inside the first objects
    (lambda: b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n",
     "damaged PDF (truncated or corrupt)"),                                      # no xref, no page
    (lambda: b"%PDF-1.7\n", "damaged PDF (truncated or corrupt)"),
    (lambda: b"", "empty file (0 bytes)"),
    (lambda: b"PK\x03\x04 a zip archive, not a PDF", "not a PDF (no %PDF- header"),
])
def test_unreadable_pdfs_are_one_line_and_write_nothing(tmp_path, capsys, content, why):
    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(content())
    with pytest.raises(ReportInputError, match=why.replace("(", r"\(").replace(")", r"\)")):
        Document(pdf)
    out = tmp_path / "d.json"
    out.write_text("earlier\n")
    assert main(["extract", str(pdf), "-o", str(out), "--trace", str(tmp_path / "t.json")]) == 2
    _one_line_error(capsys, f"{pdf}: {why}")  # MuPDF's own complaints stay off stdout
    assert out.read_text() == "earlier\n" and not (tmp_path / "t.json").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json", "r.pdf"]


def test_a_truncated_pdf_whose_pages_survive_says_it_is_damaged(tmp_path, capsys):
    whole = _pdf_bytes(30)
    pdf = tmp_path / "cut.pdf"
    pdf.write_bytes(whole[: len(whole) * 3 // 10])  # the page objects come first: repaired on opening
    doc = Document(pdf)
    assert doc.damaged and doc.page_count > 0
    d = extract(doc)
    assert any(f["severity"] == "warning" and f["message"].startswith("damaged PDF") for f in d["findings"])
    whole_pdf = tmp_path / "whole.pdf"
    whole_pdf.write_bytes(whole)
    assert not Document(whole_pdf).damaged
    assert not any("damaged" in f["message"] for f in extract(Document(whole_pdf))["findings"])
    assert main(["extract", str(pdf), "-o", str(tmp_path / "d.json")]) == 0
    assert capsys.readouterr().out == ""  # no "MuPDF error" lines on stdout


def test_a_folder_is_not_a_pdf_and_outputs_that_are_folders_are_refused_first(tmp_path, capsys):
    (tmp_path / "r.pdf").mkdir()
    assert main(["extract", str(tmp_path / "r.pdf")]) == 2
    _one_line_error(capsys, f"{tmp_path / 'r.pdf'}: is a folder, not a PDF file")
    pdf = tmp_path / "ok.pdf"
    pdf.write_bytes(_pdf_bytes(1))
    (tmp_path / "out").mkdir()
    for opt in ("-o", "--trace"):
        assert main(["extract", str(pdf), opt, str(tmp_path / "out")]) == 2
        _one_line_error(capsys, f"{tmp_path / 'out'}: is a folder ({opt} takes a file name)")
    assert list((tmp_path / "out").iterdir()) == []


def test_atomic_write_onto_a_folder_names_the_folder_and_leaves_nothing(tmp_path):
    (tmp_path / "d").mkdir()
    with pytest.raises(IsADirectoryError) as e:
        atomic_write_text(tmp_path / "d", "x")
    assert e.value.filename == str(tmp_path / "d")
    assert [p.name for p in tmp_path.iterdir()] == ["d"] and list((tmp_path / "d").iterdir()) == []


@pytest.mark.parametrize("question, why", [("", "--ask: empty question"), ("  ", "--ask: empty question"),
                                           ("x" * 10_000, "--ask: the question has 10,000 characters")])
def test_extract_ask_refuses_empty_and_overlong_questions(tmp_path, capsys, question, why):
    pdf = tmp_path / "ok.pdf"
    pdf.write_bytes(_pdf_bytes(1))
    assert main(["extract", str(pdf), "--ask", question, "-o", str(tmp_path / "d.json")]) == 2
    _one_line_error(capsys, why)
    assert not (tmp_path / "d.json").exists()


# ---- disclosure JSON ----------------------------------------------------------------------------------------------


def _with(path: tuple, value) -> dict:
    d = json.loads(json.dumps(GOLD))
    cur = d
    for k in path[:-1]:
        cur = cur[k]
    if value is KeyError:
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return d


WRONG_SHAPES = [
    ([1, 2], "expected a JSON object at top level, found a list"),
    ({"document": "r.pdf"}, "not a disclosure JSON (no 'kpis' object)"),
    (_with(("kpis", "capex"), "n/a"), "kpis.capex: expected an object, found a string"),
    (_with(("kpis", "opex"), None), "kpis.opex: expected an object, found null"),
    (_with(("kpis", "turnover", "total"), "1,234"), "kpis.turnover.total: expected a number, found a string"),
    (_with(("kpis", "turnover", "aligned"), [1]), "kpis.turnover.aligned: expected an object, found a list"),
    (_with(("kpis", "capex", "activities"), "none"), "kpis.capex.activities: expected a list, found a string"),
    (_with(("kpis", "capex", "activities"), None), "kpis.capex.activities: expected a list, found null"),
    (_with(("kpis", "capex", "activities", 0), "CCM-4.29"),
     "kpis.capex.activities[0]: expected an object, found a string"),
    (_with(("kpis", "opex", "activities", 0, "code"), 4.29),
     "kpis.opex.activities[0].code: expected a string, found a number"),
    (_with(("kpis", "opex", "activities", 0, "group"), KeyError), "kpis.opex.activities[0]: no 'group'"),
    (_with(("kpis", "opex", "activities", 0, "also"), "CCA-4.29"),
     "kpis.opex.activities[0].also: expected a list, found a string"),
    (_with(("kpis", "opex", "activities", 0, "dnsh"), {"CCA": True}),
     "kpis.opex.activities[0].dnsh.CCA: expected a string, found true/false"),
    (_with(("kpis", "opex", "activities", 0, "amount"), True),
     "kpis.opex.activities[0].amount: expected a number, found true/false"),
    (_with(("kpis", "opex", "activities", 0, "page"), 3.5),
     "kpis.opex.activities[0].page: expected a whole number, found a number"),
    (_with(("fiscal_year",), "2023"), "fiscal_year: expected a whole number, found a string"),
]


@pytest.mark.parametrize("disc, why", WRONG_SHAPES)
def test_wrong_shaped_disclosures_are_one_line_naming_the_field(build, tmp_path, capsys, disc, why):
    f = tmp_path / "d.json"
    f.write_text(json.dumps(disc))
    assert main(["disclosure", "check", str(f), "--build", str(build)]) == 2
    _one_line_error(capsys, f"{f}: {why}")
    out = tmp_path / "t.yaml"
    assert main(["facts", "template", str(build), "CCM-4.29", "--from-disclosure", str(f), "-o", str(out)]) == 2
    _one_line_error(capsys, f"{f}: {why}")
    assert not out.exists()


def test_the_valid_disclosure_passes_both(build, tmp_path, capsys):
    f = tmp_path / "d.json"
    f.write_text(json.dumps(GOLD))
    assert main(["disclosure", "check", str(f), "--build", str(build), "--format", "json"]) in (0, 1)
    assert "findings" in json.loads(capsys.readouterr().out)
    assert main(["facts", "template", str(build), "CCM-4.29", "--from-disclosure", str(f)]) == 0


@pytest.mark.parametrize("text, why", [
    ("{", "d.json:line 1, column 2: malformed JSON"),
    ("", "d.json:line 1, column 1: malformed JSON"),
    ("[" * 100_000 + "]" * 100_000, "d.json: JSON nested too deeply"),
    ('{"kpis": {"turnover": {"total": NaN}}}', "kpis.turnover.total: expected a number, found a number that is not finite"),
])
def test_unparsable_disclosures_name_the_place(build, tmp_path, capsys, text, why):
    f = tmp_path / "d.json"
    f.write_text(text)
    assert main(["disclosure", "check", str(f), "--build", str(build)]) == 2
    _one_line_error(capsys, why)


# ---- score-disclosure -------------------------------------------------------------------------------------------


def test_score_disclosure_folders_and_names(tmp_path, capsys):
    gold = tmp_path / "gold"
    gold.mkdir()
    (gold / "R.json").write_text(json.dumps(GOLD))
    out = tmp_path / "out"
    assert main(["score-disclosure", str(gold), str(out)]) == 2
    _one_line_error(capsys, f"{out}: no such folder (the extracted disclosures to score)")
    assert main(["score-disclosure", str(gold / "R.json"), str(gold)]) == 2
    _one_line_error(capsys, f"{gold / 'R.json'}: not a folder (the gold disclosures to score)")
    out.mkdir()
    assert main(["score-disclosure", str(gold), str(out), "--only", "S"]) == 2
    _one_line_error(capsys, f"--only S: no S.json in {gold}")
    (out / "R.json").write_text(json.dumps({"kpis": {"capex": {"activities": [{"code": "CCM-4.29"}]}}}))
    assert main(["score-disclosure", str(gold), str(out)]) == 2
    _one_line_error(capsys, f"{out / 'R.json'}: kpis.capex.activities[0]: no 'group'")
    (out / "R.json").write_text(json.dumps(GOLD))
    assert main(["score-disclosure", str(gold), str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["fixed_exact"] == 1.0
