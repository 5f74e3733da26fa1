"""On a step whose loss exceeds a threshold (a Python float that drops at step 16), the
step raises a ValueError, adds a note with e.add_note(f"...{step}") inside an except and
re-raises it; the loop catches it and prints str(e) and e.__notes__.  The update before
the raise is applied eagerly.  Probes: exception notes (a dict write on the exception
object) and re-raise from handlers."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

THRESH = 100.0


class Big(ValueError):
    pass


def train_step(x, y, k):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    try:
        if float(loss) > THRESH:
            raise Big("loss too big")
    except Big as e:
        e.add_note(f"at step {k}")
        raise
    return loss


caught = []
for step in range(30):
    if step == 16:
        THRESH = 0.3
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, float(loss).hex())
    except Big as e:
        caught.append((str(e), list(getattr(e, "__notes__", []))))
        print(step, "big", caught[-1])


def summary():
    return {"caught": caught}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
