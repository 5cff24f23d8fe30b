"""Symbolic execution of bytecode: the translator loop, frame state and opcode handlers.

Handlers are registered per opcode and grouped by family in ops_*.py.
"""
