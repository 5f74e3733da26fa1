"""Exceptions that leave the step and are inspected by the loop: chaining (__cause__,
__context__, __suppress_context__), the traceback's frames and line numbers, and state the
step changed in except/finally before the exception left.
The step raises ValueError when float(loss) > LIMIT, converts it in an except handler to
the program's SkipBatch (how depends on CHAIN), and counts in finally.
Step 10: LIMIT 1e9 -> 0.5 (many batches skipped). Step 16: CHAIN "from" -> "implicit".
Step 21: CHAIN -> "none" (raise ... from None). Step 25: CFG["scale"] is deleted (the step
then raises KeyError from a dict lookup before the tape). Step 28: CFG["scale"] = 0.5."""
import json
import traceback
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1127)
rng = np.random.default_rng(1127)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] * 3.0 + X[:, 3:4]).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
LIMIT = 1e9
CHAIN = "from"
CFG = {"scale": 1.0}
COUNTS = {"calls": 0, "skipped": 0, "applied": 0}


class SkipBatch(Exception):
    pass


def train_step(x, y):
    scale = CFG["scale"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y)) * scale
    grads = tape.gradient(loss, model.trainable_variables)
    try:
        if float(loss) > LIMIT:
            raise ValueError("loss above limit")
        opt.apply_gradients(zip(grads, model.trainable_variables))
        COUNTS["applied"] += 1
    except ValueError as e:
        COUNTS["skipped"] += 1
        if CHAIN == "from":
            raise SkipBatch("skip", COUNTS["skipped"]) from e
        elif CHAIN == "implicit":
            raise SkipBatch("skip-implicit")
        else:
            raise SkipBatch("skip-none") from None
    finally:
        COUNTS["calls"] += 1
    return loss


def summarize(e):
    tb = traceback.extract_tb(e.__traceback__)
    return [type(e).__name__, repr(e.args), type(e.__cause__).__name__,
            type(e.__context__).__name__, e.__suppress_context__,
            [(f.name, f.lineno, f.line) for f in tb]]


rows = []
for step in range(31):
    if step == 10:
        LIMIT = 0.5
    elif step == 16:
        CHAIN = "implicit"
    elif step == 21:
        CHAIN = "none"
    elif step == 25:
        del CFG["scale"]
    elif step == 28:
        CFG["scale"] = 0.5
    i = (step * 16) % 48
    try:
        loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
        rows.append(["ok", float(loss)])
        print(step, "ok", repr(float(loss)), COUNTS)
    except (SkipBatch, KeyError) as e:
        s = summarize(e)
        rows.append(s)
        print(step, "caught", s, COUNTS)

print(json.dumps({
    "rows": rows,
    "counts": COUNTS,
    "iters": int(opt.iterations.numpy()),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
