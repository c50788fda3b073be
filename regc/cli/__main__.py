"""``python -m regc.cli``: the same as ``regc``."""

import sys

from regc.cli import main

sys.exit(main())
