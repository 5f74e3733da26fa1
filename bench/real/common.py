"""What every port in bench/real/ shares: its mode, the step decorator, its report.

The ports stay the published programs.  This helper only

  * reads the mode (`--mode eager|function|xla|janus`; without it: janus when the
    interpreter runs janus, else eager) and the step counts (`--warmup N --steps N`
    override each program's defaults);
  * seeds Python's, NumPy's and TF's global generators (`--seed`, default 0) with
    `tf.keras.utils.set_random_seed`, so that every mode draws the same numbers;
  * replaces the tutorial's `@tf.function` on its training step:

        @common.tf_function                      # was @tf.function
        @common.tf_function(input_signature=s)   # was @tf.function(input_signature=s)

    mode function: tf.function(step, **kwargs); mode xla: tf.function(step,
    jit_compile=True, **kwargs); modes eager and janus: the plain Python step,
    unchanged (janus must see the eager program, as a user would run it);
  * times the loop: `meter.tick(loss)` after every step; the first `warmup` ticks are
    warm-up, the next `steps` are timed, then `meter.done` is true;
    `meter.restart()` where an epoch's steps begin, so that the work between epochs
    (validation, reports) is in no step's time; `Meter(...,
    step="train_step")` names the training step when the tutorial decorates more than
    one function (e.g. a test_step too);
  * prints one line `REAL {json}` at exit of the loop (`meter.report()`): per-step
    wall times of the warm-up and the timed steps, their wall-clock end stamps (to
    place JANUS_LOG's build stamps), the final loss, the step function(s) by name, and
    under janus what janus did inside the timed window (from `janus.stats()`, read
    before and after the window; janus itself is never steered).

It knows nothing else about janus.  `bench/real/run.py` runs the programs.
"""

import argparse
import ast
import json
import os
import re
import sys
import time

import numpy as np
import tensorflow as tf

MODES = ("eager", "function", "xla", "janus")

_parser = argparse.ArgumentParser(add_help=False)
_parser.add_argument("--mode", choices=MODES)
_parser.add_argument("--warmup", type=int)
_parser.add_argument("--steps", type=int)
_parser.add_argument("--seed", type=int, default=0)
_args, _rest = _parser.parse_known_args()
sys.argv[1:] = _rest      # the program sees only its own arguments

_janus_on = os.environ.get("JANUS_MODE", "on") != "off"
MODE = _args.mode or ("janus" if _janus_on else "eager")
if (MODE == "janus") != _janus_on:
    sys.exit(f"bench/real: mode {MODE} needs JANUS_MODE={'on' if MODE == 'janus' else 'off'}"
             f" (it is {os.environ.get('JANUS_MODE', 'on (unset)')})")
SEED = _args.seed
tf.keras.utils.set_random_seed(SEED)

_steps = []      # the functions the tutorial decorated: name, file, line


def tf_function(fn=None, **kwargs):
    """The tutorial's @tf.function, as the mode asks (see the module docstring)."""
    if fn is None:
        return lambda f: tf_function(f, **kwargs)
    code = fn.__code__
    _steps.append({"name": code.co_qualname, "file": code.co_filename,
                   "line": code.co_firstlineno})
    if MODE == "function":
        return tf.function(fn, **kwargs)
    if MODE == "xla":
        return tf.function(fn, jit_compile=True, **kwargs)
    return fn


def counts(warmup, steps):
    """The program's warm-up and timed step counts, as overridden on the command line."""
    return (_args.warmup if _args.warmup is not None else warmup,
            _args.steps if _args.steps is not None else steps)


def _janus_window():
    if MODE != "janus":
        return None
    import janus  # started by the interpreter; only read here
    return janus.stats()


def _value(x):
    if x is None:
        return None
    if isinstance(x, dict):
        return {k: _value(v) for k, v in x.items()}
    try:
        return float(np.asarray(x))
    except (TypeError, ValueError):
        return None


