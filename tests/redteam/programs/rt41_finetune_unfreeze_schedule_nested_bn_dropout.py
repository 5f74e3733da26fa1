"""Transfer-learning schedule: a nested `base` model (Dense, BatchNormalization,
Dropout with its own seed, Dense) feeds a head.  Adam is built up front on every
variable.  The step differentiates `model.trainable_variables` (read in the step) and
prints how many there are.  Between steps the loop freezes the whole base (steps 0-9),
unfreezes only its last Dense (10-19), unfreezes the BN too (20-27), then everything,
and at step 31 freezes the head alone.  A frozen BN runs in inference mode in Keras 3.
Probes: trainable toggles on nested layers, BN moving statistics, Dropout's seed
generator, the changing trainable variable list."""
import random

import numpy

random.seed(18)
numpy.random.seed(18)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4111)
rng = np.random.default_rng(4111)
XS = rng.normal(size=(96, 8)).astype(np.float32)
YS = (np.tanh(XS[:, :3].sum(axis=1, keepdims=True))).astype(np.float32)

base = keras.Sequential([keras.Input((8,)), keras.layers.Dense(12, activation="relu", name="d1"),
                         keras.layers.BatchNormalization(name="bn"),
                         keras.layers.Dropout(0.25, seed=7, name="drop"),
                         keras.layers.Dense(6, activation="tanh", name="d2")], name="base")
head = keras.layers.Dense(1, name="head")
inp = keras.Input((8,))
model = keras.Model(inp, head(base(inp)))
OPT = keras.optimizers.Adam(learning_rate=0.01)
OPT.build(model.trainable_variables)
ALL = list(model.trainable_variables)


def train_step(x, y):
    tv = model.trainable_variables
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss, len(tv)


def set_phase(step):
    if step == 0:
        base.trainable = False
    elif step == 10:
        base.get_layer("d2").trainable = True
    elif step == 20:
        base.get_layer("bn").trainable = True
    elif step == 28:
        base.trainable = True
    elif step == 31:
        head.trainable = False


for step in range(36):
    set_phase(step)
    i = (step * 8) % 88
    loss, ntv = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    bn = base.get_layer("bn")
    print(step, repr(float(loss)), ntv, repr(float(tf.reduce_sum(bn.moving_mean))),
          repr(float(tf.reduce_sum(bn.moving_variance))), int(OPT.iterations.numpy()))

print("vars", [repr(float(tf.reduce_sum(v))) for v in model.variables])
print("opt", [repr(float(tf.reduce_sum(v))) for v in OPT.variables])
