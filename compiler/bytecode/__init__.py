"""Instruction model of CPython 3.11 bytecode, built on `dis`.

Exception table, jump targets, and the codegen of resume code.
"""
