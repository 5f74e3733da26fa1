"""A subclassed Keras model trained with Adam whose step sets the optimizer's own
learning-rate variable before each update: it reads `OPT.iterations`, computes a
warm-up value from it and the globals `BASE_LR`/`WARMUP`, assigns it into
`OPT.learning_rate` (a Keras variable), lets `apply_gradients` read it, and then reads
the learning rate, the iteration count and Adam's first moment slot back after the
update.  Mid-run: at step 8 `BASE_LR` changes, at step 14 the loop sets
`OPT.learning_rate = 0.5` through Keras' property setter (assigns into the same
variable, which the step then overwrites), at step 20 `WARMUP` changes, at step 26
`OPT.iterations.assign(2)`.
Probes: the step writing an optimizer variable that the optimizer's update reads in
the same call, and reads of the optimizer's iteration counter before and after its
increment."""
import random

import numpy

random.seed(5731)
numpy.random.seed(5731)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5731)
rng = np.random.default_rng(5731)
XS = rng.normal(size=(180, 6)).astype(np.float32)
YS = (np.cos(XS[:, :2]).sum(axis=1, keepdims=True) - XS[:, 5:6]).astype(np.float32)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = keras.layers.Dense(10, activation="gelu")
        self.b = keras.layers.Dense(1)

    def call(self, x):
        return self.b(self.a(x))


MODEL = Net()
MODEL(tf.constant(XS[:2]))
OPT = keras.optimizers.Adam(learning_rate=0.001)
BASE_LR = 0.02
WARMUP = 10.0


def train_step(x, y):
    t = tf.cast(OPT.iterations, tf.float32)
    OPT.learning_rate.assign(BASE_LR * tf.minimum(1.0, (t + 1.0) / WARMUP))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    lr_after = tf.identity(OPT.learning_rate)
    it_after = OPT.iterations + 0
    m0 = tf.reduce_sum(tf.abs(OPT.variables[2]))
    return loss, lr_after, it_after, m0


for step in range(32):
    if step == 8:
        BASE_LR = 0.005
    if step == 14:
        OPT.learning_rate = 0.5
    if step == 20:
        WARMUP = 40.0
    if step == 26:
        OPT.iterations.assign(2)
    i = (step * 9) % 171
    loss, lr, it, m0 = train_step(tf.constant(XS[i:i + 9]), tf.constant(YS[i:i + 9]))
    print(step, repr(float(loss)), repr(float(lr)), int(it), repr(float(m0)))

print(json.dumps({
    "a": [repr(float(v)) for v in MODEL.a.kernel.numpy().ravel()[:10]],
    "b": [repr(float(v)) for v in MODEL.b.kernel.numpy().ravel()],
    "lr": repr(float(OPT.learning_rate.numpy())),
}))
