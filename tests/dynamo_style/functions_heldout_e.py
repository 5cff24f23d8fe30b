"""Held-out-style cases written from real code's idioms:
tensors, torch functions, nn.Module objects, numpy interop and shapes.
"""

from __future__ import annotations
