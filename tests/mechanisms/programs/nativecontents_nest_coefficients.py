"""The step hands a dict of per-variable L2 coefficients to tf.nest.map_structure, which
reads it in C.  Part-way the program changes one coefficient in place (the dict stays
the same object).  Eager reads the new value at the next call; a graph that guarded
only the dict's keys keeps the old coefficient."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(51)
rng = np.random.default_rng(51)
XS = rng.normal(size=(24, 16, 4)).astype(np.float32)
YS = rng.normal(size=(24, 16, 1)).astype(np.float32)
PARAMS = {"b": tf.Variable(np.zeros((1,), np.float32)),
          "w": tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))}
COEFS = {"b": 0.0, "w": 0.01}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ PARAMS["w"] + PARAMS["b"] - y))
        penalties = tf.nest.map_structure(lambda c, v: c * tf.reduce_sum(tf.square(v)),
                                          COEFS, PARAMS)
        loss = loss + tf.add_n(tf.nest.flatten(penalties))
    variables = tf.nest.flatten(PARAMS)
    for g, v in zip(tape.gradient(loss, variables), variables):
        v.assign_sub(0.1 * g)
    return loss


for step in range(24):
    if step == 10:
        COEFS["w"] = 0.5
    loss = train_step(XS[step], YS[step])
    if step % 4 == 0:
        print(step, float(loss))

print(json.dumps({"w": PARAMS["w"].numpy().ravel().tolist()}))
