"""Held-out-style cases written from real code's idioms: torch.func and functional module
calls (`functional_call`, `grad`, `vmap`, `jacrev`/`jacfwd`, `stack_module_state`),
parametrizations and module state handled inside the compiled code."""

from __future__ import annotations
