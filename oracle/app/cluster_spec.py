"""What names a cluster for a campaign's checks (`parity fuzz --cluster ray|ray://HOST:PORT
[--actors N]`) and the one error a cluster raises: shared by oracle/app/cluster.py, which opens
the pool, and oracle/app/cluster_ray.py, the Ray pool itself, which never imports cluster.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ADDRESS = re.compile(r"^ray://[^\s:/]+:\d{1,5}$")


class ClusterError(Exception):
    """The cluster cannot be reached or has no node left to work on (one line)."""


@dataclass(frozen=True)
class ClusterSpec:
    address: str | None         # None: start a local Ray instance; else "ray://HOST:PORT"
    actors: int | None = None   # None: one actor per node
    workers: int | None = None  # per actor; None: as many as its node has cores

    def describe(self) -> str:
        return f"Ray at {self.address}" if self.address else "Ray (a local instance)"


def parse_cluster(text: str | None, actors: str | None, usage,
                  workers: int | None = None) -> ClusterSpec | None:
    """`--cluster` and `--actors` as given on the command line (`workers`: --workers, None for
    auto); bad values raise `usage`."""
    if text is None:
        if actors is not None:
            raise usage("--actors needs --cluster")
        return None
    if text != "ray" and not _ADDRESS.match(text):
        raise usage(f"--cluster {text!r}: expected ray (a local Ray instance) or "
                    "ray://HOST:PORT (an existing cluster)")
    count = None
    if actors is not None:
        if not actors.isdigit() or int(actors) < 1:
            raise usage(f"--actors {actors!r}: expected a positive number")
        count = int(actors)
    return ClusterSpec(None if text == "ray" else text, count, workers)
