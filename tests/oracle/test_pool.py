"""Worker isolation: a hang or a dead process costs one program, and the run goes on."""

from __future__ import annotations

from pathlib import Path

from oracle.app.pool import Task, WorkerPool
from oracle.judge.verdict import Verdict

NESTED = str(Path(__file__).parent / "programs" / "nested.py")
PLANTED = "tests.oracle.planted"


def test_hang_and_abort_are_blamed_on_their_program_and_the_worker_is_replaced():
    tasks = [Task(NESTED, f"{PLANTED}:{name}")
             for name in ("Hang", "Abort", "make_faithful", "WrongValue")]
    with WorkerPool(workers=1, timeout=2.0) as pool:
        results = {r.subject.split(":")[1]: r for r in pool.run(tasks)}
        restarts = pool.restarts
    assert results["Hang"].verdict is Verdict.TIMEOUT
    assert "limit 2 s" in results["Hang"].message
    assert results["Abort"].verdict is Verdict.ABORT
    assert results["Abort"].detail == "SIGABRT"
    assert results["make_faithful"].verdict is Verdict.PASS
    assert results["WrongValue"].verdict is Verdict.MISMATCH_VALUE
    assert restarts == 2


def test_a_campaigns_local_pool_is_ready_before_its_budget_starts():
    """Starting the workers (torch in each) is not a campaign's budget, as with Ray."""
    from oracle.app.campaign import Config
    from oracle.app.cluster import open_pool

    pool = open_pool(Config(subjects=["ours"], budget=1.0, workers=2), progress=False)
    with pool:
        assert pool.idle() == 2 and pool.busy() == 0
