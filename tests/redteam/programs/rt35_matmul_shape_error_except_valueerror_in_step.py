"""The step multiplies hidden activations by a projection P read from a global, inside
`try: ... except ValueError:`.  At step 14 P is replaced by one of a mismatched inner
dimension.  Eagerly tf.matmul raises InvalidArgumentError (not a ValueError), so the
handler does not run and the error leaves the step (caught by the loop); in a graph
build TF's shape inference raises ValueError, which the step's handler would catch.
Probes: library exceptions raised at build time that differ from eager's runtime ones."""
import random
import numpy
random.seed(1); numpy.random.seed(1)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(35)
rng = np.random.default_rng(35)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
P = tf.constant(rng.normal(size=(4, 2)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
HANDLED = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        try:
            extra = tf.reduce_mean(tf.matmul(h, P)) * 0.01
        except ValueError:
            HANDLED.append(int(OPT.iterations))
            extra = 0.0
        loss = tf.reduce_mean(tf.square(h @ W2 - y)) + extra
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


errors = []
for step in range(30):
    if step == 14:
        P = tf.constant(rng.normal(size=(3, 2)).astype(np.float32))
    if step == 22:
        P = tf.constant(rng.normal(size=(4, 2)).astype(np.float32))
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, float(loss).hex())
    except Exception as e:
        errors.append((step, type(e).__name__))
        print(step, "error", type(e).__name__)

print(json.dumps({"W1": [float(v).hex() for v in W1.numpy().ravel()],
                  "W2": [float(v).hex() for v in W2.numpy().ravel()],
                  "iters": int(OPT.iterations), "handled": HANDLED, "errors": errors}))
