"""A campaign's checks on a Ray cluster: `parity fuzz --cluster ray|ray://HOST:PORT`.

One actor per node (or `--actors N`, dealt round-robin over the nodes) owns a local worker pool
of its own (oracle/app/pool.py): the same forkserver isolation, per-program timeouts and crash
survival as a local campaign, since a program that hangs or kills its process takes down only
its worker inside the actor, never the actor. The driver, `RayPool`, offers WorkerPool's
incremental interface (size, idle, busy, submit, collect, run), so oracle/app/pool_share.py and the
campaign use it unchanged: drawing, deduplication, writing findings and shrinking stay in the
driver, and shrink candidates are checked on the cluster like drawn programs.

A program travels as its source: the actor writes it under its own temporary folder (same file
name) and its Result comes back naming the driver's path. Losing an actor (its process killed,
its node gone, or silent far past its task's limit) blames no program: its checks in flight go
back to the front of the queue for the other actors, and the actor is replaced on its node while
that node is alive (at most MAX_REPLACEMENTS times a node), otherwise dropped. A check lost with
MAX_TRIES actors in turn comes back as `abort`. The campaign stops only when no actor is left.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import os
import queue
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import ray
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from oracle.app.cluster_spec import ClusterError, ClusterSpec
from oracle.app.pool import STARTUP_TIMEOUT, Task, WorkerPool
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

OBJECT_STORE_BYTES = 80 * 1024 * 1024   # a local instance: results are small, so is the store
MAX_REPLACEMENTS = 5                    # actors started again on one node
MAX_TRIES = 3                           # actors one check may be lost with
SILENT_FACTOR, SILENT_SLACK = 2.0, 300.0  # no answer after limit x 2 + 300 s: a wedged actor
STARTUP_LIMIT = 2 * STARTUP_TIMEOUT + 60.0  # an actor's start (its workers' included)


def connect(spec: ClusterSpec) -> bool:
    """Join the cluster of `spec` (start a local instance for address None); True when this
    call started Ray, so that closing should stop it. Already connected: False."""
    if ray.is_initialized():
        return False
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the one-line error below says it, once
            if spec.address:
                ray.init(address=spec.address, **quiet)
            else:
                here = [os.getcwd(), str(Path(__file__).resolve().parents[2])]
                path = os.pathsep.join(here + [p for p in [os.environ.get("PYTHONPATH")] if p])
                ray.init(address="local", num_cpus=os.cpu_count() or 1,
                         object_store_memory=OBJECT_STORE_BYTES, include_dashboard=False,
                         runtime_env={"env_vars": {"PYTHONPATH": path}}, **quiet)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError ...
        where = spec.address or "a local instance"
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ClusterError(f"cannot start or reach Ray ({where}): {first}") from None
    return True


class CheckActor:
    """On a node: `workers` single-worker pools, one per concurrent call of `check`."""

    def __init__(self, workers: int, timeout: float):
        self.folder = tempfile.mkdtemp(prefix="parity-actor-")
        self.pools = [WorkerPool(1, timeout) for _ in range(workers)]
        for pool in self.pools:  # started before the first check: no check waits for torch
            while pool.idle() < pool.size:
                pool.collect(1.0)
        self.free: queue.Queue[WorkerPool] = queue.Queue()
        for pool in self.pools:
            self.free.put(pool)

    def pid(self) -> int:
        return os.getpid()

    def check(self, source: str, task: Task) -> Result:
        """`task` as the driver made it; its program is written here from `source`."""
        path = task.path
        folder = tempfile.mkdtemp(dir=self.folder)
        here = os.path.join(folder, os.path.basename(path))
        Path(here).write_text(source)
        pool = self.free.get()
        try:
            result = next(iter(pool.run([dataclasses.replace(task, path=here)])))
        finally:
            self.free.put(pool)
            shutil.rmtree(folder, ignore_errors=True)
        result.program = path
        result.message = result.message.replace(here, path)
        return result


@dataclass(eq=False)  # one per actor started: told apart by identity
class _Actor:
    handle: object
    node: str
    slots: int
    started: object                            # the ref of its pid: ready once it resolves
    calls: set = field(default_factory=set)    # its object refs in flight
    pid: int | None = None
    ready_at: float | None = None              # when this driver saw it ready
    since: float = field(default_factory=time.monotonic)

    @property
    def free(self) -> int:
        return self.slots - len(self.calls)


@dataclass
class _Call:
    task: Task
    source: str
    actor: _Actor | None
    sent: float = 0.0
    silent: float = 0.0    # no answer for this long once sent to a ready actor: wedged
    tries: int = 0


class RayPool:
    """WorkerPool's interface over one CheckActor per node (or `spec.actors` of them)."""

    def __init__(self, spec: ClusterSpec, timeout: float = 10.0,
                 log: Callable[[str], None] | None = None):
        self.spec, self.timeout, self.log = spec, timeout, log or (lambda line: None)
        self.started_ray = connect(spec)
        self._remote = ray.remote(CheckActor)
        self.actors: list[_Actor] = []
        self.calls: dict[object, _Call] = {}
        self.requeue: collections.deque[_Call] = collections.deque()
        self.lost_results: list[Result] = []
        self.replaced: collections.Counter[str] = collections.Counter()
        self.checks = self.restarts = self.requeued = 0
        try:
            alive = _alive_nodes()  # a head kept free of work declares no CPU: skip it
            nodes = [n for n in alive if n["Resources"].get("CPU", 0) >= 1] or alive
            if not nodes:
                raise ClusterError(f"{spec.describe()} has no live node")
            count = spec.actors or len(nodes)
            for i in range(count):
                node = nodes[i % len(nodes)]
                self._start(node["NodeID"], spec.workers or int(node["Resources"].get("CPU", 1)))
        except BaseException:
            self.close()
            raise
        self.log(f"{spec.describe()}: {self._shape()} on {len(nodes)} node"
                 f"{'s' if len(nodes) != 1 else ''}")

    def _shape(self) -> str:
        slots = {a.slots for a in self.actors}
        if len(slots) == 1:
            (each,) = slots
            return (f"{len(self.actors)} actor{'s' if len(self.actors) != 1 else ''} x {each} "
                    f"worker{'s' if each != 1 else ''}")
        return f"{len(self.actors)} actors, {self.size} workers in all"

    def _start(self, node: str, slots: int) -> None:
        strategy = NodeAffinitySchedulingStrategy(node, soft=False)
        handle = self._remote.options(scheduling_strategy=strategy, num_cpus=0,
                                      max_concurrency=max(1, slots) + 1,
                                      max_restarts=0).remote(max(1, slots), self.timeout)
        self.actors.append(_Actor(handle, node, max(1, slots), handle.pid.remote()))

    # -- the pool's interface --------------------------------------------------------------------
    def __enter__(self) -> RayPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def size(self) -> int:
        return sum(a.slots for a in self.actors)

    def idle(self) -> int:
        self._resend()
        return 0 if self.requeue else sum(a.free for a in self.actors)

    def busy(self) -> int:
        return len(self.calls) + len(self.requeue)

    def submit(self, task: Task) -> bool:
        if self.requeue:
            return False
        return self._send(_Call(task, Path(task.path).read_text(), None))

    def collect(self, max_wait: float = 0.5) -> list[Result]:
        self._resend()
        results: list[Result] = []
        refs = list(self.calls)
        ready, _ = ray.wait(refs, num_returns=1, timeout=max_wait) if refs else ([], [])
        if ready:
            ready, _ = ray.wait(refs, num_returns=len(refs), timeout=0)
        for ref in ready:
            call = self.calls.get(ref)
            if call is None:  # lost with its actor a moment ago: requeued
                continue
            try:
                result = ray.get(ref)
            except ray.exceptions.RayError as exc:
                self._lose(call.actor, _why(exc))
                continue
            del self.calls[ref]
            call.actor.calls.discard(ref)
            self.checks += 1
            results.append(result)
        self._watch()
        self._resend()
        results.extend(self.lost_results)
        self.lost_results = []
        return results

    def run(self, tasks: Iterable[Task]) -> Iterator[Result]:
        pending = collections.deque(tasks)
        while pending or self.busy() or self.lost_results:
            while pending and self.submit(pending[0]):
                pending.popleft()
            yield from self.collect(0.5)

    def wait_ready(self) -> None:
        """Block until every actor has started its workers."""
        start = time.monotonic()
        self.actor_pids()
        self.log(f"Ray: {len(self.actors)} actors ready after {time.monotonic() - start:.1f} s")

    def actor_pids(self) -> list[int]:
        """The process of each live actor (waits for those still starting)."""
        for actor in list(self.actors):
            self._ready(actor, None)
        if any(a.pid is None for a in self.actors):
            return self.actor_pids()
        return [a.pid for a in self.actors]

    def _ready(self, actor: _Actor, wait: float | None) -> bool:
        """Has the actor started (its workers too)? Waits up to `wait` (None: until it has or
        is lost)."""
        if actor.ready_at is None:
            done, _ = ray.wait([actor.started], timeout=wait)
            if not done:
                return False
            try:
                actor.pid = ray.get(actor.started)
            except ray.exceptions.RayError as exc:
                self._lose(actor, _why(exc))
                return False
            actor.ready_at = time.monotonic()
        return True

    def _watch(self) -> None:
        """Lose the actors that did not start in time, or that went silent while ready."""
        now = time.monotonic()
        for actor in list(self.actors):
            if not self._ready(actor, 0):
                if actor in self.actors and now - actor.since > STARTUP_LIMIT:
                    self._lose(actor, f"not started after {STARTUP_LIMIT:g} s")
                continue
            calls = [self.calls[ref] for ref in actor.calls if ref in self.calls]
            if any(now > max(c.sent, actor.ready_at) + c.silent for c in calls):
                self._lose(actor, "no answer long past its checks' time limit")

    def close(self) -> None:
        for actor in self.actors:
            _kill(actor.handle)
        if self.actors:
            self.log(f"Ray: {self.checks} checks on the cluster; {self.restarts} actors "
                     f"replaced, {self.requeued} checks requeued")
        self.actors, self.calls = [], {}
        if self.started_ray:
            self.started_ray = False
            ray.shutdown()

    # -- sending, and losing an actor ------------------------------------------------------------
    def _send(self, call: _Call) -> bool:
        actor = max(self.actors, key=lambda a: a.free, default=None)
        if actor is None or actor.free <= 0:
            return False
        task = call.task
        ref = actor.handle.check.remote(call.source, task)
        limit = task.timeout or self.timeout
        call.actor, call.sent = actor, time.monotonic()
        call.silent = limit * SILENT_FACTOR + SILENT_SLACK
        actor.calls.add(ref)
        self.calls[ref] = call
        return True

    def _resend(self) -> None:
        if self.requeue and not self.actors:
            raise ClusterError(f"{self.spec.describe()}: every actor was lost and none can "
                               "be started again")
        while self.requeue and self._send(self.requeue[0]):
            self.requeue.popleft()

    def _lose(self, actor: _Actor, why: str) -> None:
        """The actor is gone or wedged: requeue its checks, replace it while its node lives."""
        if actor not in self.actors:
            return
        self.actors.remove(actor)
        _kill(actor.handle)
        lost = [self.calls.pop(ref) for ref in actor.calls if ref in self.calls]
        for call in lost:
            call.tries += 1
            if call.tries >= MAX_TRIES:
                self.lost_results.append(_abort(call))
            else:
                self.requeue.appendleft(call)
                self.requeued += 1
        alive = {n["NodeID"]: n for n in _alive_nodes()}
        again = actor.node in alive and self.replaced[actor.node] < MAX_REPLACEMENTS
        if again:
            self.replaced[actor.node] += 1
            self.restarts += 1
            self._start(actor.node, actor.slots)
        self.log(f"Ray: an actor on node {actor.node[:12]} was lost ({why}); "
                 f"{len(lost)} checks requeued; {'replaced' if again else 'dropped'}")
        self._resend()


def _alive_nodes() -> list[dict]:
    return sorted((n for n in ray.nodes() if n.get("Alive")), key=lambda n: n["NodeID"])


def _kill(handle) -> None:
    try:
        ray.kill(handle, no_restart=True)
    except Exception:  # already dead, or the cluster is gone: nothing left to stop
        pass


def _why(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0][:160]}" if lines else type(exc).__name__


def _abort(call: _Call) -> Result:
    task = call.task
    return Result(task.path, task.subject, Verdict.ABORT, "lost with its Ray actor",
                  f"the check was lost with {call.tries} Ray actors in turn")
