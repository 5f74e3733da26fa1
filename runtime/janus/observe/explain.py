"""A JANUS_STATS report (or a run of a script) → why each function did or did not run as
a graph, where its time went, and what to change: `janus-python -m janus explain`.

    janus-python -m janus explain stats.json
    janus-python -m janus explain -- script.py args...

Functions are sorted by time lost: the time of their calls outside graphs (interpreted,
profiling, fallen back) plus the time spent building.  A report written without a
trace recorder has no call times; it is then sorted by interpreted calls.
"""

import json
import os
import re
import sys

from .trace import location_in

# Reason patterns → the one change that makes the function convertible, where janus
# knows one.  First match wins; `{inner}` and `{line}` come from the source.
SUGGESTIONS = (
    (r"make closures \(cell variables\)",
     "define {inner} (line {line}) outside {name}, at module level, and pass it what "
     "it reads from {name} ({cells}) as arguments: {name} then makes no closure"),
    (r"recompile limit",
     "make the value in the last miss stable between calls (one batch size, one "
     "dtype, or a changing Python number kept in a tf.Variable)"),
    (r"inside a loop on a tensor or a recursive function: writes to Python state",
     "collect the values in a tf.TensorArray (or a tensor) inside the loop and write "
     "the Python state once, after it"),
    (r"inside a branch or loop on a tensor: writes to Python state",
     "compute the new value with tf.where / tf.cond and do the write once, after the "
     "branch"),
    (r"stateful random op",
     "draw with a tf.random.Generator created outside the step, or with stateless "
     "ops (tf.random.stateless_*) whose seed is an argument"),
    (r"cannot be undone \(it prints, or writes",
     "move the py_function (or print) out of the step that updates variables"),
    (r"customises attribute access|its class has __getattr__",
     "read what the step needs into plain attributes or arguments: janus cannot "
     "follow a custom __getattr__/__getattribute__/__setattr__"),
    (r"too many instructions to unroll",
     "loop over range(<tensor>) so the loop becomes one tf.while_loop instead of "
     "being unrolled"),
    (r"number checks failed",
     "keep that number a tensor (tf.cast) so Python's int/float semantics are not "
     "needed, or keep it in int64/float64 range"),
    (r"is not known to janus",
     "call it outside the step and pass its result in as an argument"),
    (r"`return` inside a loop on a tensor|`break`",
     "leave the loop through its condition (a flag tensor) and return after it"),
    (r"generators and coroutines|module-level code",
     "put the training step in a plain function that returns its results"),
)


def load(path):
    """(functions, why janus stood aside or None) of a JANUS_STATS report."""
    report = load_report(path)
    return report["functions"], report.get("stood_aside")


def load_report(path):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    if not isinstance(report, dict) or "functions" not in report:
        raise ValueError(f"{path} is not a JANUS_STATS report (no 'functions')")
    return report


class Incident:
    __slots__ = ("kind", "reason", "file", "line", "count")

    def __init__(self, kind, reason, file, line, count):
        self.kind, self.reason, self.file, self.line, self.count = \
            kind, reason, file, line, count


def incidents_of(entry):
    """Every rebuild, fallback and non-conversion the report's reasons record."""
    out = []
    for reason, count in entry.get("reasons", {}).items():
        kind, text = _classify(reason)
        if kind is None:
            continue
        found = location_in(text)
        file, line = (found[0] or entry["file"], found[1]) if found else \
            (entry["file"], entry["line"])
        out.append(Incident(kind, text, file, line, count))
    return out


def _classify(reason):
    for prefix, kind in (("guard miss: ", "rebuild"),
                         ("not converted for this call: ", "interpreted call"),
                         ("not converted: ", "not converted")):
        if reason.startswith(prefix):
            return kind, reason[len(prefix):]
    if reason.startswith("assumption failed"):
        return "fallback (assertion failed, relaxed)", reason
    if reason.startswith(("graph failed", "number check failed", "janus-heap-read",
                          "failed after its updates landed")):
        return "fallback", reason
    if reason.startswith("janus internal error"):
        return "not converted", reason
    return None, reason


def time_lost(entry):
    interpreted = entry.get("interpreted_seconds")
    if interpreted is None:
        return None
    return interpreted + entry.get("build_seconds", 0.0)


def suggestion(entry, reason):
    """The change that makes the function convertible, or None where janus knows none."""
    for pattern, text in SUGGESTIONS:
        if re.search(pattern, reason):
            details = {"name": entry["name"], "inner": "the inner function",
                       "line": entry["line"], "cells": "the variables it captures"}
            details.update(_closure_details(entry) if "{inner}" in text else {})
            return text.format(**details)
    return None


