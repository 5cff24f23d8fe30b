"""Value trackers: what the translator knows about each Python value it meets.

wrap.py is the one place where a real object becomes a value tracker; the kinds reach it through
registry.py, which wrap.py fills in at its import, here, before any kind is used.
"""

from compiler.values import wrap as _wrap  # noqa: F401 - installs registry.wrap/wrap_constant
