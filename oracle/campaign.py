"""`parity fuzz`: draw programs (oracle/draw.py), check them in the worker pool against each
subject, deduplicate failures by shrink key, and shrink and write each new one as it is found.

Drawing happens in this process while the workers check; the loop submits a program's tasks as
workers free up. Shards: program k of the seeded stream belongs to shard k mod N (replays of the
example database belong to every shard), so with one seed the shards together check exactly the
programs one unsharded campaign would, each shard drawing the whole stream.
"""

from __future__ import annotations

import collections
import signal
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from oracle import campaign_report, known_issues, repro
from oracle.differential import Result
from oracle.draw import Drawer, StopDrawing
from oracle.pool import Task, WorkerPool
from oracle.shrinking import shrink, shrink_key

MIN_SHRINK_SECONDS = 15.0  # a finding near the end of the budget still gets this much
SUMMARY_EVERY = 5.0


@dataclass
class Config:
    subjects: list[str]
    budget: float
    workers: int
    seed: int = 0
    features: tuple[str, ...] | None = None
    shard: tuple[int, int] = (0, 1)
    out: Path = Path(".parity/runs/latest")
    db: str | None = ".parity/db"
    shrink: bool = True
    shrink_budget: float = 30.0
    timeout: float = 10.0
    known: list[known_issues.KnownIssue] = field(default_factory=list)
    progress: bool = True


@dataclass
class Finding:
    key: str
    result: Result          # the first program that failed this way
    source: str
    slug: str
    found_at: float
    choices: tuple = ()
    count: int = 1
    known: known_issues.KnownIssue | None = None
    repro_source: str | None = None  # the shrunk program, once shrunk
    shrink_stats: dict | None = None


class Campaign:
    def __init__(self, config: Config, pool: WorkerPool, drawer: Drawer):
        self.config, self.pool, self.drawer = config, pool, drawer
        self.started = time.monotonic()
        self.deadline = self.started + config.budget
        self.index = 0
        self.programs = 0
        self.verdicts: Counter[str] = Counter()
        self.findings: dict[str, Finding] = {}
        self.queue: collections.deque[Task] = collections.deque()
        self.inflight: dict[str, list] = {}   # path -> [source, choices, results left]
        self.unshrunk: list[Finding] = []
        self.stopped: str | None = None       # "budget", "SIGINT", "SIGTERM"
        self.work = config.out / ".work"
        self.work.mkdir(parents=True, exist_ok=True)
        self.report = campaign_report.Reporter(self, config.progress)
        self.last_summary = 0.0

    # -- the Hypothesis body ------------------------------------------------------------------
    def offer(self, program, choices: tuple) -> None:
        k, self.index = self.index, self.index + 1
        self._tick()
        if self.stopped:
            raise StopDrawing
        if not belongs(k, self.drawer.replays, self.config.shard):
            return
        path = str(self.work / f"p{k}.py")
        Path(path).write_text(program.source)
        self.inflight[path] = [program.source, choices, len(self.config.subjects)]
        self.queue.extend(Task(path, spec) for spec in self.config.subjects)
        while self.queue and not self.stopped:
            while self.queue and self.pool.submit(self.queue[0]):
                self.queue.popleft()
            if self.queue:
                self._handle(self.pool.collect())
                self._tick()
        self._shrink_pending()

    def _tick(self) -> None:
        now = time.monotonic()
        if now >= self.deadline and not self.stopped:
            self.stopped = "budget"
        self.report.progress()
        if now - self.last_summary >= SUMMARY_EVERY:
            self.last_summary = now
            campaign_report.write_summary(self)

    # -- results ------------------------------------------------------------------------------
    def _handle(self, results: list[Result]) -> None:
        for result in results:
            entry = self.inflight.get(result.program)
            if entry is None:
                continue
            self.verdicts[str(result.verdict)] += 1
            if result.verdict.is_failure:
                self._failed(result, entry[0], entry[1])
            entry[2] -= 1
            if entry[2] == 0:
                self.programs += 1
                del self.inflight[result.program]
                Path(result.program).unlink(missing_ok=True)

    def _failed(self, result: Result, source: str, choices: tuple) -> None:
        key = shrink_key(result)
        found = self.findings.get(key)
        if found is not None:
            found.count += 1
            return
        self.drawer.save(choices)
        finding = Finding(key, result, source, _slug(key, self.findings), self.elapsed(),
                          choices, known=known_issues.match(self.config.known, key)
                          or known_issues.match(self.config.known, result.signature))
        self.findings[key] = finding
        campaign_report.write_finding(self, finding)
        self.report.found(finding)
        if self.config.shrink and finding.known is None:
            self.unshrunk.append(finding)

    def _drain(self, max_seconds: float = float("inf")) -> None:
        """Wait for the programs in flight (the pool is needed whole for shrinking)."""
        self.queue.clear()
        end = time.monotonic() + max_seconds
        while self.pool.busy() and time.monotonic() < end:
            self._handle(self.pool.collect())

    def _shrink_pending(self) -> None:
        if not self.unshrunk or self.stopped in ("SIGINT", "SIGTERM"):
            return
        self._drain()
        while self.unshrunk and self.stopped not in ("SIGINT", "SIGTERM"):
            finding = self.unshrunk.pop(0)
            left = max(self.deadline - time.monotonic(), MIN_SHRINK_SECONDS)
            budget = min(self.config.shrink_budget, left)
            self.report.shrinking(finding, budget)
            shrunk = shrink(finding.source, finding.result.subject, finding.key, self.pool,
                            budget, should_stop=lambda: self.stopped in ("SIGINT", "SIGTERM"),
                            on_progress=lambda _step: self.report.progress())
            finding.repro_source = shrunk.source
            finding.shrink_stats = shrunk.result.as_dict() if shrunk.result else {
                "attempts": shrunk.attempts, "stopped": "interrupted"}
            campaign_report.write_finding(self, finding, shrunk.last)
            self.report.shrunk(finding)

    # -- the run ------------------------------------------------------------------------------
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def stop(self, signum, _frame) -> None:
        self.stopped = signal.Signals(signum).name

    def run(self) -> None:
        previous = {s: signal.signal(s, self.stop) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            self.drawer.run(self.offer)
            interrupted = self.stopped in ("SIGINT", "SIGTERM")
            self._drain(1.0 if interrupted else float("inf"))
            self._shrink_pending()
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            self.report.finish()
            campaign_report.write_summary(self)


def belongs(k: int, replays: int, shard: tuple[int, int]) -> bool:
    """Program k of the stream is this shard's: database replays are everyone's, the rest
    are dealt round-robin."""
    return k < replays or (k - replays) % shard[1] == shard[0]


def _slug(key: str, taken: dict) -> str:
    text = "".join(c if c.isalnum() else "-" for c in key.lower())
    text = "-".join(part for part in text.split("-") if part)[:80]
    used = {f.slug for f in taken.values()}
    slug, n = text, 2
    while slug in used:
        slug, n = f"{text}-{n}", n + 1
    return slug


def run_campaign(config: Config) -> Campaign:
    drawer = Drawer(config.features, config.seed, config.db)
    with WorkerPool(config.workers, config.timeout) as pool:
        campaign = Campaign(config, pool, drawer)
        campaign.run()
    return campaign


def render_repro(finding: Finding, config: Config, last: Result | None = None) -> str:
    source = finding.repro_source or finding.source
    message = (last or finding.result).message
    return repro.render(source, finding.result.subject, finding.key, max(60.0, config.timeout * 6),
                        message)
