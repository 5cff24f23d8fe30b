"""Feature flags: the Python and PyTorch constructs a campaign can switch on and off.

Each flag is drawn as a boolean, so a failing program shrinks towards every feature off.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

# Idioms of real modelling code (constructs_probes/torchvals/objects/modules/control/
# collections.py): what model code asks of its values, and the object model around them.
IDIOM_FEATURES = (
    "probes", "identity", "dict_views", "torch_values", "numpy_interop",
    "decorators", "object_protocols", "descriptors", "container_subclasses",
    "module_hooks", "parametrizations", "lazy_modules", "module_state", "modules_in_forward",
    "context_managers", "generators_consumed", "try_finally", "match_statements",
    "collections_std", "strings",
    # constructs_observe.py: effects a caller sees (aliasing after in-place operators, one
    # object returned twice, views written in place, generators driven by hand, keyword
    # arguments at graph breaks)
    "inplace_aliasing", "shared_returns", "view_mutation", "generator_protocol",
    "break_kwargs",
    # constructs_frames.py: what the frame machinery must keep (cells across a graph break,
    # exception chains, a write put back before a graph that raised runs again eagerly)
    "break_cells", "exception_context", "rerun_inplace",
    # constructs_rebinding.py: what the compiled code read, rebound between calls as
    # monkeypatching code does (methods on classes, instance shadows of methods and forward,
    # class attributes and names, function attributes, globals, partials, bound methods)
    "method_patching", "super_patching", "instance_shadowing", "class_edits",
    "function_attrs", "callable_rebinding",
)
# Constructs of the program body (see constructs_*.py).
BODY_FEATURES = (
    "scalar_arith", "shape_arith",
    "if_python", "if_shape", "if_tensor",
    "for_range", "for_list", "for_tensor", "while_loop",
    "containers", "comprehensions", "unpacking",
    "helper_functions", "closures", "lambdas", "default_kwargs", "star_args",
    "globals_read", "globals_write",
    "nn_module", "user_classes",
    "mutate_inputs", "shared_code_closures", "exceptions", "raises", "data_dependent",
) + IDIOM_FEATURES
# Inputs (see inputs.py).
INPUT_FEATURES = (
    "dtypes", "noncontiguous", "special_values", "requires_grad",
    "scalar_inputs", "container_inputs", "aliasing",
)
# Calls after the first: same metadata with new values, or one thing changed, or one dim of
# the first tensor swept through several sizes (sweep_batch, sweep_seq; mark_dynamic names it
# in the program's DYNAMIC hint).
CALL_FEATURES = (
    "recall_values", "change_shape", "change_dtype", "change_scalar", "change_list_len",
    "change_global", "change_module_attr", "change_closure", "mutate_between_calls",
    "sweep_batch", "sweep_seq", "mark_dynamic",
)
FEATURES: tuple[str, ...] = BODY_FEATURES + INPUT_FEATURES + CALL_FEATURES


def check_features(features) -> tuple[str, ...]:
    """The allowed features, in catalogue order; rejects unknown names."""
    if features is None:
        return FEATURES
    if isinstance(features, str):
        features = [f for f in features.split(",") if f]
    unknown = sorted(set(features) - set(FEATURES))
    if unknown:
        raise InvalidArgument(
            f"unknown features {unknown}; known features are {', '.join(FEATURES)}")
    return tuple(f for f in FEATURES if f in set(features))


# Idioms are drawn swarm-style: a program first draws how dense its idioms are (SWARM: an
# idiom's flag is on when its byte reaches the level's threshold: three in four, one in two,
# four or eight), so some programs hold many idioms and others one or two. A compiler that
# declines one construct then still meets the others alone. Each flag's byte still shrinks
# towards 0, off at every level.
COMMON = frozenset(IDIOM_FEATURES)
SWARM = (64, 128, 192, 224)


def _threshold(name: str, rare: frozenset[str], level: int) -> int:
    return 240 if name in rare else SWARM[level] if name in COMMON else 128


def feature_flags(allowed: tuple[str, ...],
                  rare: frozenset[str] = frozenset()) -> st.SearchStrategy[frozenset[str]]:
    """A subset of `allowed`: a swarm level, then one byte per flag, on when >= 128 (an idiom:
    >= the level's threshold; a `rare` one: >= 240), so each shrinks towards off."""
    n = len(allowed)
    return st.tuples(st.integers(0, len(SWARM) - 1), st.binary(min_size=n, max_size=n)).map(
        lambda drawn: frozenset(name for name, bit in zip(allowed, drawn[1], strict=True)
                                if bit >= _threshold(name, rare, drawn[0])))
