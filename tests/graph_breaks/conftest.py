"""Compiler tests run with raise_internal_errors on and fresh caches."""

from tests.differential import compiler_test_config  # noqa: F401
