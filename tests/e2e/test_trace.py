"""JANUS_TRACE (runtime/janus/observe/trace.py, observe/sinks.py, observe/tf_profile.py) and `janus explain`
(runtime/janus/observe/explain.py), through the interpreter as a user runs them."""

import json
from collections import defaultdict

from pathlib import Path

import pytest
from conftest import REPO, run_python

DEMO = REPO / "bench" / "models" / "lenet.py"
PROGRAMS = Path(__file__).resolve().parent
PHASES = {"X", "B", "E", "i", "C", "M"}


def load_trace(path):
    trace = json.loads(path.read_text())
    assert isinstance(trace, dict) and isinstance(trace["traceEvents"], list)
    for event in trace["traceEvents"]:
        assert event["ph"] in PHASES, event
        assert isinstance(event["name"], str) and event["name"], event
        assert isinstance(event["pid"], int) and isinstance(event["tid"], int), event
        assert isinstance(event.get("args", {}), dict), event
        if event["ph"] != "M":
            assert isinstance(event["ts"], (int, float)), event
        if event["ph"] == "X":
            assert event["dur"] >= 0, event
    return [e for e in trace["traceEvents"] if e["ph"] != "M"], trace


def inside(inner, outer):
    return outer["ts"] <= inner["ts"] and \
        inner["ts"] + inner.get("dur", 0) <= outer["ts"] + outer["dur"] + 1e-3


def by_cat(events, cat):
    return [e for e in events if e.get("cat") == cat]


@pytest.fixture(scope="module")
def demo_trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("trace") / "demo.json"
    r = run_python([str(DEMO), "--epochs", "2"], env_extra={
        "JANUS_TRACE": str(path), "JANUS_TRACE_OPS": "first:3"})
    assert r.returncode == 0, r.stderr[-3000:]
    return load_trace(path)


def test_demo_trace_has_every_kind_of_event(demo_trace):
    events, trace = demo_trace
    calls = by_cat(events, "call")
    modes = {e["args"]["mode"] for e in calls}
    assert {"profiling", "graph"} <= modes, modes
    builds = by_cat(events, "build")
    assert [b["args"]["reason"] for b in builds] == [
        "first build after profiling",
        "rebuild after guard miss: images: ndarray float32 (29, 8, 8, 1) is not ndarray "
        "float32 (64, 8, 8, 1)"], builds
    assert all(b["args"]["guard_count"] >= 1 and b["args"]["outcome"] == "built"
               for b in builds)
    checks = by_cat(events, "guards")
    assert {e["args"].get("result") for e in checks if e["name"] == "guard check"} == \
        {"hit", "miss"}
    misses = [e for e in checks if e["name"] == "guard miss"]
    assert len(misses) == 1 and "(29, 8, 8, 1)" in misses[0]["args"]["failing_guard"]
    # Two batch sizes get a graph each, as tf.function traces them: nothing is relaxed
    # (docs/soundness.md#shapes-that-vary).
    assert [e for e in events if e["name"] == "relaxation"] == []
    graphs = by_cat(events, "graph")
    assert len(graphs) == sum(e["args"]["mode"] == "graph" for e in calls)
    # TF's kernels of the first three graph calls. Their names are not asserted: Grappler
    # and oneDNN rename what they fuse (MatMul + BiasAdd is one kernel on CPUs with
    # AVX-512 and AMX), so only what holds on every CPU is: every traced call ran many
    # kernels of several kinds, each named by its node and the graph call it ran in.
    ops = by_cat(events, "op")
    traced = graphs[:3]
    assert ops, "the trace has no op events"
    for graph in traced:
        mine = [op for op in ops if inside(op, graph)]
        assert len(mine) >= 10 and len({op["name"] for op in mine}) >= 5, (graph, mine)
        assert all(op["args"]["node"] and op["args"]["graph call"] == graph["name"]
                   for op in mine), mine
    counters = [e for e in events if e["ph"] == "C" and e["name"] == "janus"]
    assert {"graph fraction", "build seconds so far"} == set(counters[-1]["args"])
    assert 0.5 < counters[-1]["args"]["graph fraction"] <= 1.0
    assert counters[-1]["args"]["build seconds so far"] > 0
    heap = [e for e in events if e["ph"] == "C" and e["name"] == "heap per call"]
    assert len(heap) == len(calls) and set(heap[0]["args"]) == {"reads", "writes"}
    assert trace["otherData"]["op detail"] == "first:3"


