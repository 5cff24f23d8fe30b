"""Known issues: failure signatures a campaign expects (ci/known-issues.toml), each with a link
and a note. A known failure is still counted and written, but does not fail the run.

```toml
[[issue]]
signature = "crash:ours:KeyError"     # an fnmatch pattern over verdict:subject:detail
link = "https://github.com/org/parity/issues/12"
note = "dict views of module buffers"
```
"""

from __future__ import annotations

import fnmatch
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

    def matches(self, signature: str) -> bool:
        return fnmatch.fnmatchcase(signature, self.signature)

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
    unknown = set(entry) - {"signature", "link", "note"}
    if unknown:
        raise KnownIssuesError(
            f"known issues {path}: issue {index} has unknown keys {sorted(unknown)}")
    return KnownIssue(entry["signature"], str(entry.get("link", "")), str(entry.get("note", "")))


def match(issues: list[KnownIssue], signature: str) -> KnownIssue | None:
    return next((issue for issue in issues if issue.matches(signature)), None)
