"""Where a campaign's checks run: the local worker pool (oracle/app/pool.py, the default), or a Ray
cluster (`parity fuzz --cluster ray|ray://HOST:PORT`, oracle/app/cluster_ray.py).

Ray is an optional extra (`pip install '.[ray]'`): nothing here imports it until a cluster is
asked for, and its absence is a one-line usage error, not a traceback. What names a cluster
(`--cluster`, `--actors`) is read in oracle/app/cluster_spec.py, which both sides import.
"""

from __future__ import annotations

import sys

from oracle.app.pool import WorkerPool

INSTALL_HINT = "pip install '.[ray]'"


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
        pool = WorkerPool(config.workers, config.timeout)
    else:
        from oracle.app.cluster_ray import RayPool

        log = (lambda line: print(line, file=sys.stderr, flush=True)) if progress else None
        pool = RayPool(config.cluster, config.timeout, log)
    try:  # starting the workers or actors (torch in each) is not the campaign's budget
        pool.wait_ready()
    except BaseException:
        pool.close()
        raise
    return pool
