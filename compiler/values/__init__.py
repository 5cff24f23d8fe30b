"""Value trackers: what the translator knows about each Python value it meets.

wrap.py is the one place where a real object becomes a value tracker; the kinds reach it through
registry.py, which wrap.py fills in at its import, here, before any kind is used (as
operators.py and objects.py fill in the other late-bound names there).
"""

# Imported for what their import does: objects, operators and wrap install their late-bound
# names in registry.py (wrap, compare, class_value, ...); the standard library's modules add
# their handlers to builtins.HANDLERS (no two share a key, so their order does not matter),
# container_objects its maker of set, list and tuple subclass instances to construct.py;
# autograd_function, control_flow, functorch_transforms, functorch_products and torch_managers
# add theirs to torch_functions.MODELLED_CALLS, as torch_python_checks adds torch's Python
# checks and queries (and wrap.BY_EXACT_TYPE torch.__version__'s type).
from compiler.values import (  # noqa: F401
    autograd_function,
    container_objects,
    control_flow,
    dataclass_functions,
    dict_unbound,
    functorch_products,
    functorch_transforms,
    mapping_proxy_passed,
    module_namespace,
    objects,
    operators,
    ordered_set,
    stdlib_collections,
    stdlib_copy,
    stdlib_inspect,
    stdlib_itertools,
    stdlib_operator,
    stdlib_sys,
    stdlib_types,
    tensor_attributes,
    torch_managers,
    torch_python_checks,
    user_hash_repr,
    wrap,
)
