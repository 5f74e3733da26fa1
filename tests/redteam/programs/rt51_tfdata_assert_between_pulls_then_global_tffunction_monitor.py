"""A step pulls batch `a` from a global tf.data iterator, asserts it is finite, then pulls
batch `b`, and trains on both.  When a NaN batch makes the step raise (after its first
pull), the loop switches on a monitor: the program's own tf.function `monitor()`, which
reads the global iterator (captured, not an argument) with next() and returns the ids of
the batch it took.  Its first call traces it right after the failure; from then on the
loop calls it every third step, between training steps.  Probes: a tf.function whose
trace pulls from a captured tf.data iterator while elements of a failed step (pulled
ahead of the graph, handed back) are still pending: what the trace bakes in and which
ids each later monitor call and step sees."""
import random

import numpy

random.seed(5102)
numpy.random.seed(5102)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5102)
rng = np.random.default_rng(5102)

N = 400
IDS = np.arange(N, dtype=np.int64)
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([[1.5], [-0.5], [0.75]], np.float32) + 0.1).astype(np.float32)
XS[[45]] = np.nan  # batch 22 (batch size 2)

DS = tf.data.Dataset.from_tensor_slices({"id": IDS, "x": XS, "y": YS}).batch(2)
IT = iter(DS)

W = tf.Variable(tf.zeros((3, 1)), name="w")
B = tf.Variable(tf.zeros((1,)), name="b")
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step():
    a = next(IT)
    tf.debugging.assert_all_finite(a["x"], "non-finite batch")
    b = next(IT)
    x = tf.concat([a["x"], b["x"]], 0)
    y = tf.concat([a["y"], b["y"]], 0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, a["id"], b["id"]


@tf.function
def monitor():
    e = next(IT)
    return e["id"], tf.reduce_sum(e["y"])


monitoring = False
seen_by_monitor = []
for step in range(60):
    if monitoring and step % 3 == 0:
        ids, ysum = monitor()
        seen_by_monitor.append(ids.numpy().tolist())
        print(step, "monitor", ids.numpy().tolist(), repr(float(ysum)))
    try:
        loss, ia, ib = train_step()
        print(step, "loss", repr(float(loss)), ia.numpy().tolist(), ib.numpy().tolist())
    except tf.errors.InvalidArgumentError as e:
        print(step, "skipped:", type(e).__name__)
        monitoring = True
        ids, ysum = monitor()
        seen_by_monitor.append(ids.numpy().tolist())
        print(step, "first monitor", ids.numpy().tolist(), repr(float(ysum)))

print(json.dumps({
    "monitor": seen_by_monitor,
    "w": [repr(float(v)) for v in W.numpy().ravel()],
    "b": repr(float(B.numpy()[0])),
    "iterations": int(OPT.iterations.numpy()),
}))
