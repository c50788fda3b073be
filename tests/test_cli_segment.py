"""``regc segment``: the front-end's document tree as text or JSON; bad input exits 2 with one line."""

from __future__ import annotations

import json

from regc.cli import main
from regc.ir.doc import ActDoc


def test_segment_text(capsys, corpus):
    assert main(["segment", "--corpus", str(corpus), "--celex", "32023R2485", "--activity", "CCM-6.20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("32023R2485 2023-06-27 oj-html: 12 activities")
    assert "CCM-6.20  Air transport ground handling operations" in out and "[DNSH-BIO]" in out
    assert "CCM-3.18" not in out


def test_segment_json_roundtrip(tmp_path, eurlex):
    out = tmp_path / "doc.json"
    src = eurlex / "32022r1214" / "2022-03-09" / "en.xml"
    assert main(["segment", str(src), "--json", "--activity", "CCA-4.29", "-o", str(out)]) == 0
    act = ActDoc.model_validate(json.loads(out.read_text(encoding="utf-8")))
    assert [a.activity_id for a in act.activities] == ["CCA-4.29"]
    assert not list(tmp_path.glob("doc.json.*"))  # no temp file left behind


def test_segment_bad_input_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.xml"
    bad.write_text('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><p class="norm">x',
                   encoding="utf-8")
    assert main(["segment", str(bad), "--format", "eurlex-xhtml"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"regc: error: {bad}:line ") and "\n" not in err
    assert main(["segment", str(tmp_path / "missing.xml")]) == 2
