"""Errors raised by library code inside the step, after the step already changed Python
state, caught by the loop, which then goes on training.
The step appends to HISTORY and bumps STATS before the model call; Keras' input check, a
tf.debugging check and a gather can fail later in the same call.
Step 11: the loop passes a batch with 5 features instead of 4 (Keras raises ValueError from
the input spec check). Step 15: the batch holds a NaN (tf.debugging.check_numerics raises
InvalidArgumentError after the forward pass, before the update). Step 19: the label
index table IDX is replaced by one with an out-of-range index (tf.gather raises on CPU).
Step 22: IDX restored. Step 25: the model's first layer is swapped for an unbuilt Dense
through a global LAYER the step calls (its first call builds it, inside the step) and the
global OPT is a new SGD(momentum) (its slots are made at its first apply, in the step)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1135)
rng = np.random.default_rng(1135)
X = rng.normal(size=(64, 4)).astype("float32")
X5 = rng.normal(size=(64, 5)).astype("float32")
Y = (X[:, :1] - X[:, 1:2]).astype("float32")
TARGETS = rng.normal(size=(10, 1)).astype("float32")

LAYER = keras.layers.Dense(6, activation="tanh")
head = keras.layers.Dense(1)
LAYER.build((None, 4))
head.build((None, 6))
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)
IDX = tf.constant(np.arange(16) % 10)
HISTORY = []
STATS = {"calls": 0, "ok": 0}


def train_step(x, y):
    HISTORY.append(len(HISTORY))
    STATS["calls"] += 1
    with tf.GradientTape() as tape:
        h = LAYER(x)
        h = tf.debugging.check_numerics(h, "hidden")
        t = tf.gather(TARGETS, IDX)
        loss = tf.reduce_mean(tf.square(head(h) - y)) + 0.01 * tf.reduce_mean(tf.square(t))
    tv = LAYER.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    STATS["ok"] += 1
    return loss


rows = []
for step in range(30):
    i = (step * 16) % 48
    x = X[i:i + 16]
    if step == 11:
        x = X5[i:i + 16]
    elif step == 15:
        x = x.copy()
        x[3, 2] = np.nan
    elif step == 19:
        IDX = tf.constant(np.arange(16) % 10 + (np.arange(16) == 7) * 40)
    elif step == 22:
        IDX = tf.constant(np.arange(16) % 10)
    elif step == 25:
        LAYER = keras.layers.Dense(6, activation="relu")
        OPT = keras.optimizers.SGD(learning_rate=0.02, momentum=0.5)
    try:
        loss = train_step(tf.constant(x), tf.constant(Y[i:i + 16]))
        rows.append(["ok", float(loss)])
        print(step, "ok", repr(float(loss)), len(HISTORY), STATS)
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        rows.append([type(e).__name__])
        print(step, "error", type(e).__name__, len(HISTORY), STATS)

print(json.dumps({
    "rows": rows,
    "history": HISTORY,
    "stats": STATS,
    "iters": int(OPT.iterations.numpy()),
    "slots": [v.numpy().ravel().tolist() for v in OPT.variables],
    "head": [w.numpy().ravel().tolist() for w in head.weights],
    "layer": [w.numpy().ravel().tolist() for w in LAYER.weights],
}))
