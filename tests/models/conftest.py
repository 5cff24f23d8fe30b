"""The Hugging Face model tests need `transformers` (`pip install .[models]`); without it each
of them skips with that reason. The vision models are built from torch alone and always run."""

import pytest

from tests.differential import compiler_test_config  # noqa: F401

REASON = "the transformers model tests need transformers: pip install .[models]"


def pytest_runtest_setup(item):
    if item.path.name == "test_transformers.py":
        pytest.importorskip("transformers", reason=REASON)
