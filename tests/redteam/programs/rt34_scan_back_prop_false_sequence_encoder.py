"""A tiny recurrent encoder runs over the time axis with tf.scan(step_fn, ...,
back_prop=False).  Eagerly tf.scan's while_loop is a Python loop and back_prop is
ignored, so the recurrent kernel gets the gradient through the scan; traced into a graph
the flag wraps the loop outputs in stop_gradient and the kernel only gets its weight-decay
term.  A class attribute counts steps; the final summary prints every weight."""
import random

import numpy

random.seed(342)
numpy.random.seed(342)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3403)
rng = np.random.default_rng(3403)
SEQ = rng.normal(size=(80, 7, 3)).astype(np.float32)
TGT = (SEQ[:, :, 0].mean(axis=1, keepdims=True) > 0).astype(np.float32)
WX = tf.Variable(rng.normal(size=(3, 5)).astype(np.float32) * 0.4, name="wx")
WH = tf.Variable(rng.normal(size=(5, 5)).astype(np.float32) * 0.3, name="wh")
HEAD = keras.layers.Dense(1)
HEAD.build((None, 5))
OPT = keras.optimizers.Adam(learning_rate=0.02)
BCE = keras.losses.BinaryCrossentropy(from_logits=True)


def cell(h, xt):
    return tf.tanh(xt @ WX + h @ WH)


class Trainer:
    steps = 0

    def step(self, seq, y):
        with tf.GradientTape() as tape:
            xs = tf.transpose(seq, [1, 0, 2])
            hs = tf.scan(cell, xs, initializer=tf.zeros((tf.shape(seq)[0], 5)), back_prop=False)
            logits = HEAD(hs[-1] + 0.1 * (seq[:, 0, :] @ WX))
            loss = BCE(y, logits) + 1e-3 * tf.reduce_sum(tf.square(WH))
        tv = [WX, WH] + HEAD.trainable_variables
        grads = tape.gradient(loss, tv)
        OPT.apply_gradients(zip(grads, tv))
        Trainer.steps += 1
        return loss


T = Trainer()
for ep in range(4):
    tot = 0.0
    for b in range(9):
        i = b * 8
        loss = T.step(tf.constant(SEQ[i:i + 8]), tf.constant(TGT[i:i + 8]))
        tot += float(loss)
    print("epoch", ep, tot.hex())

print("steps", Trainer.steps)
for v in [WX, WH] + HEAD.trainable_variables:
    print(v.name, float(tf.reduce_sum(v)).hex())