def _closure_details(entry):
    """The nested function that captures the step's variables, read from the source."""
    code = find_code(entry["file"], entry["name"], entry["line"])
    if code is None:
        return {}
    for const in code.co_consts:
        if hasattr(const, "co_freevars") and set(const.co_freevars) & set(code.co_cellvars):
            inner = "the lambda" if const.co_name == "<lambda>" else f"`{const.co_name}`"
            cells = ", ".join(sorted(set(const.co_freevars) & set(code.co_cellvars)))
            return {"inner": inner, "line": const.co_firstlineno, "cells": cells}
    return {}


def unconverted_line(entry):
    """The line that keeps the function from converting."""
    for incident in incidents_of(entry):
        if incident.kind == "not converted":
            return incident.file, incident.line
    details = _closure_details(entry) if "closures" in (entry.get("status") or "") else {}
    return entry["file"], details.get("line", entry["line"])


def find_code(path, qualname, line):
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
        todo = [compile(source, path, "exec")]
    except (OSError, SyntaxError, ValueError):
        return None
    while todo:
        code = todo.pop()
        if code.co_qualname == qualname and code.co_firstlineno == line:
            return code
        todo.extend(c for c in code.co_consts if hasattr(c, "co_qualname"))
    return None


def _sites_by_caller(functions):
    """Call sites (janus/coexec/sites.py) by the (name, file, line) of their caller."""
    sites = {}
    for f in functions:
        caller = f.get("site_of")
        if caller:
            sites.setdefault(_key(caller), []).append(f)
    return sites


def render(functions, stood_aside=None, tape_gradients=None) -> str:
    """The report, most time lost first; a function's graph call sites under it; then
    the tape gradients of interpreted code (coexec/backward.py)."""
    sites = _sites_by_caller(functions)
    functions = [f for f in functions if not f.get("site_of")]
    listed = {_key(f) for f in functions}
    # Sites whose caller has no entry of its own (module-level code) stand alone.
    functions += [f for key, group in sites.items() if key not in listed for f in group]
    timed = any(f.get("interpreted_seconds") is not None for f in functions)
    rows = sorted(functions, key=lambda f: -(time_lost(f) or 0.0) if timed else
                  -(f.get("calls", 0) - f.get("graph_calls", 0)))
    lines = []
    if timed:
        graph = sum(f.get("graph_seconds") or 0.0 for f in functions)
        interp = sum(f.get("interpreted_seconds") or 0.0 for f in functions)
        build = sum(f.get("build_seconds") or 0.0 for f in functions)
        lines.append(f"janus explain: {len(functions)} function(s); in graphs {graph:.3f} s, "
                     f"in the interpreter {interp:.3f} s, building {build:.3f} s "
                     f"(time lost = interpreter + building)")
    else:
        lines.append(f"janus explain: {len(functions)} function(s); no call times in this "
                     "report (write it with JANUS_TRACE set, or use `explain -- script`): "
                     "sorted by calls outside graphs")
    if stood_aside is not None:
        lines.append(f"janus stood aside for the rest of the run: {stood_aside}; every "
                     "call from then on ran in the interpreter (docs/soundness.md"
                     "#the-program-observes-the-interpreter)")
    for rank, f in enumerate(rows, 1):
        lines.append("")
        own = [] if f.get("site_of") else sites.get(_key(f), [])
        lines.extend(_render_function(rank, f, own))
    if tape_gradients and tape_gradients.get("walks", 0) + tape_gradients.get(
            "eager_walks", 0):
        lines += ["", render_tape_gradients(tape_gradients)]
    return "\n".join(lines) + "\n"


def render_tape_gradients(t):
    """One paragraph on the `tape.gradient` calls made by interpreted code."""
    nodes, compiled = t.get("nodes", 0), t.get("compiled_nodes", 0)
    text = (f"tape.gradient in interpreted code: {t.get('walks', 0)} backward walk(s) "
            f"deferred, {t.get('eager_walks', 0)} as eager's; {compiled}/{nodes} gradient "
            f"ops ({_fraction(compiled, nodes)}) ran in {t.get('chunk_graphs', 0)} "
            f"compiled chunk graph(s), in the walk's order (docs/coverage.md#co-execution)")
    if t.get("mismatches"):
        text += f"; {t['mismatches']} chunk(s) gave other bits than eager and stay eager"
    return text


def _key(f):
    return f["name"], f["file"], f["line"]


def ops_in_graphs(f, own):
    """(TF ops run in site graphs, TF ops run eagerly) of a co-executed function `f`
    (JANUS_STATS entries) with its sites `own`.  Each site graph's call is itself an
    eager op of `f`'s count: not counted as one."""
    graph_ops = sum(site.get("graph_ops", 0) for site in own)
    eager = max(f.get("eager_ops", 0) - sum(s.get("graph_calls", 0) for s in own), 0)
    return graph_ops, eager


