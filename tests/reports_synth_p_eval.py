"""Synth-p evaluation (tests/reports_synth_eval.py does the work):

    python -m tests.reports_synth_p_eval DIR [--seeds 1 2 3] [--ocr] [--json FILE]
"""

from __future__ import annotations

from tests import reports_synth_eval as evaluation
from tests.reports_synth_p import FAMILIES, build_document, gold_json, render

# the untouched extractor (stop-22 main, 01bd0e0; nothing since had seen synth-p) on seeds 1-3, means over the 33
# documents (tests/fixtures/reports/README.md, synth-p)
FIRST_CONTACT = {"fixed": 0.982, "row_f1": 1.0}
SYNTH = evaluation.SynthSet(tuple(FAMILIES), build_document, gold_json, render)
score_in_process = SYNTH.score_in_process  # (root, seeds=(1, 2, 3)) -> (per-document scores, extract seconds)
main = SYNTH.main


if __name__ == "__main__":
    raise SystemExit(main())
