"""An itertools.count with a float step (0.1) read inside the step three times per call (warm-up
phase, noise phase, decay phase); its value accumulates by repeated float addition, so t3 != t1+2*0.1
in general. At step 10 the loop itself takes one tick (an evaluation pass), shifting the phase.
Expects every tick's repr, the counter's repr after each step and the losses as in the interpreter."""
import itertools
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2323)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(2323)
X = tf.constant(rng.normal(size=(24, 3)))
Y = tf.constant(X.numpy() @ np.array([[1.0], [0.5], [-0.5]]))
TICK = itertools.count(0.1, 0.1)
W = tf.Variable(tf.zeros((3, 1), tf.float64))
TICKS = []


def train_step(x, y):
    t1 = next(TICK)
    t2 = next(TICK)
    t3 = next(TICK)
    TICKS.append((t1, t2, t3))
    warm = min(1.0, t1)
    decay = 1.0 / (1.0 + t3)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y)) * (1.0 + math.sin(t2) * 0.01)
    W.assign_sub(0.3 * warm * decay * tape.gradient(loss, W))
    return loss, (t1, t2, t3)


for step in range(30):
    if step == 10:
        EVAL_TICK = next(TICK)
    loss, ts = train_step(X, Y)
    print(f"step {step:2d} ticks={ts!r} exact_sum={ts[2] == ts[0] + 2 * 0.1} counter={TICK!r} "
          f"loss={float(loss)!r}")

print(f"final counter={TICK!r} eval_tick={EVAL_TICK!r} n={len(TICKS)} last={TICKS[-1]!r} "
      f"w={W.numpy().ravel().tolist()!r}")
