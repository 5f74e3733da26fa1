"""A two-layer Keras MLP trains with a custom tape step; at step 12 the first Dense layer
is quantized in place with layer.quantize("int8") (its kernel becomes an int8 kernel plus
scale, its quantization_mode and dtype policy change, new variables appear and the
layer's call takes the quantized path); training continues on the remaining trainable
variables, re-read each step.  Probes: a library object changed structurally mid-run."""
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

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
ADAM = keras.optimizers.Adam(1e-2)
LOG = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = MODEL(x)
        loss = tf.reduce_mean(tf.square(p - y))
    tv = MODEL.trainable_variables
    grads = tape.gradient(loss, tv)
    ADAM.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(30):
    if step == 12:
        try:
            MODEL.layers[0].quantize("int8")
            LOG.append("quantized")
        except Exception as e:
            LOG.append("qerr " + type(e).__name__)
    i = (step * 8) % 56
    try:
        loss, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, float(loss).hex(), n)
    except Exception as e:
        print(step, "err", type(e).__name__, str(e)[:80])
        LOG.append(type(e).__name__)


def summary():
    return {"log": LOG, "vars": [(v.path, v.dtype, hexs(v.numpy())[:4]) for v in MODEL.weights],
            "iters": int(ADAM.iterations)}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
