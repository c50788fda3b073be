"""``python -m regc``: the same command line as the ``regc`` script."""

import sys

from regc.cli import main

sys.exit(main())
