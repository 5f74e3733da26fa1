"""An activation with a default list of knots (`def knots_act(x, knots=KNOTS)`) given to
a Dense layer: Keras calls it with x alone at every forward pass; the loop appends a
knot at step 7 and changes one at step 13, in place."""
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(93)
rng = np.random.default_rng(93)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
KNOTS = [-0.5, 0.5]


def knots_act(x, knots=KNOTS):
    out = x
    for k in knots:
        out = out + tf.nn.relu(x - k)
    return out


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation=knots_act),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    g = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(g, model.trainable_variables))
    return loss


for step in range(20):
    if step == 7:
        KNOTS.append(1.0)
    if step == 13:
        KNOTS[0] = -1.0
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)), KNOTS)

print(json.dumps({"W": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()]}))
