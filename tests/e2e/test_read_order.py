"""A variable's reads stay ordered before its writes in the graph TF runs for janus
(docs/soundness.md#reads-before-writes).  tests/e2e/read_order_steps.py converts two
Keras steps whose forward reads of a weight reach its update only through the Keras
optimizer's IdentityN, then optimizes each graph offline with Grappler and lists the
reads that the traced graph orders before a write and the optimized one does not.

- Under the config janus calls its graphs with, under either JANUS_NUMERICS: none.
- Under TF's default config the scaled step loses one (the dependency optimizer's
  doing): the check finds what it looks for.
"""

import json
from pathlib import Path

import pytest
from conftest import run_python

PROGRAM = Path(__file__).resolve().parent / "read_order_steps.py"


@pytest.mark.parametrize("numerics", ["eager", "graph"])
def test_reads_stay_before_writes_under_janus_config(numerics):
    r = run_python([str(PROGRAM)], mode="on",
                   env_extra={"TF_ENABLE_ONEDNN_OPTS": "0", "JANUS_NUMERICS": numerics})
    assert r.returncode == 0, r.stderr[-3000:]
    report = json.loads(r.stdout.splitlines()[-1])
    assert sorted(report) == ["critic_step", "scaled_step"]
    for step in report.values():
        assert step["graphs"] >= 1, report
        assert step["janus"] == [], report
    lost = report["scaled_step"]["tf_default"]
    assert any("StopGradient/ReadVariableOp" in read for read, _ in lost), report
