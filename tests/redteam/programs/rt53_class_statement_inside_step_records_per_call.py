"""A step that defines a small record class inside its body (a `class StepRecord:` with
a `__slots__`, a class attribute counting instances, and a `__repr__`) and a
`@dataclasses.dataclass` class, makes one instance of each per call, and stores them in
a global history.  Every call runs the class statement again, so eager makes new
class objects each call: the loop prints whether consecutive records share their
class, the classes' `__qualname__`, their per-class counters, and the reprs.  At step
16 the loop sets a global the class body reads (a default tag).  Probes: class bodies
executed inside the step (`__build_class__`, a new type per call, decorators applied to
it), instances of them escaping to the program's state, and a global read by the class
body."""
import random

import numpy

random.seed(560)
numpy.random.seed(560)

import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(560)
rng = np.random.default_rng(560)
XS = rng.normal(size=(160, 4)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) ** 2 * 0.2).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(0.01)
DEFAULT_TAG = "train"
HISTORY = []


def train_step(x, y, step):
    class StepRecord:
        __slots__ = ("step", "loss")
        made = 0
        tag = DEFAULT_TAG

        def __init__(self, step, loss):
            self.step = step
            self.loss = loss
            type(self).made += 1

        def __repr__(self):
            return f"StepRecord({self.tag}, {self.step}, {self.loss:.5f})"

    @dataclasses.dataclass
    class Extra:
        norm: float
        tag: str = DEFAULT_TAG

    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    rec = StepRecord(step, float(loss))
    extra = Extra(float(tf.linalg.global_norm(grads)))
    HISTORY.append((rec, extra))
    return loss


for step in range(30):
    if step == 16:
        DEFAULT_TAG = "finetune"
    i = (step * 8) % 152
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    rec, extra = HISTORY[-1]
    same = len(HISTORY) > 1 and type(HISTORY[-2][0]) is type(rec)
    print(step, repr(float(loss)), rec, extra, same, type(rec).__qualname__, type(rec).made,
          dataclasses.is_dataclass(extra), [f.name for f in dataclasses.fields(extra)])

print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "n": len(HISTORY), "classes": len({type(r) for r, _ in HISTORY}),
                  "made": sum(type(r).made for r, _ in HISTORY)}))
