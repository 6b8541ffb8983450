"""``python -m mango_server`` runs the ``mango`` command."""

from mango_server.cli import main

raise SystemExit(main())
