"""A call whose arguments do not bind raises eager's TypeError with eager's text: the count of
positionals with defaults, singular and plural, keyword-only arguments given, and keyword
errors reported before the count, as CPython checks them."""

import pytest
import torch

from tests.differential import check_same


def with_kwonly(a, b=1, *, k):
    return a


def no_params():
    return 0


def one_param(a):
    return a


CALLS = [
    lambda x: with_kwonly(x, 2, 3, k=1),
    lambda x: with_kwonly(x, 2, 3),
    lambda x: with_kwonly(x, 2, 3, zz=1),
    lambda x: with_kwonly(x, 2, 3, b=1),
    lambda x: no_params(x),
    lambda x: one_param(x, 2),
    lambda x: one_param(x, 2, 3),
]


@pytest.mark.parametrize("call", CALLS)
def test_binding_error_text_is_eagers(call):
    def program(x):
        try:
            return x + 1, call(x)
        except TypeError as error:
            return x + 1, str(error)

    check_same(program, torch.randn(3))
