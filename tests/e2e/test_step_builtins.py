"""Builtins over the program's values inside a converted step (runtime/janus/build/dunders.py
`keyed` and `value_method`, natives.ITERATORS; docs/soundness.md#python-run-while-building):
iterators the step makes (`enumerate(zip(...))`, `zip(enumerate(...))`,
`reversed(list(zip(...)))`) with a carried list indexed by their counter; `sorted`,
`min`, `max` with a key= over objects the loop changes; methods of str values; `math` on
Python numbers (runtime/janus/semantics/python_math.py, tests/e2e/step_math.py).  Against
JANUS_MODE=off on tests/e2e/step_builtins.py; every step converts, and each change
of what a key or a method read is one rebuild."""

import json
from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_runs_agree, run_both_modes, run_python

PROGRAM = Path(__file__).parent / "step_builtins.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("step_builtins"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(runs):
    assert_runs_agree(runs, **ROUND_OFF)


@pytest.mark.parametrize("function, misses", [
    ("adam_step", []),
    ("ordered_step", ["BLOCKS[2].priority", "BLOCKS[0].scale"]),
    ("text_step", ["run.tag"]),
])
def test_each_step_converts(runs, function, misses):
    stats = runs["functions"][function]
    assert stats["status"] == "converted", stats
    assert stats["graphs_built"] == 1 + len(misses), stats
    assert stats["graph_calls"] >= 17, stats
    for miss in misses:
        assert any(miss in reason for reason in stats["reasons"]), (miss, stats["reasons"])


def test_a_key_the_graph_computes_is_refused_in_the_programs_terms(tmp_path):
    program = tmp_path / "tensor_key.py"
    program.write_text(
        "import tensorflow as tf\n"
        "V = [tf.Variable(float(i)) for i in range(3)]\n"
        "def train_step():\n"
        "    with tf.GradientTape() as tape:\n"
        "        best = max(V, key=lambda v: v * 2.0)\n"
        "        loss = best * best\n"
        "    best.assign_sub(0.1 * tape.gradient(loss, best))\n"
        "    return loss\n"
        "for i in range(12):\n"
        "    print(i, float(train_step()))\n")
    runs = run_both_modes_lines(program, tmp_path)
    assert runs["on"] == runs["off"]
    reasons = " ".join(runs["functions"]["train_step"]["reasons"])
    assert "max() by a key the graph computes" in reasons


def run_both_modes_lines(program, tmp_path):
    """Printed lines under both modes, and janus's stats by function."""
    out = {}
    report = tmp_path / "janus.json"
    for mode in ("on", "off"):
        r = run_python([str(program)], mode=mode, env_extra={"JANUS_STATS": str(report)})
        assert r.returncode == 0, r.stderr[-3000:]
        out[mode] = r.stdout.splitlines()
    out["functions"] = {f["name"]: f for f in json.loads(report.read_text())["functions"]}
    return out


MATH = Path(__file__).parent / "step_math.py"


@pytest.fixture(scope="module")
def math_runs(tmp_path_factory):
    return run_both_modes(MATH, tmp_path_factory.mktemp("step_math"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_math_gives_pythons_numbers_and_errors(math_runs):
    # Exact: the carried numbers go through Python's own math functions.
    assert_runs_agree(math_runs, **ROUND_OFF)
    assert any("ValueError: math domain error" in line for line in math_runs["on"]["printed"])


@pytest.mark.parametrize("function", ["cosine_step", "scaled_step", "log_step"])
def test_math_steps_convert(math_runs, function):
    stats = math_runs["functions"][function]
    assert stats["status"] == "converted", stats
    assert stats["graph_calls"] >= 19, stats
    assert stats["graphs_built"] <= 2, stats
