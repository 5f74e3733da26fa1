"""A program file → its run under JANUS_MODE=off and under janus → the differences.

Both runs go through launch.py with TF_ENABLE_ONEDNN_OPTS=0 (oneDNN's graph fusions
round differently from eager kernels: TF's difference, not ours).  Compared: every
printed line, the exception the program ended with, the whole dumped state (types and
identity), TF variables, RNG states.  The only tolerance is FLOAT_RTOL on floats, for
float64 graph-vs-eager round-off; a type, a sign of zero or a NaN never passes on it.
"""

import json
import math
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

# A program's state may hold ints of any size; its dump writes them whole.
sys.set_int_max_str_digits(0)

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
JANUS_PYTHON = REPO / "bin" / "janus-python"
FLOAT_RTOL = 1e-9
FLOAT_ATOL = 1e-12
# (float.hex() text first: 0x1.8p+1 is one number, not 0, 1.8 and 1)
HEX_FLOAT = re.compile(r"-?0x[0-9a-f]+(?:\.[0-9a-f]*)?p[-+]\d+")
NUMBER = re.compile(HEX_FLOAT.pattern +
                    r"|-?(?:\d+\.\d*(?:e[-+]?\d+)?|\d+e[-+]?\d+|nan|inf)|-?\d+")

# Categories, worst first: what a user would see.
CATEGORIES = ("crash", "hang", "exception", "printed", "variables", "state", "rng")


@dataclass
class Run:
    returncode: int | None          # None: killed at the timeout
    stdout: list
    stderr: str
    dump: dict | None
    stats: dict | None
    seconds: float


@dataclass
class Verdict:
    valid: bool                     # the reference run itself worked
    problems: dict = field(default_factory=dict)     # category -> first differences
    converted: bool = False         # the step ran as a graph at least once
    graph_fraction: float = 0.0
    step_status: str = ""
    reasons: list = field(default_factory=list)
    invalid_reason: str = ""
    seconds: float = 0.0

    @property
    def category(self):
        for c in CATEGORIES:
            if c in self.problems:
                return c
        return None

    def as_dict(self):
        return {"valid": self.valid, "category": self.category, "problems": self.problems,
                "converted": self.converted, "graph_fraction": round(self.graph_fraction, 3),
                "step_status": self.step_status, "reasons": self.reasons[:8],
                "invalid_reason": self.invalid_reason, "seconds": round(self.seconds, 1)}


def run_mode(program: Path, mode: str, timeout: float, workdir: Path) -> Run:
    """One run in a fresh interpreter process: what a user's run is."""
    import time
    dump, stats = workdir / f"dump-{mode}.json", workdir / "stats.json"
    env = {**_environment(), "JANUS_MODE": mode}
    if mode == "on":
        env["JANUS_STATS"] = str(stats)
    start = time.monotonic()
    try:
        p = subprocess.run([str(JANUS_PYTHON), str(HERE / "launch.py"), str(program), str(dump)],
                           env=env, capture_output=True, text=True, timeout=timeout,
                           cwd=workdir)
        code, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as exc:
        code, out, err = None, exc.stdout or "", ""
        if isinstance(out, bytes):
            out = out.decode(errors="replace")
    return _collect(mode, code, out, err, dump, stats, time.monotonic() - start)


class ForkRunner:
    """run_mode's twin on two fork servers (zygote.py): same files, same Run, no TF
    import per program."""

    def __init__(self):
        from zygote import Zygote
        self.env = _environment()
        self.servers = {mode: Zygote(JANUS_PYTHON, mode, self.env) for mode in ("off", "on")}

    def __call__(self, program: Path, mode: str, timeout: float, workdir: Path) -> Run:
        import time
        dump, stats = workdir / f"dump-{mode}.json", workdir / "stats.json"
        out, err = workdir / f"stdout-{mode}", workdir / f"stderr-{mode}"
        start = time.monotonic()
        code = self.servers[mode].run(program, dump, stats if mode == "on" else None,
                                      out, err, timeout)
        return _collect(mode, code, out.read_text(errors="replace") if out.exists() else "",
                        err.read_text(errors="replace") if err.exists() else "",
                        dump, stats, time.monotonic() - start)

    def close(self):
        for server in self.servers.values():
            server.close()


