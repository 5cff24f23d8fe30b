"""An exception's `__context__` read in the compiled code, as CPython sets it: raising while
an exception is handled (by `raise`, or an operation failing, here or in a called function)
chains the handled one; a bare `raise` and the re-raise at the end of a handler leave it; a
cycle in the chain is cut; raising with nothing handled leaves it (None for a new exception,
or what the caller of the compiled code handles). Compared with eager, fullgraph or not."""

import pytest
import torch

import compiler


def _names(exc, depth=3):
    """The chain of contexts as type names, and whether each cause is its context."""
    chain = []
    while exc is not None and depth:
        chain.append((type(exc).__name__, str(exc), exc.__cause__ is exc.__context__))
        exc = exc.__context__
        depth -= 1
    return chain


def _implicit(x):
    try:
        try:
            raise ValueError("first")
        except ValueError:
            raise KeyError("second")  # noqa: B904 - the implicit chaining under test
    except KeyError as e:
        return x + 1, _names(e), e.__suppress_context__


def _explicit_cause(x):
    try:
        try:
            raise ValueError("first")
        except ValueError as inner:
            raise KeyError("second") from inner
    except KeyError as e:
        return x + 1, _names(e), e.__cause__ is e.__context__, e.__suppress_context__


def _from_none_outside_handler(x):
    try:
        raise KeyError("alone") from None
    except KeyError as e:
        return x + 1, e.__context__ is None, e.__suppress_context__


def _never_raised(x):
    e = ValueError("made")
    return x + 1, e.__context__ is None, e.__cause__ is None


def _operation_fails_in_handler(x):
    try:
        try:
            raise ValueError("first")
        except ValueError:
            return {}["missing"]
    except KeyError as e:
        return x + 1, _names(e)


def _fails(n):
    raise IndexError(n)


def _raised_in_called_function(x):
    try:
        try:
            raise ValueError("first")
        except ValueError:
            _fails(3)
    except IndexError as e:
        return x + 1, _names(e)


def _bare_reraise_keeps_context(x):
    try:
        try:
            raise ValueError("first")
        except ValueError:
            try:
                raise KeyError("second")
            except KeyError:
                raise
    except KeyError as e:
        return x + 1, _names(e)


def _cycle_is_cut(x):
    try:
        try:
            raise ValueError("first")
        except ValueError as first:
            try:
                raise KeyError("second")
            except KeyError:
                raise first  # noqa: B904 - the implicit chaining under test
    except ValueError as e:
        return x + 1, _names(e)


def _three_deep(x):
    try:
        try:
            try:
                raise ValueError("a")
            except ValueError:
                raise KeyError("b")  # noqa: B904 - the implicit chaining under test
        except KeyError:
            raise IndexError("c")  # noqa: B904 - the implicit chaining under test
    except IndexError as e:
        return x + 1, _names(e)


CASES = [_implicit, _explicit_cause, _from_none_outside_handler, _never_raised,
         _operation_fails_in_handler, _raised_in_called_function, _bare_reraise_keeps_context,
         _cycle_is_cut, _three_deep]


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_matches_eager(fn, fullgraph):
    x = torch.arange(3.0)
    expected = fn(x)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    for _ in range(2):
        actual = compiled(x)
        torch.testing.assert_close(actual[0], expected[0])
        assert actual[1:] == expected[1:]
    stats = compiler.stats(compiled)
    assert (stats.graphs, stats.recompiles) == (1, []), stats


def _raise_and_read(x):
    try:
        raise KeyError("inside")
    except KeyError as e:
        return x + 1, e.__context__ is None, type(e.__context__).__name__


def test_caller_handling_an_exception_is_the_context():
    """Called inside an except block, the compiled code's exception chains the caller's; the
    first call (nothing handled) is guarded on that."""
    x = torch.arange(3.0)
    compiled = compiler.compile(_raise_and_read, backend="eager")
    assert compiled(x)[1:] == _raise_and_read(x)[1:] == (True, "NoneType")
    try:
        raise RuntimeError("outer")
    except RuntimeError:
        expected = _raise_and_read(x)
        actual = compiled(x)
    assert expected[1:] == (False, "RuntimeError")
    assert actual[1:] == expected[1:]


def _raised_in_generator(x):
    def numbers():
        raise ValueError("in the generator")
        yield 1

    try:
        try:
            raise KeyError("handled")
        except KeyError:
            next(numbers())
    except ValueError as e:
        return x + 1, _names(e)


def test_generator_frame_context_is_refused_not_guessed():
    """What a generator's frame handles depends on who resumes it: not modelled."""
    x = torch.arange(3.0)
    expected = _raised_in_generator(x)
    assert compiler.compile(_raised_in_generator, backend="eager")(x)[1:] == expected[1:]
    with pytest.raises(compiler.Unsupported, match="__context__"):
        compiler.compile(_raised_in_generator, backend="eager", fullgraph=True)(x)
