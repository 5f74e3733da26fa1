"""getattr(Cls, name, default) on a CLASS object: its bases and its metaclass gain names.

When the object asked is itself a class, CPython's type.__getattribute__ looks in the
class's whole MRO (its bases) and in its metaclass's MRO; an instance of that class
looks in the class's MRO but never in the metaclass.  The step reads
`getattr(Head, "scale", 1.0)`, `getattr(Head, "gain", 0.0)`,
`getattr(HEAD, "gain", 0.0)` (an instance) and `hasattr(Head, "bias")`, all absent at
first.  Mid-run: step 12 sets `Base.scale` (a base of Head), step 20 sets `Meta.gain`
(the metaclass: the class now has gain, the instance still does not), step 28 sets
`Head.gain` (both see it, the class's own attribute shadowing the metaclass's), step 34
deletes `Base.scale` and sets `Meta.bias`.  The contract guards an absent name on "the
object, each class of its type": for a class object that is the metaclass's MRO, and a
guard that does not also cover the class's own bases (or that treats the instance like
the class) keeps the build's defaults.
"""
import json
import random

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2116)
random.seed(2116)
np.random.seed(2116)
rng = np.random.default_rng(2116)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)


class Meta(type):
    pass


class Base(metaclass=Meta):
    pass


class Head(Base):
    pass


HEAD = Head()


def train_step(x, y):
    scale = getattr(Head, "scale", 1.0)
    gain = getattr(Head, "gain", 0.0)
    inst_gain = getattr(HEAD, "gain", 0.0)
    has_bias = hasattr(Head, "bias")
    factor = scale * (1.0 + gain) * (1.0 + 2.0 * inst_gain) + (0.5 if has_bias else 0.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * factor
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, (scale, gain, inst_gain, has_bias)


for step in range(42):
    if step == 12:
        Base.scale = 2.0
    if step == 20:
        Meta.gain = 0.5
    if step == 28:
        Head.gain = 0.25
    if step == 34:
        del Base.scale
        Meta.bias = 1.0
    i = (step * 8) % 88
    loss, seen = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), seen)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
