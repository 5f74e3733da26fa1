"""Learning-rate schedules edited in place mid-run: a PiecewiseConstantDecay whose
`boundaries` and `values` lists are mutated in place, a program-defined LearningRateSchedule
subclass with plain Python attributes, and a CosineDecayRestarts swapped in; the optimizer
also gets `iterations` rewound.

Optimizer A (SGD, momentum) uses PiecewiseConstantDecay([10, 20], [0.1, 0.05, 0.02]).
Optimizer B (Adam) uses WarmupHold (the program's subclass: linear warm-up for `warm` steps,
then `peak * self.mult`).
Step 14: pw.values[1] = 0.2 (list item changed in place).
Step 18: pw.boundaries[1] = 30 (the second boundary moves).
Step 21: wh.mult = 0.5 and wh.warm = 25 (warm-up re-entered).
Step 26: opt_a.iterations.assign(12).
Step 30: opt_b.learning_rate = CosineDecayRestarts(0.01, 4).
Each step prints both optimizers' current learning rates and iterations.
A wrong converter keeps the lists' old contents, the subclass's old attributes, or the old
schedule object."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4432)
random.seed(4432)
rng = np.random.default_rng(4432)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")


class WarmupHold(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, peak, warm):
        self.peak = peak
        self.warm = warm
        self.mult = 1.0

    def __call__(self, step):
        s = tf.cast(step, tf.float32)
        ramp = self.peak * (s + 1.0) / self.warm
        return tf.minimum(ramp, self.peak * self.mult)


pw = keras.optimizers.schedules.PiecewiseConstantDecay([10, 20], [0.1, 0.05, 0.02])
wh = WarmupHold(0.01, 8)
enc = keras.Sequential([keras.Input((64,)), keras.layers.Dense(24, activation="relu")])
head = keras.Sequential([keras.Input((24,)), keras.layers.Dense(10)])
opt_a = keras.optimizers.SGD(pw, momentum=0.5)
opt_b = keras.optimizers.Adam(wh)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape(persistent=True) as tape:
        loss = loss_fn(y, head(enc(x)))
    ga = tape.gradient(loss, enc.trainable_variables)
    gb = tape.gradient(loss, head.trainable_variables)
    del tape
    opt_a.apply_gradients(zip(ga, enc.trainable_variables))
    opt_b.apply_gradients(zip(gb, head.trainable_variables))
    return loss, float(opt_a.learning_rate), float(opt_b.learning_rate)


for step in range(38):
    if step == 14:
        pw.values[1] = 0.2
    elif step == 18:
        pw.boundaries[1] = 30
    elif step == 21:
        wh.mult = 0.5
        wh.warm = 25
    elif step == 26:
        opt_a.iterations.assign(12)
    elif step == 30:
        opt_b.learning_rate = keras.optimizers.schedules.CosineDecayRestarts(0.01, 4)
    i = (step * 16) % (len(X) - 16)
    loss, lra, lrb = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), repr(lra), repr(lrb), int(opt_a.iterations), int(opt_b.iterations))

for v in enc.trainable_variables + head.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("pw", pw.boundaries, pw.values)
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
