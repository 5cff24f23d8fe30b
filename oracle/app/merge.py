"""`parity merge RUN_DIR... --out DIR`: the outputs of several campaign shards (or runs) as one
deduplicated report — summary.json, summary.md, junit.xml, failures/<slug>/ and one example
database.

Findings are told apart as the campaign tells them (oracle/app/buckets.py, docs/verdicts.md
"Signatures and findings"): the same shrink key and one bug by the structure of the shrunk
programs. Counts add up: a merged finding's `count` is the sum of its shards' counts, and the
totals (programs, verdicts) are the shards' sums. Repros are kept: the merged folder is a copy
of the best shard's (shrunk, reproduced, shortest), and every other shard's folder of the same
bug is kept under it in `shards/<run>/`. The example databases are united file by file (a
Hypothesis directory database names each entry by its content).
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from oracle.app import buckets, junit
from oracle.app.reproduce import write_atomically
from oracle.judge.verdict import Verdict

_RAISED = (Verdict.CRASH.value, Verdict.MISMATCH_EXCEPTION.value)  # a finding's "kind"


class MergeError(ValueError):
    """A run folder that cannot be merged; the message names it and says why, in one line."""


@dataclass
class ShardFinding:
    run: Path
    entry: dict              # the shard's summary.json entry
    folder: Path
    structure: str | None
    core: frozenset[str]

    @property
    def said(self) -> str:
        """What the subject raised (oracle/app/buckets.said_of), "" when the shard did not say."""
        message = self.entry.get("message") or ""
        return buckets.said_of(message) if message else ""

    @property
    def key(self) -> str:
        return self.entry["signature"]

    @property
    def rank(self) -> tuple:
        """Lower is a better representative: shrunk, reproduced, short."""
        return (not self.entry.get("shrunk"), self.entry.get("reproduced") is not True,
                self.entry.get("repro_lines") or 10**6)


@dataclass
class Merged:
    members: list[ShardFinding] = field(default_factory=list)
    slug: str = ""

    @property
    def best(self) -> ShardFinding:
        return min(self.members, key=lambda m: m.rank)

    def record(self) -> dict:
        best = self.best.entry
        entry = {k: v for k, v in best.items() if k not in ("repro", "check", "found_at")}
        entry.update({
            "repro": f"failures/{self.slug}/repro.py", "check": f"failures/{self.slug}/check.py",
            "count": sum(m.entry.get("count", 1) for m in self.members),
            "merged": sum(m.entry.get("merged", 0) for m in self.members) + len(self.members) - 1,
            "found_in": [str(m.run) for m in self.members],
            "reproduced": _any_reproduced(self.members),
        })
        return entry


def _any_reproduced(members: list[ShardFinding]) -> bool | None:
    seen = [m.entry.get("reproduced") for m in members]
    return True if True in seen else (False if False in seen else None)


def read_run(run: Path) -> tuple[dict, list[ShardFinding]]:
    run = Path(run)
    try:
        summary = json.loads((run / "summary.json").read_text())
    except FileNotFoundError:
        raise MergeError(f"{run}: no summary.json (not a campaign's output folder)") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise MergeError(f"{run}/summary.json cannot be read: {exc}") from None
    if not isinstance(summary.get("failures"), list):
        raise MergeError(f"{run}/summary.json has no `failures` list")
    return summary, [_finding(run, entry) for entry in summary["failures"]]


def _finding(run: Path, entry: dict) -> ShardFinding:
    folder = run / Path(entry["repro"]).parent
    try:
        info = json.loads((folder / "finding.json").read_text())
    except (OSError, json.JSONDecodeError):
        info = {}
    source = _program(folder)
    structure = info.get("structure") or (buckets.structure(source) if source else None)
    return ShardFinding(run, entry, folder, structure, buckets.constructs(source))


def _program(folder: Path) -> str:
    for name in ("shrunk.py", "original.py"):
        if (folder / name).is_file():
            return (folder / name).read_text()
    return ""


def deduplicate(findings: list[ShardFinding]) -> list[Merged]:
    """Group the shards' findings into bugs, in the order they are first seen."""
    groups: list[Merged] = []
    for finding in findings:
        raised = finding.entry.get("kind") in _RAISED
        home = next((g for g in groups if g.members[0].key == finding.key and any(
            buckets.one_bug(finding.key, raised, (m.structure, m.core),
                            (finding.structure, finding.core),
                            (m.said, finding.said) if raised else ("", ""))
            for m in g.members)), None)
        if home is None:
            groups.append(Merged([finding]))
        else:
            home.members.append(finding)
    taken: set[str] = set()
    for group in groups:
        group.slug = _unique(group.best.folder.name, taken)
    return groups


def _unique(slug: str, taken: set[str]) -> str:
    name, n = slug, 2
    while name in taken:
        name, n = f"{slug}-{n}", n + 1
    taken.add(name)
    return name


def merge(runs: list[Path], out: Path) -> dict:
    """Merge `runs` into `out`; returns the merged summary (also written as summary.json)."""
    if len(set(map(Path.resolve, map(Path, runs)))) != len(runs):
        raise MergeError("a run folder is given twice")
    read = [(Path(run), *read_run(Path(run))) for run in runs]
    groups = deduplicate([f for _, _, found in read for f in found])
    out.mkdir(parents=True, exist_ok=True)
    _copy_findings(groups, out)
    summary = _summary(read, groups, _merge_databases(read, out / "db"))
    write_atomically(out / "summary.json", json.dumps(summary, indent=2) + "\n")
    write_atomically(out / "summary.md", markdown(summary))
    write_junit(str(out / "junit.xml"), summary)
    return summary


