"""The entries of a dict tracker, counting the changes to its keys."""

from __future__ import annotations


class Entries(dict):
    """A dict tracker's entries (hash key -> (key, value)), counting the changes to its keys
    (`version`): an iterator over the dict tells a value written from a key added or removed
    (CPython's iterators see the first and fail on, or are thrown by, the second)."""

    version = 0

    def _counted(self, method, *args):
        size = len(self)
        try:
            return method(*args)
        finally:
            if len(self) != size:
                self.version += 1

    def __setitem__(self, key, value):
        self._counted(super().__setitem__, key, value)

    def __delitem__(self, key):
        self._counted(super().__delitem__, key)

    def pop(self, *args):
        return self._counted(super().pop, *args)

    def popitem(self):
        return self._counted(super().popitem)

    def setdefault(self, *args):
        return self._counted(super().setdefault, *args)

    def update(self, *args, **kwargs):
        self._counted(lambda: super(Entries, self).update(*args, **kwargs))

    def clear(self):
        self._counted(super().clear)
