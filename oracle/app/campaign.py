"""`parity fuzz`: draw programs (generators/draw.py), check them in the worker pool against each
subject, sort failures into findings — one per distinct bug — and shrink each beside drawing.

A failure's shrink key (verdict, subject, detail) is the first half of its identity; the second
is the structure of its shrunk program (oracle/app/buckets.py). A failing program whose key is
known is counted into the finding whose shrunk program's constructs it contains; one that
contains none of them is a tentative new finding, shrunk in its turn, and merged back if its
shrunk program turns out to be another's (equal structure; for an exception raised at one
place, one's constructs within the other's). Every finding is written as it is found.

A corpus of program files (--corpus) is checked first, for at most half the budget
(oracle/app/campaign_corpus.py). Drawing happens in this process while the workers check;
shrinking runs in a thread of its own (oracle/app/campaign_shrink.py) whose candidates share the
pool (oracle/app/pool_share.py). What the subjects decline is learned (oracle/app/learning.py)
and drawn rarely from then on. Shards: program k of the seeded stream belongs to shard k mod N
(replays of the example database belong to every shard), so with one seed the shards together
check what one campaign would.
"""

from __future__ import annotations

import collections
import enum
import signal
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from generators.draw import Drawer, Redraw, StopDrawing
from generators.shrink.driver import ShrinkStop
from oracle.app import buckets, campaign_report
from oracle.app.ast_lock import serialised_compile
from oracle.app.campaign_corpus import REPLAY_SHARE, CorpusProgram, CorpusWriter, read, share
from oracle.app.campaign_probes import Candidate, Probes, said_shape
from oracle.app.campaign_shrink import ShrinkThread
from oracle.app.cluster import open_pool
from oracle.app.cluster_spec import ClusterSpec
from oracle.app.coverage_guided import GuidedDrawer
from oracle.app.coverage_timeline import BranchMap
from oracle.app.learning import Learner
from oracle.app.pool import Task, WorkerPool
from oracle.app.pool_share import SharedPool
from oracle.app.shrinking import shrink_key
from oracle.judge import known_issues
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

SUMMARY_EVERY = 5.0
PENDING_CAP = 16     # programs held back per finding while it is being shrunk
MAX_PER_KEY = 8      # findings per shrink key; beyond it, programs count into the first
MORE_KEPT = 3        # further programs of a finding kept beside it (and in the database)


class StopReason(enum.StrEnum):
    """Why drawing stopped: the budget ran out, or the signal that interrupted the campaign
    (summary.json's `stopped`)."""

    BUDGET = "budget"
    SIGINT = "SIGINT"
    SIGTERM = "SIGTERM"


@dataclass
class Config:
    subjects: list[str]
    budget: float
    workers: int
    seed: int = 0
    features: tuple[str, ...] | None = None
    shard: tuple[int, int] = (0, 1)
    out: Path = Path(".parity/runs/latest")
    db: str | None = None          # None: OUT/db
    shrink: bool = True
    shrink_budget: float = 30.0
    timeout: float = 10.0
    known: list[known_issues.KnownIssue] = field(default_factory=list)
    progress: bool = True
    learn: bool = True
    verify: bool = True            # run each repro standalone before reporting it
    cluster: ClusterSpec | None = None  # None: the local worker pool (oracle/app/cluster.py)
    coverage: dict[str, str] | None = None  # spec -> package whose branches are measured
    guided: bool = False           # steer drawing towards new branches (needs `coverage`)
    corpus: list[Path] = field(default_factory=list)  # program files replayed before drawing

    @property
    def database(self) -> str:
        return self.db or str(self.out / "db")


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
    repro_message: str | None = None  # what the oracle said of the shrunk program
    shrink_stats: dict | None = None
    tentative: bool = False          # another finding has its key: distinct until shrunk alike
    core: frozenset[str] | None = None   # constructs of the shrunk program
    structure: str | None = None         # normalised structure of the shrunk program
    pending: list[tuple[Result, str, tuple]] = field(default_factory=list)
    more: list[str] = field(default_factory=list)
    merged: int = 0                  # tentative findings shown to be this one
    reproduced: dict | None = None   # what running the repro standalone showed
    candidates: list[Candidate] = field(default_factory=list)  # counted in, to probe
    probe_streak: int = 0            # probes in a row that shrank back to this finding
    probe_of: Finding | None = None  # a probe: the finding its program is counted in


