"""Write ``regc/retrieval/rerank_trained.json``: the questions the learned re-ranker was trained on, hashed.

    python -m harness.rerank_trained a1bb759 regc/retrieval/rerank_trained.json

The re-ranker's weights (``rerank_weights.json``, round 28) were fitted on every question of every
``tests/fixtures/ask/*.jsonl`` file in commit a1bb759's tree.  This reads those files with ``git show`` (the only
step that needs the history; the tests feed :func:`render` toy files instead) and writes the sorted
:func:`~regc.retrieval.rerank.question_key` of each question (sha256 hex[:16] of the stripped text with its
whitespace collapsed): ``regc ask --eval`` counts the evaluated questions found there (its ``ask`` figures are
in-sample for them).  Deterministic: files in sorted order, keys sorted and de-duplicated, byte-identical on rerun.

>>> render({"a.jsonl": '{"question": "Who  may see it?"}\\n\\n{"question": "Who may see it?"}\\n'}, "c0ffee")[:60]
'{\\n "about": "questions the learned re-ranker (rerank_weights'
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from regc.retrieval.rerank import question_key

FOLDER = "tests/fixtures/ask"


def released_files(commit: str, repo: Path = Path(".")) -> dict[str, str]:
    """``{name: text}`` of every ``FOLDER/*.jsonl`` file (not below it) in ``commit``'s tree."""
    def git(*a: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *a], check=True, capture_output=True, text=True,
                              encoding="utf-8").stdout

    names = [n for n in git("ls-tree", "--name-only", commit, f"{FOLDER}/").splitlines() if n.endswith(".jsonl")]
    return {Path(n).name: git("show", f"{commit}:{n}") for n in sorted(names)}


def questions_of(files: dict[str, str]) -> list[str]:
    """Every ``question`` of every non-blank line, files in sorted name order."""
    return [json.loads(line)["question"] for name in sorted(files) for line in files[name].splitlines()
            if line.strip()]


def trained_file(questions: list[str], model: str, source: str, files: int) -> str:
    """The JSON text of a trained-question file: the sorted, de-duplicated :func:`question_key` of ``questions``,
    the model they trained (named in "about"), where they were read and from how many files.

    >>> json.loads(trained_file(["Who  may see it?", "Who may see it?"], "x (w.json)", "here", 1))["keys"]
    ['3d6902301ad29a0a']
    """
    doc = {"about": f"questions the {model} was trained on: sorted sha256 hex[:16] of each question's text, "
                    "stripped, whitespace collapsed",
           "source": source, "files": files, "questions": len(questions),
           "keys": sorted({question_key(q) for q in questions})}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def render(files: dict[str, str], commit: str) -> str:
    """The JSON text of the trained-question file for ``files`` (see the module docstring)."""
    return trained_file(questions_of(files), "learned re-ranker (rerank_weights.json)", f"{commit}:{FOLDER}/*.jsonl", len(files))


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m harness.rerank_trained COMMIT OUT.json", file=sys.stderr)
        return 2
    commit, out = args
    Path(out).write_text(render(released_files(commit), commit), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
