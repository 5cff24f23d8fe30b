"""Long-lived worker processes that check programs in isolation (torch is imported once each).

A program that hangs, kills its process (abort, segfault) or exhausts memory gets `timeout` or
`abort` for itself only; its worker is replaced and the run goes on.
"""

from __future__ import annotations

import collections
import functools
import multiprocessing
import os
import signal
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait

from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

DEFAULT_TIMEOUT = 30.0
STARTUP_TIMEOUT = 300.0
# A worker's first traced task (guided campaigns) also starts the branch tracer and imports the
# subject under it: it gets this much longer, so that a loaded machine does not turn that into
# a timeout, a replaced worker, and the same start again.
FIRST_TRACED_GRACE = 90.0


# Workers fork from a server that has imported these once: replacing a worker after a
# timeout or a crash then costs milliseconds, not a fresh `import torch`. torch's compiler
# stack and ours are among them: importing either in a fresh worker takes seconds, and more
# than a check's time limit on a loaded machine, where a worker replaced after that timeout
# would start cold again.
PRELOAD = [
    "torch", "torch._dynamo", "compiler", "oracle.judge.differential", "oracle.judge.subjects"]


def _worker_context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


@dataclass(frozen=True)
class Task:
    path: str
    subject: str  # a spec, resolved inside the worker
    timeout: float | None = None  # None: the pool's; else this task's own limit
    coverage_of: str | None = None  # a package whose newly taken arcs the result reports


def _serve(conn: Connection, memory_mb: int | None, quiet: bool) -> None:
    """The worker's loop: receive a Task, send back its Result, until told to stop."""
    if memory_mb:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # The parent owns interruption: Ctrl-C reaches the whole process group, and a campaign
    # stops cleanly only if its workers do not die under the task they are running.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if quiet:  # programs and compilers print and warn; the parent's output stays a report
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
    from oracle.judge import differential, subjects

    resolved: dict[str, subjects.Subject] = {}
    conn.send("ready")
    while True:
        task = conn.recv()
        if task is None:
            return
        try:
            subject = resolved.get(task.subject) or subjects.resolve(task.subject)
            resolved[task.subject] = subject
            if task.coverage_of:  # a guided campaign (oracle/app/branch_tracer.py)
                from oracle.app.branch_tracer import traced

                result, arcs = traced(task.coverage_of, functools.partial(
                    differential.check, task.path, subject, label=task.subject))
                result.arcs = arcs
            else:
                result = differential.check(task.path, subject, label=task.subject)
        except Exception as exc:  # the oracle's own failure must not kill the run silently
            result = Result(task.path, task.subject, Verdict.CRASH, type(exc).__name__,
                            f"the oracle failed on this program: {exc!r}")
        conn.send(result)


class _Worker:
    def __init__(self, context, memory_mb: int | None, quiet: bool):
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, memory_mb, quiet),
                                       daemon=True)
        self.process.start()
        child.close()
        self.ready = False
        self.task: Task | None = None
        self.deadline = time.monotonic() + STARTUP_TIMEOUT
        self.started = 0.0
        self.limit = 0.0
        self.traced = False

    def give(self, task: Task, timeout: float) -> None:
        self.task, self.started = task, time.monotonic()
        self.limit = task.timeout or timeout
        if task.coverage_of and not self.traced:
            self.limit, self.traced = self.limit + FIRST_TRACED_GRACE, True
        self.deadline = self.started + self.limit
        self.conn.send(task)

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()


class WorkerPool:
    """`run(tasks)` yields one Result per task, in completion order."""

    def __init__(self, workers: int = 1, timeout: float = DEFAULT_TIMEOUT,
                 memory_mb: int | None = None, quiet: bool = True):
        self.timeout = timeout
        self._context = _worker_context()
        self._spawn = lambda: _Worker(self._context, memory_mb, quiet)
        self._workers = [self._spawn() for _ in range(max(1, workers))]
        self.restarts = 0

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for worker in self._workers:
            try:
                worker.conn.send(None)
            except OSError:
                pass
        for worker in self._workers:
            worker.process.join(2)
            worker.kill()
        self._workers = []

    def run(self, tasks: Iterable[Task]) -> Iterator[Result]:
        pending = collections.deque(tasks)
        while pending or any(w.task for w in self._workers):
            for worker in self._workers:
                if worker.ready and worker.task is None and pending:
                    worker.give(pending.popleft(), self.timeout)
            yield from self._collect()

    def wait_ready(self) -> None:
        """Block until every worker has started (imported torch and the oracle); a worker
        that fails to start raises, as it would at its first task."""
        while not all(w.ready for w in self._workers):
            for _ in self._collect(1.0):
                pass  # only "ready" messages arrive: no task was given

    @property
    def size(self) -> int:
        return len(self._workers)

    # Incremental use, for a producer that cannot list its tasks up front (a fuzz campaign).
    def idle(self) -> int:
        return sum(1 for w in self._workers if w.ready and w.task is None)

    def busy(self) -> int:
        return sum(1 for w in self._workers if w.task is not None)

    def submit(self, task: Task) -> bool:
        """Give `task` to an idle worker; False when none is idle."""
        for worker in self._workers:
            if worker.ready and worker.task is None:
                worker.give(task, self.timeout)
                return True
        return False

    def collect(self, max_wait: float = 0.5) -> list[Result]:
        """Results that arrive within `max_wait` seconds (workers starting up count as busy)."""
        if not any(w.task or not w.ready for w in self._workers):
            return []
        return list(self._collect(max_wait))

    def _collect(self, max_wait: float | None = None) -> Iterator[Result]:
        now = time.monotonic()
        waiting = [w for w in self._workers if w.task or not w.ready]
        soonest = min((w.deadline for w in waiting), default=now + 1)
        if max_wait is not None:
            soonest = min(soonest, now + max_wait)
        ready = wait([w.conn for w in waiting], timeout=max(0.0, soonest - now))
        for worker in list(waiting):
            if worker.conn in ready:
                result = self._receive(worker)
            elif time.monotonic() >= worker.deadline:
                result = self._lost(worker, Verdict.TIMEOUT)
            else:
                continue
            if result is not None:
                yield result

    def _receive(self, worker: _Worker) -> Result | None:
        try:
            message = worker.conn.recv()
        except (EOFError, OSError):
            return self._lost(worker, Verdict.ABORT)
        if message == "ready":
            worker.ready = True
            return None
        worker.task = None
        return message

    def _lost(self, worker: _Worker, verdict: Verdict) -> Result | None:
        """The worker hung or died: blame its task, if it had one, and replace it."""
        task = worker.task
        worker.kill()
        self._workers[self._workers.index(worker)] = self._spawn()
        self.restarts += 1
        if task is None:
            raise RuntimeError(f"a worker failed to start ({_death(worker.process)})")
        elapsed = time.monotonic() - worker.started
        if verdict is Verdict.TIMEOUT:
            message = f"no result after {elapsed:.1f} s (limit {worker.limit:g} s); killed"
            detail = "timeout"
        else:
            detail = _death(worker.process)
            message = f"the worker process died after {elapsed:.1f} s: {detail}"
        return Result(task.path, task.subject, verdict, detail, message, seconds=elapsed)


def _death(process) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return f"signal {-code}"
    return f"exit status {code}"
