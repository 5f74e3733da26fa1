"""janus's graphs compute eager's floats bit for bit
(docs/soundness.md#eagers-floats-bit-for-bit): five training steps
(tests/e2e/bit_exact_steps.py), 50 calls each, oneDNN off, every loss and final
variable compared as float.hex.

- Under the default JANUS_NUMERICS=eager, janus equals JANUS_MODE=off on all five, and
  runs graphs for each step: conversion is asserted.
- A tf.function of the same steps (after the same eager profiling calls) does not equal
  eager on them (TF's graph optimizer rounds differently): the first check is not one
  that holds for any graph.
- Under JANUS_NUMERICS=graph, janus equals that tf.function on all five: its graphs
  are the ones tf.function traces (conv_bn's partial last batch too, which gets a graph
  of its own exact shape, as tf.function traces one: docs/soundness.md#shapes-that-vary).
- Under JANUS_XLA=on, janus equals tf.function(jit_compile=True) on the same five: its
  checks and the values it writes back on a failure leave the ops XLA compiles as they
  are (docs/soundness.md#xla).
"""

import json

from pathlib import Path

from conftest import run_python

PROGRAM = Path(__file__).resolve().parent / "bit_exact_steps.py"
SAME_GRAPH_AS_FUNCTION = ("conv_bn", "lstm", "adam", "keras", "moments")


def _run(tmp_path, mode, **env):
    stats = tmp_path / f"stats-{mode}-{len(env)}.json"
    r = run_python([str(PROGRAM)], mode=mode,
                   env_extra={"TF_ENABLE_ONEDNN_OPTS": "0", "JANUS_STATS": str(stats), **env})
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.splitlines()[-1]), stats


def test_janus_computes_eagers_floats_and_with_graph_numerics_tf_functions(tmp_path):
    eager, _ = _run(tmp_path, "off")
    janus, stats = _run(tmp_path, "on")
    for name in eager:
        assert janus[name]["losses"] == eager[name]["losses"], name
        assert janus[name]["state"] == eager[name]["state"], name
    steps = {f["name"].split(".")[0]: f for f in json.loads(stats.read_text())["functions"]
             if f["name"].endswith("train_step")}
    assert sorted(steps) == sorted(eager)
    assert all(f["graph_calls"] >= 40 for f in steps.values()), steps
    function, _ = _run(tmp_path, "off", BIT_EXACT_WRAP="function_hot")
    differs = [name for name in eager if function[name] != eager[name]]
    assert len(differs) >= 3, differs
    graph_numerics, _ = _run(tmp_path, "on", JANUS_NUMERICS="graph")
    for name in SAME_GRAPH_AS_FUNCTION:
        assert graph_numerics[name] == function[name], name


def test_janus_with_xla_computes_the_jit_compiled_functions_floats(tmp_path):
    xla, _ = _run(tmp_path, "off", BIT_EXACT_WRAP="xla_hot")
    janus, stats = _run(tmp_path, "on", JANUS_XLA="on")
    steps = {f["name"].split(".")[0]: f for f in json.loads(stats.read_text())["functions"]
             if f["name"].endswith("train_step")}
    for name in SAME_GRAPH_AS_FUNCTION:
        assert steps[name]["xla_graph_calls"] >= 40, steps[name]
        assert janus[name] == xla[name], name
