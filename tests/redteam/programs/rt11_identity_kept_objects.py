"""Identity of what the step returns and stores, with the aliasing changed from the loop.
The step keeps a best-loss float with min() (identity of the kept object), stores the
caller's batch tensor and returns it inside a tuple, returns a stats dict it also stores,
and returns a large-int counter it keeps.
Step 10: the loop passes the same tensor object as x and x_ref (aliasing).
Step 14: tracker.best is reset to a new float object (0.15); the large-int counter is
replaced by another large int.
Step 18: the loop passes a numpy array (not a tensor) as x_ref.
Step 22: tracker.stats is replaced by a dict the loop keeps a reference to and mutates.
Step 26: aliasing ends (distinct tensors again)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1132)
rng = np.random.default_rng(1132)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, 2:3] * 2.0).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)


class Tracker:
    def __init__(self):
        self.best = float("0.25")
        self.last_x = None
        self.stats = {}
        self.count = 10 ** 20


tracker = Tracker()
START_BEST = tracker.best


def train_step(x, x_ref, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    v = float(loss)
    tracker.best = min(tracker.best, v)
    aliased = x is x_ref
    tracker.last_x = x_ref
    tracker.count = tracker.count + 1
    tracker.stats["loss"] = v
    tracker.stats["aliased"] = aliased
    return (loss, x_ref), tracker.stats, tracker.count, tracker.best


log = []
external = None
for step in range(31):
    i = (step * 16) % 48
    x = tf.constant(X[i:i + 16])
    x_ref = tf.constant(X[i:i + 16])
    if 10 <= step < 26:
        x_ref = x
    if step == 14:
        tracker.best = float("0.15")
        START_BEST = tracker.best
        tracker.count = 7 ** 30
    if 18 <= step < 22:
        x_ref = X[i:i + 16]
    if step == 22:
        external = {"note": "mine"}
        tracker.stats = external
    (loss, xr), stats, count, best = train_step(x, x_ref, tf.constant(Y[i:i + 16]))
    row = [float(loss), xr is x_ref, xr is x, type(xr).__name__, stats is tracker.stats,
           stats is external, sorted(stats), tracker.last_x is x_ref, count,
           count is tracker.count, best is tracker.best, tracker.best is START_BEST,
           type(best).__name__]
    log.append(row)
    print(step, *[repr(r) for r in row])
    if external is not None:
        external["seen"] = step

print(json.dumps({
    "log": log,
    "stats": tracker.stats,
    "best": tracker.best,
    "count": tracker.count,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
