"""Per-code-object cache entries, guard checks on call, recompile limit and statistics.

The compiled callable asks this package which entry, if any, may run.
"""
