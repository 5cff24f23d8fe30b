"""Dynamic shapes: which tensor dimensions are traced as symbols (`dynamic=`, automatic dynamic,
`mark_dynamic`/`mark_static`) and the ShapeEnv that records what the trace assumed of them."""
