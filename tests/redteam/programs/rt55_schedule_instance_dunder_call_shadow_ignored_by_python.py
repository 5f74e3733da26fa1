"""A warm-up-then-decay learning-rate schedule (the program's own
`LearningRateSchedule` subclass) drives a Keras SGD optimizer.  Between calls the loop
sets an instance attribute `__call__` on the schedule object (step 7), which Python's
call syntax ignores (`sched(step)` looks `__call__` up on the type), so the optimizer's
learning rate must not change; then it sets an instance attribute `peak` that shadows
the class attribute the schedule's `__call__` reads (step 13, a real change), deletes
the instance `__call__` (step 19, nothing changes) and deletes the instance `peak`
(step 25, the class value is back).  The step prints nothing itself; the loop prints
the optimizer's iterations and the step's loss.
Probes: an instance attribute named like a dunder on a library-held program object
(ignored by implicit calls), an instance attribute shadowing a class attribute that
the callback reads, both set and deleted between converted calls."""
import random

import numpy

random.seed(5513)
numpy.random.seed(5513)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5513)
rng = np.random.default_rng(5513)
XS = rng.normal(size=(128, 5)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 3:4]).astype(np.float32)


class WarmDecay(keras.optimizers.schedules.LearningRateSchedule):
    peak = 0.08
    warm = 6.0

    def __call__(self, step):
        s = tf.cast(step, tf.float32)
        return self.peak * tf.minimum((s + 1.0) / self.warm, tf.math.rsqrt((s + 1.0) / self.warm))

    def get_config(self):
        return {}


def frozen_rate(step):
    return tf.constant(0.0)


SCHED = WarmDecay()
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=SCHED, momentum=0.3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(32):
    if step == 7:
        SCHED.__call__ = frozen_rate
    if step == 13:
        SCHED.peak = 0.02
    if step == 19:
        del SCHED.__call__
    if step == 25:
        del SCHED.peak
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), int(OPT.iterations), repr(float(SCHED(OPT.iterations))),
          sorted(vars(SCHED)))

print(json.dumps({"w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()],
                  "attrs": sorted(vars(SCHED))}))
