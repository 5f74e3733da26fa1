"""Several closures made from one factory share a code object and so one call instruction,
each closing over a different Keras model and a different Python scale: the step calls
three of them; at step 11 one closure's cell is rebound to another model, at step 17 a
fresh set of closures is made (new function objects, same code), and at step 23 the scale
cells are rebound. Heads are called through a dict of bound methods (`model.__call__`)
too. zlib.crc32 of the outputs keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5252)
rng = np.random.default_rng(5252)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

MODELS = [keras.Sequential([keras.layers.Dense(5, activation=a), keras.layers.Dense(1)]) for a in ("tanh", "relu", "elu", "sigmoid")]
for m in MODELS:
    m(X[:2])
VARS = [v for m in MODELS for v in m.trainable_variables]


def make_head(model, scale):
    def head(x):
        return model(x) * scale
    return head


HEADS = [make_head(MODELS[0], 1.0), make_head(MODELS[1], 0.5), make_head(MODELS[2], -1.0)]
BOUND = {"aux": MODELS[3].__call__}


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        outs = [h(x) for h in HEADS]
        aux = BOUND["aux"](x)
        p = tf.add_n(outs) + 0.1 * aux
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(b"".join(o.numpy().tobytes() for o in outs)) % 859
    grads = tape.gradient(loss, [v.value for v in VARS], unconnected_gradients="zero")
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc


for step in range(30):
    if step == 11:
        HEADS[1].__closure__[0].cell_contents = MODELS[3]
    if step == 17:
        HEADS = [make_head(MODELS[2], 1.0), make_head(MODELS[0], 0.25), make_head(MODELS[1], 2.0)]
    if step == 23:
        HEADS[0].__closure__[1].cell_contents = -0.5
        BOUND["aux"] = MODELS[0].__call__
    i = (step * 8) % 88
    loss, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc)
    print("  g", [flat(g)[0] for g in grads])

print(json.dumps({"vars": [flat(v) for v in VARS]}))
