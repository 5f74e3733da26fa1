"""JANUS_XLA=on (docs/soundness.md#xla): janus's graphs compiled with XLA keep all or
nothing where XLA itself checks nothing.

tests/e2e/xla_steps.py holds six steps that fail part-way (a label or an id out of
range, a failed assumption, a NaN under check_numerics) or that janus must not compile
with XLA.  Under JANUS_MODE=off and under janus with XLA they raise at the same calls
and end with the same ints (a call that failed counted nothing); floats are XLA's, so
they are compared to within round-off.  The statistics show which steps ran as XLA
graphs and why the others did not.
"""

import json

import numpy as np
from conftest import run_python

from pathlib import Path

PROGRAM = Path(__file__).resolve().parent / "xla_steps.py"


def _run(tmp_path, mode, **env):
    stats = tmp_path / f"stats-{mode}.json"
    r = run_python([str(PROGRAM)], mode=mode, env_extra={"JANUS_STATS": str(stats), **env})
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.splitlines()[-1]), stats


def test_xla_graphs_fail_as_eager_fails_and_change_nothing(tmp_path):
    eager, _ = _run(tmp_path, "off")
    janus, stats_path = _run(tmp_path, "on", JANUS_XLA="on")
    for name, expected in eager.items():
        got = janus[name]
        assert got["raised"] == expected["raised"], name
        assert got["count"] == expected["count"], name
        assert got.get("iterations") == expected.get("iterations"), name
        np.testing.assert_allclose(got["floats"], expected["floats"], rtol=1e-4, atol=1e-5,
                                   err_msg=name)
    assert eager["labels"]["raised"] and eager["gather"]["raised"] and \
        eager["numerics"]["raised"]
    steps = {f["name"].split(".")[0]: f for f in json.loads(stats_path.read_text())["functions"]
             if f["name"].endswith("train_step")}

    def reasons(name):
        return " | ".join(steps[name]["reasons"])

    for name in ("labels", "gather", "numerics", "lengths"):
        assert steps[name]["xla_graph_calls"] >= 20, (name, steps[name])
    assert "a label outside [0, classes) (checked for XLA)" in reasons("labels")
    assert "an index out of range (checked for XLA)" in reasons("gather")
    assert "a check the program wrote failed" in reasons("numerics")
    # The assumption failed under XLA; the cond of both arms then holds the updates.
    assert steps["branch"]["xla_graph_calls"] >= 8, steps["branch"]
    assert steps["branch"]["graph_calls"] >= 20, steps["branch"]
    assert "built without XLA: a variable update inside a tf.cond" in reasons("branch")
    assert steps["position"]["xla_graph_calls"] == 0
    assert steps["position"]["graph_calls"] >= 20
    assert "at positions computed from values in the graph" in reasons("position")
