# parity finding crash:torch:aot_eager:BackendCompilerFailed@torch-compiler:torch.fx: exits 1 while the bug is present
import torch
pass

def program():
    t2 = torch.nn.Sequential(torch.nn.Linear(5, 0), torch.nn.Tanh())(torch.linspace(0, 0, 5))
    t2.mul_(0.0)
    i0 = 0
    return t2.abs()

def calls():
    g = torch.Generator().manual_seed(0)
    yield ((), {})

def run(fn):
    inputs = calls()
    args, kwargs = next(inputs)
    out = fn(*args, **kwargs)
    return out

expected = run(program)
actual = run(torch.compile(program, backend='aot_eager'))
torch.testing.assert_close(actual, expected, rtol=0.0001, atol=1e-05, equal_nan=True,
                           msg=lambda m: f"{m}\nexpected: {expected}\nactual:   {actual}")
