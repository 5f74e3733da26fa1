"""A NaN/inf guard: the step counts the call, appends the loss to a history, checks
math.isfinite(float(loss)) and the gradients with tf.debugging.assert_all_finite, and
only then applies them. When the check fails it raises (FloatingPointError from Python,
InvalidArgumentError from TF); the driver restores the last snapshot with
model.set_weights(), divides the optimizer's learning-rate variable by 10 and goes on.
Step 14: the learning rate is set to 0.5 from outside, so training diverges a few steps
later. Step 30: the guard's Python check gets a tolerance TOL=9.5 on the (finite) loss."""
import math
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(131)
np.random.seed(131)
tf.random.set_seed(131)
keras.utils.set_random_seed(131)

rng = np.random.default_rng(167)
X = tf.constant(rng.normal(size=(64, 5)) * 3.0, dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)) * 3.0, dtype=tf.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.01)
opt.build(model.trainable_variables)

STATS = {"calls": 0, "bad": 0, "history": []}
TOL = None


def train_step(x, y):
    STATS["calls"] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    v = float(loss)
    STATS["history"].append(v)
    if not math.isfinite(v) or (TOL is not None and v > TOL):
        STATS["bad"] += 1
        raise FloatingPointError(f"loss {v!r}")
    for g in grads:
        tf.debugging.assert_all_finite(g, "grad not finite")
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


snapshot = model.get_weights()
for step in range(40):
    if step == 14:
        opt.learning_rate.assign(0.5)
    elif step == 30:
        TOL = 9.5
    i = (step * 16) % 48
    try:
        loss = train_step(X[i:i + 16], Y[i:i + 16])
        print(step, repr(float(loss)), STATS["calls"], STATS["bad"], int(opt.iterations.numpy()))
        if step % 5 == 0 and float(loss) < 50.0:
            snapshot = model.get_weights()
    except (FloatingPointError, tf.errors.InvalidArgumentError) as e:
        model.set_weights(snapshot)
        opt.learning_rate.assign(opt.learning_rate / 10.0)
        print(step, "restored after", type(e).__name__, STATS["calls"], STATS["bad"],
              repr(float(opt.learning_rate.numpy())))

flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
print("checksum", repr(float(flat.sum())), repr(float((flat ** 2).sum())))
print("history", len(STATS["history"]), [repr(h) for h in STATS["history"][-3:]])
print("nonfinite seen", sum(1 for h in STATS["history"] if not math.isfinite(h)))