class Campaign:
    def __init__(self, config: Config, pool: WorkerPool, drawer: Drawer):
        self.config, self.drawer = config, drawer
        self.pool = SharedPool(pool)
        self.started = time.monotonic()
        self.deadline = self.started + config.budget
        self.index = 0
        self.programs = 0
        self.verdicts: Counter[str] = Counter()
        self.findings: dict[str, Finding] = {}          # slug -> finding
        self.by_key: dict[str, list[Finding]] = {}
        self.names: dict[str, str] = {}                 # spec -> the subject's name
        self.withdrawn: list[dict] = []                 # findings that did not hold up
        self.probes = Probes()                          # absorbed programs shrunk again
        self.queue: collections.deque[Task] = collections.deque()
        self.inflight: dict[str, list] = {}   # path -> [program, choices, results left]
        self.stopped: StopReason | None = None
        self.lock = threading.RLock()
        self.learner = Learner(config.subjects)
        self.learned_version = 0
        self.work = config.out / ".work"
        self.work.mkdir(parents=True, exist_ok=True)
        self.report = campaign_report.Reporter(self, config.progress)
        self.shrinker = ShrinkThread(self)
        self.last_summary = 0.0
        self.branches = BranchMap(config.coverage, config.guided) if config.coverage else None
        self.kept = CorpusWriter(config.out) if config.coverage else None
        self.replayed = 0
        self.corpus_verdicts: dict[str, dict[str, str]] = {}  # corpus file -> spec -> verdict

    @property
    def interrupted(self) -> bool:
        return self.stopped in (StopReason.SIGINT, StopReason.SIGTERM)

    # -- the Hypothesis body ------------------------------------------------------------------
    def offer(self, program, choices: tuple) -> None:
        k, self.index = self.index, self.index + 1
        self._tick()
        if self.stopped:
            raise StopDrawing
        if self.learner.version != self.learned_version:
            self.learned_version = self.learner.version
            self.drawer.avoid(*self.learner.avoided())
            raise Redraw
        if belongs(k, self.drawer.replays, self.config.shard):
            self._check(program, choices, f"p{k}")

    def replay_corpus(self) -> None:
        """Check this shard's share of the corpus files (oracle/app/campaign_corpus.py), for at
        most REPLAY_SHARE of the budget."""
        end = self.started + self.config.budget * REPLAY_SHARE
        for n, path in enumerate(share(self.config.corpus, self.config.shard)):
            self._tick()
            if self.stopped or time.monotonic() >= end:
                return
            program = read(path)
            if program is not None:
                self._check(program, (), f"c{n}")
                self.replayed += 1

    def _check(self, program, choices: tuple, name: str) -> None:
        """Queue one program against every subject; handle results while the queue drains."""
        path = str(self.work / f"{name}.py")
        Path(path).write_text(program.source)
        self.inflight[path] = [program, choices, len(self.config.subjects)]
        measured = self.config.coverage or {}
        self.queue.extend(Task(path, spec, coverage_of=measured.get(spec))
                          for spec in self.config.subjects)
        while self.queue and not self.stopped:
            self._handle(self.pool.pump(self.queue, drawing=True))
            self._tick()

    def _tick(self) -> None:
        now = time.monotonic()
        if now >= self.deadline and not self.stopped:
            self.stopped = StopReason.BUDGET
        self.report.progress()
        if now - self.last_summary >= SUMMARY_EVERY:
            self.last_summary = now
            with self.lock:
                campaign_report.write_summary(self)

    # -- results ------------------------------------------------------------------------------
    def _handle(self, results: list[Result]) -> None:
        for result in results:
            entry = self.inflight.get(result.program)
            if entry is None:
                continue
            self._name(result)
            self.verdicts[str(result.verdict)] += 1
            if isinstance(entry[0], CorpusProgram):
                self.corpus_verdicts.setdefault(str(entry[0].path), {})[result.subject] = str(
                    result.verdict)
            self._learn(result, entry[0])
            self._measure(result, entry[1])
            if result.verdict.is_failure:
                with self.lock:
                    self.failed(result, entry[0].source, entry[1])
            entry[2] -= 1
            if entry[2] == 0:
                self.programs += 1
                del self.inflight[result.program]
                Path(result.program).unlink(missing_ok=True)

    def _measure(self, result: Result, choices: tuple) -> None:
        """Merge the result's frontend branches; a guided drawer keeps what reached new ones."""
        if self.branches is None:
            return
        new = self.branches.add(result.subject, result.arcs, self.elapsed(), self.programs)
        program = self.inflight[result.program][0]
        if new and not isinstance(program, CorpusProgram):  # a replayed one is kept already
            self.kept.keep(result.program, program.source)
        if isinstance(self.drawer, GuidedDrawer):
            if new:
                self.drawer.kept(choices, new)
            else:
                self.drawer.checked(choices)

    def _name(self, result: Result) -> None:
        """Results the pool made itself (timeouts, aborts) learn the name from the others."""
        if result.name:
            self.names[result.subject] = result.name
        else:
            result.name = self.names.get(result.subject, "")

    def _learn(self, result: Result, program) -> None:
        if not self.config.learn or result.verdict is Verdict.INVALID:
            return
        # A crash blocks the calls after it as surely as a decline: draw around both.
        blocked = result.verdict in (Verdict.UNSUPPORTED, Verdict.CRASH)
        declined = result.message if blocked else (result.unsupported or None)
        self.learner.observe(result.subject, getattr(program, "ops_used", frozenset()),
                             getattr(program, "features_used", frozenset()), declined)

    def failed(self, result: Result, source: str, choices: tuple) -> None:
        """Count a failing program into its finding, or open a new one (under self.lock)."""
        key = shrink_key(result)
        group = self.by_key.setdefault(key, [])
        have = buckets.constructs(source)
        # A known bug's finding takes the programs its entry recognises, and only those: one
        # key is often several bugs, and a new one must not hide in a known one's count.
        known = known_issues.recognise(self.config.known, key, result, source)
        mine = [f for f in group if f.known == known]
        home = max((f for f in mine if f.core is not None and _takes(f, have, result)),
                   key=lambda f: len(f.core), default=None)  # the most specific core
        if home is not None:
            self.probes.offer(home, result, source, choices, have)
        if home is None and known is not None:
            home = next(iter(mine), None)
        waiting = next((f for f in mine if f.core is None), None)
        if home is None and waiting is not None:
            if len(waiting.pending) < PENDING_CAP:  # re-sorted once `waiting` is shrunk
                waiting.pending.append((result, source, choices))
            home = waiting
        if home is None and mine and (len(group) >= MAX_PER_KEY or not self.config.shrink):
            home = mine[0]
        if home is not None:
            home.count += 1
            self._keep(home, source, choices)
            return
        self._open(key, result, source, choices, tentative=bool(group))

    def _keep(self, finding: Finding, source: str, choices: tuple) -> None:
        if len(finding.more) < MORE_KEPT and source != finding.source:
            finding.more.append(source)
            self.drawer.save(choices)
            campaign_report.write_more(self, finding)

    def _open(self, key: str, result: Result, source: str, choices: tuple,
              tentative: bool) -> None:
        self.drawer.save(choices)
        known = known_issues.recognise(self.config.known, key, result, source)
        finding = Finding(key, result, source, _slug(key, self.findings), self.elapsed(),
                          choices, known=known, tentative=tentative)
        self.findings[finding.slug] = finding
        self.by_key[key].append(finding)
        campaign_report.write_finding(self, finding)
        self.report.found(finding)
        if self.config.shrink and known is None:
            self.shrinker.add(finding)
        else:
            finding.core = buckets.constructs(source)
            self.shrinker.verify_later(finding)

    def shrunk(self, finding: Finding, source: str, stats: dict, last: Result | None) -> None:
        """The shrinker's answer for `finding`: merge it with its twin, or keep it and re-sort
        the programs held back for it (under self.lock)."""
        finding.repro_source, finding.shrink_stats = source, stats
        finding.repro_message = last.message if last is not None else None
        finding.core, finding.structure = buckets.constructs(source), buckets.structure(source)
        twin = next((f for f in self.by_key[finding.key]
                     if f is not finding and _same_bug(f, finding)), None)
        if twin is not None:
            self._merge(finding, twin)
        else:
            campaign_report.write_finding(self, finding, last)
            self.report.shrunk(finding)
        held, finding.pending = finding.pending, []
        for result, held_source, choices in held:
            target, have = twin or finding, buckets.constructs(held_source)
            if _takes(finding, have, result):
                self.probes.offer(target, result, held_source, choices, have)
            else:
                target.count -= 1
                self.failed(result, held_source, choices)

    def holds(self, finding: Finding) -> bool:
        """Is this finding still reported (not merged or withdrawn; its slug may be reused)?"""
        return self.findings.get(finding.slug) is finding

    def withdraw(self, finding: Finding, why: str) -> None:
        """A finding that did not hold up (a timeout that finishes with more time)."""
        self.by_key[finding.key].remove(finding)
        del self.findings[finding.slug]
        self.withdrawn.append({"signature": finding.key, "count": finding.count, "why": why,
                               "program": finding.source})
        campaign_report.withdraw_finding(self, finding, why)

    def absorb(self, finding: Finding) -> bool:
        """Merge an unshrunk tentative finding into a shrunk one of its key whose constructs
        its program contains (that finding was not shrunk yet when this one was opened)."""
        if not finding.tentative or finding.structure is not None:
            return False
        have = buckets.constructs(finding.source)
        home = next((f for f in self.by_key[finding.key] if f is not finding
                     and f.structure is not None and _takes(f, have, finding.result)), None)
        if home is not None:
            self._merge(finding, home)
            self.probes.offer(home, finding.result, finding.source, finding.choices, have)
        return home is not None

    def next_probe(self) -> Finding | None:
        """A program counted into a shrunk finding by its constructs alone, as a finding to
        shrink (not reported unless it turns out to be another bug; its count stays where
        it is meanwhile), or None (under self.lock)."""
        taken = self.probes.take(f for f in self.findings.values() if self.holds(f))
        if taken is None:
            return None
        home, candidate = taken
        return Finding(home.key, candidate.result, candidate.source, "", self.elapsed(),
                       candidate.choices, tentative=True, probe_of=home,
                       repro_source=candidate.start)

    def probed(self, probe: Finding, source: str, stats: dict, last: Result | None) -> bool:
        """The shrinker's answer for a probe: it stays counted where it is, moves to the
        finding it shrank alike to, or is a finding of its own (returned True; under
        self.lock). A probe whose shrink ran out of budget splits off nothing: it waits
        again, to be shrunk on from where it was."""
        probe.repro_source, probe.shrink_stats = source, stats
        probe.repro_message = last.message if last is not None else None
        probe.core, probe.structure = buckets.constructs(source), buckets.structure(source)
        home, group = probe.probe_of, self.by_key[probe.key]
        twin = home if any(f is home for f in group) and _same_bug(home, probe) else next(
            (f for f in group if f.structure is not None and _same_bug(f, probe)), None)
        if twin is not None:
            self.probes.came_back(home, moved=twin is not home)
            if twin is not home:
                home.count, twin.count, twin.merged = home.count - 1, twin.count + 1, \
                    twin.merged + 1
                self._keep(twin, probe.source, probe.choices)
            return False
        if stats.get("stopped") == ShrinkStop.BUDGET:  # cut short: may hold home's bug too
            self.probes.give_back(home, probe, source)
            return False
        self.probes.split_off(home)
        home.count -= 1
        probe.slug, probe.probe_of = _slug(probe.key, self.findings), None
        self.findings[probe.slug] = probe
        group.append(probe)
        self.drawer.save(probe.choices)
        self.report.found(probe)
        campaign_report.write_finding(self, probe, last)
        self.report.shrunk(probe)
        return True

    def _merge(self, finding: Finding, twin: Finding) -> None:
        twin.count += finding.count
        twin.merged += 1
        self._keep(twin, finding.source, finding.choices)
        self.by_key[finding.key].remove(finding)
        del self.findings[finding.slug]
        campaign_report.remove_finding(self, finding, twin)
        self.report.merged(finding, twin)
        if finding.structure is None:  # it never got to re-sort what it held back
            held, finding.pending = finding.pending, []
            twin.count -= len(held)
            for result, source, choices in held:
                self.failed(result, source, choices)

    # -- the run ------------------------------------------------------------------------------
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def stop(self, signum, _frame) -> None:
        self.stopped = StopReason(signal.Signals(signum).name)

    def run(self) -> None:
        previous = {s: signal.signal(s, self.stop) for s in (signal.SIGINT, signal.SIGTERM)}
        self.shrinker.start()
        try:
            self.replay_corpus()
            if not self.stopped:
                self.drawer.run(self.offer)
            self.pool.drawing = False
            self._finish_checks()
            self.shrinker.finish()
            while self.shrinker.is_alive():
                self._handle(self.pool.pump(self.queue, 0.2))
                self._tick()
                if self.interrupted:
                    self.pool.close()
                if not self.pool.busy():
                    self.shrinker.join(0.02)
            with self.lock:
                for finding in list(self.findings.values()):
                    self.absorb(finding)
        finally:
            self.pool.close()
            self.shrinker.join(5)
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            self.report.finish()
            with self.lock:
                campaign_report.write_summary(self)

    def _finish_checks(self) -> None:
        """Wait for the programs in flight (at most a second when interrupted)."""
        self.queue.clear()
        end = time.monotonic() + (1.0 if self.interrupted else float("inf"))
        while self.inflight and time.monotonic() < end and self.pool.pool.busy():
            self._handle(self.pool.pump(self.queue, 0.2))


