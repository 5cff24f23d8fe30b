"""printf-style % formatting, str.format with positional/keyword/index fields and format specs,
repr/ascii of values and str of a dtype and a shape. features: strings, fstrings, metadata"""

import torch


def program(x, tag, k):
    a = "%s-%03d-%.2f" % (tag, k, k / 3)  # noqa: UP031
    b = "{0}:{1:>6}|{name!r}".format(k, tag, name=tag)  # noqa: UP032
    c = "{:+.3e}".format(k * 1000.0)  # noqa: UP032
    d = "%(t)s=%(k)x" % {"t": tag, "k": k}  # noqa: UP031
    e = f"{x.dtype}|{tuple(x.shape)}|{x.shape}|{k:#b}|{tag!s:^8}"
    return x * len(a), [a, b, c, d, e, repr(tag), str(x.dtype)]


def calls():
    g = torch.Generator().manual_seed(484)
    yield (torch.randn(2, 3, generator=g), "w", 7), {}
    yield (torch.randn(2, 3, generator=g), "w", 7), {}
    yield (torch.randn(4, generator=g, dtype=torch.float64), "bias", 12), {}
