"""What finding hot code from TF ops costs (janus/detect/eager_ops.py): small loops timed under
JANUS_MODE=off, under janus with JANUS_HOT_OPS=off (the tape only) and under janus's
default, each repetition a fresh process, the three modes interleaved.

    bin/janus-python bench/hot_ops_cost.py [--repeats 7] [--cases python,op,...]

Cases (µs of this thread's CPU time per iteration of the loop, after a warm-up pass;
CPU time, not wall time, so that the other processes of a shared machine do not count;
TF runs these small ops on the calling thread):
  python      a Python function without TF called in a loop, TF imported: no op runs,
              so the watch is never reached
  op          tf.add on small tensors in a loop of a function called once (nothing to
              convert): one walk from TF's wrapper frames to the loop's frame per op
  keras       a Keras Dense layer called in such a loop: its ops under a deep library
              stack (Layer.__call__, ops dispatch)
  refused     a function making a closure, 4 ops a call: refused at once (the executor
              never takes over code with cell variables), it keeps running eagerly
  given_up    a function janus takes over and then gives up (it calls .numpy() on a
              tensor it made, then branches on the value): its calls after giving up
Prints per case and mode the median (min-max) and the median of per-repetition ratios
to JANUS_MODE=off; writes bench/results/hot_ops_cost.json.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODES = {"off": {"JANUS_MODE": "off"},
         "janus, JANUS_HOT_OPS=off": {"JANUS_MODE": "on", "JANUS_HOT_OPS": "off"},
         "janus": {"JANUS_MODE": "on"}}
CASES = ("python", "op", "keras", "refused", "given_up")
ITERATIONS = {"python": 200_000, "op": 20_000, "keras": 3_000, "refused": 5_000,
              "given_up": 5_000}


def child(case):
    import numpy as np
    import tensorflow as tf

    n = ITERATIONS[case]
    a = tf.constant(np.ones((2, 2), np.float32))

    def plain(i):
        return i * 2 + 1

    def closure_maker(x):
        scale = 2.0
        def scaled(v):            # a cell variable: refused by janus
            return v * scale
        return tf.reduce_sum(scaled(tf.add(x, 1.0)) - x)

    def numpy_branch(x):
        y = tf.add(x, 1.0)
        if float(y.numpy()[0, 0]) > 100.0:
            return y
        return tf.multiply(y, 2.0)

    layer = tf.keras.layers.Dense(2)
    layer(a)

    def one_pass(count):
        started = time.thread_time()
        if case == "python":
            for i in range(count):
                plain(i)
        elif case == "op":
            for _ in range(count):
                tf.add(a, a)
        elif case == "keras":
            for _ in range(count):
                layer(a)
        elif case == "refused":
            for _ in range(count):
                closure_maker(a)
        elif case == "given_up":
            for _ in range(count):
                numpy_branch(a)
        return time.thread_time() - started

    one_pass(max(50, n // 10))          # warm-up: detection, profiling, giving up
    print(json.dumps({"us": one_pass(n) / n * 1e6}))


def run_once(case, mode):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(MODES[mode])
    proc = subprocess.run([sys.executable, __file__, "--child", case], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{case} ({mode}) failed: {proc.stderr[-1500:]}")
    return json.loads(proc.stdout.splitlines()[-1])["us"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--child", choices=CASES)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    results = {}
    for case in args.cases.split(","):
        runs = {mode: [] for mode in MODES}
        for _ in range(args.repeats):
            for mode in MODES:
                runs[mode].append(run_once(case, mode))
        results[case] = {}
        for mode, times in runs.items():
            ratios = [t / b for t, b in zip(times, runs["off"])]
            row = results[case][mode] = {
                "us": statistics.median(times), "spread": [min(times), max(times)],
                "ratio": statistics.median(ratios), "ratio_spread": [min(ratios), max(ratios)]}
            print(f"{case:9s} {mode:26s} {row['us']:8.2f} us ({row['spread'][0]:.2f}-"
                  f"{row['spread'][1]:.2f})  x{row['ratio']:.3f} ({row['ratio_spread'][0]:.3f}"
                  f"-{row['ratio_spread'][1]:.3f})", flush=True)
    (HERE / "results" / "hot_ops_cost.json").write_text(
        json.dumps({"repeats": args.repeats, "results": results}, indent=1))


if __name__ == "__main__":
    main()
