"""What co-execution gains on a step janus cannot make one graph: a Keras MLP's training
step that calls a C function janus does not know (zlib.crc32), so it stays in the
interpreter, while its model, loss, optimizer and metric calls run as graph sites
(docs/coverage.md#co-execution).  Eager and janus side by side, in alternating fresh
processes:

    bin/janus-python bench/coexec_step.py [--repeats 5] [--steps 300]

Per mode: the median step time and its spread over repeats, and the time of each part
of the step (model and loss under the tape, tape.gradient, apply_gradients, the two
metrics); the final weights and metric values must equal eager's bit for bit, or the
run fails.  oneDNN is off in both modes, for exact equality.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import zlib

PARTS = ("forward", "gradient", "update", "metrics")


def train(steps):
    """One process's run: the median of each part, the step, and the final state."""
    import numpy as np
    import tensorflow as tf
    from tensorflow import keras

    keras.utils.set_random_seed(1)
    rng = np.random.default_rng(1)
    x = tf.constant(rng.normal(size=(64, 32)).astype("float32"))
    y = tf.constant(rng.integers(0, 10, size=(64,)))
    model = keras.Sequential([keras.Input((32,)), keras.layers.Dense(64, activation="relu"),
                              keras.layers.Dense(64, activation="relu"), keras.layers.Dense(10)])
    optimizer = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    mean_loss = keras.metrics.Mean()
    accuracy = keras.metrics.SparseCategoricalAccuracy()
    times = {part: [] for part in PARTS + ("step",)}

    def train_step():
        zlib.crc32(x.numpy().tobytes())       # unknown to janus: the step is interpreted
        t0 = time.perf_counter()
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = loss_fn(y, logits)
        t1 = time.perf_counter()
        grads = tape.gradient(loss, model.trainable_variables)
        t2 = time.perf_counter()
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        t3 = time.perf_counter()
        mean_loss(loss)
        accuracy(y, logits)
        t4 = time.perf_counter()
        for part, seconds in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            times[part].append(seconds)

    for i in range(steps):
        started = time.perf_counter()
        train_step()
        times["step"].append(time.perf_counter() - started)
    warm = steps // 5
    return {"ms": {k: 1e3 * statistics.median(v[warm:]) for k, v in times.items()},
            "state": [w.numpy().tolist() for w in model.weights] +
                     [float(mean_loss.result()), float(accuracy.result())]}


def run_mode(mode, steps):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(JANUS_MODE=mode, TF_ENABLE_ONEDNN_OPTS="0", TF_CPP_MIN_LOG_LEVEL="3")
    out = subprocess.run([sys.executable, __file__, "--child", str(steps)], env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(train(args.child)))
        return
    modes = {"eager": "off", "janus": "on"}
    runs = {name: [] for name in modes}
    for r in range(args.repeats):
        for name in (list(modes) if r % 2 == 0 else list(modes)[::-1]):
            runs[name].append(run_mode(modes[name], args.steps))
    states = {json.dumps(run["state"]) for name in modes for run in runs[name]}
    if len(states) != 1:
        sys.exit("the final weights or metrics differ between runs")
    eager_step = [run["ms"]["step"] for run in runs["eager"]]
    for name in modes:
        step = [run["ms"]["step"] for run in runs[name]]
        parts = ", ".join(f"{part} {statistics.median(run['ms'][part] for run in runs[name]):.2f}"
                          for part in PARTS)
        ratio = [e / s for e, s in zip(eager_step, step)]
        print(f"{name:<6} step {statistics.median(step):6.2f} ms [{min(step):.2f}-{max(step):.2f}]"
              f"  speed vs eager {statistics.median(ratio):.2f}x [{min(ratio):.2f}-{max(ratio):.2f}]"
              f"  ({parts} ms)")
    print("final weights and metrics: equal in every run")


if __name__ == "__main__":
    main()
