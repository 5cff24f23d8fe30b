"""What a campaign shows and leaves behind: the live progress line, a line per finding, the
closing table, failures/<slug>/{original,shrunk,repro,check}.py and summary.json / summary.md.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from typing import TYPE_CHECKING

from generators.shrink import measure
from oracle.app import coverage_timeline, reproduce
from oracle.app.campaign_corpus import share
from oracle.app.reproduce import write_atomically
from oracle.judge.differential import Result
from oracle.judge.verdict import Verdict

if TYPE_CHECKING:
    from oracle.app.campaign import Campaign, Finding

PROGRESS_EVERY_TTY = 0.5
PROGRESS_EVERY_LOG = 10.0


class Reporter:
    def __init__(self, campaign: Campaign, enabled: bool):
        self.campaign = campaign
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.last = 0.0
        self.dirty = False  # a \r line is on screen

    def _emit(self, text: str, transient: bool = False) -> None:
        if not self.enabled:
            return
        if self.tty and transient:
            sys.stderr.write("\r\033[K" + text)
            self.dirty = True
        else:
            if self.dirty:
                sys.stderr.write("\r\033[K")
                self.dirty = False
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def progress(self) -> None:
        now = time.monotonic()
        if now - self.last < (PROGRESS_EVERY_TTY if self.tty else PROGRESS_EVERY_LOG):
            return
        self.last = now
        self._emit(progress_line(self.campaign), transient=True)

    def found(self, finding: Finding) -> None:
        known = f" (known: {finding.known.link or finding.known.note})" if finding.known else ""
        self._emit(f"found {finding.key}{known} -> failures/{finding.slug}/original.py")

    def shrinking(self, finding: Finding, budget: float) -> None:
        self._emit(f"shrinking {finding.key} (up to {budget:.0f} s)")

    def note(self, text: str) -> None:
        self._emit(text)

    def merged(self, finding: Finding, twin: Finding) -> None:
        self._emit(f"merged {finding.slug} into {twin.slug}: their shrunk programs agree")

    def verified(self, finding: Finding) -> None:
        outcome = finding.reproduced or {}
        if not outcome.get("reproduced"):
            self._emit(f"WARNING: failures/{finding.slug}/repro.py does not reproduce "
                       f"standalone: {outcome.get('last_line', '')}")

    def shrunk(self, finding: Finding) -> None:
        stats = finding.shrink_stats or {}
        before, after = measure(finding.source).lines, measure(finding.repro_source).lines
        self._emit(f"shrunk {finding.key}: {before} -> {after} lines, "
                   f"{stats.get('attempts', '?')} attempts -> failures/{finding.slug}/repro.py")

    def finish(self) -> None:
        if not self.enabled:
            return
        if self.dirty:
            sys.stderr.write("\n")
            self.dirty = False
        print(final_table(self.campaign))


def progress_line(c: Campaign) -> str:
    elapsed = c.elapsed()
    rate = c.programs / elapsed if elapsed > 0 else 0.0
    counts = " ".join(f"{v} {n}" for v, n in sorted(c.verdicts.items(), key=lambda i: -i[1]))
    left = max(0.0, c.deadline - time.monotonic())
    failures = sum(1 for f in c.findings.values() if f.known is None)
    return (f"[{elapsed:5.0f}s, {left:4.0f}s left] {c.programs} programs, {rate:.1f}/s | "
            f"{counts or 'no results yet'} | {failures} unique failures")


def final_table(c: Campaign) -> str:
    seconds = c.elapsed()
    lines = [f"parity fuzz: {c.programs} programs in {seconds:.1f} s "
             f"({c.programs / max(seconds, 1e-9):.1f}/s) against {', '.join(c.config.subjects)}"
             f"; stopped by {c.stopped or 'budget'}"]
    width = max([len(v) for v in c.verdicts] + [7])
    lines.append(f"{'verdict':<{width}}  {'count':>7}")
    for verdict in Verdict:
        if c.verdicts.get(str(verdict)):
            lines.append(f"{str(verdict):<{width}}  {c.verdicts[str(verdict)]:>7}")
    if c.findings:
        lines.append(f"{len(c.findings)} unique failures (under {c.config.out}/failures):")
    for f in c.findings.values():
        size = f"{_lines(f.repro_source or f.source)} lines (from {_lines(f.source)})"
        known = f"  known: {f.known.link or f.known.note}" if f.known else ""
        lines.append(f"  {f.key}  x{f.count}  {f.slug}/repro.py  {size}{known}")
    return "\n".join(lines)


def _lines(source: str) -> int:
    return measure(source).lines


def write_finding(c: Campaign, finding: Finding, last: Result | None = None) -> None:
    """original.py at once; repro.py from the shrunk program, or the original until shrunk."""
    folder = c.config.out / "failures" / finding.slug
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "original.py").exists():
        (folder / "original.py").write_text(finding.source)
    if finding.repro_source is not None:  # the shrunk program file, for `parity run`
        write_atomically(folder / "shrunk.py", finding.repro_source.rstrip() + "\n")
    reproduce.write_scripts(folder, finding.repro_source or finding.source,
                            finding.result.subject, finding.key,
                            message_of(finding, last), _script_timeout(c))
    write_info(c, finding, last)


def _script_timeout(c: Campaign) -> float:
    """The scripts' own hang limit: a few times the campaign's, for a lone cold process."""
    return max(60.0, c.config.timeout * 6)


def write_info(c: Campaign, finding: Finding, last: Result | None = None) -> None:
    folder = c.config.out / "failures" / finding.slug
    info = {"signature": finding.key, "spec": finding.result.subject,
            "first_signature": finding.result.signature,
            "message": message_of(finding, last), "shrink": finding.shrink_stats,
            "count": finding.count, "merged": finding.merged, "tentative": finding.tentative,
            "structure": finding.structure, "reproduced": finding.reproduced,
            "eager": list(finding.result.eager)}
    write_atomically(folder / "finding.json", json.dumps(info, indent=2) + "\n")


def message_of(finding: Finding, last: Result | None = None) -> str:
    """What the oracle said of the program repro.py holds: the shrunk one once shrunk."""
    if last is not None:
        return last.message
    return finding.repro_message or finding.result.message


def write_more(c: Campaign, finding: Finding) -> None:
    """Further programs of a finding, beside it: more/1.py, more/2.py ..."""
    folder = c.config.out / "failures" / finding.slug / "more"
    folder.mkdir(parents=True, exist_ok=True)
    for i, source in enumerate(finding.more, 1):
        if not (folder / f"{i}.py").exists():
            (folder / f"{i}.py").write_text(source)


def remove_finding(c: Campaign, finding: Finding, twin: Finding) -> None:
    """A tentative finding shown to be `twin`: its program moves beside the twin's."""
    write_more(c, twin)
    shutil.rmtree(c.config.out / "failures" / finding.slug, ignore_errors=True)


