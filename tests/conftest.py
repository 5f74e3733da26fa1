"""Shared fixtures: the janus-python under test, and a runner that compares it with the
plain interpreter (JANUS_MODE=off), which is the reference for every behaviour."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def _no_takeover_from_ops_in_this_process():
    """In-process tests call TF ops from many small functions and check that each gives
    back all janus took; taking those functions over from their ops (janus/detect/eager_ops.py)
    would leave janus state between tests.  The programs the tests run as subprocesses
    keep the default (tests/e2e/test_hot_code.py covers it)."""
    try:
        from janus import config
    except ImportError:            # not under janus-python
        return
    assert "tensorflow" not in sys.modules, "conftest must load before TensorFlow"
    if config.active() is not None:
        config.active().hot_ops = None


_no_takeover_from_ops_in_this_process()
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
    """The test gives back all it took: afterwards no code is flagged and tool 5 is free.
    Only janus_ext.release() frees the tool, and it drops every profile and entry
    function with it, so a free tool also means no entry is left.  What the test left
    is read before anything is cleaned; the release that follows only keeps the next
    test clean."""
    import janus_ext
    tool = sys.monitoring.OPTIMIZER_ID
    assert sys.monitoring.get_tool(tool) is None
    yield
    left = {"flagged": janus_ext.flagged_codes(), "tool": sys.monitoring.get_tool(tool)}
    janus_ext.release()
    assert left == {"flagged": [], "tool": None}, f"the test leaked janus state: {left=}"


def run_both_modes(program, tmp_dir, env_extra=None):
    """Run a test program (it prints one JSON document last) under janus and under
    JANUS_MODE=off, with `env_extra` added to the environment.  Returns {"on": ...,
    "off": ...} (each the document plus "printed", the lines before it), "report"
    (janus's JANUS_STATS), "functions" (its entries by name) and "log" (its JANUS_LOG
    lines).  The two runs are separate processes run at once (the machine has two
    cores)."""
    from concurrent.futures import ThreadPoolExecutor

    def run(mode):
        report = Path(tmp_dir) / f"janus-{mode}.json"
        r = run_python([str(program)], mode=mode,
                       env_extra={"JANUS_STATS": str(report), "JANUS_LOG": "1",
                                  **(env_extra or {})})
        assert r.returncode == 0, f"JANUS_MODE={mode}: " + r.stderr[-3000:]
        return r, report

    with ThreadPoolExecutor(2) as pool:
        runs = dict(zip(("on", "off"), pool.map(run, ("on", "off"))))
    out = {}
    for mode, (r, report) in runs.items():
        lines = r.stdout.splitlines()
        out[mode] = json.loads(lines[-1])
        out[mode]["printed"] = lines[:-1]
        if mode == "on":
            out["report"] = json.loads(report.read_text())
            out["functions"] = {f["name"]: f for f in out["report"]["functions"]}
            out["log"] = [line for line in r.stderr.splitlines() if line.startswith("janus:")]
    return out


@pytest.fixture(scope="session")
def fork_runner():
    """The fuzz oracle's runner on two fork servers (tests/fuzz/zygote.py), one per
    mode, shared by every test that checks a program file with the oracle: TF is
    imported once per session, not twice per program.  tests/fuzz/test_fuzz.py checks that
    it gives fresh processes' verdicts."""
    sys.path.insert(0, str(REPO / "tests" / "fuzz"))
    import oracle
    runner = oracle.ForkRunner()
    yield runner
    runner.close()


# Graph vs eager float64 round-off: TF's graph runtime may fuse or reorder float64
# arithmetic, so results agree to about 1e-15 relative, far inside this.  No absolute
# part: atol=1e-12 let 1.0000000656873453e-05 (1e-05 rounded to float32) pass as 1e-05.
ROUND_OFF = {"rtol": 1e-9}


def assert_runs_agree(runs, **tolerances):
    """run_both_modes's two runs print the same lines and end in the same state
    (assert_same, with `tolerances` for the floats)."""
    assert runs["on"]["printed"] == runs["off"]["printed"]
    on, off = dict(runs["on"]), dict(runs["off"])
    on.pop("printed"), off.pop("printed")
    assert_same(on, off, **tolerances)


def assert_same(got, want, path="value", *, rtol=None, atol=None):
    """Deep, strict equality of two program results.

    Types must be identical at every level (int is not float, bool is not int, list is
    not tuple, EagerTensor is not ndarray); lengths, dict keys and key order must agree;
    arrays and tensors must agree in dtype and shape.  Floats are equal only when they
    are the same float: NaN where both are NaN, and zeros of the same sign.  A caller
    that passes rtol/atol allows |got - want| <= atol + rtol * |want| for finite
    floats, and nothing else: NaN, infinities and the sign of zero stay exact.
    """
    tolerance = None if rtol is None and atol is None else (rtol or 0.0, atol or 0.0)
    _same(got, want, path, tolerance)


def _same(got, want, path, tolerance):
    import numpy as np
    if type(got) is not type(want):
        raise AssertionError(f"{path}: type {type(got).__name__} is not "
                             f"{type(want).__name__} ({got=!r}, {want=!r})")
    if isinstance(want, dict):
        assert list(got) == list(want), f"{path}: keys {list(got)} != {list(want)}"
        for key in want:
            _same(got[key], want[key], f"{path}[{key!r}]", tolerance)
    elif isinstance(want, (list, tuple)):
        assert len(got) == len(want), f"{path}: length {len(got)} != {len(want)}"
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{path}[{i}]", tolerance)
    elif isinstance(want, float):
        _same_floats(np.float64(got), np.float64(want), path, tolerance)
    elif _is_array_like(want):
        g, w = np.asarray(got), np.asarray(want)
        assert (g.dtype, g.shape) == (w.dtype, w.shape), \
            f"{path}: {g.dtype}{g.shape} is not {w.dtype}{w.shape}"
        if np.issubdtype(w.dtype, np.inexact):
            _same_floats(g, w, path, tolerance)
        else:
            assert np.array_equal(g, w), f"{path}: {g.tolist()} != {w.tolist()}"
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def _is_array_like(value):
    import numpy as np
    return isinstance(value, np.ndarray | np.generic) or \
        hasattr(value, "numpy") and hasattr(value, "dtype") and hasattr(value, "shape")


def _same_floats(got, want, path, tolerance):
    """Element-wise: NaN only where both are NaN, zeros of equal sign, other values
    equal (or within the tolerance, when there is one)."""
    import numpy as np
    nan = np.isnan(want)
    zero = want == 0
    if tolerance is None:
        close = got == want
    else:
        rtol, atol = tolerance
        with np.errstate(invalid="ignore", over="ignore"):     # inf - inf: not compared
            close = np.where(np.isfinite(want),
                             np.abs(got - want) <= atol + rtol * np.abs(want), got == want)
    ok = np.where(nan, np.isnan(got), close & ~np.isnan(got))
    ok &= ~(zero & (got == 0)) | (np.signbit(got) == np.signbit(want))
    if not np.all(ok):
        where = np.argwhere(~np.asarray(ok)).tolist()[:5]
        first = tuple(where[0]) if where and where[0] else ()
        raise AssertionError(
            f"{path}: {np.count_nonzero(~np.asarray(ok))} of {np.size(ok)} differ, first at "
            f"{first}: got={np.asarray(got)[first]!r} want={np.asarray(want)[first]!r}"
            + ("" if tolerance is None else f" (rtol={tolerance[0]}, atol={tolerance[1]})"))