def _render_sites(f, own):
    """Where Python and the graphs meet in a co-executed function, and its ops' share."""
    out = [f"   where Python and the graphs meet: {len(own)} Keras call site(s), each its "
           "own graphs:"]
    for site in sorted(own, key=lambda s: s["line"]):
        calls, graph_calls = site.get("calls", 0), site.get("graph_calls", 0)
        state = f"{graph_calls}/{calls} calls as graphs ({_fraction(graph_calls, calls)}), " \
                f"{site.get('graphs_built', 0)} graph(s) built" \
            if site.get("status", "").startswith("converted") else site.get("status", "?")
        callee = site["name"].split(" called in ")[0]
        out.append(f"     line {site['line']}: {callee}: {state}")
    graph_ops, eager = ops_in_graphs(f, own)
    if graph_ops or eager:
        out.append(f"   TF ops: {_fraction(graph_ops, graph_ops + eager)} in graphs "
                   f"({graph_ops} in site graphs, {eager} run eagerly by the interpreter)")
    return out


def _render_function(rank, f, own_sites=()):
    calls, graph_calls = f.get("calls", 0), f.get("graph_calls", 0)
    status = f.get("status", "?")
    where = f"{_short(f['file'])}:{f['line']}"
    converted = status.startswith("converted")
    head = f"{rank}. {f['name']} ({where}): "
    co_executed = bool(own_sites) and not converted
    if co_executed:
        head += "CO-EXECUTED: " + status.replace("interpreted: ", "the step itself stays "
                                                 "in the interpreter: ", 1)
    elif converted:
        head += f"{status}, {graph_calls}/{calls} calls as graphs " \
                f"({_fraction(graph_calls, calls)}), {f.get('graphs_built', 0)} graph(s) built"
    else:
        head += status.replace("interpreted: ", "NOT CONVERTED: ", 1)
    out = [head] + (_render_sites(f, own_sites) if co_executed else [])
    lost = time_lost(f)
    if lost is not None:
        out.append(f"   time: graph {f.get('graph_seconds') or 0:.3f} s, interpreter "
                   f"{f['interpreted_seconds']:.3f} s, building {f.get('build_seconds', 0):.3f} s"
                   f"; lost {lost:.3f} s")
    for incident in incidents_of(f):
        if incident.kind == "not converted":
            continue
        out.append(f"   {incident.kind} x{incident.count} at {_short(incident.file)}:"
                   f"{incident.line}: {incident.reason}")
    if not converted and status.startswith("interpreted"):
        reason = f.get("not_converted") or status.split(": ", 1)[-1]
        file, line = unconverted_line(f)
        out.append(f"   {'why not one graph' if co_executed else 'why'}: {reason}")
        out.append(f"   at {_short(file)}:{line}: {_source_line(file, line)}")
        change = suggestion(f, reason)
        if change:
            out.append(f"   change: {change}")
        else:
            out.append("   change: janus knows no single change for this reason")
    return out


def _fraction(part, whole):
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _short(path):
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path


def _source_line(path, line):
    try:
        with open(path, encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                if number == line:
                    return text.strip()
    except OSError:
        pass
    return "(source not available)"


def run_script(argv):
    """Run `script.py args` here under a timing recorder and report at exit."""
    import atexit
    import runpy

    from .. import config
    from . import counters, trace
    cfg = config.active()
    if cfg is None or not cfg.enabled:
        print("janus explain: janus is off (JANUS_MODE=off): nothing to explain",
              file=sys.stderr)
        return 2
    if trace.recorder is None:
        trace.start(None)

    def report():
        functions = [counters._json_entry(s) for s in counters._table.values()]
        tape_gradients = counters.run_reports.get("tape_gradients")
        sys.stdout.write(render(functions, counters.stood_aside,
                                tape_gradients() if tape_gradients else None))
        sys.stdout.flush()
    atexit.register(report)
    sys.argv = list(argv)
    runpy.run_path(argv[0], run_name="__main__")
    return 0


def main(argv) -> int:
    if argv[:1] == ["--"] and len(argv) > 1:
        return run_script(argv[1:])
    if len(argv) == 1 and argv[0] not in ("--", "-h", "--help"):
        try:
            report = load_report(argv[0])
        except (OSError, ValueError) as exc:
            print(f"janus explain: cannot read {argv[0]}: {exc}", file=sys.stderr)
            return 2
        sys.stdout.write(render(report["functions"], report.get("stood_aside"),
                                report.get("tape_gradients")))
        return 0
    print("usage: janus-python -m janus explain STATS.json\n"
          "       janus-python -m janus explain -- script.py [args...]", file=sys.stderr)
    return 2
