"""The application: what the oracle does with its judgement of one program (oracle/judge/).

The `parity` command (cli.py) and its subcommands (the *_cli.py modules, which share
arguments.py and never import cli.py back);
campaigns that draw programs, check them and sort failures into findings (campaign*.py,
buckets.py, learning.py), where the checks run (pool*.py, cluster*.py), shrinking
(shrinking.py), a finding's scripts (reproduce.py, repro_direct.py, repro_bundle.py) and issue
body (issue_report.py), merged shards (merge.py), coverage (branch_tracer.py, coverage_*.py,
compiler_coverage.py), the conformance gate (gate*.py), mutation testing (mutation*.py), and
how results are shown (report.py, junit.py).

It builds on oracle.judge and on generators/ (the programs it draws); the judgement never
imports it back (tests/test_layering.py).
"""
