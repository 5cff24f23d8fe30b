"""`parity fuzz --cluster`: the option's input checks (always run), and campaigns on a small local
Ray instance (only where Ray, the optional extra `.[ray]`, is installed; CI does not install it).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from oracle.app.cluster_spec import ClusterSpec, parse_cluster
from oracle.judge.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
PLANTED = "tests.campaign.planted_subjects"
WRONG_VALUE = "mismatch-value:planted:wrong-value-abs:out:value"
NO_RAY = "ray (the optional extra .[ray]) is not installed; CI does not install it"


def parity(*args: str, env: dict | None = None, timeout: float = 120):
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "oracle", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


class _Usage(Exception):
    pass


def test_cluster_option_values():
    assert parse_cluster(None, None, _Usage) is None
    assert parse_cluster("ray", None, _Usage) == ClusterSpec(None, None)
    assert parse_cluster("ray://10.0.0.5:10001", "3", _Usage, workers=2) == ClusterSpec(
        "ray://10.0.0.5:10001", 3, 2)
    for bad, actors in (("spark", None), ("ray://", None), ("ray://host", None),
                        ("ray://host:port", None), ("ray", "0"), ("ray", "two")):
        with pytest.raises(_Usage) as caught:
            parse_cluster(bad, actors, _Usage)
        assert "\n" not in str(caught.value)
    with pytest.raises(_Usage, match="--actors needs --cluster"):
        parse_cluster(None, "2", _Usage)


def test_bad_cluster_is_a_one_line_usage_error():
    done = parity("fuzz", "--cluster", "spark", "--budget", "1s")
    assert done.returncode == 2
    assert done.stderr.startswith("parity: error: --cluster 'spark'")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_cluster_without_ray_says_to_install_the_extra(tmp_path):
    fake = tmp_path / "shadow" / "ray"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('No module named ray')\n")
    done = parity("fuzz", "--cluster", "ray", "--budget", "1s", "--out", str(tmp_path / "run"),
                  env={"PYTHONPATH": f"{fake.parent}{os.pathsep}{ROOT}"})
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "pip install '.[ray]'" in done.stderr
    assert not (tmp_path / "run" / "summary.json").exists()


@pytest.mark.slow
def test_ray_campaign_finds_and_shrinks_the_planted_bug(tmp_path):
    pytest.importorskip("ray", reason=NO_RAY)
    out = tmp_path / "run"
    done = parity("fuzz", "--cluster", "ray", "--actors", "2", "--workers", "1",
                  "--subject", f"{PLANTED}:WrongValue", "--budget", "25s",
                  "--shrink-budget", "15s", "--out", str(out), "--db", str(tmp_path / "db"),
                  timeout=300)
    assert done.returncode == 1, done.stderr[-3000:]
    assert "Ray (a local instance): 2 actors x 1 worker" in done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["programs"] > 0 and summary["stopped"] == "budget"
    assert sum(summary["verdicts"].values()) == summary["programs"]
    wrong = [f for f in summary["failures"] if f["signature"] == WRONG_VALUE]
    assert len(wrong) == 1, summary["failures"]
    assert wrong[0]["repro_lines"] <= 12 and wrong[0]["reproduced"] is True
    shrunk = (out / wrong[0]["repro"]).parent.joinpath("shrunk.py").read_text()
    assert "abs(" in shrunk
    finding = json.loads((out / wrong[0]["repro"]).parent.joinpath("finding.json").read_text())
    attempts = finding["shrink"]["attempts"]
    assert attempts > 0
    # every program drawn and every shrink attempt was checked on the actors
    checks = [line for line in done.stderr.splitlines() if line.startswith("Ray: ")]
    assert checks and int(checks[-1].split()[1]) >= summary["programs"] + attempts, checks


@pytest.fixture(scope="module")
def two_nodes():
    """A Ray cluster of two nodes on this machine (one CPU each); yields it and its second
    node, which the last test of the module takes away."""
    ray = pytest.importorskip("ray", reason=NO_RAY)
    from ray.cluster_utils import Cluster

    small = {"num_cpus": 1, "object_store_memory": 80 * 1024 * 1024}
    cluster = Cluster(initialize_head=True, head_node_args={**small, "include_dashboard": False})
    try:
        second = cluster.add_node(**small)
        ray.init(address=cluster.address, log_to_driver=False,
                 runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}})
        yield cluster, second
    finally:
        ray.shutdown()
        cluster.shutdown()


def _tasks(tmp_path: Path):
    """12 programs (every third calls abs) under WrongValue and under SlowCompile (1.5 s a
    check), and the verdicts they must get."""
    from oracle.app.pool import Task

    wrong, slow = f"{PLANTED}:WrongValue", f"{PLANTED}:SlowCompile"
    paths = [_program(tmp_path, i, "abs" if i % 3 == 0 else "sin") for i in range(12)]
    tasks = [Task(p, wrong) for p in paths] + [Task(p, slow) for p in paths]
    want = [(p, wrong, Verdict.MISMATCH_VALUE if i % 3 == 0 else Verdict.PASS)
            for i, p in enumerate(paths)] + [(p, slow, Verdict.PASS) for p in paths]
    return paths, tasks, sorted(want)


def _program(tmp_path: Path, i: int, op: str) -> str:
    path = tmp_path / f"p{i}.py"
    path.write_text("import torch\n\n\ndef program(x):\n"
                    f"    return x.{op}() * 2\n\n\n"
                    "def calls():\n    yield (torch.linspace(-1, 1, 8),), {}\n")
    return str(path)


@pytest.mark.slow
def test_killed_and_wedged_ray_workers_lose_no_result(two_nodes, tmp_path, monkeypatch):
    """Kill the process of one actor with checks in flight and stop the other's (a wedged
    actor, or a node cut off): their checks are checked again by the replacements, every task
    gets its own verdict (none is blamed for the lost process), and both actors are replaced."""
    from oracle.app import cluster_ray
    from oracle.app.cluster_ray import RayPool

    monkeypatch.setattr(cluster_ray, "SILENT_SLACK", 0.0)  # silent for 2 x 5 s: wedged
    _, tasks, want = _tasks(tmp_path)
    with RayPool(ClusterSpec(None, 2, 1), timeout=5) as pool:
        pool.wait_ready()
        killed, stopped = pool.actor_pids()
        threading.Timer(3.0, os.kill, (killed, signal.SIGKILL)).start()
        threading.Timer(3.0, os.kill, (stopped, signal.SIGSTOP)).start()
        results = list(pool.run(tasks))
        assert pool.requeued >= 2 and pool.restarts >= 2, (pool.requeued, pool.restarts)
        pids = pool.actor_pids()
        assert killed not in pids and stopped not in pids and len(pids) == 2
    assert sorted((r.program, r.subject, r.verdict) for r in results) == want


@pytest.mark.slow
def test_a_campaign_goes_on_past_a_killed_ray_worker(two_nodes, tmp_path):
    from generators.draw import Drawer
    from oracle.app.ast_lock import serialised_compile
    from oracle.app.campaign import Campaign, Config
    from oracle.app.cluster_ray import RayPool

    config = Config(subjects=[f"{PLANTED}:WrongValue"], budget=20, workers=1, seed=3,
                    out=tmp_path / "run", shrink_budget=10, progress=False)
    with RayPool(ClusterSpec(None, 2, 1), timeout=10) as pool:
        pool.wait_ready()
        victim = pool.actor_pids()[1]
        killer = threading.Timer(6.0, os.kill, (victim, signal.SIGKILL))
        killer.start()
        started = time.monotonic()
        with serialised_compile():
            Campaign(config, pool, Drawer(None, 3, str(tmp_path / "db"))).run()
        assert time.monotonic() - started >= 20
        assert pool.restarts >= 1
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert sum(summary["verdicts"].values()) == summary["programs"] > 0
    assert "abort" not in summary["verdicts"]
    wrong = [f for f in summary["failures"] if f["signature"] == WRONG_VALUE]
    assert len(wrong) == 1 and wrong[0]["repro_lines"] <= 12, summary["failures"]


@pytest.mark.slow
def test_a_lost_node_loses_no_result(two_nodes, tmp_path):
    """Take a node away with an actor's checks in flight: its checks go to the actor on the
    node left, which checks every task; the lost node's actor is dropped, not restarted.
    (Last in the module: the cluster keeps one node after it.)"""
    from oracle.app.cluster_ray import RayPool

    cluster, second = two_nodes
    _, tasks, want = _tasks(tmp_path)
    with RayPool(ClusterSpec(None, None, 1), timeout=10) as pool:  # one actor per node
        pool.wait_ready()
        assert len({actor.node for actor in pool.actors}) == 2
        threading.Timer(3.0, cluster.remove_node, (second,)).start()
        results = list(pool.run(tasks))
        assert pool.requeued >= 1 and pool.restarts == 0 and len(pool.actors) == 1
    assert sorted((r.program, r.subject, r.verdict) for r in results) == want
