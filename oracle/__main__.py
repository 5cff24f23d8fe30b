"""`python -m oracle` is the `parity` command."""

import sys

from oracle.app.cli import main

# Guarded: worker processes are spawned and re-import the main module under another name.
if __name__ == "__main__":
    sys.exit(main())
