# parity finding mismatch-mutation:torch:aot_eager:args:value: exits 1 while the bug is present
import torch

class Program(torch.nn.Module):
    def forward(self, x):
        x *= 0
program = Program()

def calls():
    yield ((torch.randn((), dtype=torch.float64),), {})

def run(fn):
    import contextlib
    inputs = calls()
    torch.manual_seed(4321)
    args, kwargs = next(inputs)
    with contextlib.suppress(Exception):  # it may raise after its change
        fn(*args, **kwargs)
    return args[0]

expected = run(program)
actual = run(torch.compile(program, backend='aot_eager'))
torch.testing.assert_close(actual, expected, rtol=0.0001, atol=1e-05, equal_nan=True,
                           msg=lambda m: f"{m}\nexpected: {expected}\nactual:   {actual}")
