"""A Sequential regressor with a custom `Gate` layer imported from a module the program
writes to a temporary directory.  `Gate.call` multiplies by a module global `GAIN`.
Mid-run the module is rewritten and `importlib.reload`ed, which re-executes it into the
SAME module dict: at step 9 GAIN becomes 0.5 and the reloaded file defines a new `Gate`
class (same name and qualname, a `call` that also adds `OFFSET`); the old layer keeps
its old class, whose `call` now reads the new GAIN.  At step 16 the layer's
`__class__` is set to the reloaded `Gate`, at step 23 the module is reloaded again
(GAIN 2.0, OFFSET -0.2, a third `Gate`; the layer's class is now a stale second one),
and at step 30 `__class__` goes back to the very first `Gate`.
Probes: importlib.reload, class identity vs class name (three classes with one
qualname) and `__class__` assignment on a Keras layer, between converted steps.
The temporary directory is deleted before the end."""
import random

import numpy

random.seed(5711)
numpy.random.seed(5711)

import importlib
import json
import os
import shutil
import sys
import tempfile

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5711)
rng = np.random.default_rng(5711)
XS = rng.normal(size=(176, 5)).astype(np.float32)
YS = (np.tanh(XS[:, :2].sum(axis=1, keepdims=True)) + 0.1 * XS[:, 4:5]).astype(np.float32)

SOURCE = '''
import tensorflow as tf
import keras

GAIN = {gain}
OFFSET = {offset}


class Gate(keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    def call(self, x):
        return x * self.w * GAIN{extra}
'''

sys.dont_write_bytecode = True
TMPDIR = tempfile.mkdtemp(prefix="rt57mod")
MODPATH = os.path.join(TMPDIR, "rt57_gate_mod.py")


def write_module(gain, offset, extra):
    with open(MODPATH, "w") as f:
        f.write(SOURCE.format(gain=gain, offset=offset, extra=extra))


write_module(1.0, 0.0, "")
sys.path.insert(0, TMPDIR)
import rt57_gate_mod as gm  # noqa: E402

FIRST_GATE = gm.Gate
GATE = gm.Gate(name="gate")
MODEL = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="tanh"),
    GATE,
    keras.layers.Dense(1),
])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        write_module(0.5, 0.3, " + OFFSET")
        importlib.reload(gm)
    if step == 16:
        GATE.__class__ = gm.Gate
    if step == 23:
        write_module(2.0, -0.2, " - OFFSET * x")
        importlib.reload(gm)
    if step == 30:
        GATE.__class__ = FIRST_GATE
    i = (step * 8) % 168
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(GATE).__qualname__, type(GATE) is gm.Gate,
          type(GATE) is FIRST_GATE, repr(float(GATE.w.numpy()[0])))

sys.path.remove(TMPDIR)
del sys.modules["rt57_gate_mod"]
shutil.rmtree(TMPDIR)
del TMPDIR, MODPATH
print(json.dumps({
    "gate": [repr(float(v)) for v in GATE.w.numpy()],
    "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
}))
