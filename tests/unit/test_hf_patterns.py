"""Python patterns of Hugging Face `transformers` models, each in a small function: decorators
built with functools.wraps that read the wrapped function's code, a module's `__class__`, dict
subclasses calling `super().get`, ModelOutput-like OrderedDict dataclasses."""

import collections
import dataclasses
import functools

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


def with_config_defaults(func):
    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        if "scale" in func.__code__.co_varnames:
            index = func.__code__.co_varnames.index("scale") - 1
            if len(args) <= index and kwargs.get("scale") is None:
                kwargs["scale"] = self.default_scale
        return func(self, *args, **kwargs)
    return wrapper


class Scaled(torch.nn.Module):
    default_scale = 3.0

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    @with_config_defaults
    def forward(self, x, scale=None):
        return self.fc(x) * scale


def test_wrapped_forward_reads_the_code_of_the_function_it_wraps():
    torch.manual_seed(0)
    model = Scaled()
    one_graph(check_same(model, torch.randn(2, 4)))
    one_graph(check_same(model, torch.randn(2, 4), scale=2.0))


def test_code_of_a_function_is_guarded_on_identity():
    def g(x):
        return x + 1

    def f(x):
        return x * len(g.__code__.co_varnames), g.__code__.co_name

    compiled = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    assert compiled(x)[1] == "g"
    g.__code__ = (lambda x, y=1: x).__code__
    out, name = compiled(x)
    torch.testing.assert_close(out, x * 2)
    assert name == "<lambda>"
    assert len(compiler.stats(compiled).recompiles) == 1


def test_module_class_and_its_name():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 4))

    def f(m, x):
        return m(x), m.__class__.__name__, m.__class__ is torch.nn.Sequential

    one_graph(check_same(f, model, torch.randn(2, 4)))


def test_a_name_of_object_that_a_module_lacks_is_refused_not_absent():
    model = torch.nn.Linear(2, 2)

    def f(m, x):
        return x + 1, m.__sizeof__()

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(model, torch.randn(2))


class MappedConfig:
    attribute_map = {"hidden": "hidden_size"}

    def __init__(self):
        self.hidden_size = 4
        self.use_cache = True

    def __setattr__(self, key, value):
        if key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        super().__setattr__(key, value)

    def __getattribute__(self, key):
        if key != "attribute_map" and key in super().__getattribute__("attribute_map"):
            key = super().__getattribute__("attribute_map")[key]
        return super().__getattribute__(key)


def test_custom_getattribute_and_setattr_are_run():
    def f(config, x):
        flags = (hasattr(config, "use_cache"), hasattr(config, "is_causal"),
                 getattr(config, "is_causal", None), getattr(config, "hidden", 0))
        config.hidden = config.hidden + 1
        config.is_causal = True
        return x * config.hidden_size, flags

    one_graph(check_same(f, MappedConfig(), torch.randn(3)))


def test_custom_getattribute_is_not_bypassed():
    class Doubling:
        def __init__(self):
            self.n = 2

        def __getattribute__(self, key):
            value = super().__getattribute__(key)
            return value * 2 if key == "n" else value

    def f(obj, x):
        return x * obj.n

    one_graph(check_same(f, Doubling(), torch.randn(3)))


def test_temporary_config_write_restored_in_finally():
    def f(config, x):
        original = config.use_cache
        config.use_cache = False
        try:
            return x + 1 if config.use_cache else x - 1
        finally:
            config.use_cache = original

    one_graph(check_same(f, MappedConfig(), torch.randn(3)))


class SpecMixin:
    def __getattribute__(self, key):
        spec = super().__getattribute__("__dict__").get("_spec")
        if spec is not None and key in spec:
            return spec[key]
        return super().__getattribute__(key)


class SpecConfig(SpecMixin):
    def __init__(self, spec=None):
        self.width = 3
        if spec is not None:
            self._spec = spec


@pytest.mark.parametrize("spec", [None, {"width": 5}])
def test_getattribute_reading_the_instance_dict(spec):
    def f(config, x):
        return x * config.width, "width" in config.__dict__, config.__dict__.get("nope", 7)

    one_graph(check_same(f, SpecConfig(spec), torch.randn(3)))


def test_instance_dict_guards_a_key_it_found_absent():
    config = SpecConfig()
    compiled = compiler.compile(lambda c, x: x * c.width, fullgraph=True)
    x = torch.randn(3)
    torch.testing.assert_close(compiled(config, x), x * 3)
    config._spec = {"width": 10}
    torch.testing.assert_close(compiled(config, x), x * 10)


class WithProperty:
    def __init__(self):
        self._v = 1

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value * 10


def test_setattr_builtin_runs_the_property_setter():
    def f(obj, x):
        setattr(obj, "v", 2)  # noqa: B010 - the builtin itself is under test
        object.__setattr__(obj, "w", 3)
        return x * obj.v * obj.w

    one_graph(check_same(f, WithProperty(), torch.randn(3)))


