"""``python -m mango_conformance``: the same as the ``mango-conformance`` command."""

from __future__ import annotations

import sys

from ._cli import main

sys.exit(main())
