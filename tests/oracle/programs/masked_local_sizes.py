"""The inputs keep their sizes, but the boolean mask's result (a local, data-dependent) has 0,
then 1, then 3 elements; torch breaks the graph there and compiles the frame that resumes after
it once per size class of that local (found by a campaign against torch:aot_eager). R4 cannot
see a resumed frame's inputs, so it judges only the entry frame."""
import torch


def program(z, x):
    t = z[z > 0]
    order = torch.argsort(x.abs(), dim=1, stable=True)
    return t, order


def calls():
    g = torch.Generator().manual_seed(0)
    for row in ([-1.0, -2.0, -3.0], [1.0, -2.0, -3.0], [1.0, 2.0, 3.0]):
        yield (torch.tensor([row]), torch.randn(5, 4, generator=g)), {}
