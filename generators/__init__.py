"""Hypothesis generators of random Python/PyTorch programs, and the source-level reducer.

Imports neither the compiler nor the oracle: programs are plain source files.
"""
