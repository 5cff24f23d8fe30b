"""Held-out-style cases written from real code's idioms: torch's global state and utilities
inside the compiled code (random number generation and seeds, default dtype, profiler regions,
torch.distributions, `torch.autograd.grad`, dtype promotion with Python scalars). Tensor
attributes, conversions, `out=` and in-place writes through views: functions_heldout_j2.py.
"""

from __future__ import annotations

import contextlib
import random

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style import functions_heldout_j2  # noqa: F401 - registers its cases
from tests.dynamo_style.registry import case


@contextlib.contextmanager
def default_dtype(dtype):
    saved = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(saved)


# -- default dtype ----------------------------------------------------------------------------

@case()
def j_default_dtype_context_manager_factories(a, b):
    with default_dtype(torch.float64):
        z = torch.zeros(2)
        o = torch.ones(2, 2)
        t = torch.tensor([1.5, 2.0])
        r = torch.arange(0.0, 3.0)
        inside = torch.get_default_dtype()
    after = torch.zeros(2)
    return z, o, t, r, inside, after, torch.get_default_dtype(), a + z.sum()


@case()
def j_default_dtype_scalar_promotion(a, b):
    ints = a.long()
    with default_dtype(torch.float64):
        promoted = ints * 2.5
        full = torch.full((2,), 3.0)
        plain = a * 2.5
    return promoted, full, plain, ints * 2.5


@case()
def j_default_dtype_set_and_restored_directly(a, b):
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    x = torch.linspace(0, 1, 4)
    y = torch.empty(3).fill_(1.0)
    torch.set_default_dtype(old)
    return x, y, torch.zeros(1), a.sum() + x.sum()


@case()
def j_default_dtype_branch_on_query(a, b):
    with default_dtype(torch.float64):
        if torch.get_default_dtype() == torch.float64:
            out = a.double() + 1
        else:
            out = a - 1
        eps = torch.finfo(torch.get_default_dtype()).eps
    return out, eps, torch.finfo().eps


@case()
def j_default_dtype_raise_inside_restores(a, b):
    try:
        with default_dtype(torch.float64):
            z = torch.ones(2)
            raise ValueError("stop")
    except ValueError:
        pass
    return z, torch.ones(2), torch.get_default_dtype()


# -- profiler regions -------------------------------------------------------------------------

@case()
def j_record_function_autograd_profiler(a, b):
    with torch.autograd.profiler.record_function("block"):
        y = a + b
    with torch.autograd.profiler.record_function("second") as region:
        z = y * 2
    return y, z, region is not None


@case()
def j_record_function_torch_profiler_nested(a, b):
    with torch.profiler.record_function("outer"):
        y = a.relu()
        with torch.profiler.record_function("inner"):
            y = y @ b.t()
    return y.sum(0)


@torch.profiler.record_function("decorated")
def _profiled_helper(x):
    return x.sin() + 1


@case()
def j_record_function_as_decorator(a, b):
    return _profiled_helper(a) * b


@case()
def j_record_function_with_args_and_return_inside(a, b):
    def body(x):
        with torch.autograd.profiler.record_function("ret", "extra"):
            return x.cos()
    return body(a) + body(b)


# -- random numbers ---------------------------------------------------------------------------

@case()
def j_manual_seed_then_draws(a, b):
    torch.manual_seed(7)
    r = torch.rand(3, 4)
    n = torch.randn(2)
    i = torch.randint(0, 10, (4,))
    p = torch.randperm(5)
    return a + r, n, i, p


@case()
def j_manual_seed_twice_same_draws(a, b):
    torch.manual_seed(1)
    first = torch.randn(3)
    torch.manual_seed(1)
    second = torch.randn(3)
    return first, second, first - second


@case()
def j_generator_made_inside(a, b):
    g = torch.Generator().manual_seed(3)
    x = torch.randn(3, 4, generator=g)
    y = torch.rand(2, generator=g)
    return a + x, y


@case()
def j_seeded_bernoulli_dropout_multinomial(a, b):
    torch.manual_seed(11)
    m = torch.bernoulli(torch.full((3, 4), 0.5))
    d = F.dropout(a, 0.5, training=True)
    w = torch.multinomial(b.softmax(-1), 2)
    return m, d, w


@case()
def j_seeded_like_and_inplace_draws(a, b):
    torch.manual_seed(2)
    r = torch.rand_like(a)
    n = torch.randn_like(b)
    c = torch.empty(3).uniform_(-1, 1)
    d = torch.empty(3).normal_(0, 2)
    return r, n, c, d


