"""One worker pool shared by a campaign's two users: drawing (the main thread) and shrinking
(a thread of its own), so that shrinking runs beside drawing instead of stopping it.

The main thread owns the pool: it calls `pump` to hand out tasks and to route results back.
The shrinking thread calls `run(tasks)` (the interface of WorkerPool.run that the shrinker
uses), which queues its tasks and waits until the main thread has pumped their results in.
While drawing goes on, shrink tasks get at most half of the workers (at least one).
"""

from __future__ import annotations

import collections
import threading

from oracle.app.pool import Task, WorkerPool
from oracle.judge.differential import Result


class Closed(Exception):
    """The campaign is ending: the waiting shrink batch gets no results."""


class _Batch:
    def __init__(self, size: int):
        self.left = size
        self.results: list[Result] = []
        self.done = threading.Event()


class SharedPool:
    def __init__(self, pool: WorkerPool):
        self.pool = pool
        self.lock = threading.Lock()
        self.shrink_queue: collections.deque[tuple[Task, _Batch]] = collections.deque()
        self.waiting: dict[tuple[str, str], _Batch] = {}
        self.shrink_running = 0
        self.drawing = True
        self.closed = False

    @property
    def size(self) -> int:
        return self.pool.size

    # -- the shrinking thread ------------------------------------------------------------------
    def run(self, tasks: list[Task]) -> list[Result]:
        tasks = list(tasks)
        batch = _Batch(len(tasks))
        with self.lock:
            if self.closed:
                raise Closed
            self.shrink_queue.extend((t, batch) for t in tasks)
        if tasks:
            batch.done.wait()
        if self.closed and batch.left:
            raise Closed
        return batch.results

    # -- the main thread -----------------------------------------------------------------------
    def pump(self, draw_queue: collections.deque[Task], max_wait: float = 0.5,
             drawing: bool = False) -> list[Result]:
        """Hand tasks to idle workers (shrinking first, within its share), collect what
        finished, route shrink results to their batch; returns the drawing results. With
        `drawing`, it does not wait once the draw queue is handed out: the caller draws the
        next program while the workers check."""
        self._submit(draw_queue)
        wait = 0.0 if drawing and not draw_queue else max_wait
        drawn = []
        for result in self.pool.collect(wait):
            batch = self._batch_of(result)
            if batch is None:
                drawn.append(result)
            else:
                self._deliver(batch, result)
        self._submit(draw_queue)
        return drawn

    def _submit(self, draw_queue: collections.deque[Task]) -> None:
        share = max(1, self.size // 2) if self.drawing and draw_queue else self.size
        while self.pool.idle():
            with self.lock:
                take = self.shrink_queue and self.shrink_running < share
                item = self.shrink_queue.popleft() if take else None
                if item is not None:
                    task, batch = item
                    self.waiting[(task.path, task.subject)] = batch
                    self.shrink_running += 1
            if item is not None:
                self.pool.submit(item[0])
            elif draw_queue:
                self.pool.submit(draw_queue.popleft())
            else:
                return

    def _batch_of(self, result: Result) -> _Batch | None:
        with self.lock:
            batch = self.waiting.pop((result.program, result.subject), None)
            if batch is not None:
                self.shrink_running -= 1
            return batch

    @staticmethod
    def _deliver(batch: _Batch, result: Result) -> None:
        batch.results.append(result)
        batch.left -= 1
        if batch.left == 0:
            batch.done.set()

    def busy(self) -> bool:
        with self.lock:
            return bool(self.pool.busy() or self.shrink_queue)

    def close(self) -> None:
        """Wake every waiting shrink batch: the campaign is over."""
        with self.lock:
            self.closed = True
            batches = {id(b): b for _, b in self.shrink_queue} | {
                id(b): b for b in self.waiting.values()}
            self.shrink_queue.clear()
        for batch in batches.values():
            batch.done.set()
