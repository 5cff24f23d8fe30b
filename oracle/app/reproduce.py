"""Write a finding's two scripts and prove them in fresh processes, so that repro.py always
reproduces whenever anything does.

A finding's folder gets:

- `check.py` (oracle/app/repro_bundle.py): the program and the oracle's own judging code; exactly
  the campaign's check, needing only torch and the subject's package.
- `repro.py` (oracle/app/repro_direct.py): the short direct repro for an issue, a plain script whose
  traceback shows expected against actual. When it does not reproduce but check.py does,
  repro.py becomes check.py with a comment saying why.

API, for the campaign and `parity shrink`:

- `write_repros(folder, source, spec, signature, message, timeout) -> ReproStatus`: both
  scripts written and verified; `timeout` is the scripts' own hang limit in seconds.
- `write_scripts(...)` and `verify_scripts(folder, timeout)`: the same in two steps (write at
  once, verify later off the critical path).
- `reproduce(path, timeout) -> Reproduction`: run one script as a person would — `python
  <file>` in its folder, stdin closed, the caller's working directory on PYTHONPATH so that a
  subject importable by the campaign is importable by the script.

check.py reproduces when it exits 1 (its FAIL line), or dies of a signal (an abort or crash of
the subject takes the process with it); the direct repro when it dies of a signal, or exits 1
showing the failure its first line names (oracle/app/repro_direct.failure_line: an AssertionError,
the subject's own exception, a timeout), not whatever else a plain script may raise.
Verifying one finding costs two fresh processes run
side by side: about the time of `import torch` plus one eager-and-compiled run of the program.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from oracle.app import repro_bundle, repro_direct

STARTUP = 60.0  # beyond the scripts' own hang limit: interpreter, torch import, slow machines
REPRO, CHECK = "repro.py", "check.py"


@dataclass
class Reproduction:
    reproduced: bool
    exit_code: int | None   # None: killed at the time limit
    last_line: str          # the FAIL / OK / ERROR line, or the last line printed
    seconds: float

    def as_dict(self) -> dict:
        return {"reproduced": self.reproduced, "exit": self.exit_code,
                "last_line": self.last_line, "seconds": round(self.seconds, 2)}


@dataclass
class ReproStatus:
    direct: Reproduction     # the direct repro, as rendered
    check: Reproduction      # check.py
    replaced: bool           # repro.py now holds check.py's content

    @property
    def reproduced(self) -> bool:
        return self.direct.reproduced or self.check.reproduced

    @property
    def repro(self) -> Reproduction:
        """What running repro.py shows now."""
        return self.check if self.replaced else self.direct

    def as_dict(self) -> dict:
        """The campaign's `reproduced` record: repro.py's outcome first, then which did."""
        return {**self.repro.as_dict(), "reproduced": self.reproduced,
                "direct": self.direct.reproduced, "check": self.check.reproduced,
                "repro_is": "check" if self.replaced else "direct"}


def write_repros(folder: Path, source: str, spec: str, signature: str, message: str,
                 timeout: float) -> ReproStatus:
    """Write check.py and repro.py for a finding into `folder` and verify both."""
    write_scripts(folder, source, spec, signature, message, timeout)
    return verify_scripts(folder, timeout)


def write_scripts(folder: Path, source: str, spec: str, signature: str, message: str,
                  timeout: float) -> None:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    check = repro_bundle.render_check(source, spec, signature, timeout, message)
    write_atomically(folder / CHECK, check)
    write_atomically(folder / REPRO, render_repro(source, spec, signature, message, timeout,
                                                  check))


def render_repro(source: str, spec: str, signature: str, message: str, timeout: float,
                 check: str | None = None) -> str:
    """repro.py's text: the direct repro, or check.py's with a note when there is no direct
    form (a subject spec it cannot name, a recompile finding)."""
    try:
        return repro_direct.render(source, spec, signature, timeout, message)
    except ValueError as exc:
        check = check or repro_bundle.render_check(source, spec, signature, timeout, message)
        return _replacement(check, f"no direct repro: {exc}")


def verify_scripts(folder: Path, timeout: float) -> ReproStatus:
    """Run repro.py and check.py side by side; if only check.py reproduces, it replaces
    repro.py (the run just made stands for the replaced file: same code, same folder)."""
    folder = Path(folder)
    limit = timeout + STARTUP
    try:
        shows = repro_direct.failure_line((folder / REPRO).read_text())
    except OSError:
        shows = None  # the folder went away: nothing reproduces
    with ThreadPoolExecutor(2) as running:
        direct = running.submit(reproduce, folder / REPRO, limit, shows)
        check = running.submit(reproduce, folder / CHECK, limit)
        direct, check = direct.result(), check.result()
    replaced = not direct.reproduced and check.reproduced
    if replaced:
        why = f"the direct repro did not reproduce ({direct.last_line or 'no output'})"
        try:
            write_atomically(folder / REPRO, _replacement((folder / CHECK).read_text(), why))
        except OSError:  # the folder went away meanwhile: nothing left to replace
            replaced = False
    return ReproStatus(direct, check, replaced)


def _replacement(check: str, why: str) -> str:
    why = " ".join(why.split())[:300]
    return (f"# parity repro: this is check.py, the oracle's own check, because {why}.\n"
            + check)


def reproduce(path: Path, timeout: float, shows: str | None = None) -> Reproduction:
    """Run `python <path>` in a fresh process in the script's folder and read its verdict;
    with `shows`, exiting 1 reproduces only if the output shows that failure (a plain script
    exits 1 on any exception)."""
    return run_capturing(path, timeout, shows)[0]


def run_capturing(path: Path, timeout: float,
                  shows: str | None = None) -> tuple[Reproduction, str]:
    """`reproduce`, and the script's output (stdout and stderr interleaved)."""
    path = Path(path).resolve()
    paths = [os.getcwd(), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    start = time.monotonic()
    try:
        process = subprocess.Popen([sys.executable, path.name], cwd=path.parent, env=env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
    except OSError as exc:  # the folder went away (a finding merged into another)
        return Reproduction(False, None, f"cannot run {path}: {exc}", 0.0), ""
    try:
        output, _ = process.communicate(timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        _kill_group(process)
        output, code = process.communicate()[0] or "", None
    seconds = time.monotonic() - start
    if shows is not None and code == 1:
        line = _shown(output, shows)
        return Reproduction(line is not None, code, line or _verdict_line(output, code, timeout),
                            seconds), output
    return Reproduction(_reproduced(code), code, _verdict_line(output, code, timeout),
                        seconds), output


def _shown(output: str, shows: str) -> str | None:
    """The line of `output` that shows the failure `shows`: after the last traceback, the
    line naming that exception type (module-qualified or not), or a line starting with it."""
    if not shows:  # an abort: only death by a signal shows it
        return None
    text = output.rsplit("Traceback (most recent call last):", 1)[-1]
    pattern = re.compile(rf"^(?:[\w.]+\.)?{re.escape(shows)}(?::|$)")
    for line in text.splitlines():
        if line.startswith(shows) or pattern.match(line):
            return line.strip()[:500]
    return None


def _kill_group(process: subprocess.Popen) -> None:
    # The script's own session: compile workers it started go with it.
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _reproduced(code: int | None) -> bool:
    return code == 1 or (code is not None and code < 0)


def _verdict_line(output: str, code: int | None, timeout: float) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    verdict = [ln for ln in lines if ln.startswith(("FAIL", "OK", "ERROR"))]
    if verdict:
        return verdict[-1][:500]
    if code is None:
        return f"no exit within {timeout:g} s"
    if code < 0:
        try:
            return f"died of {signal.Signals(-code).name}"
        except ValueError:
            return f"died of signal {-code}"
    return lines[-1][:500] if lines else ""


def write_atomically(path: Path, text: str) -> None:
    """Write beside and rename: a file read mid-write (or after a kill) is never torn. The
    temporary name is the thread's own: a campaign writes from its main and shrink threads."""
    temporary = path.with_name(f"{path.name}.tmp{os.getpid()}-{threading.get_ident()}")
    temporary.write_text(text)
    os.replace(temporary, path)
