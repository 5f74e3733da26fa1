"""Gradient accumulation where the accumulators are tf.Variables handed *directly* to
apply_gradients as the gradients (not their values), with global_clipnorm set, every 3rd
step; the step then zeroes them.  The optimizer reads the accumulator variables while it
updates.  At step 20 global_clipnorm is lowered.  Probes: variables passed where
tensors are expected, read inside library code between other updates."""
import random
import numpy
random.seed(7)
numpy.random.seed(7)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(337)
rng = np.random.default_rng(337)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.3], [2.0]], np.float32)).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.02, global_clipnorm=1.0)
ACC = [tf.Variable(tf.zeros_like(v), trainable=False) for v in model.trainable_variables]
COUNT = 0


def train_step(x, y):
    global COUNT
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    for a, g in zip(ACC, grads):
        a.assign_add(g)
    COUNT += 1
    if COUNT % 3 == 0:
        opt.apply_gradients(zip(ACC, model.trainable_variables))
        for a in ACC:
            a.assign(tf.zeros_like(a))
    return loss


for step in range(42):
    if step == 20:
        opt.global_clipnorm = 0.2
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), int(opt.iterations), float(tf.reduce_sum(ACC[0])).hex())

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
