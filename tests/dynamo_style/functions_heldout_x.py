"""Held-out-style cases (prefix `x_`): torch's context managers inside the compiled code.

Grad mode (`no_grad`, `enable_grad`, `set_grad_enabled` as a block, a call and a decorator),
`inference_mode`, `autocast`, `torch.random.fork_rng`, the torch-function switch, the SDPA
backend choice, `torch.backends.*.flags`, profiler regions and profilers, the saved-tensor
hook switches, `contextlib.nullcontext` and `@contextmanager` generators: nested and mixed,
left by an exception the function handles itself (the state seen afterwards must be the one
of before), and with a break inside the block (the block then resumes after the break).
"""

from __future__ import annotations

import contextlib

import torch
import torch.nn.functional as F

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case


def _leaf_and_plain() -> tuple:
    return randn(0, (3, 4)).requires_grad_(), randn(1, (3, 4))


def _qkv() -> tuple:
    return randn(0, (1, 2, 4, 8)), randn(1, (1, 2, 4, 8)), randn(2, (1, 2, 4, 8))


# -- grad mode --------------------------------------------------------------------------------


@case(_leaf_and_plain)
def x_no_grad_block_then_grad_again(a, b):
    with torch.no_grad():
        inside = torch.is_grad_enabled()
        y = a * 2
    z = a * 3
    return y, y.requires_grad, z.requires_grad, inside, torch.is_grad_enabled()


@case(_leaf_and_plain)
def x_enable_grad_inside_no_grad(a, b):
    with torch.no_grad():
        with torch.enable_grad():
            y = a * b
            on = torch.is_grad_enabled()
        z = a + b
    return y.requires_grad, z.requires_grad, on, y.detach() + z


@case(_leaf_and_plain)
def x_set_grad_enabled_block_of_flag(a, b):
    results = []
    for flag in (False, True):
        with torch.set_grad_enabled(flag):
            results.append((a.sin() + b).requires_grad)
    return results, torch.is_grad_enabled()


@case(_leaf_and_plain)
def x_set_grad_enabled_called_and_reset(a, b):
    torch.set_grad_enabled(False)
    y = a * b
    torch.set_grad_enabled(True)
    z = a * b
    return y.requires_grad, z.requires_grad, y.detach() - z.detach()


@case(_leaf_and_plain)
def x_no_grad_decorated_inner(a, b):
    @torch.no_grad()
    def frozen(x, y):
        return x * y, torch.is_grad_enabled()

    out, mode = frozen(a, b)
    return out, out.requires_grad, mode, (a * b).requires_grad


@case(_leaf_and_plain)
def x_enable_grad_decorator_under_no_grad(a, b):
    @torch.enable_grad()
    def tracked(x):
        return x.exp()

    with torch.no_grad():
        y = tracked(a)
        z = a.exp()
    return y.requires_grad, z.requires_grad, y.detach() - z


_OFF = torch.no_grad()


@case(_leaf_and_plain)
def x_no_grad_object_entered_twice_in_turn(a, b):
    made = torch.no_grad()
    with made:
        y = a + 1
    with made:
        z = a + 2
    return y.requires_grad, z.requires_grad, (a + 3).requires_grad


@case(_leaf_and_plain)
def x_grad_mode_restored_after_exception(a, b):
    try:
        with torch.no_grad():
            y = a * 2
            raise ValueError("leave")
    except ValueError:
        pass
    z = a * 2
    return y.requires_grad, z.requires_grad, torch.is_grad_enabled()


@case(_leaf_and_plain)
def x_grad_mode_restored_after_decorated_raise(a, b):
    @torch.no_grad()
    def failing(x):
        x = x + 1
        raise KeyError("k")

    try:
        failing(a)
    except KeyError:
        pass
    return torch.is_grad_enabled(), (a * b).requires_grad


@case(_leaf_and_plain, breaks=True)
def x_no_grad_block_with_break_inside(a, b):
    with torch.no_grad():
        y = a * 2
        if y.sum() > 0:
            y = y + 1
        z = y * a
    return z, z.requires_grad, (a * 1).requires_grad


# -- inference mode ---------------------------------------------------------------------------


@case()
def x_inference_mode_block(a, b):
    with torch.inference_mode():
        y = a @ b.t()
        inner = torch.is_inference_mode_enabled()
    return y.is_inference(), inner, torch.is_inference_mode_enabled(), y.clone()


@case()
def x_inference_mode_false_inside_true(a, b):
    with torch.inference_mode():
        with torch.inference_mode(False):
            y = a + b
            off = torch.is_inference_mode_enabled()
        z = a - b
    return y.is_inference(), z.is_inference(), off, torch.is_grad_enabled()


@case()
def x_inference_mode_decorator_inner(a, b):
    @torch.inference_mode()
    def infer(x):
        return x.relu() * 2

    y = infer(a)
    return y.is_inference(), (a + 0).is_inference(), y.clone() + b