@case()
def j_rng_state_save_and_restore(a, b):
    torch.manual_seed(0)
    state = torch.get_rng_state()
    x = torch.rand(4)
    torch.set_rng_state(state)
    y = torch.rand(4)
    return x, y, x - y


@case()
def j_fork_rng_isolates_draws(a, b):
    torch.manual_seed(4)
    with torch.random.fork_rng():
        torch.manual_seed(9)
        inner = torch.rand(2)
    outer = torch.rand(2)
    return inner, outer


@case(gap="random.seed / the random module's global draws (torch.compile refuses too)")
def j_python_random_seeded(a, b):
    random.seed(5)
    k = random.random()
    n = random.randint(1, 6)
    return a * k + n, k, n


@case()
def j_python_random_choice_shuffle(a, b):
    rng = random.Random(3)
    items = [1, 2, 3, 4]
    rng.shuffle(items)
    pick = rng.choice(items)
    return a * pick, items


@case(gap="torch.initial_seed after a seed set inside (torch.compile refuses too)")
def j_initial_seed_after_manual_seed(a, b):
    torch.manual_seed(123)
    return torch.initial_seed(), torch.rand(1) + a.sum()


# -- torch.distributions ----------------------------------------------------------------------

@case()
def j_normal_rsample_seeded(a, b):
    d = torch.distributions.Normal(a, b.abs() + 0.1, validate_args=False)
    torch.manual_seed(0)
    s = d.rsample()
    return s, d.log_prob(s), d.entropy().sum()


@case()
def j_categorical_sample_seeded(a, b):
    c = torch.distributions.Categorical(logits=a, validate_args=False)
    torch.manual_seed(1)
    s = c.sample((2,))
    return s, c.log_prob(s), c.entropy()


@case()
def j_uniform_and_bernoulli(a, b):
    u = torch.distributions.Uniform(torch.zeros(3), torch.ones(3) * 2, validate_args=False)
    x = torch.tensor([0.5, 1.0, 1.5])
    bern = torch.distributions.Bernoulli(logits=a[0], validate_args=False)
    return u.log_prob(x), u.entropy(), u.mean, bern.entropy(), bern.log_prob((a[0] > 0).float())


@case()
def j_kl_divergence_normals(a, b):
    p = torch.distributions.Normal(a, torch.ones_like(a), validate_args=False)
    q = torch.distributions.Normal(b, torch.full_like(b, 2.0), validate_args=False)
    return torch.distributions.kl_divergence(p, q), torch.distributions.kl.kl_divergence(q, p)


@case(lambda: (torch.distributions.Normal(randn(0, (3,)), torch.ones(3)), randn(1, (3,))),
      gap="a distribution object passed in: objects of torch's classes are not wrapped")
def j_distribution_passed_in(dist, x):
    return dist.log_prob(x), dist.cdf(x), dist.mean + dist.stddev


@case(gap="validate_args (the default): `if not torch._is_all_true(valid)` on tensor data")
def j_normal_validated_by_default(a, b):
    d = torch.distributions.Normal(a, b.abs() + 0.5)
    return d.log_prob(a), d.entropy()


@case()
def j_independent_and_sample_shapes(a, b):
    base = torch.distributions.Normal(a, torch.ones_like(a), validate_args=False)
    ind = torch.distributions.Independent(base, 1, validate_args=False)
    return ind.log_prob(b), ind.batch_shape, ind.event_shape, base.batch_shape


# -- autograd inside --------------------------------------------------------------------------

@case(gap="torch.autograd.grad inside (torch.compile refuses too)")
def j_autograd_grad_of_fresh_leaf(a, b):
    x = a.detach().requires_grad_()
    y = (x * x).sum()
    (g,) = torch.autograd.grad(y, x)
    return g, y.detach()


@case(gap="torch.autograd.grad inside (torch.compile refuses too)")
def j_autograd_grad_create_graph_second_order(a, b):
    x = a.detach().requires_grad_(True)
    y = (x ** 3).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    (h,) = torch.autograd.grad(g.sum(), x)
    return g.detach(), h


@case(gap="torch.autograd.grad inside (torch.compile refuses too)")
def j_autograd_grad_allow_unused(a, b):
    x = a.detach().requires_grad_()
    z = b.detach().requires_grad_()
    y = (x.exp()).sum()
    gx, gz = torch.autograd.grad(y, [x, z], allow_unused=True)
    return gx, gz is None


