"""Constructs for torch's own objects used as Python values, and for NumPy interop.

Model code compares `x.shape` (a `torch.Size`, a tuple subclass) with tuples, slices and
concatenates it, reads `torch.finfo(x.dtype).min` to build attention masks, asks
`x.device.type`, `torch.is_grad_enabled()` and `torch.backends` flags, and hands tensors to
NumPy through `Tensor.numpy()` (which shares memory with the tensor).
"""

from __future__ import annotations

from generators.builder import Builder
from generators.opargs import Picks


def torch_values(b: Builder, p: Picks) -> bool:
    t = b.pick(p, b.tensors(rank=(1, 4)))
    if t is None:
        return False
    n, form = t.name, p.int(3)
    if form == 0:
        return _size(b, p, t)
    if form == 1:
        return _dtype_device(b, p, t)
    forms = ("torch.is_grad_enabled()", "torch.is_autocast_enabled('cpu')",
             "torch.backends.cudnn.enabled", "torch.backends.mkldnn.is_available()",
             "torch.get_default_dtype() == torch.float32", "torch.is_inference_mode_enabled()",
             f"{n}.requires_grad and torch.is_grad_enabled()", "torch.cuda.is_available()",
             "torch.backends.cuda.matmul.allow_tf32",
             "torch.are_deterministic_algorithms_enabled()")
    out = b.fresh("s")
    return b.emit([f"{out} = {p.choice(forms)}"], [out], [n],
                  features=["torch_values"]) is not None


def _size(b: Builder, p: Picks, t) -> bool:
    n = t.name
    scalar = (f"{n}.shape == torch.Size({list(t.shape)})", f"{n}.size() == {tuple(t.shape)}",
              f"isinstance({n}.shape, tuple)", f"type({n}.shape) is tuple",
              f"{n}.shape[1:] == {n}.shape[1:]", f"len({n}.shape) + {n}.shape.numel()",
              f"{n}.shape.count(1)", f"{n}.shape.index({n}.shape[-1])",
              f"hasattr({n}.shape, '_fields')", f"{n}.shape[-1] in {n}.shape",
              f"sum({n}.shape) * 2", f"max({n}.shape) == {n}.shape[0]")
    tensor = (f"{n}.new_zeros({n}.shape[:-1] + (2,))", f"{n}.reshape(*{n}.shape[:-1], -1)",
              f"{n}.new_ones(torch.Size([2]) + {n}.shape)",
              f"{n}.view({n}.shape[0], *{n}.shape[1:])", f"torch.zeros({n}.size()[::-1])")
    if p.int(2):
        out, expr = b.fresh("s"), p.choice(scalar)
    else:
        out, expr = b.fresh("t"), p.choice(tensor)
    return b.emit([f"{out} = {expr}"], [out], [n], features=["torch_values"]) is not None


def _dtype_device(b: Builder, p: Picks, t) -> bool:
    n = t.name
    scalar = (f"{n}.dtype == torch.float32", f"{n}.dtype.is_floating_point",
              f"{n}.dtype in (torch.float16, torch.bfloat16)", f"{n}.device.type == 'cpu'",
              f"{n}.device == torch.device('cpu')", f"str({n}.dtype) == 'torch.float32'",
              f"{n}.is_floating_point() and {n}.dtype.itemsize == 4",
              f"{n}.dtype.is_signed", "torch.iinfo(torch.int32).max // 2 ** 20",
              f"{n}.dtype is torch.float32", f"repr({n}.device) == \"device(type='cpu')\"")
    floating = (f"{n}.masked_fill({n} > 0, torch.finfo({n}.dtype).min)",
                f"{n}.clamp(min=torch.finfo({n}.dtype).eps)",
                f"{n} * torch.finfo({n}.dtype).tiny / torch.finfo({n}.dtype).tiny",
                f"{n}.to(dtype={n}.dtype, device={n}.device)",
                f"torch.full_like({n}, torch.finfo({n}.dtype).max).minimum({n})",
                f"{n}.new_tensor(2.0, dtype={n}.dtype) * {n}",
                f"max({n}.sum(), {n}.mean()) + min({n}.amax(), {n}.amin())",
                f"{n}.new({list(t.shape)}).fill_(0.5) + {n}", f"{n}.type(torch.float64)",
                f"{n} * ({n}.type() == 'torch.FloatTensor')")
    if p.int(2) or not t.dtype.is_floating_point:
        out, expr = b.fresh("s"), p.choice(scalar)
    else:
        out, expr = b.fresh("t"), p.choice(floating)
    return b.emit([f"{out} = {expr}"], [out], [n], features=["torch_values"]) is not None


def numpy_interop(b: Builder, p: Picks) -> bool:
    params = {prm.name for prm in b.params}
    t = b.pick(p, b.tensors("float", rank=(0, 3)))
    if t is None:
        return False
    n = t.name
    arr = f"{n}.detach().numpy()"
    form = p.int(3)
    if form == 0:
        out = b.fresh("s")
        expr = p.choice((f"float(np.sum({arr}))", f"int(np.argmax({arr}))",
                         f"{arr}.shape == {n}.shape", f"float({arr}.mean())",
                         f"bool(np.all(np.isfinite({arr})))", f"{arr}.ndim"))
        lines = [f"{out} = {expr}"]
    elif form == 1 or n not in params or t.probe.requires_grad:
        out = b.fresh("t")
        expr = p.choice((f"torch.from_numpy(np.tanh({arr}))", f"torch.as_tensor({arr} * 2)",
                         f"torch.from_numpy(np.clip({arr}, -1, 1).copy())",
                         f"torch.tensor(np.cumsum({arr}.reshape(-1)))",
                         f"{n} + torch.from_numpy(np.ones_like({arr}))"))
        lines = [f"{out} = {expr}"]
    else:  # the array shares the input's memory: writing to it mutates the input
        out, a = b.fresh("t"), b.fresh("a")
        lines = [f"{a} = {n}.numpy()", p.choice((f"{a} += 1", f"{a}[...] = {a} * 0.5",
                                                 f"np.negative({a}, out={a})")),
                 f"{out} = {n} * 2"]
        return b.emit(lines, [out], [n], mutates=[n],
                      features=["numpy_interop"]) is not None
    return b.emit(lines, [out], [n], features=["numpy_interop"]) is not None


CONSTRUCTS = {"torch_values": torch_values, "numpy_interop": numpy_interop}