class Registry(dict):
    def __setitem__(self, model, value):
        super().__setitem__(type(model).__name__, value)

    def get(self, model):
        return super().get(type(model).__name__) or {}


def test_dict_subclass_reads_its_storage_through_super():
    registry = Registry()
    registry[torch.nn.Linear(1, 1)] = {"hidden_states": 1, "attentions": 2}

    def f(reg, m, x):
        flags = reg.get(m)
        return m(x), [f"output_{k}" for k in flags], "Linear" in reg

    model = torch.nn.Linear(3, 3)
    one_graph(check_same(f, registry, model, torch.randn(3)))
    compiled = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    assert compiled(registry, torch.nn.ReLU(), x)[1] == []
    registry[torch.nn.ReLU()] = {"attentions": 0}
    assert compiled(registry, torch.nn.ReLU(), x)[1] == ["output_attentions"]


def test_dict_subclass_storage_is_not_written_in_the_trace():
    registry = Registry()

    def f(reg, m, x):
        reg[m] = {"a": 1}
        return x + 1

    compiled = compiler.compile(f)
    compiled(registry, torch.nn.ReLU(), torch.randn(2))
    assert dict(registry) == {"ReLU": {"a": 1}}


class Chunked(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    def forward_chunk(self, hidden):
        return self.fc(hidden)

    def forward(self, x):
        import inspect
        params = inspect.signature(self.forward_chunk).parameters
        assert len(params) == 1, "one input"
        return self.forward_chunk(x), list(params), "hidden" in params


def test_signature_of_a_method():
    torch.manual_seed(0)
    one_graph(check_same(Chunked(), torch.randn(2, 4)))


def test_signature_follows_code_reassignment():
    import inspect

    def g(a, b=1):
        return a

    def f(x):
        return x + 1, list(inspect.signature(g).parameters)

    compiled = compiler.compile(f, fullgraph=True)
    assert compiled(torch.randn(2))[1] == ["a", "b"]
    g.__code__ = (lambda a, b, c=1: a).__code__
    g.__defaults__ = (1,)
    assert compiled(torch.randn(2))[1] == ["a", "b", "c"]


def test_signature_of_a_wrapped_function_is_refused():
    import inspect

    def f(x):
        return x + 1, len(inspect.signature(Scaled.forward).parameters)

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.randn(2))


class Output(collections.OrderedDict):
    """A ModelOutput in small: a dataclass whose fields are also its non-None items."""

    def __post_init__(self):
        for field in dataclasses.fields(self):
            value = self.__dict__.get(field.name)
            if value is not None:
                self[field.name] = value

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)

    def __setattr__(self, name, value):
        if name in {f.name for f in dataclasses.fields(self)} and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def __getitem__(self, k):
        if isinstance(k, str):
            return dict(self.items())[k]
        return self.to_tuple()[k]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclasses.dataclass
class HiddenOutput(Output):
    last: torch.Tensor = None
    pooled: torch.Tensor = None
    cache: tuple = None


def test_ordered_dict_dataclass_output_built_and_returned():
    def f(x):
        out = HiddenOutput(last=x + 1, pooled=None, cache=(x * 2,))
        return out, out[0], out["last"], len(out), list(out), out.to_tuple(), "pooled" in out

    stats = check_same(f, torch.randn(3))
    one_graph(stats)
    out = compiler.compile(f, fullgraph=True)(torch.randn(3))[0]
    assert type(out) is HiddenOutput and list(out.keys()) == ["last", "cache"]
    assert out.pooled is None and vars(out)["last"] is out["last"]


def test_views_of_an_ordered_dict_have_its_view_types():
    def f(x):
        d = collections.OrderedDict(a=x)
        return x + 1, type(d.keys()), type(d.items()), type(d.values())

    one_graph(check_same(f, torch.randn(2)))


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(3, 3) for _ in range(3))
        self.count = 2

    def forward(self, x):
        for layer in self.layers[: self.count]:
            x = layer(x)
        return x, self.layers[1:] is self.layers, len(self.layers[::2])


def test_slice_of_a_module_list():
    torch.manual_seed(0)
    one_graph(check_same(Stack(), torch.randn(2, 3)))


def test_a_slice_of_a_module_list_is_not_returned_as_one_object():
    layers = torch.nn.ModuleList([torch.nn.ReLU()])
    compiled = compiler.compile(lambda x: (x + 1, layers[:]))
    first, second = compiled(torch.randn(2))[1], compiled(torch.randn(2))[1]
    assert first is not second and list(first) == list(layers)


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(name) from error


def test_dict_subclass_made_with_items():
    def f(x):
        d = AttrDict({"w": x}, v=2)
        d["b"] = x * 3
        return d.w + d.b * d.v, sorted(d.keys()), hasattr(d, "nope"), d

    one_graph(check_same(f, torch.randn(2)))
