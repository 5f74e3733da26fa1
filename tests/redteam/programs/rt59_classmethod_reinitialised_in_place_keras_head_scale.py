"""A subclassed keras.Model whose head is a program keras.layers.Layer
("ScaledHead") that multiplies its Dense output by `self.output_scale()`, a classmethod
reading the class constant SCALE.  The loop replaces the rule by re-running
`classmethod.__init__` on the object the class dict holds
(`vars(ScaledHead)["output_scale"].__init__(rule)`) -- same descriptor object, no class
dict write; CPython does not specialise this load, so each eager call binds the current
function.  Step 9: a halving rule; step 18: `ScaledHead.SCALE = 2.0` (a class attribute
write); step 26: a rule with a floor.  Each step prints the loss and the scale the head
reports outside the step.
Probes: a classmethod called from a Keras layer's `call` (the program's code run by
Keras inside the step), whose wrapped function is replaced in place between converted
steps."""
import random

import numpy

random.seed(5917)
numpy.random.seed(5917)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5917)
rng = np.random.default_rng(5917)
XS = rng.normal(size=(200, 6)).astype(np.float32)
YS = (0.8 * XS[:, :1] - 0.6 * XS[:, 1:2] + 0.3 * np.sin(XS[:, 2:3] * 2.0)).astype(np.float32)


def half_scale(cls):
    return cls.SCALE * 0.5


def floored_scale(cls):
    return max(cls.SCALE * 0.25, 0.75)


class ScaledHead(keras.layers.Layer):
    SCALE = 1.0

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    @classmethod
    def output_scale(cls):
        return cls.SCALE

    def call(self, h):
        return self.dense(h) * self.output_scale()


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.body = keras.layers.Dense(10, activation="relu")
        self.head = ScaledHead()

    def call(self, x, training=False):
        return self.head(self.body(x))


MODEL = Net()
MODEL(tf.zeros((1, 6)))
OPT = keras.optimizers.Adam(learning_rate=4e-3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        vars(ScaledHead)["output_scale"].__init__(half_scale)
    if step == 18:
        ScaledHead.SCALE = 2.0
    if step == 26:
        vars(ScaledHead)["output_scale"].__init__(floored_scale)
    i = (step * 20) % 180
    loss = train_step(tf.constant(XS[i:i + 20]), tf.constant(YS[i:i + 20]))
    print(step, repr(float(loss)), repr(MODEL.head.output_scale()))

print(json.dumps({
    "body": [repr(float(v)) for v in MODEL.body.kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in MODEL.head.dense.kernel.numpy().ravel()],
}))
