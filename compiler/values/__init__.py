"""Value trackers: what the translator knows about each Python value it meets.

wrap.py is the one place where a real object becomes a value tracker; the kinds reach it through
registry.py, which wrap.py fills in at its import, here, before any kind is used (as
operators.py and objects.py fill in the other late-bound names there).
"""

# Each installs its late-bound names in registry.py (wrap, compare, class_value, ...).
from compiler.values import objects, operators, wrap  # noqa: F401
