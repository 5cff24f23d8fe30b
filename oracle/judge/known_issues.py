"""Known issues: failure signatures a campaign expects (ci/known-issues.toml), each with a link
and a note. A known failure is still counted and written, but does not fail the run.

```toml
[[issue]]
signature = "crash:ours:KeyError"     # an fnmatch pattern over verdict:subject:detail
link = "https://github.com/org/parity/issues/12"
note = "dict views of module buffers"
message = "*running_mean*"            # optional: an fnmatch pattern over the oracle's message
program = "float64"                   # optional: a regular expression the program must contain
eager = "*Error"                      # optional: eager's outcome at the failing call
```

A signature alone names a kind of failure, often shared by several bugs (every crash of one
backend wrapping its error alike); the optional conditions narrow an entry to one bug, so that
a later campaign still reports the others. All given conditions must hold.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

DEFAULT_PATH = "ci/known-issues.toml"


class KnownIssuesError(ValueError):
    """The file exists but cannot be used; the message names the file and the fault."""


@dataclass(frozen=True)
class KnownIssue:
    signature: str  # pattern
    link: str = ""
    note: str = ""
    message: str = ""   # pattern over the oracle's message; "" matches any
    program: str = ""   # regular expression searched in the program's source; "" matches any
    eager: str = ""     # pattern over eager's outcome at the failing call ("returned", a type)

    def matches(self, signature: str, message: str = "", program: str = "",
                eager: str = "") -> bool:
        return (fnmatch.fnmatchcase(signature, self.signature)
                and (not self.message or fnmatch.fnmatchcase(" ".join(message.split()),
                                                             self.message))
                and (not self.program or re.search(self.program, program) is not None)
                and (not self.eager or fnmatch.fnmatchcase(eager, self.eager)))

    def as_dict(self) -> dict[str, str]:
        return {"pattern": self.signature, "link": self.link, "note": self.note}


def load(path: str | None) -> list[KnownIssue]:
    """The issues of `path`; none when the default file is absent. An explicit path must exist."""
    if path is None:
        if not Path(DEFAULT_PATH).is_file():
            return []
        path = DEFAULT_PATH
    try:
        data = tomllib.loads(Path(path).read_text())
    except OSError as exc:
        raise KnownIssuesError(f"cannot read known issues {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise KnownIssuesError(f"known issues {path} is not valid TOML: {exc}") from None
    entries = data.get("issue", [])
    if not isinstance(entries, list):
        raise KnownIssuesError(f"known issues {path}: `issue` must be an array of tables")
    return [_entry(path, i, e) for i, e in enumerate(entries)]


def _entry(path: str, index: int, entry: object) -> KnownIssue:
    if not isinstance(entry, dict) or not isinstance(entry.get("signature"), str):
        raise KnownIssuesError(
            f"known issues {path}: issue {index} needs a string `signature` pattern")
    unknown = set(entry) - {"signature", "link", "note", "message", "program", "eager"}
    if unknown:
        raise KnownIssuesError(
            f"known issues {path}: issue {index} has unknown keys {sorted(unknown)}")
    try:
        re.compile(str(entry.get("program", "")))
    except re.error as exc:
        raise KnownIssuesError(f"known issues {path}: issue {index}: `program` is not a "
                               f"regular expression: {exc}") from None
    return KnownIssue(entry["signature"], *(str(entry.get(k, "")) for k in
                                             ("link", "note", "message", "program", "eager")))


def match(issues: list[KnownIssue], signature: str, message: str = "", program: str = "",
          eager: str = "") -> KnownIssue | None:
    return next((issue for issue in issues
                 if issue.matches(signature, message, program, eager)), None)


def recognise(issues: list[KnownIssue], key: str, result, program: str) -> KnownIssue | None:
    """The known issue a failing Result of `program` is, by its shrink key or signature."""
    outcomes = tuple(getattr(result, "eager", ()) or ())
    call = getattr(result, "call", None)
    eager = outcomes[call] if call is not None and 0 <= call < len(outcomes) else ""
    return next((found for signature in (key, result.signature)
                 if (found := match(issues, signature, result.message, program, eager))), None)