@case()
def x_inference_mode_left_by_exception(a, b):
    try:
        with torch.inference_mode():
            y = a * 2
            raise RuntimeError("out")
    except RuntimeError:
        pass
    return y.is_inference(), torch.is_inference_mode_enabled(), (a + b).is_inference()


# -- autocast ---------------------------------------------------------------------------------


@case()
def x_autocast_cpu_bfloat16_state_read(a, b):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = a @ b.t()
        on = torch.is_autocast_enabled("cpu")
        kind = torch.get_autocast_dtype("cpu")
    return y.dtype, on, kind, torch.is_autocast_enabled("cpu"), y.float()


@case()
def x_autocast_disabled_inside_enabled(a, b):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = a @ b.t()
        with torch.autocast("cpu", enabled=False):
            z = a @ b.t()
    return y.dtype, z.dtype, z


@case()
def x_autocast_float16_dtype(a, b):
    with torch.autocast(device_type="cpu", dtype=torch.float16):
        y = torch.mm(a, b.t())
    return y.dtype, y.float().sum()


@case()
def x_autocast_left_by_exception(a, b):
    try:
        with torch.autocast("cpu", dtype=torch.bfloat16):
            y = a @ b.t()
            raise ValueError("x")
    except ValueError:
        pass
    z = a @ b.t()
    return y.dtype, z.dtype, torch.is_autocast_enabled("cpu")


@case()
def x_autocast_decorated_inner_returns_dtype(a, b):
    @torch.autocast("cpu", dtype=torch.bfloat16)
    def mixed(x, y):
        return x @ y.t(), torch.get_autocast_dtype("cpu")

    out, kind = mixed(a, b)
    return out.dtype, kind, (a @ b.t()).dtype


@case()
def x_autocast_under_no_grad_mixed(a, b):
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        y = F.linear(a, b)
        mode = torch.is_grad_enabled()
    return y.dtype, mode, torch.is_grad_enabled()


# -- random numbers ---------------------------------------------------------------------------


@case()
def x_fork_rng_restores_state(a, b):
    torch.manual_seed(1)
    with torch.random.fork_rng():
        torch.manual_seed(5)
        inner = torch.rand(3)
    outer = torch.rand(3)
    return inner, outer


@case()
def x_fork_rng_no_devices_draws_inside(a, b):
    torch.manual_seed(2)
    before = torch.randn(2)
    with torch.random.fork_rng(devices=[]):
        inside = torch.randn(2)
    after = torch.randn(2)
    return before, inside, after, inside - after


# -- torch function, attention, backends ------------------------------------------------------


@case()
def x_disable_torch_function_subclass(a, b):
    with torch._C.DisableTorchFunctionSubclass():
        y = a + b
        enabled = torch._C._is_torch_function_enabled()
    with torch._C.DisableTorchFunctionSubclass() as entered:
        z = torch.nn.functional.relu(y)
    return y, z, enabled, entered


@case(_qkv, gap="sdpa_kernel (the SDPA backend choice)")
def x_sdpa_kernel_math_backend(q, k, v):
    from torch.nn.attention import SDPBackend, sdpa_kernel

    with sdpa_kernel(SDPBackend.MATH):
        out = F.scaled_dot_product_attention(q, k, v)
    return out


@case(_qkv, gap="sdpa_kernel (the SDPA backend choice)")
def x_sdpa_kernel_backend_list(q, k, v):
    from torch.nn.attention import SDPBackend, sdpa_kernel

    with sdpa_kernel([SDPBackend.MATH, SDPBackend.FLASH_ATTENTION]):
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return out


@case(gap="torch.backends.mkldnn.flags")
def x_backends_mkldnn_flags_off(a, b):
    with torch.backends.mkldnn.flags(enabled=False):
        y = a @ b.t()
        inside = torch.backends.mkldnn.enabled
    return y, inside, torch.backends.mkldnn.enabled


@case(gap="torch.backends.cudnn.flags")
def x_backends_cudnn_flags_read(a, b):
    with torch.backends.cudnn.flags(enabled=False, deterministic=True):
        inside = (torch.backends.cudnn.enabled, torch.backends.cudnn.deterministic)
        y = a.relu() + b
    return y, inside, torch.backends.cudnn.enabled


# -- contextlib -------------------------------------------------------------------------------


@case()
def x_nullcontext_plain_and_with_value(a, b):
    with contextlib.nullcontext():
        y = a + 1
    with contextlib.nullcontext(b) as t:
        z = t * y
    return z


@case()
def x_nullcontext_chosen_by_flag(a, b):
    outs = []
    for use in (True, False):
        manager = torch.no_grad() if use else contextlib.nullcontext()
        with manager:
            outs.append(torch.is_grad_enabled())
    return outs, a + b


