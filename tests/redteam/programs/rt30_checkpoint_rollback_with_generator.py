"""A tf.train.Checkpoint holds the model, the Adam optimizer, a tf.random.Generator
the step draws input noise from, and a non-trainable step-counter variable.  At step 8
the program writes the checkpoint (./ckpt_rb); at step 18 it reads it back, which
rolls back weights, Adam's slots and iterations, the counter and the generator's
state, so the noise stream repeats.  Probes: a checkpoint restore mid-run of every
piece of TF state the converted step reads and writes."""
import random

import numpy

random.seed(31)
numpy.random.seed(31)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3101)
rng = np.random.default_rng(3101)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.cos(XS.sum(axis=1, keepdims=True)).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
GEN = tf.random.Generator.from_seed(77)
COUNTER = tf.Variable(0, dtype=tf.int64, trainable=False)
OPT.build(model.trainable_variables)
ckpt = tf.train.Checkpoint(model=model, opt=OPT, gen=GEN, counter=COUNTER)
path = None


def train_step(x, y):
    noise = GEN.normal(tf.shape(x), stddev=0.05)
    with tf.GradientTape() as tape:
        pred = model(x + noise, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    COUNTER.assign_add(1)
    return loss, tf.reduce_sum(noise)


for step in range(30):
    if step == 8:
        path = ckpt.write("./ckpt_rb")
    if step == 18:
        ckpt.read(path).assert_consumed()
        print("restored", int(COUNTER), int(OPT.iterations))
    i = (step * 8) % 56
    loss, ns = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(ns)), int(COUNTER))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()],
    "iters": int(OPT.iterations), "counter": int(COUNTER),
    "gen_state": [int(v) for v in GEN.state.numpy()],
}))
