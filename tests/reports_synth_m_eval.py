"""Synth-m evaluation (tests/reports_synth_eval.py does the work):

    python -m tests.reports_synth_m_eval DIR [--seeds 1 2 3] [--ocr] [--json FILE]
"""

from __future__ import annotations

from tests import reports_synth_eval as evaluation
from tests.reports_synth_m import FAMILIES, build_document, gold_json, render

# the untouched extractor (stop-21 main after H12o and H12p; neither saw synth-m) on seeds 1-3,
# means over the 30 documents (tests/fixtures/reports)
FIRST_CONTACT = {"fixed": 0.827, "row_f1": 0.981}
SYNTH = evaluation.SynthSet(tuple(FAMILIES), build_document, gold_json, render)
score_in_process = SYNTH.score_in_process  # (root, seeds=(1, 2, 3)) -> (per-document scores, extract seconds)
main = SYNTH.main


if __name__ == "__main__":
    raise SystemExit(main())
