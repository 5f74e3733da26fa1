"""Inside the step, `try: tf.concat([h, extra], axis=1) except Exception as e:` records
type(e).__name__ and str(e)'s first words.  EXTRA is a global tensor whose rank changes at
step 12 (rank 1 instead of 2): eagerly ConcatV2 raises InvalidArgumentError, a graph build
raises ValueError from shape inference.  Probes: which exception class a handler in the
step sees when the error comes from TF's static shape checks."""
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

EXTRA = tf.ones([8, 2])
SEEN = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        try:
            z = tf.concat([h, EXTRA], axis=1)
            pen = tf.reduce_mean(z) * 0.01
        except Exception as e:
            SEEN.append(type(e).__name__)
            pen = 0.0
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + pen
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 12:
        EXTRA = tf.ones([8])
    if step == 20:
        EXTRA = tf.ones([8, 3])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), SEEN[-1:] if SEEN else None)


def summary():
    return {"seen": SEEN}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
