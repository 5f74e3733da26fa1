"""Per-code-object counters and reasons → `janus.stats()` and the JANUS_STATS=1 report.

Every fallback, miss and non-conversion keeps its reason: "why did it not run as a
graph?" must always have an answer.
"""

import sys
from collections import Counter

MAX_REASONS = 16


class CodeStats:
    __slots__ = ("name", "calls", "graph_runs", "interpreted", "builds", "build_seconds",
                 "reasons", "status")

    def __init__(self, name):
        self.name = name
        self.calls = self.graph_runs = self.interpreted = self.builds = 0
        self.build_seconds = 0.0
        self.reasons: Counter = Counter()
        self.status = "profiling"

    def note(self, reason):
        if reason in self.reasons or len(self.reasons) < MAX_REASONS:
            self.reasons[reason] += 1

    def as_dict(self):
        return {"calls": self.calls, "graph_runs": self.graph_runs,
                "interpreted": self.interpreted, "builds": self.builds,
                "build_seconds": round(self.build_seconds, 3), "status": self.status,
                "reasons": dict(self.reasons)}


_table: dict = {}


def for_code(code) -> CodeStats:
    stats = _table.get(code)
    if stats is None:
        stats = _table[code] = CodeStats(
            f"{code.co_qualname} ({code.co_filename}:{code.co_firstlineno})")
    return stats


def snapshot() -> dict:
    return {s.name: s.as_dict() for s in _table.values()}


def report(stream=None):
    stream = stream or sys.stderr
    print("janus: per-function summary", file=stream)
    if not _table:
        print("  no function was considered for conversion", file=stream)
    for s in _table.values():
        print(f"  {s.name}: {s.status}; calls {s.calls}, graph runs {s.graph_runs}, "
              f"interpreted {s.interpreted}, builds {s.builds} "
              f"({s.build_seconds:.2f} s)", file=stream)
        for reason, count in s.reasons.most_common():
            print(f"      {count:>6} x {reason}", file=stream)
