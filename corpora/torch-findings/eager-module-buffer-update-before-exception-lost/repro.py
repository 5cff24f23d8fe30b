# parity finding mismatch-mutation:torch:eager:G:value: exits 1 while the bug is present
import torch
M0 = torch.nn.BatchNorm1d(0)

def program(x):
    M0(x)

def calls():
    yield ((torch.randn(2, 1),), {})

def run(compile):  # each side loads this file anew: its own globals
    space = runpy.run_path(__file__, run_name='side')
    fn, inputs = compile(space['program']), space['calls']()
    torch.manual_seed(4321)
    args, kwargs = next(inputs)
    with contextlib.suppress(Exception):  # it may raise after its change
        fn(*args, **kwargs)
    return space['M0'].num_batches_tracked

if __name__ == '__main__':
    import contextlib, runpy  # noqa: E401
    expected = run(lambda program: program)
    actual = run(lambda program: torch.compile(program, backend='eager'))
    torch.testing.assert_close(actual, expected, rtol=0.0001, atol=1e-05, equal_nan=True,
                               msg=lambda m: f"{m}\nexpected: {expected}\nactual:   {actual}")
