"""`python -m oracle` is the `parity` command."""

import sys

from oracle.cli import main

sys.exit(main())