def withdraw_finding(c: Campaign, finding: Finding, why: str) -> None:
    """Its folder goes; summary.json keeps the program and why, under `withdrawn`."""
    shutil.rmtree(c.config.out / "failures" / finding.slug, ignore_errors=True)
    c.report.note(f"withdrew {finding.slug}: {why}")


def verify_repro(c: Campaign, finding: Finding) -> dict:
    """Run the finding's repro.py and check.py in fresh processes, as a person would; repro.py
    becomes check.py when only that reproduces (oracle/app/reproduce.py)."""
    folder = c.config.out / "failures" / finding.slug
    return reproduce.verify_scripts(folder, _script_timeout(c)).as_dict()


def summary(c: Campaign) -> dict:
    failures = []
    for f in c.findings.values():
        failures.append({
            "signature": f.key, "kind": str(f.result.verdict), "subject": f.result.name
            or f.result.subject, "spec": f.result.subject,
            "repro": f"failures/{f.slug}/repro.py", "check": f"failures/{f.slug}/check.py",
            "repro_lines": _lines(f.repro_source or f.source),
            "original_lines": _lines(f.source), "count": f.count, "merged": f.merged,
            "tentative": f.tentative and f.structure is None,
            "shrunk": f.repro_source is not None,
            "reproduced": (f.reproduced or {}).get("reproduced"),
            "found_at": round(f.found_at, 2), "message": message_of(f),
            "known": f.known.as_dict() if f.known else None,
        })
    seconds = c.elapsed()
    return {
        "programs": c.programs, "seconds": round(seconds, 2), "verdicts": dict(c.verdicts),
        "failures": failures,
        "programs_per_second": round(c.programs / max(seconds, 1e-9), 2),
        "unique_failures": sum(1 for f in c.findings.values() if f.known is None),
        "known_failures": sum(1 for f in c.findings.values() if f.known is not None),
        "subjects": c.config.subjects, "workers": c.config.workers, "seed": c.config.seed,
        "shard": f"{c.config.shard[0]}/{c.config.shard[1]}", "budget": c.config.budget,
        "features": list(c.config.features) if c.config.features else None,
        "drawn": c.index, "stopped": c.stopped or "running",
        "database": c.config.database,
        "learned_unsupported": c.learner.report(),
        "not_reproduced": sum(1 for f in failures if f["reproduced"] is False),
        "withdrawn": [{k: v for k, v in w.items() if k != "program"} for w in c.withdrawn],
        "coverage": c.branches.summary(seconds, c.programs) | {"kept": c.kept.count}
        if c.branches else None,
        "corpus": {"files": len(share(c.config.corpus, c.config.shard)),
                   "replayed": c.replayed, "verdicts": c.corpus_verdicts}
        if c.config.corpus else None,
        "probes": c.probes.summary(),
    }


