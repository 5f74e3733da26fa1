"""A Dropout layer whose `rate` is a tf.Variable (not a Python float).  Dropout.call asks
`if training and self.rate > 0:` which, with a Variable, is a truth test of a tensor, and
hands the Variable on to keras.random.dropout.  The loop assigns the variable mid-run:
step 8 -> 0.0 (the branch flips: no draw, the seed generator must stop advancing), step
15 -> 0.45, and at step 21 sets the layer's noise_shape to (None, 1) through vars().
Prints the layer's seed state and the rate each step.  Probes: a tensor-valued layer
hyperparameter deciding a Python branch in library code, and a tuple attribute edit."""
import random

import numpy

random.seed(386)
numpy.random.seed(386)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3806)
rng = np.random.default_rng(3806)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :3]) @ np.ones((3, 1), np.float32)).astype(np.float32)
RATE = tf.Variable(0.3, trainable=False, name="drop_rate")
drop = keras.layers.Dropout(0.3, seed=5)
drop.rate = RATE
dense1 = keras.layers.Dense(10, activation="relu")
dense2 = keras.layers.Dense(1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = drop(dense1(x), training=True)
        loss = tf.reduce_mean(tf.square(dense2(h) - y))
    tv = dense1.trainable_weights + dense2.trainable_weights
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


for step in range(28):
    if step == 8:
        RATE.assign(0.0)
    elif step == 15:
        RATE.assign(0.45)
    elif step == 21:
        vars(drop)["noise_shape"] = (None, 1)
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), drop.seed_generator.state.numpy().tolist(), repr(float(RATE)))

print(json.dumps({
    "weights": [w.numpy().ravel().tolist() for w in dense1.weights + dense2.weights],
    "seed": drop.seed_generator.state.numpy().tolist(),
    "noise_shape": list(drop.noise_shape) if drop.noise_shape else None,
    "n_weights_drop": len(drop.weights), "iterations": int(OPT.iterations),
}))
