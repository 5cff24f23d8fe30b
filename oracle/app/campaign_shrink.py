"""A campaign's shrinking thread: shrinks each new finding while drawing goes on, its
candidates checked in the campaign's shared pool, then runs the finding's repro standalone.

First findings of a key come before tentative ones (a second program of a known key that may
be another bug), and both before repros waiting only to be verified. With nothing of these
waiting while drawing goes on, it probes: shrinks a program that was counted into a shrunk
finding only by containing its constructs (oracle/app/campaign_probes.py), and gives up the probe
as soon as a finding to shrink arrives. Once drawing has stopped,
the remaining shrinks share a grace period; a finding it does not reach keeps its original
program as the repro, still verified. Probing goes on after them within the budget's share
of the grace (not its minimum: a short campaign does not wait for probes).
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from typing import TYPE_CHECKING

from oracle.app import buckets, campaign_report
from oracle.app.pool import Task
from oracle.app.pool_share import Closed
from oracle.app.shrinking import shrink
from oracle.judge.verdict import Verdict

if TYPE_CHECKING:
    from oracle.app.campaign import Campaign, Finding

MIN_SHRINK_SECONDS = 15.0  # a finding near the end of the budget still gets this much
GRACE_MIN = 60.0           # shrinking after the budget: at least this long in all ...
GRACE_SHARE = 0.25         # ... or this share of the budget
CONFIRM_FACTOR = 3.0       # a timeout is re-run with this many times the limit
IDLE_POLL = 0.5           # seconds without work before the thread looks for a probe
_FIRST, _TENTATIVE, _VERIFY, _END = 0, 1, 2, 9


class ShrinkThread(threading.Thread):
    def __init__(self, campaign: Campaign):
        super().__init__(name="parity-shrink", daemon=True)
        self.campaign = campaign
        self.queue: queue.PriorityQueue = queue.PriorityQueue()
        self.order = itertools.count()

    def add(self, finding: Finding) -> None:
        self.queue.put((_TENTATIVE if finding.tentative else _FIRST, next(self.order), finding))

    def verify_later(self, finding: Finding) -> None:
        self.queue.put((_VERIFY, next(self.order), finding))

    def finish(self) -> None:
        """No more findings will come from drawing: stop once the queue is empty."""
        self.queue.put((_END, next(self.order), None))

    def run(self) -> None:
        while True:
            try:
                kind, _, finding = self.queue.get(timeout=IDLE_POLL)
            except queue.Empty:
                kind, finding = None, None
            if kind is None or kind == _END:
                try:
                    probed = self._probe()
                except Closed:
                    return
                except Exception as exc:  # a probe's trouble leaves its program where it is
                    self.campaign.report.note(f"probing failed: {type(exc).__name__}: {exc}")
                    probed = kind is None
                if kind is None:
                    continue
                if not probed:
                    return
                self.queue.put((_END, next(self.order), None))  # what probing queued first
                continue
            try:
                if kind == _VERIFY:
                    self._verify(finding)
                else:
                    self._shrink(finding)
            except Closed:
                return
            except Exception as exc:  # one finding's trouble must not end shrinking for all
                self._failed(finding, exc)

    def _shrink(self, finding: Finding) -> None:
        c = self.campaign
        with c.lock:
            if not c.holds(finding) or c.absorb(finding):
                return
        if finding.result.verdict is Verdict.TIMEOUT and not self._hangs_again(finding):
            with c.lock:
                c.withdraw(finding, f"finished when given {CONFIRM_FACTOR:g}x the time limit: "
                           "slow, not hung")
            return
        budget = self._budget()
        if budget is None or c.interrupted:
            with c.lock:
                finding.core = buckets.constructs(finding.source)
                finding.shrink_stats = {"stopped": "no time left to shrink"}
            self._verify(finding)
            return
        c.report.shrinking(finding, budget)
        shrunk = shrink(finding.source, finding.result.subject, finding.result, c.pool, budget,
                        should_stop=lambda: c.interrupted or c.pool.closed)
        stats = shrunk.result.as_dict() if shrunk.result else {
            "attempts": shrunk.attempts, "stopped": "interrupted"}
        with c.lock:
            c.shrunk(finding, shrunk.source, stats, shrunk.last)
            merged = not c.holds(finding)
        if not merged:
            self._verify(finding)

    def _probe(self) -> bool:
        """Shrink the next absorbed program when nothing else waits (after drawing, within
        the budget's share of the grace); a probe that a finding to shrink interrupts goes
        back to its candidates. Did it probe?"""
        c = self.campaign
        budget = c.config.shrink_budget if c.pool.drawing else self._probe_budget()
        if budget is None or not c.config.shrink or c.interrupted:
            return False
        with c.lock:
            probe = c.next_probe()
        if probe is None:
            return False
        c.report.note(f"probing a program counted into {probe.probe_of.slug}")
        shrunk = shrink(probe.repro_source or probe.source, probe.result.subject, probe.result,
                        c.pool, budget,
                        should_stop=lambda: c.interrupted or c.pool.closed or self._needed())
        if shrunk.result is None:
            with c.lock:
                c.probes.give_back(probe.probe_of, probe, shrunk.source)
            return True
        with c.lock:
            split = c.probed(probe, shrunk.source, shrunk.result.as_dict(), shrunk.last)
        if split:
            self._verify(probe)
        return True

    def _probe_budget(self) -> float | None:
        """After drawing: what is left of the budget's share of the grace, if enough."""
        c = self.campaign
        left = c.deadline + GRACE_SHARE * c.config.budget - time.monotonic()
        return min(c.config.shrink_budget, left) if left >= MIN_SHRINK_SECONDS else None

    def _needed(self) -> bool:
        """Is a finding waiting to be shrunk (a probe gives way to it)?"""
        with self.queue.mutex:
            return any(item[0] in (_FIRST, _TENTATIVE) for item in self.queue.queue)

    def _hangs_again(self, finding: Finding) -> bool:
        """A timeout is reported only if the program hangs again with more time: a slow
        compile on a loaded machine is no hang."""
        c = self.campaign
        path = c.work / f"confirm_{finding.slug}.py"
        path.write_text(finding.source)
        limit = c.config.timeout * CONFIRM_FACTOR
        try:
            results = c.pool.run([Task(str(path), finding.result.subject, limit)])
        finally:
            path.unlink(missing_ok=True)
        return any(r.verdict is Verdict.TIMEOUT for r in results)

    def _failed(self, finding: Finding, exc: Exception) -> None:
        c = self.campaign
        with c.lock:
            finding.core = finding.core or buckets.constructs(finding.source)
            finding.shrink_stats = {"stopped": f"shrinking failed: {type(exc).__name__}: {exc}"}
            if c.holds(finding):
                campaign_report.write_info(c, finding)
        c.report.note(f"shrinking {finding.slug} failed: {type(exc).__name__}: {exc}")

    def _budget(self) -> float | None:
        c = self.campaign
        if c.pool.drawing:
            return c.config.shrink_budget
        now = time.monotonic()
        grace_end = c.deadline + max(GRACE_MIN, GRACE_SHARE * c.config.budget)
        if now >= grace_end - 1.0:
            return None
        left = max(c.deadline - now, MIN_SHRINK_SECONDS)
        return min(c.config.shrink_budget, left, grace_end - now)

    def _verify(self, finding: Finding) -> None:
        c = self.campaign
        if not c.config.verify or c.interrupted or not c.holds(finding):
            return
        outcome = campaign_report.verify_repro(c, finding)
        with c.lock:
            finding.reproduced = outcome
            if c.holds(finding):
                campaign_report.write_info(c, finding)
        c.report.verified(finding)