def write_summary(c: Campaign) -> None:
    data = summary(c)
    write_atomically(c.config.out / "summary.json", json.dumps(data, indent=2) + "\n")
    write_atomically(c.config.out / "summary.md", summary_markdown(data))
    if data["coverage"]:
        coverage_timeline.write_plot(c.config.out, data["coverage"])


def summary_markdown(data: dict) -> str:
    lines = [f"# parity fuzz: {data['programs']} programs in {data['seconds']} s",
             "", f"Subjects: {', '.join(data['subjects'])}; seed {data['seed']}, shard "
             f"{data['shard']}, {data['workers']} workers, "
             f"{data['programs_per_second']} programs/s.",
             "", "| verdict | count |", "|---|---|"]
    if data.get("corpus"):
        lines.insert(2, f"Corpus: {data['corpus']['replayed']} of {data['corpus']['files']} "
                        "program files replayed before drawing.\n")
    lines += [f"| {v} | {n} |" for v, n in sorted(data["verdicts"].items())]
    if data["failures"]:
        lines += ["", "| signature | subject | count | repro | lines (original) | reproduced "
                  "| known |", "|---|---|---|---|---|---|---|"]
        for f in data["failures"]:
            known = f["known"]["link"] or f["known"]["note"] if f["known"] else ""
            shown = {True: "yes", False: "**no**", None: "not run"}[f.get("reproduced")]
            tentative = " (tentative: not shrunk, may be another's)" if f.get("tentative") else ""
            lines.append(f"| `{f['signature']}`{tentative} | {f['subject']} | {f['count']} | "
                         f"{f['repro']} | {f['repro_lines']} ({f['original_lines']}) | {shown} "
                         f"| {known} |")
    probes = data.get("probes") or {}
    if probes.get("run"):
        lines.append(f"\nProbes (absorbed programs shrunk again): {probes['run']} run, "
                     f"{probes['merged']} shrank to a known finding ({probes['moved']} of them "
                     f"another's), {probes['split']} new findings.")
    for w in data.get("withdrawn") or ():
        lines.append(f"\nWithdrawn: `{w['signature']}` x{w['count']}: {w['why']}.")
    learned = {s: v for s, v in (data.get("learned_unsupported") or {}).items() if v}
    for subject, items in learned.items():
        lines.append(f"\nLearned for {subject} (drawn rarely since): "
                     + ", ".join(f"{k} ({v})" for k, v in items.items()) + ".")
    if data.get("coverage"):
        lines += coverage_timeline.markdown(data["coverage"])
    return "\n".join(lines) + "\n"
