"""Types and identities of values the step hands back: `.numpy()` of a 0-d tensor is a numpy
scalar (np.float32), not a 0-d ndarray; of a 1-d tensor an ndarray; `.item()`/`.tolist()`
give Python objects; np.asarray(t) a 0-d ndarray. The representation the step returns and
stores is switched by a global MODE mid-run: step 10 "item", step 15 "asarray",
step 20 "vector", step 25 "float64", step 29 back to "numpy". The loop prints type names,
reprs, dtypes, results of numpy arithmetic on them, writeability, and identity of the
stored and returned objects."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1124)
rng = np.random.default_rng(1124)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] - X[:, 2:3] * 0.5).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
MODE = "numpy"


class Tracker:
    def __init__(self):
        self.last = None
        self.best = None


tracker = Tracker()


def train_step(x, y):
    with tf.GradientTape() as tape:
        per_ex = tf.square(model(x, training=True) - y)[:, 0]
        loss = tf.reduce_mean(per_ex)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if MODE == "numpy":
        out = loss.numpy()
    elif MODE == "item":
        out = loss.numpy().item()
    elif MODE == "asarray":
        out = np.asarray(loss)
    elif MODE == "vector":
        out = per_ex[:3].numpy()
    else:
        out = np.float64(loss.numpy())
    tracker.last = out
    return out, grads[1].numpy()


def describe(v):
    return [type(v).__name__, repr(v), str(getattr(v, "dtype", None)),
            getattr(v, "ndim", None), repr(v * 2.0), type(v * 2.0).__name__,
            type(v + np.float32(1.0)).__name__]


log = []
for step in range(32):
    if step == 10:
        MODE = "item"
    elif step == 15:
        MODE = "asarray"
    elif step == 20:
        MODE = "vector"
    elif step == 25:
        MODE = "float64"
    elif step == 29:
        MODE = "numpy"
    i = (step * 16) % 48
    out, gb = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    d = describe(out)
    same = out is tracker.last
    wr = gb.flags.writeable
    gb[0] = 0.0  # must not touch the model
    log.append(d + [same, wr, type(gb).__name__, gb.shape[0]])
    print(step, *d, same, wr, type(gb).__name__)

print(json.dumps({
    "log": log,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
