"""The model ends in a softmax Dense; the step calls keras.losses.categorical_crossentropy
(y, probs, from_logits=FROM_LOGITS).  With from_logits=True on a Softmax output Keras'
TF backend warns (warnings.warn) that the output does not represent logits and takes
the logits back.  warnings.simplefilter("always") is on and a custom showwarning counts
every warning; FROM_LOGITS flips at step 10 and back at 20.  Probes: library warnings
emitted per call from code that looks at how a tensor was made."""
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

import warnings
warnings.simplefilter("always")
WARN = []


def _show(message, category, filename, lineno, file=None, line=None):
    WARN.append(category.__name__ + ":" + str(message)[:50])


warnings.showwarning = _show
NC = 3
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(NC, activation="softmax")])
YC = keras.ops.one_hot((np.abs(XS[:, 0]) * 2).astype(np.int32) % NC, NC).numpy()
FROM_LOGITS = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = MODEL(x)
        loss = tf.reduce_mean(keras.losses.categorical_crossentropy(y, p, from_logits=FROM_LOGITS))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        FROM_LOGITS = True
    if step == 20:
        FROM_LOGITS = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YC[i:i + 8]))
    print(step, float(loss).hex(), len(WARN))


def summary():
    return {"warn": WARN, "w": hexs(MODEL.layers[-1].kernel.numpy())}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
