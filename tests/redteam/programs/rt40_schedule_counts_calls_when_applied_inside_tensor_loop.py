"""A LearningRateSchedule subclass of the program's counts its own calls in a Python
attribute (`self.calls += 1`) and warms up linearly with a warmup length read from
its attributes.  The training function
applies SGD with this schedule inside the body of a `for i in tf.range(n)` loop on
micro-batches (n decided by the data), so the schedule runs n times per call.  At step
15 the loop changes the schedule's warmup attribute.  Probes: Python writes made by
library-called program code (a schedule) inside the body of a loop on a tensor."""
import random

import numpy

random.seed(50)
numpy.random.seed(50)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4011)
rng = np.random.default_rng(4011)
XS = rng.normal(size=(96, 3)).astype(np.float32)
YS = (XS[:, :1] * 0.4 + XS[:, 1:2] * 0.2).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.3)


class CountingWarmup(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, base, warmup):
        self.base = base
        self.warmup = warmup
        self.calls = 0

    def __call__(self, step):
        self.calls += 1
        s = tf.cast(step, tf.float32)
        return self.base * tf.minimum(1.0, (s + 1.0) / self.warmup)

    def get_config(self):
        return {"base": self.base, "warmup": self.warmup}


SCHED = CountingWarmup(0.1, 20.0)
OPT = keras.optimizers.SGD(learning_rate=SCHED)
OPT.build([W])


def micro_steps(x, y):
    n = 1 + tf.reduce_sum(tf.cast(y[:, 0] > 0.2, tf.int32)) // 2
    tot = tf.constant(0.0)
    for i in tf.range(n):
        with tf.GradientTape() as tape:
            l = tf.reduce_mean(tf.square(x[2 * i:2 * i + 2] @ W - y[2 * i:2 * i + 2]))
        g = tape.gradient(l, [W])
        OPT.apply_gradients(zip(g, [W]))
        tot += l
    return tot, n


for step in range(30):
    if step == 15:
        SCHED.warmup = 5.0
    i = (step * 8) % 96
    l, n = micro_steps(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, int(n), repr(float(l)), int(OPT.iterations.numpy()), SCHED.calls)

print("W", [repr(float(v)) for v in W.numpy().ravel()], SCHED.calls)
