"""The step stacks per-head predictions with tf.parallel_stack, which TF documents as
graph-only: eagerly it raises RuntimeError("tf.parallel_stack() is not compatible with
eager execution").  The step catches that, counts it, prints a note, and falls back to
tf.stack (for a monitoring statistic outside the tape).  Probes: library code that raises only when executing eagerly, inside a try
in a converted step (the build runs the library in graph mode)."""
import random
import numpy
random.seed(31)
numpy.random.seed(31)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3331)
rng = np.random.default_rng(3331)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.3 + XS[:, 2:3]).astype(np.float32)
HEADS = [tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2) for _ in range(3)]
OPT = keras.optimizers.SGD(learning_rate=0.05)
FALLBACKS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        preds = [x @ h for h in HEADS]
        loss = tf.reduce_mean(tf.square(tf.add_n(preds) / 3.0 - y))
    g = tape.gradient(loss, HEADS)
    OPT.apply_gradients(zip(g, HEADS))
    # disagreement between heads, for monitoring only (no gradient through it)
    try:
        stacked = tf.parallel_stack(preds)
    except RuntimeError as e:
        FALLBACKS.append(step)
        print("  parallel_stack unavailable:", str(e)[:30])
        stacked = tf.stack(preds)
    spread = tf.reduce_mean(tf.math.reduce_std(stacked, 0))
    return loss, spread


for step in range(30):
    i = (step * 8) % 56
    loss, spread = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, float(loss).hex(), float(spread).hex(), len(FALLBACKS))

print("heads", [float(tf.reduce_sum(h)).hex() for h in HEADS])
