"""Bug-finding power: a campaign of today's generators against the compiler of an older commit.

    python -m bench.bench_old_compiler prepare [REV]           # copy REV's compiler/ aside
    python -m bench.bench_old_compiler run [REV] [--budget 10m] [--workers 2] [--out DIR]
        [--features idioms|''|a,b] [--shrink-budget 120s] [--timeout 60s] [--subject SPEC]
    python -m bench.bench_old_compiler count DIR               # wrong-behaviour findings

`prepare` writes the commit's `compiler/` (from git, not the working tree) to
`.parity/old-compiler/compiler_REV/` with its absolute imports `compiler.` renamed to
`compiler_REV.`, so it imports beside today's `compiler` (bench/subjects/old_compiler.py is
the subject). `run` prepares, runs `parity fuzz` against it and counts; `count` reads a
campaign's summary.json: findings whose kind is a wrong behaviour (mismatch-value,
mismatch-exception, mismatch-mutation), shrunk, and whose repro failed standalone.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from bench.subjects.old_compiler import DEFAULT_REVISION, ROOT, copy_dir, package_name
from generators.features import IDIOM_FEATURES

# `--features idioms`: the idioms of real modelling code, the module program, container and
# scalar inputs, and the later calls that re-run or change what the program reads (constructs
# whose flag is off fall back to catalogue ops). Shape and dtype changes and size sweeps are
# left out: they add calls (time) and find shape bugs, which are not what this measures.
IDIOM_PRESET = IDIOM_FEATURES + (
    "nn_module", "container_inputs", "scalar_inputs", "recall_values", "mutate_between_calls",
    "change_global", "change_module_attr", "change_closure")
WRONG_BEHAVIOUR = ("mismatch-value", "mismatch-exception", "mismatch-mutation")
SUBJECT = "bench.subjects.old_compiler:OldCompilerSubject"
_IMPORT = re.compile(r"\b(from|import)\s+compiler\b")
_STRING = re.compile(r"""(["'])compiler([."'])""")


def rename_imports(source: str, package: str) -> str:
    """`from compiler.x import y`, `import compiler` and "compiler.x" strings name `package`."""
    source = _IMPORT.sub(lambda m: f"{m.group(1)} {package}", source)
    return _STRING.sub(lambda m: f"{m.group(1)}{package}{m.group(2)}", source)


def prepare(revision: str) -> Path:
    archive = subprocess.run(["git", "archive", "--format=tar", revision, "compiler"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    package = package_name(revision)
    target = copy_dir() / package
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            relative = Path(member.name).relative_to("compiler")
            data = tar.extractfile(member).read()
            if relative.suffix == ".py":
                data = rename_imports(data.decode(), package).encode()
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            (target / relative).write_bytes(data)
    return target


def count(out: Path) -> dict:
    data = json.loads((out / "summary.json").read_text())
    wrong = [f for f in data["failures"] if f["kind"] in WRONG_BEHAVIOUR]
    confirmed = [f for f in wrong if f["shrunk"] and f["reproduced"] and not f["tentative"]]
    return {
        "programs": data["programs"], "seconds": data["seconds"], "verdicts": data["verdicts"],
        "findings": len(data["failures"]),
        "wrong_behaviour": len(wrong),
        "wrong_behaviour_confirmed": len(confirmed),
        "confirmed": [{"signature": f["signature"], "repro": f["repro"],
                       "repro_lines": f["repro_lines"]} for f in confirmed],
        "other": [{"signature": f["signature"], "kind": f["kind"], "shrunk": f["shrunk"],
                   "reproduced": f["reproduced"]} for f in data["failures"] if f not in confirmed],
    }


def run(revision: str = DEFAULT_REVISION, budget: str = "10m", workers: str = "2",
        out: Path | None = None, subject: str | None = None, features: str = "idioms",
        shrink_budget: str = "120s", timeout: str = "60s") -> dict:
    """The measurement (`python -m bench old_compiler` runs it with these defaults)."""
    name = subject.split(":")[0] if subject else revision
    out = out or ROOT / ".parity" / "runs" / f"old-compiler-{name}-{time.strftime('%H%M%S')}"
    if subject is None:
        prepare(revision)
        subject = SUBJECT
    env = dict(os.environ, PARITY_OLD_COMPILER=revision)
    command = [sys.executable, "-m", "oracle", "fuzz", "--subject", subject, "--budget", budget,
               "--workers", workers, "--out", str(out), "--quiet",
               "--shrink-budget", shrink_budget, "--timeout", timeout]
    if features:
        chosen = ",".join(IDIOM_PRESET) if features == "idioms" else features
        command += ["--features", chosen]
    subprocess.run(command, cwd=ROOT, env=env, check=False)
    return count(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_old_compiler")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("revision", nargs="?", default=DEFAULT_REVISION)
    r = sub.add_parser("run")
    r.add_argument("revision", nargs="?", default=DEFAULT_REVISION)
    r.add_argument("--budget", default="10m")
    r.add_argument("--workers", default="2")
    r.add_argument("--out", type=Path, default=None)
    r.add_argument("--subject", default=None,
                   help="another subject instead of the old copy (ours: the false-alarm check)")
    r.add_argument("--features", default="idioms",
                   help="'idioms' (the preset), '' for every feature, or a,b,c")
    r.add_argument("--shrink-budget", default="120s")
    r.add_argument("--timeout", default="60s", help="per program (a loaded machine needs more)")
    c = sub.add_parser("count")
    c.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "prepare":
        print(prepare(args.revision))
        return 0
    if args.command == "count":
        if not (args.out / "summary.json").is_file():
            print(f"bench_old_compiler: no summary.json in {args.out}", file=sys.stderr)
            return 2
        print(json.dumps(count(args.out), indent=2))
        return 0
    print(json.dumps(run(args.revision, args.budget, args.workers, args.out, args.subject,
                         args.features, args.shrink_budget, args.timeout), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
