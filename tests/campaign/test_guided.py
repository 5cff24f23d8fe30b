"""Coverage-guided campaigns: the branch tracer and map, the corpus stage, the plot, the CLI."""

from __future__ import annotations

import json
import random
import struct
import sys
import zlib
from pathlib import Path

import pytest

from generators import programs
from oracle.app import cli
from oracle.app.branch_tracer import BranchTracer, package_root
from oracle.app.coverage_guided import Corpus, draw_from, frontend_of
from oracle.app.coverage_plot import COLOURS, HEIGHT, WIDTH, Series, png
from oracle.app.coverage_timeline import BranchMap, markdown
from tests.campaign.test_campaign import parity

pytest.importorskip("coverage")

TOY = '''
def sign(x):
    if x > 0:
        return 1
    return -1


def loop(n):
    total = 0
    for i in range(n):
        total += i
    return total
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    folder = tmp_path / "toybranches"
    folder.mkdir()
    (folder / "__init__.py").write_text(TOY)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("toybranches", None)
    import toybranches

    yield toybranches
    sys.modules.pop("toybranches", None)


def test_the_map_counts_each_branch_once_and_only_branches(toy):
    tracer = BranchTracer("toybranches")
    found = BranchMap({"toy": "toybranches"}, guided=True)

    def new(work):
        _, arcs = tracer.run(work)
        return found.add("toy", arcs, 0.0, 0)

    assert new(lambda: toy.sign(1)) == 1          # if -> return 1
    assert new(lambda: toy.sign(2)) == 0          # the same branch again
    assert new(lambda: toy.sign(-1)) == 1         # if -> return -1
    assert new(lambda: toy.loop(0)) == 1          # for -> return
    assert new(lambda: toy.loop(3)) == 1          # for -> body (the body's own arcs: none)
    assert found.total == 4 and found.new_programs == 4
    assert found.summary(5.0, 5)["branches"] == {"toybranches": 4}


def test_package_root_finds_nested_packages_and_frontends_are_known():
    import torch

    assert package_root("torch._dynamo") == str(Path(torch.__file__).parent.parent)
    assert frontend_of("ours") == "compiler" and frontend_of("torch:eager") == "torch._dynamo"
    assert frontend_of("ours?dynamic=true") == "compiler" and frontend_of("pkg.mod:x") is None


def test_corpus_mutants_are_reproducible_and_stay_drawable():
    strategy = programs()
    first = draw_from(strategy, (), random.Random(1))
    assert first is not None
    program, choices = first

    def mutants(seed):
        corpus = Corpus(random.Random(seed))
        corpus.add(choices, 3)
        return [corpus.mutate(choices) for _ in range(20)]

    assert mutants(7) == mutants(7)
    drawn = [draw_from(strategy, m, random.Random(0)) for m in mutants(7)]
    sources = {d[0].source for d in drawn if d is not None}
    assert len(sources) >= 5 and program.source in sources | {program.source}
    again = draw_from(strategy, choices, random.Random(99))
    assert again[0].source == program.source   # a kept sequence draws its program again


def test_the_plot_is_a_png_with_each_series_drawn():
    data = png([Series("guided", [(1, 10), (5, 40)]), Series("unguided", [(2, 5), (6, 20)])])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (WIDTH, HEIGHT)
    start = data.index(b"IDAT") + 4
    length = struct.unpack(">I", data[start - 8:start - 4])[0]
    pixels = zlib.decompress(data[start:start + length])
    for colour in COLOURS[:2]:
        assert bytes(colour) in pixels


def test_markdown_shows_the_totals_and_the_plot():
    found = BranchMap({"ours": "compiler"}, guided=False)
    text = "\n".join(markdown(found.summary(3.0, 7)))
    assert "measured, not guided" in text and "coverage.png" in text and "| 3.0 | 7 | 0 |" in text


def test_bad_coverage_options_are_one_line_usage_errors(capsys):
    assert cli.main(["fuzz", "--guided", "--subject", "tests.oracle.planted:Faithful"]) == 2
    assert "--coverage-of" in capsys.readouterr().err
    assert cli.main(["fuzz", "--coverage-of", "no_such_package_here"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("parity: error: --coverage-of") and err.count("\n") == 1


@pytest.mark.slow
def test_a_guided_campaign_reports_coverage_over_time_and_keeps_a_corpus(tmp_path):
    out = tmp_path / "run"
    done = parity("fuzz", "--guided", "--budget", "15s", "--workers", "2", "--out", str(out),
                  "--timeout", "30s", "--no-shrink", "--quiet", timeout=240)
    assert done.returncode in (0, 1), done.stderr
    summary = json.loads((out / "summary.json").read_text())
    coverage = summary["coverage"]
    assert coverage["guided"] and coverage["packages"] == {"ours": "compiler"}
    assert coverage["total"] > 50 and coverage["branches"]["compiler"] == coverage["total"]
    totals = [b for _, _, b in coverage["timeline"]]
    assert totals == sorted(totals) and totals[-1] == coverage["total"]
    assert (out / "coverage.png").read_bytes()[:4] == b"\x89PNG"
    assert "## Frontend branch coverage (guided)" in (out / "summary.md").read_text()
    assert list((out / "db").rglob("*")), "kept programs go to the example database"
