"""Unrolled vs while loop: an LSTM over sequences of one length, under janus.

    bin/janus-python bench/lstm_unroll.py [--repeats 5] [--steps 150]

`unrolled`: every step sees length 20, so janus unrolls the time loop under a shape
guard.  `while`: the first steps see varying lengths, so janus relaxes the time
dimension and builds a tf.while_loop; the timed steps (length 20 again) run that graph.
Each repeat runs both as separate processes, alternating which goes first; the report
gives the median sequences/s, the spread and the ratio.
"""

import argparse
import os
import statistics
import subprocess
import sys

PROGRAM = r'''
import sys, time
import numpy as np
import tensorflow as tf
steps, vary = int(sys.argv[1]), int(sys.argv[2])
tf.keras.utils.set_random_seed(0)
cell, readout = tf.keras.layers.LSTMCell(64), tf.keras.layers.Dense(1)
optimizer = tf.keras.optimizers.Adam(0.01)

def train_step(sequences, targets):
    with tf.GradientTape() as tape:
        state = [tf.zeros((sequences.shape[0], 64))] * 2
        for t in range(sequences.shape[1]):
            output, state = cell(sequences[:, t], state)
        loss = tf.reduce_mean(tf.square(readout(output) - targets))
    variables = cell.trainable_variables + readout.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss

rng = np.random.default_rng(0)
for i in range(steps):
    length = 20 if i >= vary else 10 + i % 7
    x = rng.normal(size=(16, length, 8)).astype(np.float32)
    y = rng.normal(size=(16, 1)).astype(np.float32)
    if i == steps // 3:
        started = time.perf_counter()
    train_step(x, y)
print("sequences/s", 16 * (steps - steps // 3) / (time.perf_counter() - started))
'''


def run(steps, vary):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    out = subprocess.run([sys.executable, "-c", PROGRAM, str(steps), str(vary)], env=env,
                         capture_output=True, text=True, check=True).stdout
    return float(out.split("sequences/s")[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=150)
    args = parser.parse_args()
    results = {"unrolled": [], "while": []}
    for r in range(args.repeats):
        order = ["unrolled", "while"] if r % 2 == 0 else ["while", "unrolled"]
        for name in order:
            results[name].append(run(args.steps, 0 if name == "unrolled" else 8))
    for name, values in results.items():
        print(f"{name:<9} {statistics.median(values):8.1f} sequences/s "
              f"(spread {min(values):.1f}-{max(values):.1f}, n={len(values)})")
    ratios = [u / w for u, w in zip(results["unrolled"], results["while"])]
    print(f"unrolled/while: median x{statistics.median(ratios):.2f} "
          f"(spread {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
