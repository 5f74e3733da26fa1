"""The step uses a global ACC (a Python float accumulator) when it exists: `if "ACC" in
globals()`; every 6th step it `del`s the global (global ACC; del ACC) after reading it,
and the next step recreates it from the loss.  Probes: deletion of a module global by a
converted step, and globals() membership reads."""
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

ACC = 0.0
DELS = []


def train_step(x, y, k):
    global ACC
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    if "ACC" in globals():
        ACC = ACC + float(loss)
        if k % 6 == 5:
            DELS.append(ACC)
            del ACC
    else:
        ACC = float(loss) * 2.0
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, float(loss).hex(), globals().get("ACC", "gone"))


def summary():
    return {"dels": [d.hex() for d in DELS], "acc": globals().get("ACC", None)}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
