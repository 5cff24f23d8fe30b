"""Value trackers: what the translator knows about each Python value it meets.

wrap.py is the one place where a real object becomes a value tracker.
"""
