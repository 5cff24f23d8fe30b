"""A finding's scripts by name: `render` is the direct repro.py (oracle/repro_direct.py),
`render_check` the full check.py (oracle/repro_bundle.py); oracle/reproduce.py writes and
verifies both, putting check.py in repro.py's place when only it reproduces.
"""

from __future__ import annotations

from oracle import repro_bundle, repro_direct


def render(source: str, spec: str, signature: str, timeout: float = 60.0,
           message: str = "") -> str:
    """The direct repro script for `source` failing as `signature` under subject `spec`."""
    return repro_direct.render(source, spec, signature, timeout, message)


def render_check(source: str, spec: str, signature: str, timeout: float = 60.0,
                 message: str = "") -> str:
    """check.py: the program with the oracle's own check of it bundled in."""
    return repro_bundle.render_check(source, spec, signature, timeout, message)
