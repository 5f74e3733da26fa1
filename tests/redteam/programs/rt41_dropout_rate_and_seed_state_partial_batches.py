"""An MLP with two seeded Dropout layers trained on batches of 10 from 64 rows, so every
epoch ends with a partial batch of 4.  Mid-run the loop changes `drop1.rate` (0.3 ->
0.0 -> 0.5), swaps `drop2.noise_shape` from None to (None, 1) (the same mask for all
features), and assigns drop2's seed-generator state from outside.  The loop prints
the loss and both dropout layers' seed-generator states after every step.
Probes: Dropout attributes and seed-generator state changed mid-run, partial last
batches."""
import random

import numpy

random.seed(29)
numpy.random.seed(29)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4122)
rng = np.random.default_rng(4122)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) * 0.5).astype(np.float32)
drop1 = keras.layers.Dropout(0.3, seed=11)
drop2 = keras.layers.Dropout(0.2, seed=12)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="relu"), drop1,
                          keras.layers.Dense(8, activation="relu"), drop2, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def state(layer):
    return [int(v) for v in layer.seed_generator.state.numpy()]


step = 0
for epoch in range(6):
    for i in range(0, 64, 10):
        if step == 9:
            drop1.rate = 0.0
        elif step == 16:
            drop1.rate = 0.5
        elif step == 22:
            drop2.noise_shape = (None, 1)
        elif step == 29:
            drop2.seed_generator.state.assign(np.array([99, 0], dtype=drop2.seed_generator.state.dtype))
        loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
        print(step, epoch, repr(float(loss)), state(drop1), state(drop2))
        step += 1

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
