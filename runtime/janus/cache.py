"""Graphs of one code object, keyed by their guards → the graph a call may run, or a miss.

Most recently used first; at most RECOMPILE_LIMIT graphs are built per code object, after
which the code runs in the interpreter.  A miss whose only difference from a cached graph
is a tensor dimension relaxes that dimension: (4, 8) then (3, 8) builds (?, 8), not one
graph per batch size.
"""

import janus_ext

from . import guards

RECOMPILE_LIMIT = 8


class GraphCache:
    def __init__(self, arg_names):
        self.arg_names = arg_names
        self.entries: list = []            # CompiledGraph, most recently used first
        self.builds = 0
        self.relaxed_dims: dict[str, set[int]] = {}

    def lookup(self, args):
        """(graph, None) on a hit; (None, reason) on a miss."""
        entries = self.entries
        for index, graph in enumerate(entries):
            if janus_ext.check_guards(graph.guards, args) == -1:
                if index:
                    entries.insert(0, entries.pop(index))
                return graph, None
        if not entries:
            return None, "no graph yet"
        newest = entries[0]
        failed = newest.guards[janus_ext.check_guards(newest.guards, args)]
        self._relax(failed, args)
        return None, guards.explain_failure(failed, args, self.arg_names)

    def _relax(self, failed, args):
        if failed[0] != guards.G_TENSOR:
            return
        value = janus_ext.read_accessor(failed[1], args)
        shape = getattr(value, "shape", None)
        if shape is None or getattr(value, "dtype", None) != failed[3] or \
                len(shape) != len(failed[4]):
            return
        where = guards.describe_accessor(failed[1], self.arg_names)
        dims = {d for d, (got, want) in enumerate(zip(shape, failed[4]))
                if want is not None and got != want}
        self.relaxed_dims.setdefault(where, set()).update(dims)

    def can_build(self) -> bool:
        return self.builds < RECOMPILE_LIMIT

    def insert(self, graph):
        self.builds += 1
        self.entries.insert(0, graph)

    def drop(self, graph):
        if graph in self.entries:
            self.entries.remove(graph)
