"""FX graph building, fake-tensor propagation, output reconstruction and backends.

The translator records tensor ops here; a backend turns the graph into a callable.
"""
