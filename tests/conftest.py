"""Shared fixtures: the janus-python under test, and a runner that compares it with the
plain interpreter (JANUS_MODE=off), which is the reference for every behaviour."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
JANUS_PYTHON = REPO / "bin" / "janus-python"


def run_python(args, *, mode="on", input=None, cwd=None, env_extra=None, timeout=600,
               executable=JANUS_PYTHON):
    """Run the interpreter as a user would; mode=None leaves JANUS_MODE unset."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.pop("PYTHONPATH", None)
    if mode is not None:
        env["JANUS_MODE"] = mode
    env.update(env_extra or {})
    return subprocess.run([str(executable), *args], input=input, cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="session")
def janus_python():
    assert JANUS_PYTHON.exists(), "run the tests through `make test`, which builds bin/janus-python"
    return JANUS_PYTHON


@pytest.fixture
def no_hook_leaks():
    """janus holds no sys.monitoring tool, flag, entry or profile before and after."""
    import janus_ext
    tool = sys.monitoring.OPTIMIZER_ID
    assert sys.monitoring.get_tool(tool) is None
    yield
    janus_ext.release()
    assert sys.monitoring.get_tool(tool) is None
    assert janus_ext.flagged_codes() == []


def run_both_modes(program, tmp_dir, env_extra=None):
    """Run a test program (it prints one JSON document last) under janus and under
    JANUS_MODE=off, both with `env_extra`.  Returns {"on": ..., "off": ...} (each the
    document plus "printed", the lines before it), "report" (janus's JANUS_STATS),
    "functions" (its entries by name) and "log" (its JANUS_LOG lines)."""
    out = {}
    report = Path(tmp_dir) / "janus.json"
    for mode in ("on", "off"):
        r = run_python([str(program)], mode=mode,
                       env_extra={**(env_extra or {}), "JANUS_STATS": str(report),
                                  "JANUS_LOG": "1"})
        assert r.returncode == 0, r.stderr[-3000:]
        lines = r.stdout.splitlines()
        out[mode] = json.loads(lines[-1])
        out[mode]["printed"] = lines[:-1]
        if mode == "on":
            out["report"] = json.loads(report.read_text())
            out["functions"] = {f["name"]: f for f in out["report"]["functions"]}
            out["log"] = [line for line in r.stderr.splitlines() if line.startswith("janus:")]
    return out


def assert_close(got, want, name):
    """float64 graph vs eager: equal to 1e-9 relative (round-off, not a difference)."""
    import numpy as np
    np.testing.assert_allclose(np.asarray(got, dtype=float), np.asarray(want, dtype=float),
                               rtol=1e-9, atol=1e-12, err_msg=name)
