"""Probes: a Dense activation that is a program object with __slots__ (no __dict__).

Library objects' state is followed through dict watchers, "and so are what they hold
that library code calls: ... the program's own objects (an activation object with its
own __call__), whose dicts and classes are then watched too".  An activation object
whose class declares __slots__ has no __dict__ to watch: its `gain` and `kind` live in
slots, written through member descriptors.  Keras calls it from Dense.call (library
code), so the program's __call__ runs as a callback while building.  The loop sets
ACT.gain at step 10 and ACT.kind at step 20 (plain slot writes).  Eager's Dense calls
the object and reads the slots at every call."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1818)
rng = np.random.default_rng(1818)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)


class SlotAct:
    __slots__ = ("gain", "kind")

    def __init__(self, gain, kind):
        self.gain = gain
        self.kind = kind

    def __call__(self, x):
        if self.kind == "tanh":
            return tf.tanh(self.gain * x)
        return self.gain * x / (1.0 + tf.abs(x))


ACT = SlotAct(1.0, "tanh")
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation=ACT), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        ACT.gain = 2.5
    if step == 20:
        ACT.kind = "softsign"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "act": [ACT.gain, ACT.kind],
    "act_is_layer_activation": MODEL.layers[0].activation is ACT,
}))
