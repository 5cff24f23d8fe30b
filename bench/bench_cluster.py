"""`parity fuzz --cluster ray` throughput: programs checked per second by a campaign on a local
Ray instance with 2 actors of one worker each, as a ratio to 1 actor of one worker (the peer,
in the same process, on the same Ray instance, rounds alternated; the median of the rounds).

Both pools start (and warm up) before any round is timed, so a round measures checking, not
starting Ray or importing torch. Drawing, deduplication and the rest stay in this process,
as in a real campaign; its CPU time per program is reported beside the rate (on a machine
shared with other work this process's share of a core, not the actors, can set the pace, so
the load average before and after is part of the result). Needs the optional extra `.[ray]`;
without it the entry says so.

`.venv/bin/python -m bench cluster` (env BENCH_CLUSTER_SUBJECT, BENCH_CLUSTER_ROUNDS and
BENCH_CLUSTER_BUDGET change the subject, the rounds and the seconds per round).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

SUBJECT = os.environ.get("BENCH_CLUSTER_SUBJECT", "torch:eager")
ROUNDS = int(os.environ.get("BENCH_CLUSTER_ROUNDS", "3"))
BUDGET = float(os.environ.get("BENCH_CLUSTER_BUDGET", "20"))
WARM_PROGRAM = ("import torch\n\n\ndef program(x):\n    return x.sin() + 1\n\n\n"
                "def calls():\n    yield (torch.ones(4),), {}\n")
SHAPES = {"1x1": 1, "2x1": 2}  # name -> actors, one worker each
TARGET = 1.7
# per check: a fresh worker's first torch.compile imports dynamo, which on a loaded machine can
# pass 10 s; a worker killed for it comes back cold and times out again
TIMEOUT = 60.0


def campaign_rate(pool, budget: float, out: Path, seed: int) -> dict:
    from generators.draw import Drawer
    from oracle.app.ast_lock import serialised_compile
    from oracle.app.campaign import Campaign, Config

    config = Config(subjects=[SUBJECT], budget=budget, workers=pool.size, seed=seed, out=out,
                    shrink=False, verify=False, progress=False, learn=False)
    cpu = time.process_time()
    with serialised_compile():
        campaign = Campaign(config, pool, Drawer(None, seed, None))
        campaign.run()
    seconds, cpu = campaign.elapsed(), time.process_time() - cpu
    return {"programs": campaign.programs, "seconds": round(seconds, 2),
            "programs_per_second": round(campaign.programs / seconds, 2),
            "driver_cpu_ms_per_program": round(1000 * cpu / max(1, campaign.programs), 1)}


def warm_up(pool, folder: Path) -> None:
    """Every worker of the pool checks a program against the subject once (the subject's first
    compile imports and initialises much more than later ones)."""
    from oracle.app.pool import Task

    pool.wait_ready()
    path = folder / "warm.py"
    path.write_text(WARM_PROGRAM)
    list(pool.run([Task(str(path), SUBJECT)] * (2 * pool.size)))


def run() -> dict:
    try:
        import ray  # noqa: F401
    except ImportError:
        return {"skipped": "ray is not installed (pip install '.[ray]')"}
    from oracle.app.cluster_ray import RayPool, connect
    from oracle.app.cluster_spec import ClusterSpec

    load_before = [round(x, 2) for x in os.getloadavg()]
    started = connect(ClusterSpec(None))
    pools = {name: RayPool(ClusterSpec(None, actors, 1), timeout=TIMEOUT)
             for name, actors in SHAPES.items()}
    rounds: dict[str, list[dict]] = {name: [] for name in SHAPES}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for pool in pools.values():
                warm_up(pool, Path(tmp))
            for r in range(ROUNDS):
                for name, pool in pools.items():
                    out = Path(tmp) / f"{name}-{r}"
                    rounds[name].append(campaign_rate(pool, BUDGET, out, seed=1 + r))
    finally:
        for pool in pools.values():
            pool.close()
        if started:
            ray.shutdown()
    ratios = [two["programs_per_second"] / one["programs_per_second"]
              for one, two in zip(rounds["1x1"], rounds["2x1"])]
    ratio = statistics.median(ratios)
    return {"subject": SUBJECT, "budget_per_round": BUDGET, "rounds": rounds,
            "ratios_2x1_over_1x1": [round(x, 3) for x in ratios],
            "median_ratio": round(ratio, 3), "target": TARGET, "meets_target": ratio >= TARGET,
            "load_average_before": load_before,  # 1, 5, 15 min: the machine is shared
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()]}
