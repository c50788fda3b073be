"""Synth-l evaluation (tests/reports_synth_eval.py does the work):

    python -m tests.reports_synth_l_eval DIR [--seeds 1 2 3] [--ocr] [--json FILE]
"""

from __future__ import annotations

from tests import reports_synth_eval as evaluation
from tests.reports_synth_l import FAMILIES, build_document, gold_json, render

# the untouched extractor of stop 20 (main 7014986 = 5478915 for regc/) on seeds 1-3, means over the 33 documents
# (tests/fixtures/reports); on main e68f4ec (after H12o, which never saw synth-l): 0.945 / 1.000
FIRST_CONTACT = {"fixed": 0.909, "row_f1": 1.000}
SYNTH = evaluation.SynthSet(tuple(FAMILIES), build_document, gold_json, render)
score_in_process = SYNTH.score_in_process  # (root, seeds=(1, 2, 3)) -> (per-document scores, extract seconds)
main = SYNTH.main


if __name__ == "__main__":
    raise SystemExit(main())