def test_every_event_names_its_source(demo_trace):
    events, _ = demo_trace
    for event in events:
        if event["ph"] == "C":
            continue        # counters are per process, not per line
        assert event["args"]["file"] == str(DEMO), event
        assert isinstance(event["args"]["line"], int) and event["args"]["line"] > 0, event


def test_builds_and_graphs_nest_inside_calls_and_ops_inside_graph_calls(demo_trace):
    events, _ = demo_trace
    calls = by_cat(events, "call")
    for kind in ("build", "graph", "guards"):
        for event in by_cat(events, kind):
            if event["ph"] != "X":
                continue
            assert any(c["tid"] == event["tid"] and inside(event, c) for c in calls), event
    graphs = by_cat(events, "graph")
    traced = [g for g in graphs if any(inside(op, g) for op in by_cat(events, "op"))]
    # first:3 — the first three graph calls, and no other, carry TF's op events.
    assert traced == graphs[:3]
    for op in by_cat(events, "op"):
        assert any(inside(op, g) for g in traced), op


def test_timestamps_are_monotonic_per_thread(demo_trace):
    events, _ = demo_trace
    last = defaultdict(float)
    for event in events:
        assert event["ts"] >= last[event["tid"]], event
        last[event["tid"]] = event["ts"]


def test_a_forced_fallback_shows_its_reason_and_the_commit(tmp_path):
    path = tmp_path / "fallback.json"
    program = PROGRAMS / "trace_fallback.py"
    r = run_python([str(program)], env_extra={"JANUS_TRACE": str(path),
                                              "JANUS_TRACE_OPS": "off"})
    assert r.returncode == 0, r.stderr[-3000:]
    off = run_python([str(program)], mode="off")
    assert r.stdout == off.stdout       # tracing changes nothing the program sees
    events, trace = load_trace(path)
    failures = [e for e in events if e["name"] == "assertion failure"]
    assert len(failures) == 1, failures
    args = failures[0]["args"]
    assert args["reason"].startswith("assumption failed: branch at step:17 went the "
                                     "other way; relaxed to a cond"), args
    assert args["line"] == 17 and args["file"] == str(program)
    calls = by_cat(events, "call")
    assert [c["args"]["mode"] for c in calls].count("fallback") == 1
    commits = by_cat(events, "commit")
    assert commits and all(c["args"]["targets"] == "setglobal count" for c in commits)
    graphs = by_cat(events, "graph")
    assert all(any(inside(c, g) for g in graphs) for c in commits)
    assert not by_cat(events, "op") and trace["otherData"]["op detail"] == "off"


def test_a_fourth_batch_size_shows_the_relaxation(tmp_path):
    path = tmp_path / "relax.json"
    program = tmp_path / "sizes.py"
    program.write_text(
        "import numpy as np, tensorflow as tf\n"
        "w = tf.Variable(tf.ones((3, 1)))\n"
        "def step(x):\n"
        "    with tf.GradientTape() as tape:\n"
        "        loss = tf.reduce_mean(tf.square(x @ w))\n"
        "    w.assign_sub(0.01 * tape.gradient(loss, w))\n"
        "    return loss\n"
        "for n in (8, 8, 8, 8, 7, 6, 5, 4, 3):\n"
        "    print(float(step(tf.ones((n, 3)))))\n")
    r = run_python([str(program)], env_extra={"JANUS_TRACE": str(path),
                                              "JANUS_TRACE_OPS": "off"})
    assert r.returncode == 0, r.stderr[-3000:]
    events, _ = load_trace(path)
    # 8, 7 and 6 get exact graphs; 5 is the dimension's fourth size: relaxed, and
    # (?, 3) serves 4 and 3 too (docs/soundness.md#shapes-that-vary).
    relaxed = [e["args"]["what"] for e in events if e["name"] == "relaxation"]
    assert relaxed == ["x dimensions [0] relaxed to any size"], relaxed
    assert len(by_cat(events, "build")) == 4


