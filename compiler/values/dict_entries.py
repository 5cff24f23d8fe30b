"""The entries of a dict tracker, counting the changes to its keys and logging them in order."""

from __future__ import annotations

import collections


class Entries(dict):
    """A dict tracker's entries (hash key -> (key, value)), counting the changes to its keys
    (`version`): an iterator over the dict tells a value written from a key added or removed
    (CPython's iterators see the first and fail on, or are thrown by, the second).

    It also logs, in order, each key added, removed or moved (`steps`, after the keys it was
    made with, `initial`): an OrderedDict keeps two orders, its links' (the entries' order) and
    dict's own storage order, which `move_to_end` leaves; only replaying the steps one by one
    gives the real object both (`redo_steps`)."""

    version = 0

    def __init__(self, entries=()):
        super().__init__(entries)
        self.initial = [key for key, _ in self.values()]
        self.steps: list[tuple] = []

    def _counted(self, method, *args):
        size = len(self)
        try:
            return method(*args)
        finally:
            if len(self) != size:
                self.version += 1

    def _added_since(self, size: int) -> None:
        """Log the keys a write added: a dict puts new keys last, in the order written (no
        lookup here: a key's `__eq__` may be the program's and be counted)."""
        self.steps += [("add", key) for key, _ in list(self.values())[size:]]

    def __setitem__(self, key, value):
        size = len(self)
        self._counted(super().__setitem__, key, value)
        if len(self) != size:
            self.steps.append(("add", value[0]))

    def __delitem__(self, key):
        self.pop(key)

    def pop(self, *args):
        size = len(self)
        found = self._counted(super().pop, *args)
        if len(self) != size:
            self.steps.append(("del", found[0]))
        return found

    def popitem(self):
        found = self._counted(super().popitem)
        self.steps.append(("del", found[1][0]))
        return found

    def setdefault(self, *args):
        size = len(self)
        found = self._counted(super().setdefault, *args)
        if len(self) != size:
            self.steps.append(("add", found[0]))
        return found

    def update(self, *args, **kwargs):
        size = len(self)
        self._counted(lambda: super(Entries, self).update(*args, **kwargs))
        self._added_since(size)

    def clear(self):
        if self:
            self.steps.append(("clear",))
        self._counted(super().clear)

    def move(self, key, last: bool) -> None:
        """OrderedDict.move_to_end: the key to one end of the links, dict's order unchanged."""
        entry = super().pop(key)
        if last:
            super().__setitem__(key, entry)
        else:
            rest = list(self.items())
            super().clear()
            super().__setitem__(key, entry)
            super().update(rest)
        self.version += 1
        self.steps.append(("move", entry[0], last))

    def moved(self) -> bool:
        return any(step[0] == "move" for step in self.steps)


def redo_steps(target, steps, final) -> None:
    """Give an OrderedDict the keys' changes the trace made, one by one and in order, then the
    values it ended with: its links and dict's own order end as the program left them."""
    odict = collections.OrderedDict
    for step in steps:
        if step[0] == "add":
            odict.__setitem__(target, step[1], None)
        elif step[0] == "del":
            odict.__delitem__(target, step[1])
        elif step[0] == "clear":
            odict.clear(target)
        else:
            odict.move_to_end(target, step[1], last=step[2])
    for key, value in final:
        odict.__setitem__(target, key, value)
