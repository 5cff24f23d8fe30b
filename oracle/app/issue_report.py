"""`parity report FINDING_DIR`: a finding as a ready issue body — a title, the direct repro, what
was observed against what was expected, and the versions (torch, Python, subject, backend).

The finding folder is one a campaign wrote (failures/<slug>/: finding.json, repro.py, and
summary.json two levels up naming the subject spec). Observed vs expected is the oracle's own
message; with `run=True` the repro is also run in a fresh process and the tail of its output
(the assertion or the compiler's error, on this machine) is quoted.
"""

from __future__ import annotations

import json
import platform
import sys
from dataclasses import dataclass
from pathlib import Path

from oracle.app import repro_direct, reproduce

TAIL_LINES = 12


class ReportError(ValueError):
    """The folder is not a finding: the message says what is missing, in one line."""


@dataclass
class FindingFolder:
    folder: Path
    signature: str
    message: str
    spec: str
    repro: str
    count: int = 1

    @classmethod
    def read(cls, folder: Path) -> FindingFolder:
        folder = Path(folder)
        try:
            info = json.loads((folder / "finding.json").read_text())
            repro = (folder / "repro.py").read_text()
        except FileNotFoundError as exc:
            raise ReportError(f"{folder} is not a finding folder: no {Path(exc.filename).name}"
                              ) from None
        except (OSError, json.JSONDecodeError) as exc:
            raise ReportError(f"cannot read the finding in {folder}: {exc}") from None
        entry = _summary_entry(folder)
        signature = str(info.get("signature") or entry.get("signature", ""))
        spec = str(info.get("spec") or entry.get("spec") or _spec_guess(signature))
        message = str(info.get("message") or entry.get("message", ""))
        return cls(folder, signature, message, spec, repro,
                   int(info.get("count") or entry.get("count") or 1))

    @property
    def verdict(self) -> str:
        return self.signature.split(":", 1)[0]

    @property
    def compiler(self) -> str:
        """How the compiled side is named in a title: torch.compile(backend=...) or the spec."""
        base = self.spec.split("?", 1)[0]
        head, _, backend = base.partition(":")
        if head == "torch":
            return f'torch.compile(backend="{backend or "eager"}")'
        return self.spec

    def title(self) -> str:
        where = repro_direct.target(self.message)
        path = where.pick if where.call is not None else "the output"
        raised = self.signature.split("@", 1)[0].rsplit(":", 1)[-1]
        titles = {
            "mismatch-value": f"{self.compiler} returns a different {where.aspect} than eager",
            "mismatch-mutation": f"{self.compiler} leaves a different {where.aspect} in an "
                                 f"input or global than eager (in-place update)",
            "mismatch-exception": f"{self.compiler} raises differently from eager",
            "crash": f"{self.compiler} raises {raised} on a program eager runs",
            "timeout": f"{self.compiler} does not return",
            "abort": f"{self.compiler} kills the process",
        }
        if where.aspect == "identity":
            titles["mismatch-value"] = (f"{self.compiler} returns a new object where eager "
                                        f"returns its input")
        title = titles.get(self.verdict, f"{self.compiler}: {self.verdict}")
        if self.verdict in ("mismatch-value", "mismatch-mutation") and where.call is not None:
            title += f" at `{_oracle_path(self.message) or path}`"
        return title


def _oracle_path(message: str) -> str:
    text = " ".join(message.split())
    head = text.split(": ", 2)
    return head[1] if len(head) > 2 and head[0].startswith("call ") else ""


def _summary_entry(folder: Path) -> dict:
    """The campaign's summary.json entry for this finding (two levels up), or {}."""
    summary = folder.parent.parent / "summary.json"
    try:
        failures = json.loads(summary.read_text()).get("failures", [])
    except (OSError, json.JSONDecodeError, AttributeError):
        return {}
    mine = f"failures/{folder.name}/repro.py"
    return next((f for f in failures if isinstance(f, dict) and f.get("repro") == mine), {})


def _spec_guess(signature: str) -> str:
    """verdict:torch:inductor:detail -> torch:inductor; else the subject name as written."""
    parts = signature.split(":")
    if len(parts) > 2 and parts[1] in ("torch", "ours"):
        return f"{parts[1]}:{parts[2]}"
    return parts[1] if len(parts) > 1 else "?"


def versions(spec: str) -> list[str]:
    import torch

    base = spec.split("?", 1)[0]
    head, _, backend = base.partition(":")
    lines = [f"torch {torch.__version__}", f"Python {platform.python_version()} "
             f"({platform.system()} {platform.machine()})", f"subject: {spec}"]
    if head in ("torch", "ours"):
        lines.append(f"backend: {backend or 'eager'}")
    return lines


def render(finding: FindingFolder, ran: reproduce.Reproduction | None = None,
           output: str = "") -> str:
    """The issue body, Markdown."""
    parts = [f"# {finding.title()}", "",
             "Found by differential fuzzing against eager (parity); the program below is "
             "shrunk. `python repro.py` exits 1 while the bug is present and 0 once it is "
             "fixed.", "", "## Repro", "", "```python", finding.repro.rstrip(), "```", "",
             "## Observed vs expected", "", f"- Signature: `{finding.signature}`",
             f"- The oracle said: {' '.join(finding.message.split())}"]
    if ran is not None:
        state = ("fails as recorded" if ran.reproduced else
                 f"does not fail here (exit {ran.exit_code})")
        parts += [f"- Running repro.py here {state} ({ran.seconds:.1f} s):", "", "```",
                  output.rstrip() or ran.last_line, "```"]
    parts += ["", "## Versions", ""] + [f"- {line}" for line in versions(finding.spec)]
    return "\n".join(parts) + "\n"


def report(folder: str, run: bool = True, timeout: float = 300.0) -> str:
    finding = FindingFolder.read(Path(folder))
    if not run:
        return render(finding)
    shows = repro_direct.failure_line(finding.repro)
    ran, output = reproduce.run_capturing(finding.folder / "repro.py", timeout, shows)
    tail = "\n".join(output.rstrip().splitlines()[-TAIL_LINES:])
    return render(finding, ran, tail)


def command(args) -> int:
    from oracle.app.arguments import UsageError

    try:
        text = report(args.finding, run=not args.no_run)
    except ReportError as exc:
        raise UsageError(str(exc)) from None
    sys.stdout.write(text)
    return 0
