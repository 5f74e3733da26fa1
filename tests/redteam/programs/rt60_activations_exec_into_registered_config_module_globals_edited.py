"""Hyperparameters live in a configuration module the program builds at run time
(`types.ModuleType("hparams")`, registered in `sys.modules`), and two activations are
compiled from configuration strings into that module's namespace: `act` by
`exec(compile(src, "<hparams>", "exec"), HP.__dict__)` and `gate` by
`eval("lambda x: ...", HP.__dict__)`.  Both read module globals (SCALE, SHIFT, nonlin,
SLOPE).  Mid-run the loop sets HP.SCALE (step 9), HP.SHIFT (step 15), rebinds
HP.nonlin to tf.nn.elu (step 21), and updates SLOPE and SCALE through
`HP.__dict__.update` (step 27).
Probes: code exec()'d into a namespace whose globals *do* name a module (one with no
file, made by the program): the 2026-12-01 rule makes code "whose globals name no
module" the program's; this asks whether code of a program-made module is still run
natively (as library code) by Keras while janus builds, baking the globals in."""
import random

import numpy

random.seed(6015)
numpy.random.seed(6015)

import json
import sys
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6015)
rng = np.random.default_rng(6015)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (np.tanh(XS[:, :1] * 2.0) - 0.3 * XS[:, 4:5]).astype(np.float32)

HP = types.ModuleType("hparams")
HP.tf = tf
HP.SCALE = 1.0
HP.SHIFT = 0.0
HP.SLOPE = 0.3
HP.nonlin = tf.nn.relu
sys.modules["hparams"] = HP
exec(compile("def act(x):\n    return nonlin(x) * SCALE + SHIFT\n", "<hparams>", "exec"), HP.__dict__)
gate = eval("lambda x: tf.where(x > 0.0, x, SLOPE * x)", HP.__dict__)

inp = keras.Input((6,))
h = keras.layers.Dense(10, activation=HP.act)(inp)
h = keras.layers.Dense(5, activation=gate)(h)
MODEL = keras.Model(inp, keras.layers.Dense(1)(h))
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 9:
        HP.SCALE = 0.5
    if step == 15:
        HP.SHIFT = 0.2
    if step == 21:
        HP.nonlin = tf.nn.elu
    if step == 27:
        HP.__dict__.update(SLOPE=0.0, SCALE=1.5)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), HP.SCALE, HP.SHIFT, HP.SLOPE, HP.nonlin.__name__,
          repr(float(MODEL.layers[-1].kernel.numpy()[0, 0])))

print(json.dumps({
    "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()[:8]],
    "k3": [repr(float(v)) for v in MODEL.layers[3].kernel.numpy().ravel()],
}))
