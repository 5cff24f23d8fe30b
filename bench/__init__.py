"""Benchmarks, measured as ratios against a peer in the same process.

Results go to bench/results/ as JSON; run with `make bench`.
"""
