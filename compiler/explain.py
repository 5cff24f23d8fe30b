"""`compiler.explain(f, *args)`: compile f for one call and report graphs, breaks and guards."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class Explanation:
    graphs: list[str]
    graph_breaks: list[str]
    guards: list[str]
    ops: int
    fallbacks: list[str]

    def __str__(self) -> str:
        lines = [f"graphs: {len(self.graphs)}, ops: {self.ops}, "
                 f"graph breaks: {len(self.graph_breaks)}"]
        for i, graph in enumerate(self.graphs):
            lines.append(f"--- graph {i} ---")
            lines.append(graph.strip())
        if self.graph_breaks:
            lines.append("--- graph breaks ---")
            lines.extend(self.graph_breaks)
        if self.fallbacks:
            lines.append("--- ran eagerly because ---")
            lines.extend(self.fallbacks)
        lines.append("--- guards ---")
        lines.extend(self.guards)
        return "\n".join(lines)


def _frames(compiled) -> list:
    """The entry frame, then every frame reached from it at a graph break."""
    frames = [compiled]
    for frame in compiled.nested_frames:
        frames.extend(_frames(frame))
    return frames


def explain(fn, *args, **kwargs) -> Explanation:
    import torch

    from compiler.entry import CompiledFunction
    from compiler.module_entry import CompiledModule
    kind = CompiledModule if isinstance(fn, torch.nn.Module) else CompiledFunction
    compiled = kind(fn, backend="eager")  # a module through its call path, hooks included
    compiled(*args, **kwargs)
    stats = compiled.stats
    frames = _frames(compiled)
    entries = [entry for frame in frames for entry in frame.cache.entries]
    guards = [line for entry in compiled.cache.entries for line in entry.check.describe()]
    graphs = [entry.graph_source for entry in entries if entry.graph_source]
    breaks = [f"{reason} at {where}" for reason, where in stats.graph_breaks]
    return Explanation(graphs, breaks, guards, stats.ops, list(stats.fallbacks))
