"""A sentence's weighted overlap (`answer._claims`) is a sum of floats over a set of question words: it must not
depend on the set's iteration order, which changes with PYTHONHASHSEED from process to process (a tie between two
sentences was broken differently run to run before the sums became `math.fsum`)."""

import os
import subprocess
import sys

SCRIPT = """
from regc.retrieval.answer import _claims
weight = {"alpha": 0.1, "bravo": 0.2, "charl": 0.3, "delta": 0.7, "echoo": 1.1}
best, _ = _claims("alpha bravo charl delta echoo here.", set(weight), 1, weight)
print(repr(best))
"""


def test_the_weighted_overlap_is_the_same_under_every_hash_seed():
    seen = set()
    for seed in range(8):
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        seen.add(out.stdout.strip())
    assert len(seen) == 1, seen
    assert float(seen.pop()) == 2.4  # the correctly rounded sum
