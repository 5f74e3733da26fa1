"""What a step that takes its own batch from a tf.data iterator (`x, y = next(iterator)`,
docs/soundness.md#data-iterators) costs under janus, beside eager, the same step in a
`tf.function` (which pulls inside its graph), and janus with the loop pulling the batch
and passing it in.  A Keras MLP with Adam on 2000 rows in batches of 64, repeated, so
every 32nd batch is a partial one of 16 rows.  Modes alternate in fresh processes:

    bin/janus-python bench/dataset_pull_step.py [--repeats 5] [--steps 400]

Per mode: the median step time after warm-up and its spread over repeats, and the
speed against eager and tf.function per repeat, medianed.  janus's final weights must
equal eager's bit for bit (oneDNN off in every mode), or the run fails.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

MODES = {
    "eager": ("off", "pull in the step"),
    "function": ("off", "pull in the step, the step in tf.function"),
    "janus": ("on", "pull in the step"),
    "janus, loop pulls": ("on", "the loop pulls and passes the batch"),
}


def train(mode, steps):
    """One process's run: the median step and the final weights."""
    import numpy as np
    import tensorflow as tf
    from tensorflow import keras

    keras.utils.set_random_seed(1)
    rng = np.random.default_rng(1)
    xs = rng.normal(size=(2000, 32)).astype("float32")
    ys = rng.integers(0, 10, size=(2000,))
    dataset = tf.data.Dataset.from_tensor_slices((xs, ys)).batch(64).repeat()
    iterator = iter(dataset)
    model = keras.Sequential([keras.Input((32,)), keras.layers.Dense(64, activation="relu"),
                              keras.layers.Dense(64, activation="relu"), keras.layers.Dense(10)])
    optimizer = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def update(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    def train_step(it):
        x, y = next(it)
        return update(x, y)

    def fed_step(x, y):
        return update(x, y)

    if mode == "function":
        train_step = tf.function(train_step)
    times = []
    for _ in range(steps):
        started = time.perf_counter()
        if mode == "janus, loop pulls":
            x, y = next(iterator)
            fed_step(x, y)
        else:
            train_step(iterator)
        times.append(time.perf_counter() - started)
    return {"ms": 1e3 * statistics.median(times[steps // 4:]),
            "state": [w.numpy().tolist() for w in model.weights]}


def run_mode(mode, steps):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(JANUS_MODE=MODES[mode][0], TF_ENABLE_ONEDNN_OPTS="0", TF_CPP_MIN_LOG_LEVEL="3")
    out = subprocess.run([sys.executable, __file__, "--child", mode, "--steps", str(steps)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(train(args.child, args.steps)))
        return
    runs = {mode: [] for mode in MODES}
    for r in range(args.repeats):
        for mode in (list(MODES) if r % 2 == 0 else list(MODES)[::-1]):
            runs[mode].append(run_mode(mode, args.steps))
    eager_state = {json.dumps(run["state"]) for run in runs["eager"]}
    for mode in ("janus", "janus, loop pulls"):
        if {json.dumps(run["state"]) for run in runs[mode]} != eager_state:
            sys.exit(f"{mode}: the final weights differ from eager's")
    step = {mode: [run["ms"] for run in runs[mode]] for mode in MODES}
    print(f"{args.repeats} repeats of {args.steps} steps; median step after the first "
          "quarter [min-max over repeats]; speed ratios per repeat, medianed")
    for mode, (_, how) in MODES.items():
        vs = {other: [o / s for o, s in zip(step[other], step[mode])]
              for other in ("eager", "function")}
        print(f"{mode:<18} {statistics.median(step[mode]):6.2f} ms "
              f"[{min(step[mode]):.2f}-{max(step[mode]):.2f}]"
              f"  vs eager {statistics.median(vs['eager']):.2f}x"
              f"  vs function {statistics.median(vs['function']):.2f}x"
              f"  [{min(vs['function']):.2f}-{max(vs['function']):.2f}]  ({how})")
    print("janus's final weights: equal to eager's in every run")


if __name__ == "__main__":
    main()