@case(gap="torch.autograd.grad inside (torch.compile refuses too)")
def j_autograd_grad_with_grad_outputs(a, b):
    x = a.detach().requires_grad_()
    y = x.sin()
    (g,) = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y) * 2)
    return g


@case(lambda: (randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))),
      gap="torch.autograd.grad inside (torch.compile refuses too)")
def j_autograd_grad_of_input_leaf(a, b):
    y = (a * b).sum()
    (g,) = torch.autograd.grad(y, a)
    return g


@case()
def j_grad_mode_queries(a, b):
    outside = torch.is_grad_enabled()
    with torch.no_grad():
        inside = torch.is_grad_enabled()
        y = a * 2
    with torch.inference_mode():
        inf = torch.is_inference_mode_enabled()
    return outside, inside, inf, torch.is_inference_mode_enabled(), y


@case()
def j_requires_grad_detach_probes(a, b):
    x = a.detach().requires_grad_()
    y = x * 2
    z = y.detach()
    return (x.is_leaf, y.is_leaf, z.is_leaf, y.requires_grad, z.requires_grad,
            x.requires_grad, z + b)


@case(gap="Tensor.retain_grad() (torch.compile refuses too)")
def j_retain_grad_flag(a, b):
    x = a.detach().requires_grad_()
    y = x * 3
    y.retain_grad()
    return y.retains_grad, x.retains_grad, y.detach()


@case(lambda: (randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))))
def j_grad_fn_presence_and_class(a, b):
    y = a * b
    with torch.no_grad():
        z = a * 2
    return (y.grad_fn is not None, z.grad_fn is None, type(y.grad_fn).__name__, a.grad_fn,
            bool(y.grad_fn), y.detach().grad_fn is None)


@case(lambda: (torch.ones(3), torch.ones(3, requires_grad=True)))
def j_input_written_in_place_with_history(a, w):
    a.mul_(w)
    return a.is_leaf, a.requires_grad, a.grad_fn is None, a.detach()


@case()
def j_local_random_object_draws(a, b):
    rng = random.Random(7)
    k = rng.random()
    n = rng.randint(1, 4)
    g = rng.gauss(0.0, 1.0)
    return a * k + n, g, rng.uniform(2, 3)


@case()
def j_local_random_object_over_sequences(a, b):
    rng = random.Random("seed")
    rows = [a[0], a[1], a[2]]
    rng.shuffle(rows)
    picked = rng.choice([a, b])
    some = rng.sample([1, 2, 3, 4, 5], 2)
    weighted = rng.choices(["x", "y"], weights=[0.2, 0.8], k=3)
    return torch.stack(rows), picked, some, weighted


@torch.autocast("cpu", dtype=torch.bfloat16)
def _autocast_helper(x, y):
    return x @ y.t()


@case()
def j_autocast_decorated_helper(a, b):
    out = _autocast_helper(a, b)
    return out, out.dtype, (a @ b.t()).dtype


@case()
def j_cpu_amp_autocast_class(a, b):
    with torch.cpu.amp.autocast(dtype=torch.bfloat16):
        x = torch.mm(a, b.t())
    return x, x.dtype


@case(gap="torch.distributions' module-level constraint objects are not wrapped (wrap.py)")
def j_transformed_distribution_log_prob(a, b):
    base = torch.distributions.Normal(torch.zeros(4), torch.ones(4), validate_args=False)
    affine = torch.distributions.transforms.AffineTransform(1.0, 2.0)
    d = torch.distributions.TransformedDistribution(base, [affine], validate_args=False)
    return d.log_prob(a)


@case()
def j_more_distributions_without_validation(a, b):
    v = {"validate_args": False}
    mvn = torch.distributions.MultivariateNormal(a[0], scale_tril=torch.eye(4) * 2, **v)
    beta = torch.distributions.Beta(a.abs() + 1, b.abs() + 2, **v)
    mix = torch.distributions.MixtureSameFamily(
        torch.distributions.Categorical(logits=torch.zeros(3), **v),
        torch.distributions.Normal(torch.tensor([0.0, 1.0, 2.0]), torch.ones(3), **v), **v)
    cat_a = torch.distributions.Categorical(logits=a, **v)
    cat_b = torch.distributions.Categorical(logits=b, **v)
    return (mvn.log_prob(a), beta.entropy(), mix.log_prob(b),
            torch.distributions.kl_divergence(cat_a, cat_b))
