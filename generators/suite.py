"""A fixed-seed suite of generated programs: the same seed gives the same sources, in any process.

Used by `parity gate` (so the gate judges the same programs every time) and `parity coverage`.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def draw_sources(count: int, seed: int, features: list[str] | None = None) -> list[str]:
    """Up to `count` distinct program sources from generators.programs(), determined by `seed`.

    `strategy.example()` is random on every call; a seeded `@given` run with the database off and
    only the generate phase replays the same choices, so it draws the same programs each time.
    """
    if count <= 0:
        return []
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as seeded

    import generators

    sources: list[str] = []

    @seeded(seed)
    # twice the examples: a draw can repeat an earlier program, and the suite wants `count`
    @settings(database=None, max_examples=2 * count, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(generators.programs(features))
    def collect(program):
        if program.source not in sources and len(sources) < count:
            sources.append(program.source)

    collect()
    return sources[:count]


def key_of(index: int, source: str) -> str:
    """The name a generated program goes by in baselines: its place and a digest of its text."""
    digest = hashlib.sha1(source.encode()).hexdigest()[:8]
    return f"generated/g{index:03d}_{digest}.py"


def materialize(sources: list[str], folder: Path) -> dict[str, str]:
    """Write each source into `folder` (emptied of older programs first); key -> file path."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("g*_*.py"):
        old.unlink()
    files: dict[str, str] = {}
    for index, source in enumerate(sources):
        key = key_of(index, source)
        path = folder / Path(key).name
        path.write_text(source)
        files[key] = str(path)
    return files
