"""`+=` of a generator / map over the very list being extended: CPython's list_extend
pulls one item, appends it, then pulls the next, so the generator sees the list GROWING:
`self.decay += (self.decay[-1] * 0.5 + 0.01 * v for _ in range(3))` chains off each newly
appended item, `self.marks += (len(self.marks) for _ in range(3))` records 3 distinct
lengths, and `self.mix += map(lambda u: u + len(self.mix), [v, 1.0])` adds live lengths.
An implementation that evaluated the right side first (or read the list as it was
before the statement) would produce other numbers.  The loop trims the lists between
steps (del slices, and a full rebind at step 17).  A trainer-class step with a Keras
model and Adam."""
import random

import numpy

random.seed(4804)
numpy.random.seed(4804)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4804)
rng = np.random.default_rng(4804)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 1:2] * 0.5).astype(np.float32)


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
        self.opt = keras.optimizers.Adam(learning_rate=0.01)
        self.decay = [1.0]
        self.marks = [0]
        self.mix = []

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        v = float(loss)
        self.decay += (self.decay[-1] * 0.5 + 0.01 * v for _ in range(3))
        self.marks += (len(self.marks) for _ in range(3))
        self.mix += map(lambda u: u + len(self.mix), [v, 1.0])
        return loss, self.decay[-1], sum(self.marks[-3:])


tr = Trainer()
for step in range(30):
    i = (step * 8) % 56
    loss, last, msum = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(last), msum, [repr(v) for v in tr.decay[-3:]], tr.marks[-4:],
          [repr(v) for v in tr.mix[-2:]])
    del tr.decay[:-2]
    if step % 3 == 2:
        del tr.marks[:-1]
    if len(tr.mix) > 5:
        del tr.mix[:3]
    if step == 17:
        tr.decay = [0.5]
        tr.marks = list(range(step))

print(json.dumps({"decay": [repr(v) for v in tr.decay], "marks": tr.marks, "mix": [repr(v) for v in tr.mix],
                  "w": [repr(float(v)) for v in tr.model.layers[-1].kernel.numpy().ravel()]}))
