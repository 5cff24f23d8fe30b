# parity finding mismatch-value:torch:aot_eager:out:identity: exits 1 while the bug is present
import torch
import torch.nn.functional as F

def program(z):
    return F.dropout(z, training=False)

def calls():
    yield ((torch.randn(0),), {})

def run(fn):
    inputs = calls()
    torch.manual_seed(4321)
    args, kwargs = next(inputs)
    torch.manual_seed(1234)
    out = fn(*args, **kwargs)
    return out is args[0]

expected = run(program)
actual = run(torch.compile(program, backend='aot_eager'))
assert actual == expected, f"`out is args[0]`: eager says {expected}, compiled {actual}"
