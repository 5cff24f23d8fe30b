"""Held-out-style cases written from real code's idioms: torch's global state and utilities
inside the compiled code (random number generation and seeds, default dtype, profiler regions,
torch.distributions, `torch.autograd.grad`, dtype promotion with Python scalars)."""

from __future__ import annotations
