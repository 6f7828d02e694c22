"""``python -m compiler.cli``: the `rulebook` command."""

import sys

from compiler.cli import main

sys.exit(main())