def _environment():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JANUS_", "PYTHON"))}
    env.update({"TF_ENABLE_ONEDNN_OPTS": "0", "TF_CPP_MIN_LOG_LEVEL": "2",
                "CUDA_VISIBLE_DEVICES": ""})
    return env


def _collect(mode, code, out, err, dump, stats, seconds) -> Run:
    data = json.loads(dump.read_text()) if dump.exists() else None
    report = json.loads(stats.read_text()) if mode == "on" and stats.exists() else None
    return Run(code, out.splitlines(), err, data, report, seconds)


def check(program: Path, timeout: float = 300, runner=None, rtol=FLOAT_RTOL) -> Verdict:
    """Run `program` both ways (in parallel: the machine has two cores) and compare;
    `rtol`: the relative float tolerance (a program whose step TF's own graph rounds
    differently from eager, see tests/redteam/expected.json)."""
    from concurrent.futures import ThreadPoolExecutor
    with tempfile.TemporaryDirectory(prefix="janus-fuzz-") as tmp:
        off_dir, on_dir = Path(tmp, "off"), Path(tmp, "on")
        off_dir.mkdir()
        on_dir.mkdir()
        run = runner or run_mode
        with ThreadPoolExecutor(2) as pool:
            off_f = pool.submit(run, program, "off", timeout, off_dir)
            on_f = pool.submit(run, program, "on", timeout, on_dir)
            off, on = off_f.result(), on_f.result()
    return compare(off, on, rtol)


def compare(off: Run, on: Run, rtol=FLOAT_RTOL) -> Verdict:
    v = Verdict(valid=True, seconds=off.seconds + on.seconds)
    if off.returncode != 0 or off.dump is None:
        v.valid = False
        v.invalid_reason = ("reference timed out" if off.returncode is None else
                            f"reference run failed: {off.stderr.strip().splitlines()[-1:]}")
        return v
    if off.dump["exception"] is not None:
        # The driver catches every step's exception: one escaping is a generator bug.
        v.valid = False
        v.invalid_reason = f"reference raised {off.dump['exception']}"
        return v
    _read_stats(v, on.stats)
    if on.returncode is None:
        v.problems["hang"] = [f"janus run killed at the timeout after {on.seconds:.0f} s"]
        return v
    if on.returncode != 0 or on.dump is None:
        tail = on.stderr.strip().splitlines()[-3:]
        v.problems["crash"] = [f"exit code {on.returncode}: {tail}"]
        return v
    if on.dump["exception"] != off.dump["exception"]:
        v.problems["exception"] = [f"janus {on.dump['exception']} vs {off.dump['exception']}"]
    printed = diff_lines(on.stdout, off.stdout, rtol)
    if printed:
        v.problems["printed"] = printed
    state_diffs = []
    diff_values(on.dump["globals"], off.dump["globals"], "", state_diffs, rtol)
    for path, text in state_diffs:
        kind = "variables" if ("Variable" in path or "Optimizer" in path) else "state"
        v.problems.setdefault(kind, [])
        if len(v.problems[kind]) < 6:
            v.problems[kind].append(f"{path}: {text}")
    rng = [f"{k}: janus {on.dump['rng'].get(k)} vs {off.dump['rng'].get(k)}"
           for k in sorted(set(on.dump["rng"]) | set(off.dump["rng"]))
           if on.dump["rng"].get(k) != off.dump["rng"].get(k)]
    if rng:
        v.problems["rng"] = rng
    return v


def _read_stats(v: Verdict, stats):
    if not stats:
        return
    f = _training_step(stats["functions"])
    if f is None:
        v.step_status = "not taken over"
        return
    v.converted = f["graph_calls"] > 0
    v.graph_fraction = f["graph_calls"] / f["calls"] if f["calls"] else 0.0
    v.step_status = f["status"]
    v.reasons = sorted(f["reasons"], key=lambda r: -f["reasons"][r])
    if f.get("not_converted"):
        v.reasons.insert(0, f"not converted: {f['not_converted']}")


def _training_step(functions):
    """The program's training step among the functions janus took over: `train_step`
    (a function or a method), else `Trainer.step`, else the most called function of the
    program's own (not a library call site) whose name ends in `step`."""
    named = [f for f in functions if f["name"] in ("train_step", "Trainer.step")
             or f["name"].endswith(".train_step")]
    if named:
        return named[0]
    own = [f for f in functions
           if f.get("site_of") is None and f["name"].rsplit(".", 1)[-1].endswith("step")]
    return max(own, key=lambda f: f["calls"]) if own else None