class Meter:
    """Per-step wall time: call tick() after each training step."""

    def __init__(self, program, warmup, steps, unit="step", step=None):
        self.program, self.warmup, self.steps, self.unit = program, warmup, steps, unit
        self.step_name = step
        self.durations, self.ends, self.items = [], [], []
        self.loss = None
        self.started = time.time()
        self.before = self.after = None
        self.window_start = None
        if warmup == 0:
            self.window_start, self.before = time.time(), _janus_window()
        self._last = time.perf_counter()

    @property
    def total(self):
        return self.warmup + self.steps

    @property
    def done(self):
        return len(self.durations) >= self.total

    def restart(self):
        """Time the next step from now (a loop that does unrelated work between
        steps, e.g. before its first step, calls this)."""
        self._last = time.perf_counter()

    def tick(self, loss=None, items=None):
        if loss is not None:
            self.loss = _value(loss)      # also waits for the step's result
        now = time.perf_counter()
        self.durations.append(now - self._last)
        self.ends.append(time.time())
        self.items.append(items)
        if len(self.durations) == self.warmup:
            self.window_start = time.time()
            self.before = _janus_window()
        self._last = time.perf_counter()

    def report(self, final_loss=None, **extra):
        """Print the REAL line; final_loss defaults to the last ticked loss."""
        self.after = _janus_window()
        window = None
        if MODE == "janus" and self.before is not None:
            window = {}
            for name, now in self.after.items():
                was = self.before.get(name, {})
                delta = {k: now.get(k, 0) - was.get(k, 0)
                         for k in ("calls", "graph_runs", "interpreted", "builds")}
                delta["build_seconds"] = round(now.get("build_seconds", 0)
                                               - was.get("build_seconds", 0), 3)
                if any(delta.values()):
                    window[name] = delta
        loss = _value(final_loss) if final_loss is not None else self.loss
        names = [s["name"] for s in _steps]
        step = self.step_name or (names[0] if len(names) == 1 else None)
        if step not in names:
            raise ValueError(f"Meter(step=...) must name one of {names}, not {step!r}")
        print("REAL " + json.dumps({
            "program": self.program, "mode": MODE, "seed": SEED, "unit": self.unit,
            "warmup": self.warmup, "steps": self.steps,
            "warmup_times": self.durations[:self.warmup],
            "step_times": self.durations[self.warmup:],
            "ends": self.ends, "window_start": self.window_start,
            "started": self.started, "items": self.items,
            "final_loss": loss, "step_function": step, "decorated": _steps,
            "janus_window": window, "tf": tf.__version__, **extra}), flush=True)


# --- local data -------------------------------------------------------------------

STDLIB_MODULES = ("argparse", "collections/__init__", "textwrap", "json/__init__",
                  "random", "statistics", "functools", "subprocess", "pathlib/_local",
                  "logging/__init__", "unittest/case", "inspect", "typing", "dataclasses",
                  "enum", "threading", "datetime", "decimal", "fractions", "heapq",
                  "shutil", "tempfile", "zipfile/__init__", "tarfile", "csv", "email/message",
                  "http/client", "urllib/parse", "asyncio/tasks", "difflib")


def stdlib_sentences(min_words=4, max_words=14, modules=STDLIB_MODULES):
    """English sentences from the docstrings of stdlib modules that ship with the
    interpreter: lowercase words [a-z']+, in a fixed order.  No network, no files
    outside the interpreter's own Lib/."""
    import sysconfig
    lib = sysconfig.get_paths()["stdlib"]
    sentences = []
    for module in modules:
        path = os.path.join(lib, module + ".py")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if not doc:
                    continue
                for sentence in re.split(r"[.!?:;]\s+|\n\s*\n", doc):
                    words = re.findall(r"[a-z']+", sentence.lower())
                    if min_words <= len(words) <= max_words:
                        sentences.append(words)
    return sentences
