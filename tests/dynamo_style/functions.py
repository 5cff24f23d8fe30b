"""All Dynamo-style cases: importing the modules registers them in `registry.CASES`."""

from __future__ import annotations

from tests.dynamo_style import (  # noqa: F401
    functions_builtins,
    functions_generators,
    functions_heldout_a,
    functions_heldout_b,
    functions_heldout_c,
    functions_heldout_d,
    functions_heldout_e,
    functions_heldout_f,
    functions_heldout_g,
    functions_heldout_h,
    functions_heldout_i,
    functions_heldout_j,
    functions_heldout_k,
    functions_heldout_l,
    functions_heldout_m,
    functions_heldout_n,
    functions_heldout_o,
    functions_heldout_p,
    functions_heldout_q,
    functions_heldout_r,
    functions_heldout_s,
    functions_heldout_t,
    functions_heldout_u,
    functions_heldout_u2,
    functions_heldout_v,
    functions_heldout_w,
    functions_heldout_x,
    functions_heldout_y,
    functions_heldout_z,
    functions_idioms,
    functions_idioms_ctx,
    functions_idioms_gen,
    functions_idioms_more,
    functions_idioms_repro,
    functions_idioms_torch,
    functions_misc,
    functions_modes_and_local_types,
    functions_objects,
    functions_torch,
    functions_torch_func,
)
from tests.dynamo_style.registry import CASES

__all__ = ["CASES"]
