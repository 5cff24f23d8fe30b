"""What a finding's check.py runs once its bundled oracle is installed: the campaign's own
judgement (oracle.judge.differential.check) of the script's program, reported as one line.

This module travels inside every check.py (oracle/app/repro_bundle.py), so it imports only the
oracle's judging modules, the standard library and torch. Exit 1 and `FAIL: ...` while the
verdict is a failure, 0 and `OK: ...` on pass or unsupported, 2 and `ERROR: ...` when the
check itself cannot run; never a traceback.
"""

from __future__ import annotations

import os
import re
import signal
import sys

_MISMATCHES = ("mismatch-value", "mismatch-mutation")


class HarnessTimeout(BaseException):
    """Raised by the alarm: a BaseException, so the oracle does not take it for the program's
    own exception (it catches Exception around every call)."""


def main(file: str, spec: str, recorded: str, timeout: float) -> int:
    """Check `file` under the subject `spec` and print the verdict as one line."""
    try:
        import torch

        print("torch", torch.__version__, flush=True)
        from oracle.judge import differential, subjects

        subject = subjects.resolve(spec)
    except BaseException as exc:  # a missing package, a bad spec: say so, in one line
        return _error(f"cannot set up subject {spec!r}: {_one_line(exc)}")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(max(1, int(timeout)))
    try:
        result = differential.check(os.path.abspath(file), subject, spec)
    except HarnessTimeout:
        # Threads of a hung subject may still run: leave at once, the line is printed.
        _say(f"FAIL: timeout: no verdict within {int(timeout)} s "
             f"({_relation_text(recorded.startswith('timeout:'), recorded, 'timeout')})")
        os._exit(1)
    except BaseException as exc:
        return _error(f"the check itself raised {_one_line(exc)}")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return _report(result, recorded)


def _report(result, recorded: str) -> int:
    if result.verdict.is_failure:
        relation = _relation_text(same_failure(result, recorded), recorded, result.signature)
        _say(f"FAIL: {result.verdict}: {result.message} ({relation})")
        return 1
    why = f": {result.message}" if result.message else ""
    _say(f"OK: {result.verdict}{why} (recorded {recorded} does not reproduce)")
    return 0


def same_failure(result, recorded: str) -> bool:
    """Whether `result` is the failure recorded as `recorded`: its full signature, or the
    campaign's shrink key — verdict:subject: then a prefix of the detail (a path root such as
    `out` or `G`, or an exception type before `@origin`) and, for mismatches, `:aspect`."""
    if recorded == result.signature:
        return True
    prefix = f"{result.verdict}:{result.name or result.subject}:"
    if not recorded.startswith(prefix):
        return False
    rest = recorded[len(prefix):]
    head = re.split("[:@]", rest)[0]
    if str(result.verdict) in _MISMATCHES and ":" in rest:
        if rest.rsplit(":", 1)[1] != result.aspect:
            return False
    return bool(head) and result.detail.startswith(head)


def _relation_text(same: bool, recorded: str, got: str) -> str:
    if same:
        return f"the recorded failure {recorded}"
    return f"a different failure {got}; recorded {recorded}"


def _alarm(signum, frame) -> None:
    raise HarnessTimeout


def _error(text: str) -> int:
    _say(f"ERROR: {text}")
    return 2


def _say(line: str) -> None:
    print(" ".join(line.split()), flush=True)  # one line, whatever the message holds
    sys.stdout.flush()


def _one_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
