"""Gradient checkpointing with tf.recompute_grad: the checkpointed block counts its
runs, prints, and reads a gate value from a dict.

In eager mode tf.recompute_grad runs the block's Python twice per step: once in the
forward pass (with recording stopped) and again inside tape.gradient, which re-runs
it under a fresh tape to get the gradient.  Between the two, the step itself
rewrites GATE["scale"], so eager's forward and its recomputation see different
scales (the gradient is that of the recomputed block) and the block prints twice,
once before "forward done" and once after it.  A graph that ran the block's Python
once, or baked the scale read at build time into both passes, or printed both block
lines together, would differ in the printed lines, the run count and the weights.
Probes: library code that calls the program's function again while computing
gradients, with Python state written between the two calls."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6606)
rng = np.random.default_rng(6606)

XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(6, 1)))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)
RUNS = {"block": 0}
GATE = {"scale": 1.0}


def block(h):
    RUNS["block"] += 1
    print("    block run", RUNS["block"], "scale", GATE["scale"])
    return tf.nn.relu(h @ W1) * GATE["scale"]


CHECKPOINTED = tf.recompute_grad(block)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        h = CHECKPOINTED(x)
        pred = h @ W2
        loss = tf.reduce_mean(tf.square(pred - y))
    print("  forward done")
    GATE["scale"] = 1.0 + 0.25 * (step % 3)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "runs": RUNS["block"],
    "scale": GATE["scale"],
    "iterations": int(OPT.iterations.numpy()),
}))
