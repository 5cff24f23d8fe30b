from tests.differential import compiler_test_config  # noqa: F401
