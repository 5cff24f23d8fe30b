"""Generated programs are valid files that run as intended, and the strategy's API holds."""

from __future__ import annotations

import ast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import InvalidArgument

import generators
from bench.bench_generators import ran_as_intended
from generators.ops import OPS, distinct_functions

FAST = settings(max_examples=40, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))


@FAST
@given(generators.programs())
def test_every_program_runs_eagerly_as_its_generator_intended(program):
    ok, why = ran_as_intended(program)
    assert ok, f"{why}\n{program.source}"


@FAST
@given(generators.programs())
def test_source_is_a_program_file_with_program_and_calls(program):
    tree = ast.parse(program.source)
    names = {getattr(n, "name", None) for n in tree.body} | {
        t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
        if isinstance(t, ast.Name)}
    assert {"program", "calls"} <= names
    assert ast.get_docstring(tree).startswith("Generated program.")


@FAST
@given(generators.programs(features=["for_range", "if_shape"]))
def test_programs_use_only_the_features_allowed(program):
    assert program.features_used <= {"for_range", "if_shape"}


@FAST
@given(generators.programs())
def test_used_ops_come_from_the_catalogue_or_data_dependent_ops(program):
    extra = {"Tensor.item", "Tensor.tolist", "Tensor.nonzero", "torch.masked_select"}
    assert program.ops_used <= {op.name for op in OPS} | extra


def test_unknown_feature_is_rejected_with_the_known_ones_listed():
    with pytest.raises(InvalidArgument, match="known features are"):
        generators.programs(features=["gotos"])


def test_catalogue_has_at_least_120_distinct_functions():
    assert len(distinct_functions()) >= 120


def test_every_feature_has_a_unique_name():
    assert len(set(generators.FEATURES)) == len(generators.FEATURES)
