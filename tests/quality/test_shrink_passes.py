"""Each shrink pass on its own: what it proposes and what it must leave alone."""

from __future__ import annotations

import textwrap

import torch

from generators.shrink import PASSES, normalise, reduce

PASS = {p.name: p for p in PASSES}


def source(text: str) -> str:
    return normalise(textwrap.dedent(text))


def outputs(text: str) -> list:
    """Run the program over its calls in a fresh namespace; None if anything raises."""
    namespace: dict = {}
    try:
        exec(compile(text, "<candidate>", "exec"), namespace)
        return [namespace["program"](*a, **k) for a, k in namespace["calls"]()]
    except Exception:
        return None


def only(*names: str):
    return [PASS[name] for name in names]


def test_statement_deletion_keeps_what_the_result_needs():
    text = source("""
        import torch
        def program(x):
            a = x + 1
            b = a * 2
            c = b - 5
            print_me = str(c)
            d = x.sum()
            return a
        def calls():
            yield ((torch.ones(3),), {})
        """)

    def returns_twos(s: str) -> bool:
        result = outputs(s)
        return result is not None and str(result[0]) == "tensor([2., 2., 2.])"

    result = reduce(text, returns_twos, passes=only("delete-statements"))
    assert result.source == source("""
        import torch
        def program(x):
            a = x + 1
            return a
        def calls():
            yield ((torch.ones(3),), {})
        """)


def test_everything_but_the_skeleton_goes_when_anything_is_interesting():
    text = source("""
        import math
        import torch
        K = 3
        def helper(a):
            return a * 2
        def program(x, n, flag=True):
            for i in range(n):
                x = helper(x) + i
            return x.double()
        def calls():
            yield ((torch.randn(8, 4, dtype=torch.float64), 3), {"flag": True})
            yield ((torch.ones(2), 1), {})
        """)
    assert reduce(text, lambda s: True).source == source("""
        import torch
        def program():
            pass
        def calls():
            yield ((), {})
        """)


def test_dropping_a_program_parameter_drops_its_yielded_arguments():
    text = source("""
        import torch
        def program(x, n, y, flag=True):
            return y * 2
        def calls():
            yield ((torch.ones(1), 3, torch.ones(2)), {"flag": False})
            yield ((torch.ones(1), 4, torch.zeros(2)), {})
        """)
    result = reduce(text, lambda s: outputs(s) is not None, passes=only("drop-parameters"))
    assert result.source == source("""
        import torch
        def program(y):
            return y * 2
        def calls():
            yield ((torch.ones(2),), {})
            yield ((torch.zeros(2),), {})
        """)


def test_an_unused_keyword_only_parameter_goes_with_its_keyword_everywhere():
    text = source("""
        import torch
        class Program(torch.nn.Module):
            def forward(self, x, *, scale=1.0, keep=2):
                return x.abs() * keep
        program = Program()
        def helper(a, *, unused=0):
            return a
        def calls():
            yield ((torch.ones(1),), {"scale": 0.5, "keep": 3})
            yield ((torch.ones(1),), {"scale": 2.0})
        """)
    result = reduce(text, lambda s: outputs(s) is not None, passes=only("drop-parameters"))
    assert "def forward(self, x, *, keep=2):" in result.source, result.source
    assert "scale" not in result.source
    assert "{'keep': 3}" in result.source and "yield ((torch.ones(1),), {})" in result.source


