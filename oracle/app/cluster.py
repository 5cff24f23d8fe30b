"""Where a campaign's checks run: the local worker pool (oracle/app/pool.py, the default), or a Ray
cluster (`parity fuzz --cluster ray|ray://HOST:PORT`, oracle/app/cluster_ray.py).

Ray is an optional extra (`pip install '.[ray]'`): nothing here imports it until a cluster is
asked for, and its absence is a one-line usage error, not a traceback.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from oracle.app.pool import WorkerPool

INSTALL_HINT = "pip install '.[ray]'"
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


def require_ray(usage) -> None:
    """A one-line usage error when Ray is missing (or broken) in this environment."""
    try:
        import ray  # noqa: F401
    except ImportError as exc:
        raise usage(f"--cluster needs Ray, an optional extra that is not installed ({exc}); "
                    f"install it with: {INSTALL_HINT}") from None


def open_pool(config, progress: bool = True):
    """The pool a campaign checks in: a context manager with WorkerPool's incremental
    interface (size, idle, busy, submit, collect, run, close)."""
    if config.cluster is None:
        return WorkerPool(config.workers, config.timeout)
    from oracle.app.cluster_ray import RayPool

    log = (lambda line: print(line, file=sys.stderr, flush=True)) if progress else None
    pool = RayPool(config.cluster, config.timeout, log)
    try:  # starting the actors (torch in each) is not the campaign's budget
        pool.wait_ready()
    except BaseException:
        pool.close()
        raise
    return pool