def _same_bug(shrunk: Finding, new: Finding) -> bool:
    """Two shrunk findings of one key are one bug (oracle/app/buckets.one_bug)."""
    raised = new.result.verdict in (Verdict.CRASH, Verdict.MISMATCH_EXCEPTION)
    return buckets.one_bug(new.key, raised, (shrunk.structure, shrunk.core),
                           (new.structure, new.core),
                           (said_shape(shrunk.result), said_shape(new.result)))


def _takes(finding: Finding, have: frozenset[str], result: Result) -> bool:
    """Is a failing program with constructs `have` presumed to be `finding`'s bug? It holds
    the finding's constructs, and an exception says what the finding's said (names' numbers
    aside): another message from the same place is another bug until shrunk alike."""
    return buckets.contains(have, finding.core) and said_shape(result) == said_shape(
        finding.result)


def belongs(k: int, replays: int, shard: tuple[int, int]) -> bool:
    """Program k of the stream is this shard's: database replays are everyone's, the rest
    are dealt round-robin."""
    return k < replays or (k - replays) % shard[1] == shard[0]


def _slug(key: str, taken: dict) -> str:
    text = "".join(c if c.isalnum() else "-" for c in key.lower())
    text = "-".join(part for part in text.split("-") if part)[:80]
    slug, n = text, 2
    while slug in taken:
        slug, n = f"{text}-{n}", n + 1
    return slug


def run_campaign(config: Config) -> Campaign:
    guided = config.guided and config.coverage
    drawer = (GuidedDrawer if guided else Drawer)(config.features, config.seed, config.database)
    with open_pool(config, config.progress) as pool, serialised_compile():
        campaign = Campaign(config, pool, drawer)
        campaign.run()
    return campaign
