"""What `math.cos` of a number the graph carries costs (runtime/janus/semantics/python_math.py):
a graph that calls Python's own math.cos through tf.numpy_function, side by side with
one that computes TF's cos (which may differ from libm in the last bit).  Interleaved
repetitions; prints the median and spread of µs per call of each, and their difference.

    JANUS_MODE=off bin/janus-python bench/math_callback.py [--repeats 7] [--calls 2000]
"""

import argparse
import math
import statistics
import time

import numpy as np
import tensorflow as tf


def host(x):
    return np.array(math.cos(x.item()), np.float64), np.bool_(True)


@tf.autograph.experimental.do_not_convert
def with_host(x):
    value, ok = tf.numpy_function(host, [x], [tf.float64, tf.bool], stateful=False)
    return value * 2.0


@tf.autograph.experimental.do_not_convert
def with_op(x):
    return tf.cos(x) * 2.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    functions = {"python math.cos": tf.function(with_host), "tf.cos": tf.function(with_op)}
    x = tf.constant(0.5, tf.float64)
    for f in functions.values():
        f(x)
    times = {name: [] for name in functions}
    for _ in range(args.repeats):
        for name, f in functions.items():
            start = time.perf_counter()
            for _ in range(args.calls):
                f(x)
            times[name].append((time.perf_counter() - start) / args.calls * 1e6)
    for name, values in times.items():
        print(f"{name}: median {statistics.median(values):.1f} µs/call "
              f"[{min(values):.1f}-{max(values):.1f}]")
    extra = [a - b for a, b in zip(*times.values())]
    print(f"callback costs: median {statistics.median(extra):.1f} µs/call "
          f"[{min(extra):.1f}-{max(extra):.1f}], {args.repeats} interleaved repetitions")


if __name__ == "__main__":
    main()
