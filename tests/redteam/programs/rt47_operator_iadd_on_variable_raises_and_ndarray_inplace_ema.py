"""A trainer keeps a gradient EMA in NumPy arrays and a step counter in a tf.Variable,
updated inside its step method with operator's in-place functions:
operator.iadd(self.counter, 1.0) on the tf.Variable raises TF's RuntimeError
("`variable += value` ... not supported"), caught in the step, which then calls
counter.assign_add; operator.imul / operator.iadd on the NumPy EMA arrays mutate them in
place (the returned object *is* the stored array, checked with `is`); operator.isub on a
Python float attribute rebinds it.  The EMA (as a NumPy array turned into a tensor) mixes
into the update.  Mid-run the decay attribute is changed (step 9), one EMA array is
replaced by a fresh float64 array (step 15, so in-place ops keep float64 and the mixed
update's dtype conversion matters), and the trainer's `mix` attribute goes to 0
(step 24).  Probes: in-place operator functions on tf.Variable (an exception) and on
ndarrays held by the program, inside a training step."""
import random

import numpy

random.seed(4723)
numpy.random.seed(4723)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4723)
rng = np.random.default_rng(4723)
XS = rng.normal(size=(72, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + 0.3 * XS[:, 2:3] * XS[:, 3:4]).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)),
                                       keras.layers.Dense(6, activation="tanh"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.05)
        self.counter = tf.Variable(0.0, trainable=False)
        self.ema = [np.zeros(v.shape, np.float32) for v in self.model.trainable_variables]
        self.decay = 0.9
        self.mix = 0.5
        self.budget = 10.0
        self.errors = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        variables = self.model.trainable_variables
        grads = tape.gradient(loss, variables)
        try:
            operator.iadd(self.counter, 1.0)
        except RuntimeError as e:
            self.errors += 1
            msg = str(e)
            self.counter.assign_add(1.0)
        same = []
        for k, g in enumerate(grads):
            e = operator.imul(self.ema[k], self.decay)
            e = operator.iadd(e, (1.0 - self.decay) * g.numpy())
            same.append(e is self.ema[k])
        mixed = [g + self.mix * tf.convert_to_tensor(e, dtype=g.dtype)
                 for g, e in zip(grads, self.ema)]
        self.opt.apply_gradients(zip(mixed, variables))
        self.budget = operator.isub(self.budget, float(loss) * 0.1)
        print("  ", msg[:40], same, self.ema[1].dtype.name, repr(float(self.ema[1][0])))
        return loss


T = Trainer()
for step in range(30):
    if step == 9:
        T.decay = 0.5
    if step == 15:
        T.ema[1] = np.full(T.ema[1].shape, 0.01, np.float64)
    if step == 24:
        T.mix = 0.0
    i = (step * 8) % 64
    loss = T.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(T.counter.numpy())), repr(T.budget), T.errors)

print(json.dumps({
    "ema0": [repr(float(v)) for v in T.ema[0].ravel()[:5]],
    "w": [repr(float(v)) for v in T.model.layers[0].kernel.numpy().ravel()[:6]],
}))
