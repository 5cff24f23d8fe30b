"""Model tests need Hugging Face `transformers` (`pip install .[models]`); without it each one
skips with that reason."""

import pytest

from tests.differential import compiler_test_config  # noqa: F401

REASON = "tests/models need transformers: pip install .[models]"


def pytest_runtest_setup(item):
    pytest.importorskip("transformers", reason=REASON)