def _copy_findings(groups: list[Merged], out: Path) -> None:
    failures = out / "failures"
    if failures.exists():
        shutil.rmtree(failures)
    for group in groups:
        target = failures / group.slug
        best = group.best
        shutil.copytree(best.folder, target)
        for member in group.members:
            if member is not best:
                shutil.copytree(member.folder, target / "shards" / _run_label(member.run))


def _run_label(run: Path) -> str:
    return "-".join(p for p in run.resolve().parts[-2:] if p not in ("/", ""))


def _merge_databases(read: list, target: Path) -> int:
    """Every entry of every shard's example database, once; the number of entries."""
    entries = 0
    for run, summary, _ in read:
        source = run / "db"
        if not source.is_dir():
            named = Path(summary.get("database") or "")
            source = named if named.is_absolute() and named.is_dir() else source
        if not source.is_dir():
            continue
        for item in source.rglob("*"):
            if item.is_file():
                copy = target / item.relative_to(source)
                copy.parent.mkdir(parents=True, exist_ok=True)
                if not copy.exists():
                    shutil.copyfile(item, copy)
                    entries += 1
    return entries


def _summary(read: list, groups: list[Merged], db_entries: int) -> dict:
    verdicts: Counter[str] = Counter()
    for _, summary, _ in read:
        verdicts.update(summary.get("verdicts") or {})
    failures = [g.record() for g in groups]
    shards = [{"run": str(run), "shard": s.get("shard"), "seed": s.get("seed"),
               "subjects": s.get("subjects"), "programs": s.get("programs", 0),
               "seconds": s.get("seconds", 0), "findings": len(found),
               "stopped": s.get("stopped")} for run, s, found in read]
    subjects = list(dict.fromkeys(x for s in shards for x in s["subjects"] or ()))
    return {
        "merged_from": len(shards), "shards": shards, "subjects": subjects,
        "programs": sum(s["programs"] for s in shards),
        "seconds": max((s["seconds"] for s in shards), default=0),
        "shard_seconds": round(sum(s["seconds"] for s in shards), 2),
        "verdicts": dict(verdicts), "failures": failures,
        "shard_findings": sum(s["findings"] for s in shards),
        "unique_failures": sum(1 for f in failures if not f.get("known")),
        "known_failures": sum(1 for f in failures if f.get("known")),
        "withdrawn": [w for _, s, _ in read for w in s.get("withdrawn") or ()],
        "database_entries": db_entries,
    }


def markdown(summary: dict) -> str:
    lines = [f"# parity fuzz, {summary['merged_from']} shards merged: {summary['programs']} "
             f"programs, {summary['unique_failures']} unique failures",
             "", f"Subjects: {', '.join(summary['subjects'])}. {summary['shard_findings']} "
             f"findings in the shards are {len(summary['failures'])} distinct bugs.",
             "", "| shard | seed | programs | seconds | findings |", "|---|---|---|---|---|"]
    lines += [f"| {s['shard']} | {s['seed']} | {s['programs']} | {s['seconds']} | "
              f"{s['findings']} |" for s in summary["shards"]]
    lines += ["", "| verdict | count |", "|---|---|"]
    lines += [f"| {v} | {n} |" for v, n in sorted(summary["verdicts"].items())]
    if summary["failures"]:
        lines += ["", "| signature | subject | count | shards | repro | reproduced | known |",
                  "|---|---|---|---|---|---|---|"]
    for f in summary["failures"]:
        known = (f["known"].get("link") or f["known"].get("note")) if f.get("known") else ""
        shown = {True: "yes", False: "**no**", None: "not run"}[f.get("reproduced")]
        lines.append(f"| `{f['signature']}` | {f.get('subject', '')} | {f['count']} | "
                     f"{len(f['found_in'])} | {f['repro']} | {shown} | {known} |")
    return "\n".join(lines) + "\n"


def write_junit(path: str, summary: dict) -> None:
    """One suite per subject: a case per shard (passes: it ran) and per distinct finding
    (fails, or is skipped when known)."""
    suites = {name: junit.Suite(f"fuzz:{name}") for name in summary["subjects"]}
    for shard in summary["shards"]:
        for name in shard["subjects"] or ():
            suites[name].cases.append(junit.Case(
                f"shard {shard['shard']} ({shard['programs']} programs)", name,
                seconds=shard["seconds"]))
    for f in summary["failures"]:
        name = f.get("spec") or f.get("subject") or "?"
        suite = suites.setdefault(name, junit.Suite(f"fuzz:{name}"))
        case = junit.Case(f["signature"], name, message=f["signature"],
                          text=f"{f.get('message', '')}\nrepro: {f['repro']} (x{f['count']})")
        if f.get("known"):
            case.outcome = junit.SKIPPED
            case.message = f"known: {f['known'].get('link') or f['known'].get('note')}"
        else:
            case.outcome, case.type = junit.FAILED, f.get("kind", "")
        suite.cases.append(case)
    junit.write(path, "parity-fuzz", list(suites.values()))


def command(args) -> int:
    from oracle.app.arguments import UsageError

    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder")
    if any(Path(run).resolve() == out.resolve() for run in args.runs):
        raise UsageError(f"--out {out} is one of the runs being merged")
    try:
        summary = merge([Path(r) for r in args.runs], out)
    except MergeError as exc:
        raise UsageError(str(exc)) from None
    print(f"merged {summary['merged_from']} runs: {summary['programs']} programs, "
          f"{summary['shard_findings']} findings -> {len(summary['failures'])} distinct "
          f"({summary['unique_failures']} not known); {out / 'summary.md'}")
    return 1 if summary["unique_failures"] else 0