@contextlib.contextmanager
def _scaled(t, k):
    log = ["enter"]
    try:
        yield t * k, log
    finally:
        log.append("exit")


@case()
def x_contextmanager_yields_tensor(a, b):
    with _scaled(a, 3) as (t, log):
        y = t + b
        seen = list(log)
    return y, seen, log


@contextlib.contextmanager
def _grad_off():
    before = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    try:
        yield before
    finally:
        torch.set_grad_enabled(before)


@case(_leaf_and_plain)
def x_contextmanager_switches_grad(a, b):
    with _grad_off() as before:
        y = a * b
    z = a * b
    return before, y.requires_grad, z.requires_grad


@contextlib.contextmanager
def _swallow(kind):
    try:
        yield
    except kind:
        pass


@case()
def x_contextmanager_swallows_exception(a, b):
    y = a
    with _swallow(ValueError):
        y = a + b
        raise ValueError("swallowed")
    return y * 2


@case()
def x_contextmanager_nested_with_torch_manager(a, b):
    with _scaled(a, 2) as (t, log), torch.no_grad():
        y = t - b
    return y, log, torch.is_grad_enabled()


@case(gap="ExitStack.enter_context of a grad-mode manager")
def x_exit_stack_of_torch_managers(a, b):
    with contextlib.ExitStack() as stack:
        stack.enter_context(torch.no_grad())
        stack.enter_context(torch.autocast("cpu", dtype=torch.bfloat16))
        y = a @ b.t()
        mode = torch.is_grad_enabled()
    return y.dtype, mode, torch.is_grad_enabled()


# -- profiler regions -------------------------------------------------------------------------


@case()
def x_record_function_torch_profiler(a, b):
    with torch.profiler.record_function("x_block") as region:
        y = a * b
    return y, region is not None


@case()
def x_record_function_autograd_profiler_nested(a, b):
    with torch.autograd.profiler.record_function("outer"):
        with torch.autograd.profiler.record_function("inner"):
            y = a.tanh()
        z = y + b
    return z


@case()
def x_record_function_decorator_inner(a, b):
    @torch.profiler.record_function("helper")
    def helper(x):
        return x.cos()

    return helper(a) + helper(b)


@case()
def x_record_function_left_by_exception(a, b):
    try:
        with torch.profiler.record_function("raises"):
            y = a + 1
            raise IndexError("i")
    except IndexError:
        y = y * 2
    return y


@case(gap="a profiler started in the compiled code")
def x_profiler_profile_block(a, b):
    with torch.profiler.profile():
        y = a + b
    return y


@case(gap="a profiler started in the compiled code")
def x_autograd_profiler_profile_block(a, b):
    with torch.autograd.profiler.profile():
        y = a * b
    return y


# -- saved-tensor hooks -----------------------------------------------------------------------


@case(_leaf_and_plain)
def x_disable_saved_tensors_hooks_block(a, b):
    with torch.autograd.graph.disable_saved_tensors_hooks("no hooks here"):
        y = a.sin() * b
    return y, y.requires_grad


@case()
def x_disable_saved_tensors_hooks_blocks_registration(a, b):
    with torch.autograd.graph.disable_saved_tensors_hooks("refused here"):
        try:
            with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
                pass
        except RuntimeError as error:
            message = str(error)
    return a + b, "refused here" in message


@case(gap="saved_tensors_hooks")
def x_saved_tensors_hooks_nothing_saved(a, b):
    packed = []

    def pack(t):
        packed.append(t.shape)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = a * b
    return y, packed


@case(_leaf_and_plain, gap="saved_tensors_hooks: pack runs for each tensor an op saves")
def x_saved_tensors_hooks_pack_runs(a, b):
    packed = []

    def pack(t):
        packed.append(tuple(t.shape))
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = a * b
    return y, packed


# -- mixed ------------------------------------------------------------------------------------


@case(_leaf_and_plain)
def x_mixed_managers_in_one_with(a, b):
    with torch.no_grad(), torch.profiler.record_function("r"), contextlib.nullcontext():
        y = a * b
        with torch.enable_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
            z = a @ b.t()
    return y.requires_grad, z.requires_grad, z.dtype


@case()
def x_managers_in_helper_function(a, b):
    def step(x):
        with torch.no_grad():
            with torch.autocast("cpu", dtype=torch.bfloat16):
                return x @ b.t()

    y = step(a)
    return y.dtype, torch.is_grad_enabled(), torch.is_autocast_enabled("cpu")


@case(breaks=True)
def x_nullcontext_block_with_break_inside(a, b):
    with contextlib.nullcontext(a) as t:
        y = t + 1
        if y.sum() > 0:
            y = y * 2
    return y + b


@case(breaks=True)
def x_contextmanager_block_with_break_inside(a, b):
    with _scaled(a, 2) as (t, log):
        y = t + 1
        if y.sum() > 0:
            y = y * 2
    return y + b, log
