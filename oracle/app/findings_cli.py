"""The subcommands that read a campaign's findings: `merge` (oracle/app/merge.py) and `report`
(oracle/app/issue_report.py)."""

from __future__ import annotations


def register(commands) -> None:
    merge = commands.add_parser("merge", help="combine campaign shards into one deduplicated "
                                "report (summary.json/.md, junit.xml, failures/, db/)")
    merge.add_argument("runs", nargs="+", metavar="RUN_DIR")
    merge.add_argument("--out", default=".parity/merged", metavar="DIR",
                       help="default .parity/merged")
    merge.set_defaults(handler=_merge)
    report = commands.add_parser("report", help="print a finding as a ready issue body")
    report.add_argument("finding", metavar="FINDING_DIR", help="a failures/<slug>/ folder")
    report.add_argument("--no-run", action="store_true",
                        help="do not run repro.py to quote its output")
    report.set_defaults(handler=_report)


def _merge(args) -> int:
    from oracle.app import merge

    return merge.command(args)


def _report(args) -> int:
    from oracle.app import issue_report

    return issue_report.command(args)
