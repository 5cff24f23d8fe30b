"""`python -m bench` (`make bench`): run every bench/bench_*.py module's `run() -> dict`.

Each result is written to bench/results/<module>.json; `python -m bench NAME...` runs only the
modules whose name contains one of the NAMEs. A module that fails is reported, not fatal.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def discover(filters: list[str]) -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    return [n for n in names if not filters or any(f in n for f in filters)]


def run_one(name: str) -> dict:
    module = importlib.import_module(f"bench.{name}")
    start = time.perf_counter()
    result = module.run()
    if not isinstance(result, dict):
        raise TypeError(f"bench.{name}.run() returned {type(result).__name__}, not a dict")
    return {"bench": name, "seconds": round(time.perf_counter() - start, 3),
            "when": time.strftime("%Y-%m-%dT%H:%M:%S"), "result": result}


def main(argv: list[str]) -> int:
    names = discover(argv)
    if not names:
        print(f"bench: no bench_*.py module matches {argv}", file=sys.stderr)
        return 2
    RESULTS.mkdir(exist_ok=True)
    failed = 0
    for name in names:
        print(f"== {name}", flush=True)
        try:
            record = run_one(name)
        except Exception:
            traceback.print_exc()
            failed += 1
            continue
        path = RESULTS / f"{name}.json"
        path.write_text(json.dumps(record, indent=2, default=str) + "\n")
        print(json.dumps(record["result"], indent=2, default=str))
        print(f"-> {path.relative_to(HERE.parent)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
