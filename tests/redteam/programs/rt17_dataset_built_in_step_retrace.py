"""The step builds a fresh tf.data pipeline from its batch every call
(from_tensor_slices -> map(augment) -> batch -> get_single_element), a common
on-the-fly augmentation pattern.

tf.data traces `augment` when `.map` is called, so in eager mode it is traced anew
at every call of the step: its Python body runs once per call, reads the current
augmentation strength from the AUG dict (changed by the loop at steps 10 and 20)
and appends a record to TRACES.  A graph that built the dataset once would keep the
first trace: AUG's later values would be frozen into it, TRACES would stop growing,
and the losses, weights and JSON would differ.
Probes: code TF traces itself, where eager traces it again at every call because
the traced object is made inside the step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5505)
rng = np.random.default_rng(5505)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
B = tf.Variable(tf.zeros((1,)))
OPT = keras.optimizers.SGD(learning_rate=0.05)
AUG = {"scale": 1.0, "shift": 0.0}
TRACES = []


def augment(x, y):
    TRACES.append((AUG["scale"], AUG["shift"]))
    return x * AUG["scale"] + AUG["shift"], y


def train_step(xb, yb):
    ds = tf.data.Dataset.from_tensor_slices((xb, yb)).map(augment).batch(16)
    x, y = ds.get_single_element()
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


for step in range(30):
    if step == 10:
        AUG["scale"] = 0.5
    if step == 20:
        AUG["scale"] = 1.25
        AUG["shift"] = 0.1
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), len(TRACES))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "traces": len(TRACES),
    "last_traces": [list(t) for t in TRACES[-3:]],
    "iterations": int(OPT.iterations.numpy()),
}))
