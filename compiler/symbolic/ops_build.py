"""Building and unpacking containers, slices and strings."""

from compiler.errors import BreakReason, Unsupported
from compiler.symbolic.registry import handles
from compiler.values.base import RaisedByProgram
from compiler.values.constant import ConstantValue, call_pure
from compiler.values.containers import DictValue, ListValue, TupleValue
from compiler.values.sets import SetValue


@handles("BUILD_TUPLE")
def build_tuple(tx, inst):
    """(items*n -- tuple)"""
    tx.push(TupleValue(tx.popn(inst.arg)))


@handles("BUILD_LIST")
def build_list(tx, inst):
    """(items*n -- list)"""
    tx.push(ListValue(tx.popn(inst.arg)))


@handles("BUILD_SET")
def build_set(tx, inst):
    """(items*n -- set)"""
    tx.push(SetValue(tx.popn(inst.arg), tx=tx))


@handles("BUILD_MAP")
def build_map(tx, inst):
    """(key, value pairs*n -- dict)"""
    flat = tx.popn(2 * inst.arg)
    tx.push(DictValue.from_pairs(zip(flat[::2], flat[1::2]), tx=tx))


@handles("BUILD_CONST_KEY_MAP")
def build_const_key_map(tx, inst):
    """(values*n, keys -- dict)"""
    keys = tx.pop().unpack(tx)
    values = tx.popn(inst.arg)
    tx.push(DictValue.from_pairs(zip(keys, values), tx=tx))


@handles("BUILD_SLICE")
def build_slice(tx, inst):
    """(start, stop[, step] -- slice)"""
    parts = tx.popn(inst.arg)
    from compiler.values.symbolic_int import symbolic_slice
    symbolic = symbolic_slice(parts)
    if symbolic is not None:
        tx.push(symbolic)
        return
    if not all(p.is_constant() for p in parts):
        raise Unsupported("slice bounds that are not Python constants",
                          BreakReason.DATA_DEPENDENT)
    tx.push(ConstantValue(slice(*(p.as_constant() for p in parts))))


@handles("BUILD_STRING")
def build_string(tx, inst):
    """(pieces*n -- str)"""
    tx.push(ConstantValue("".join(p.as_constant() for p in tx.popn(inst.arg))))


@handles("FORMAT_VALUE")
def format_value(tx, inst):
    """(value[, spec] -- str)"""
    spec = tx.pop().as_constant() if inst.arg & 0x04 else ""
    value = tx.pop()
    from compiler.values.containers import is_plain
    from compiler.values.containers import plain as real_object
    from compiler.values.program_dunders import program_text
    from compiler.values.symbolic_int import is_symbolic
    if is_symbolic(value):  # a symbolic size as text: specialised to its value, guarded
        plain = value.as_constant()
    elif not is_plain(value) or program_text(value):  # an object (or a constant with the
        # program's text dunders): its __str__/__repr__/__format__ traced, or refused
        from compiler.values.user_hash_repr import format_value as format_object
        tx.push(format_object(tx, value, spec, inst.arg & 0x03))
        return
    else:
        plain = real_object(value)
    conversion = inst.arg & 0x03
    if conversion:
        plain = {1: str, 2: repr, 3: ascii}[conversion](plain)
    tx.push(ConstantValue(call_pure(format, [plain, spec], {})))


@handles("LIST_APPEND")
def list_append(tx, inst):
    """(list, [i-1 items], item -- list, [i-1 items])"""
    item = tx.pop()
    tx.stack[-inst.arg].call_method(tx, "append", [item], {})


@handles("SET_ADD")
def set_add(tx, inst):
    """(set, [i-1 items], item -- set, [i-1 items])"""
    item = tx.pop()
    tx.stack[-inst.arg].call_method(tx, "add", [item], {})


@handles("MAP_ADD")
def map_add(tx, inst):
    """(dict, [i-1 items], key, value -- dict, [i-1 items])"""
    value, key = tx.pop(), tx.pop()
    tx.stack[-inst.arg].setitem(tx, key, value)


@handles("LIST_EXTEND")
def list_extend(tx, inst):
    """(list, [i-1 items], iterable -- list, [i-1 items])"""
    iterable = tx.pop()
    tx.stack[-inst.arg].call_method(tx, "extend", [iterable], {})


@handles("SET_UPDATE")
def set_update(tx, inst):
    """(set, [i-1 items], iterable -- set, [i-1 items])"""
    iterable = tx.pop()
    tx.stack[-inst.arg].call_method(tx, "update", [iterable], {})


@handles("DICT_UPDATE")
def dict_update(tx, inst):
    """(dict, [i-1 items], mapping -- dict, [i-1 items])"""
    mapping = tx.pop()
    tx.stack[-inst.arg].call_method(tx, "update", [mapping], {})


@handles("DICT_MERGE")
def dict_merge(tx, inst):
    """(dict, [i-1 items], mapping -- dict, [i-1 items]): ** in a call; duplicates raise."""
    mapping = tx.pop()
    target = tx.stack[-inst.arg]
    if isinstance(mapping, DictValue):
        pairs = list(mapping.entries.values())
    else:  # any mapping (a subclass instance, UserDict): its keys() and [] as CPython reads
        from compiler.values.stdlib_dict_init import mapping_pairs
        pairs = list(mapping_pairs(tx, mapping))
    for key, value in pairs:  # one pair at a time, raising at the first duplicate
        if target.contains(tx, key):
            name = key.as_constant() if key.is_constant() else key
            called = tx.stack[-(inst.arg + 2)].called_name()
            raise RaisedByProgram(TypeError(f"{called} got multiple values for keyword "
                                            f"argument {name!r}"))
        target.setitem(tx, key, value)



@handles("LIST_TO_TUPLE")
def list_to_tuple(tx, inst):
    """(list -- tuple)"""
    tx.push(TupleValue(tx.pop().items))


@handles("UNPACK_SEQUENCE")
def unpack_sequence(tx, inst):
    """(sequence -- items*n, last item on the bottom)"""
    items = _unpack_at_most(tx, tx.pop(), inst.arg + 1)
    if len(items) > inst.arg:  # CPython stops at the first extra item
        raise RaisedByProgram(ValueError(f"too many values to unpack (expected {inst.arg})"))
    if len(items) < inst.arg:
        raise RaisedByProgram(ValueError(f"not enough values to unpack (expected {inst.arg}, "
                                         f"got {len(items)})"))
    tx.stack.extend(reversed(items))


def _unpack_at_most(tx, value, limit: int) -> list:
    """The items, pulling no more than `limit` from an iterator that runs program code per
    step (a generator, a user object); anything else is unpacked whole."""
    from compiler.values.generators import is_lazy
    if not is_lazy(value):
        return value.unpack(tx)
    iterator, items = value.iter(tx), []
    while len(items) < limit:
        try:
            items.append(iterator.next(tx))
        except RaisedByProgram as raised:
            if isinstance(raised.exc, StopIteration):
                break
            raise
    return items


@handles("UNPACK_EX")
def unpack_ex(tx, inst):
    """(sequence -- after..., rest list, before...)"""
    before, after = inst.arg & 0xFF, inst.arg >> 8
    items = tx.pop().unpack(tx)
    if len(items) < before + after:
        raise RaisedByProgram(ValueError(f"not enough values to unpack (expected at least "
                                         f"{before + after}, got {len(items)})"))
    rest = ListValue(items[before:len(items) - after])
    parts = items[:before] + [rest] + items[len(items) - after:]
    tx.stack.extend(reversed(parts))