def same_float(a: float, b: float, rtol=FLOAT_RTOL) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b) or a == 0.0 or b == 0.0:
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    return abs(a - b) <= FLOAT_ATOL + rtol * abs(b)


def _tokens(line):
    return NUMBER.split(line), NUMBER.findall(line)


def diff_lines(got: list, want: list, rtol=FLOAT_RTOL) -> list:
    """Printed lines, numbers within the float tolerance, the rest to the letter."""
    out = []
    if len(got) != len(want):
        out.append(f"{len(got)} lines printed, reference {len(want)}")
    for i, (g, w) in enumerate(zip(got, want)):
        if g == w:
            continue
        (g_text, g_nums), (w_text, w_nums) = _tokens(g), _tokens(w)
        same = g_text == w_text and len(g_nums) == len(w_nums) and all(
            _same_number_text(a, b, rtol) for a, b in zip(g_nums, w_nums))
        if not same:
            out.append(f"line {i + 1}: janus {g!r} vs {w!r}")
        if len(out) >= 6:
            break
    return out


def _same_number_text(a: str, b: str, rtol=FLOAT_RTOL) -> bool:
    if HEX_FLOAT.fullmatch(a) or HEX_FLOAT.fullmatch(b):
        return HEX_FLOAT.fullmatch(a) is not None and HEX_FLOAT.fullmatch(b) is not None \
            and same_float(float.fromhex(a), float.fromhex(b), rtol)
    a_int = re.fullmatch(r"-?\d+", a) is not None
    b_int = re.fullmatch(r"-?\d+", b) is not None
    if a_int or b_int:
        return a == b          # an int printed where Python printed a float is a difference
    return same_float(float(a), float(b), rtol)


def _same_float_text(got, want, rtol):
    """Two array elements dumped as text: equal floats within `rtol` (the elements of a
    string or object array are text that need not be numbers)."""
    try:
        return same_float(float(got), float(want), rtol)
    except ValueError:
        return False


def diff_values(got, want, path, out, rtol=FLOAT_RTOL):
    """Deep difference of two dumped values (see launch.py for their shapes): exact,
    except float scalars and float array elements, which get the float tolerance."""
    if len(out) >= 20:
        return
    if isinstance(got, dict) and isinstance(want, dict):
        for key in list(want) + [k for k in got if k not in want]:
            if key not in got or key not in want:
                out.append((f"{path}.{key}", "missing under janus" if key not in got
                            else "only under janus"))
            else:
                diff_values(got[key], want[key], f"{path}.{key}" if path else key, out, rtol)
        return
    if not (isinstance(got, list) and isinstance(want, list)):
        if got != want or type(got) is not type(want):
            out.append((path, f"janus {_show(got)} vs {_show(want)}"))
        return
    tag = got[0] if got and isinstance(got[0], str) else None
    if tag is not None and (not want or want[0] != tag):
        out.append((path, f"janus {_show(got)} vs {_show(want)}"))
        return
    if tag == "float":
        if not same_float(float(got[1]), float(want[1]), rtol):
            out.append((path, f"janus {got[1]} vs {want[1]}"))
        return
    if tag in ARRAY_TAGS:
        # [tag, name..., dtype, [shape, flat]]: the array last, everything else exact
        if got[:-1] != want[:-1] or got[-1][0] != want[-1][0]:
            out.append((f"{path}<{tag}>", f"janus {_show(got[:-1] + [got[-1][0]])} vs "
                                          f"{_show(want[:-1] + [want[-1][0]])}"))
            return
        for i, (g, w) in enumerate(zip(got[-1][1], want[-1][1])):
            if g != w and not (isinstance(g, str) and isinstance(w, str)
                               and _same_float_text(g, w, rtol)):
                out.append((f"{path}<{tag}>[{i}]", f"janus {g} vs {w}"))
                return
        return
    if len(got) != len(want):
        out.append((path, f"janus {_show(got)} vs {_show(want)}"))
        return
    for i, (g, w) in enumerate(zip(got, want)):
        diff_values(g, w, f"{path}[{i}]", out, rtol)


ARRAY_TAGS = ("Variable", "KerasVariable", "Tensor", "ndarray")


def _show(v):
    text = json.dumps(v)
    return text if len(text) < 160 else text[:157] + "..."
