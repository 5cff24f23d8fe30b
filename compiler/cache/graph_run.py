"""The run of a cache entry with a graph, generated as one Python function per entry:

    def ___run(args, kwargs, L, G):
        ___v0 = L['x']
        ___v1 = L['m'].weight
        try:
            ___out = ___graph(___v0, ___v1)
        except Exception as ___exc:
            return ___raised.rerun(args, kwargs, L, ___exc)
        return ___rebuild(L, G, ___out)

The inputs are read before the graph runs and outside its handler (a read that raises is not
the graph's exception); the deferred side effects are replayed by the rebuild only once the
graph returned. When the graph may change state before it raises (grad mode, RNG, inputs
written in place, autocast, inference mode: compiler/cache/graph_raised.py), that state is saved
first and any exception, KeyboardInterrupt included, goes to the rerun with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from compiler.guards.sources import Source
from compiler.pysource import GeneratedFunction


def graph_runner(sources: Sequence[Source], graph: Callable, rebuild: Callable,
                 raised: Any) -> Callable:
    function = GeneratedFunction("___run", "args, kwargs, L, G", "<parity run>",
                                 {"___graph": graph, "___rebuild": rebuild,
                                  "___raised": raised})
    inputs = ", ".join(function.read(source) for source in sources)
    if raised.saves_state:
        function.line(f"___state = ___raised.save([{inputs}])")
        caught, rerun = "BaseException", "args, kwargs, L, ___exc, ___state"
    else:
        caught, rerun = "Exception", "args, kwargs, L, ___exc"
    with function.block("try:"):
        function.line(f"___out = ___graph({inputs})")
    with function.block(f"except {caught} as ___exc:"):
        function.line(f"return ___raised.rerun({rerun})")
    function.line("return ___rebuild(L, G, ___out)")
    return function.build()
