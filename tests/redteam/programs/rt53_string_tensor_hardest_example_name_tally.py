"""Hard-example logging with string ids: each batch carries a tf.string tensor of example
ids; the step computes per-example losses, picks the hardest id with
`tf.gather(ids, tf.argmax(per_example))`, turns it into Python text with
`.numpy().decode("utf-8")` (a bytes object, not an ndarray, for a scalar string tensor),
tallies it in a global dict with `TALLY.get(name, 0) + 1`, builds a tag with
`tf.strings.join` and `tf.strings.format`, and returns the name.  The loop prints the
tag tensor's `.numpy()` (bytes) and the name's type.  At step 16 the id prefix of the
data changes.  Probes: `.numpy()` of a string scalar (bytes) and of a string vector (an
object ndarray) the graph computes, a str the graph decides used as a dict key in the
step, and string ops on graph values."""
import random

import numpy

random.seed(537)
numpy.random.seed(537)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(537)
rng = np.random.default_rng(537)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (np.abs(XS[:, :1]) * 1.5 - XS[:, 2:3]).astype(np.float32)
IDS_A = np.array([f"ex{i:03d}" for i in range(160)], dtype=object)
IDS_B = np.array([f"é-{i % 7}" for i in range(160)], dtype=object)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.01)
TALLY = {}


def train_step(x, y, ids):
    with tf.GradientTape() as tape:
        per_example = tf.reduce_mean(tf.square(MODEL(x) - y), axis=1)
        loss = tf.reduce_mean(per_example)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    worst = tf.gather(ids, tf.argmax(per_example))
    name = worst.numpy().decode("utf-8")
    TALLY[name] = TALLY.get(name, 0) + 1
    tag = tf.strings.join(["hard", worst, tf.strings.format("{}", tf.reduce_max(per_example))], separator="|")
    top2 = tf.gather(ids, tf.math.top_k(per_example, k=2).indices).numpy()
    return loss, name, tag, top2


for step in range(30):
    i = (step * 8) % 152
    ids = IDS_A if step < 16 else IDS_B
    loss, name, tag, top2 = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                                       tf.constant(list(ids[i:i + 8])))
    print(step, repr(float(loss)), type(name).__name__, name, tag.numpy(), top2.dtype, list(top2))

print(json.dumps({"tally": TALLY, "k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:5]]},
                 ensure_ascii=False))