def test_dropping_a_helper_parameter_drops_it_at_every_call_site():
    text = source("""
        def helper(a, unused, b=2):
            return a + b
        def program():
            return helper(1, 2, b=3) + helper(4, unused=5)
        def calls():
            yield ((), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [10], passes=only("drop-parameters"))
    assert "def helper(a, b=2)" in result.source
    assert "helper(1, b=3) + helper(4)" in result.source


def test_for_loop_over_a_range_lifts_with_its_first_value_bound():
    text = source("""
        def program():
            total = 10
            for i in range(3, 7):
                total = total + i
            return total
        def calls():
            yield ((), {})
        """)
    result = reduce(text, lambda s: outputs(s) in ([28], [13]), passes=only("lift-compound"))
    assert "i = 3\n    total = total + i" in result.source


def test_if_statement_lifts_to_its_else_branch():
    text = source("""
        def program(flag):
            if flag:
                return 1
            else:
                return 2
        def calls():
            yield ((False,), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [2], passes=only("lift-compound"))
    assert "if" not in result.source and "return 2" in result.source


def test_match_statement_lifts_to_a_case_with_its_captures_bound():
    text = source("""
        def program(xs):
            match xs:
                case [a]:
                    return a
                case [a, b] if a:
                    return a * 10 + b
                case _:
                    return 0
        def calls():
            yield (([2, 3],), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [23], passes=only("lift-compound"))
    assert "match" not in result.source and "[a, b] = xs" in result.source


def test_try_statement_lifts_to_its_handler():
    text = source("""
        def program(x):
            try:
                y = x[5]
            except IndexError:
                y = -1
            finally:
                z = 1
            return y + z
        def calls():
            yield (([1],), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [0], passes=only("lift-compound"))
    assert "try" not in result.source and "y = -1" in result.source


def test_expression_helper_is_inlined_with_its_arguments():
    text = source("""
        def double_plus(a, b=1):
            return a * 2 + b
        def program(x):
            return double_plus(x + 1) - double_plus(x, b=0)
        def calls():
            yield ((5,), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [3], passes=only("inline-helpers"))
    assert "def double_plus" not in result.source
    assert "return (x + 1) * 2 + 1 - (x * 2 + 0)" in result.source


def test_a_helper_nested_in_the_program_is_inlined():
    text = source("""
        def program(y):
            def inner(u):
                return u * 2 + 1
            return inner(y)
        def calls():
            yield ((3,), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [7], passes=only("inline-helpers"))
    assert "def inner" not in result.source and "return y * 2 + 1" in result.source


def test_statement_helper_used_once_is_inlined_into_its_caller():
    text = source("""
        def helper(t):
            u = t + 1
            return u * 3
        def program(x):
            y = helper(x)
            return y
        def calls():
            yield ((1,), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [6], passes=only("inline-helpers"))
    assert "def helper" not in result.source
    assert "t = x\n    u = t + 1\n    y = u * 3\n    return y" in result.source


def test_operands_replace_their_expression():
    text = source("""
        import torch
        def program(x):
            return torch.relu(x.abs() + 1).sum(dim=0) * 2
        def calls():
            yield ((torch.ones(2),), {})
        """)
    predicate = lambda s: "abs" in s and outputs(s) is not None
    result = reduce(text, predicate, passes=only("replace-with-operand"))
    assert "return x.abs()" in result.source


def test_numbers_shrink_towards_zero_and_one_and_dimensions_never_to_zero():
    text = source("""
        import torch
        def program(x, n, scale):
            return x * scale + n
        def calls():
            yield ((torch.ones(8, 6), 17, 2.5), {})
        """)
    predicate = lambda s: outputs(s) is not None and outputs(s)[0].numel() > 0
    result = reduce(text, predicate, passes=only("shrink-numbers"))
    assert "yield ((torch.ones(1, 1), 0, 0.0), {})" in result.source


def test_shapes_lose_dimensions():
    text = source("""
        import torch
        def program(x):
            return x.sum()
        def calls():
            yield ((torch.randn(8, 4, 2),), {})
        """)
    predicate = lambda s: outputs(s) is not None and "4" in s
    result = reduce(text, predicate, passes=only("shrink-shapes"))
    assert "torch.randn(4)" in result.source


def test_keyword_arguments_are_dropped_before_dtypes_are_simplified():
    text = source("""
        import torch
        def program(x):
            return x.to(dtype=torch.float64).sum(dim=0, keepdim=True)
        def calls():
            yield ((torch.ones(2, dtype=torch.int64),), {})
        """)
    predicate = lambda s: outputs(s) is not None and s.count("dtype") == 2
    result = reduce(text, predicate, passes=only("drop-arguments", "simplify-dtypes"))
    assert "x.to(dtype=torch.float32).sum()" in result.source
    assert "torch.ones(2, dtype=torch.float32)" in result.source


def test_dead_code_goes_but_a_mutating_call_stays_as_a_statement():
    text = source("""
        import math
        import torch
        UNUSED = [1, 2]
        def program(x):
            ignored = x.add_(1)
            spare = x * 2
            return None
        def calls():
            yield ((torch.zeros(1),), {})
        """)

    def mutates(s: str) -> bool:
        namespace: dict = {}
        exec(s, namespace)
        t = torch.zeros(1)
        namespace["program"](t)
        return t.item() == 1

    result = reduce(text, mutates, passes=only("dead-code"))
    assert result.source == source("""
        import torch
        def program(x):
            x.add_(1)
            return None
        def calls():
            yield ((torch.zeros(1),), {})
        """)


def test_single_use_variables_are_inlined():
    text = source("""
        def program(x):
            a = x + 1
            b = a * 2
            return b
        def calls():
            yield ((1,), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [4], passes=only("inline-variables"))
    assert "return (x + 1) * 2" in result.source


def test_constants_replace_conditions():
    text = source("""
        def program(x):
            if x > 3 and x < 10:
                return 1
            return 0
        def calls():
            yield ((5,), {})
        """)
    result = reduce(text, lambda s: outputs(s) == [1], passes=only("replace-with-constant"))
    assert "if 1:" in result.source


def test_program_module_loses_unused_forward_and_init_parameters():
    text = source("""
        import torch
        class Model(torch.nn.Module):
            def __init__(self, width, unused_depth):
                super().__init__()
                self.width = width
            def forward(self, x, unused_mask, scale=2):
                return x * self.width * scale
        program = Model(3, unused_depth=4)
        def calls():
            yield ((torch.ones(2), None), {"scale": 3})
        """)
    result = reduce(text, lambda s: outputs(s) is not None, passes=only("drop-parameters"))
    assert "def __init__(self, width):" in result.source
    assert "def forward(self, x, scale=2):" in result.source
    assert "program = Model(3)" in result.source
    assert "yield ((torch.ones(2),), {'scale': 3})" in result.source


def test_tuple_shapes_and_tensor_literals_lose_elements():
    text = source("""
        import torch
        def program(x, y):
            return x.sum() + y.sum()
        def calls():
            yield ((torch.zeros((5, 3)), torch.tensor([1.0, 2.0, 3.0])), {})
        """)
    predicate = lambda s: outputs(s) is not None and "3" in s
    result = reduce(text, predicate, passes=only("shrink-shapes"))
    assert "yield ((torch.zeros(()), torch.tensor([3.0])), {})" in result.source
