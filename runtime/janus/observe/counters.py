"""Per-code-object counters and reasons → `janus.stats()`, the JANUS_STATS=<file> JSON
report and JANUS_LOG=1 lines.

Every fallback, miss and non-conversion keeps its reason: "why did it not run as a
graph?" must always have an answer.
"""

import json
import sys
from collections import Counter

MAX_REASONS = 16


class CodeStats:
    __slots__ = ("name", "qualname", "file", "line", "calls", "graph_runs", "interpreted",
                 "builds", "build_seconds", "guard_misses", "fallbacks", "not_converted",
                 "assert_failures", "relaxations", "heap_reads", "heap_writes",
                 "recursive_graphs", "reasons", "status",
                 "graph_seconds", "interpreted_seconds", "graph_ops", "eager_ops", "site_of",
                 "xla_graph_runs")

    def __init__(self, code):
        self._start(code.co_qualname, code.co_filename, code.co_firstlineno)

    def _start(self, qualname, file, line):
        self.qualname, self.file, self.line = qualname, file, line
        self.name = f"{self.qualname} ({self.file}:{self.line})"
        self.calls = self.graph_runs = self.interpreted = self.builds = 0
        self.guard_misses = self.fallbacks = self.assert_failures = self.relaxations = 0
        self.heap_reads = self.heap_writes = 0
        self.recursive_graphs = 0     # recursive graph functions made of this code
        self.xla_graph_runs = 0       # graph calls compiled by XLA (JANUS_XLA=on)
        self.not_converted = None
        self.build_seconds = 0.0
        # Wall time of its graph calls and interpreted calls: measured only while a
        # trace recorder runs (JANUS_TRACE, `janus explain`), else None.
        self.graph_seconds = self.interpreted_seconds = None
        self.reasons: Counter = Counter()
        self.status = "profiling"
        # TF ops run inside its graphs (a graph's ops at each call), and ops the
        # interpreter ran eagerly in its calls (counted once janus took it over; a
        # graph call counts as one).
        self.graph_ops = self.eager_ops = 0
        # A call site (janus/coexec/sites.py): (caller's name, file, line), else None.
        self.site_of = None

    def note(self, reason):
        if reason in self.reasons or len(self.reasons) < MAX_REASONS:
            self.reasons[reason] += 1

    def as_dict(self):
        return {"calls": self.calls, "graph_runs": self.graph_runs,
                "interpreted": self.interpreted, "builds": self.builds,
                "assert_failures": self.assert_failures, "relaxations": self.relaxations,
                "heap_reads": self.heap_reads, "heap_writes": self.heap_writes,
                "recursive_graphs": self.recursive_graphs,
                "xla_graph_runs": self.xla_graph_runs,
                "build_seconds": round(self.build_seconds, 3), "status": self.status,
                "reasons": dict(self.reasons)}


_table: dict = {}


def for_code(code) -> CodeStats:
    stats = _table.get(code)
    if stats is None:
        stats = _table[code] = CodeStats(code)
    return stats


def for_site(key, qualname, file, line, caller) -> CodeStats:
    """The counters of a call site (janus/coexec/sites.py), reported as a function;
    `caller` is the code of the function that makes the call."""
    stats = _table.get(key)
    if stats is None:
        stats = _table[key] = CodeStats.__new__(CodeStats)
        stats._start(qualname, file, line)
        stats.site_of = (caller.co_qualname, caller.co_filename, caller.co_firstlineno)
    return stats


def snapshot() -> dict:
    return {s.name: s.as_dict() for s in _table.values()}


COUNTERS = ("calls", "graph_calls", "graphs_built", "guard_misses", "assert_failures",
            "relaxations", "heap_reads", "heap_writes", "fallbacks")


def _json_entry(s):
    return {"name": s.qualname, "file": s.file, "line": s.line, "calls": s.calls,
            "graph_calls": s.graph_runs, "graphs_built": s.builds,
            "guard_misses": s.guard_misses,
            "assert_failures": s.assert_failures, "relaxations": s.relaxations,
            "heap_reads": s.heap_reads, "heap_writes": s.heap_writes,
            "recursive_graphs": s.recursive_graphs, "fallbacks": s.fallbacks,
            "xla_graph_calls": s.xla_graph_runs,
            "not_converted": s.not_converted,
            "status": s.status, "reasons": dict(s.reasons),
            "build_seconds": round(s.build_seconds, 6),
            "graph_ops": s.graph_ops, "eager_ops": s.eager_ops,
            "site_of": None if s.site_of is None else
            {"name": s.site_of[0], "file": s.site_of[1], "line": s.site_of[2]},
            "graph_seconds": _rounded(s.graph_seconds),
            "interpreted_seconds": _rounded(s.interpreted_seconds)}


def _rounded(seconds):
    return None if seconds is None else round(seconds, 6)


# Why janus stood aside for the rest of the run (detect/observers.py), or None.
stood_aside = None
# Whole-run reports of stages above this one, by their key in the JSON report:
# name -> a function returning a dict (coexec/backward.py's "tape_gradients").
run_reports: dict = {}


def write_json(path):
    functions = [_json_entry(s) for s in _table.values()]
    totals = {key: sum(f[key] for f in functions) for key in COUNTERS}
    report = {"functions": functions, "totals": totals}
    if stood_aside is not None:
        report["stood_aside"] = stood_aside
    for name, make in run_reports.items():
        report[name] = make()
    with open(path, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)


def log(message):
    """One JANUS_LOG=1 line."""
    print(f"janus: {message}", file=sys.stderr, flush=True)