def test_each_mpi_rank_writes_its_own_file(tmp_path):
    path = tmp_path / "ranked.json"
    r = run_python([str(PROGRAMS / "trace_fallback.py")], env_extra={
        "JANUS_TRACE": str(path), "JANUS_TRACE_OPS": "off", "PMI_RANK": "3"})
    assert r.returncode == 0, r.stderr[-3000:]
    assert not path.exists()
    _, trace = load_trace(tmp_path / "ranked.rank3.json")
    names = [e["args"]["name"] for e in trace["traceEvents"] if e["name"] == "process_name"]
    assert names and names[0].startswith("janus-python rank 3")


NOTHING_INSTALLED = """
import sys
import numpy as np
import tensorflow as tf
from janus.observe import trace
from janus.run import executor
from janus.state import heap

w = tf.Variable(tf.ones([3, 1]))

def step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, w))
    w.assign_sub(0.1 * tape.gradient(loss, w))
    return loss

for _ in range(6):
    step(np.ones([2, 3], np.float32))
state = next(iter(executor._states.values()))
assert state.stats.graph_runs >= 2, state.stats.as_dict()
print(trace.recorder, heap.commit.__qualname__, sorted(vars(state.cache)) ==
      sorted(["arg_names", "entries", "builds", "paid_off", "plan"]),
      [k for k in vars(state) if k.startswith("_")],
      "janus trace" in [sys.monitoring.get_tool(t) for t in range(6)])
"""


def test_tracing_off_installs_nothing():
    r = run_python(["-c", NOTHING_INSTALLED])
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.split("\n")[-2] == "None commit True [] False"


@pytest.mark.parametrize("value", ["first", "every:0", "first:-2", "all", "off:1"])
def test_a_bad_op_detail_value_is_refused(value):
    r = run_python(["-c", "pass"], env_extra={"JANUS_TRACE_OPS": value})
    assert r.returncode == 2
    assert f"JANUS_TRACE_OPS={value!r} is not valid" in r.stderr
    assert "off, first:K, every:K" in r.stderr


EXPLAIN = PROGRAMS / "explain_three.py"


def test_explain_names_each_reason_and_line():
    r = run_python(["-m", "janus", "explain", "--", str(EXPLAIN)], cwd=str(PROGRAMS))
    assert r.returncode == 0, r.stderr[-3000:]
    text = r.stdout
    # One section per function, then one on the tape walks of interpreted code.
    *sections, walks = text.split("\n\n")[1:]
    assert len(sections) == 3, text
    assert walks.startswith("tape.gradient in interpreted code: "), text
    by_name = {s.split(" ", 2)[1]: s for s in sections}
    assert "converted, 5/8 calls as graphs (62%), 1 graph(s) built" in \
        by_name["converted_step"]
    rebuilt = by_name["rebuilt_step"]
    assert "2 graph(s) built" in rebuilt
    assert "rebuild x1 at explain_three.py:20: x: ndarray float32 (5, 4) is not " \
           "ndarray float32 (8, 4)" in rebuilt
    custom = by_name["custom_step"]
    # Its optimizer call runs as a graph site: the step is co-executed.
    assert "CO-EXECUTED: the step itself stays in the interpreter: attribute 'scale' of " \
           "Settings cannot be read (its class has __getattr__)" in custom
    assert "line 40: SGD.apply_gradients()" in custom
    assert "at explain_three.py:38: loss = tf.reduce_mean(tf.matmul(x, w)) * " \
           "settings.scale" in custom
    assert "change: read what the step needs into plain attributes or arguments" in custom
    for section in sections:
        assert "   time: graph " in section
    lost = [float(s.split("; lost ")[1].split(" s")[0]) for s in sections]
    assert lost == sorted(lost, reverse=True)


def test_explain_reads_a_stats_report(tmp_path):
    stats = tmp_path / "stats.json"
    r = run_python([str(EXPLAIN)], env_extra={"JANUS_STATS": str(stats)})
    assert r.returncode == 0, r.stderr[-3000:]
    r = run_python(["-m", "janus", "explain", str(stats)])
    assert r.returncode == 0, r.stderr
    assert "no call times in this report" in r.stdout
    assert "CO-EXECUTED: the step itself stays in the interpreter: attribute 'scale' of " \
           "Settings" in r.stdout
    assert f"{EXPLAIN}:38:" in r.stdout or "explain_three.py:38:" in r.stdout
    bad = run_python(["-m", "janus", "explain", str(tmp_path / "missing.json")])
    assert bad.returncode == 2 and "cannot read" in bad.stderr
