"""A Sequential model whose step reads a config scale and branches on its numeric type:
`isinstance(s, numbers.Rational)` (Fraction) uses it as a ratio of its numerator and
denominator, `type(s) is float` multiplies by it, any other Real (numpy float64, a
float subclass; numpy float32) takes a different clipping path; the type's name is
printed from inside the step.  The loop swaps the scale between values that are all
`== 0.5` and hash alike: 0.5 (step 0), Fraction(1, 2) (step 7), numpy.float64(0.5)
(step 13), numpy.float32(0.5) (step 19), back to 0.5 (step 25), Fraction(2, 4) (step 29).
Probes: guards on a Python number that compare by value (`==`) where the step's answer
depends on the number's exact type and the numeric-tower ABCs."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json
import numbers
from fractions import Fraction

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5811)
rng = np.random.default_rng(5811)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 1:2] * 2.0 - XS[:, 3:4]).astype(np.float32)


class Cfg:
    scale = 0.5


CFG = Cfg()
MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    s = CFG.scale
    with tf.GradientTape() as tape:
        err = MODEL(x) - y
        if isinstance(s, numbers.Rational):
            loss = tf.reduce_mean(tf.square(err)) * (s.numerator / (s.denominator + 1))
        elif type(s) is float:
            loss = tf.reduce_mean(tf.square(err)) * s
        elif isinstance(s, numbers.Real):
            loss = tf.reduce_mean(tf.square(tf.clip_by_value(err, -1.0, 1.0))) * float(s)
        else:
            loss = tf.reduce_mean(tf.abs(err))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    print("  scale type", type(s).__name__)
    return loss


for step in range(32):
    if step == 7:
        CFG.scale = Fraction(1, 2)
    if step == 13:
        CFG.scale = np.float64(0.5)
    if step == 19:
        CFG.scale = np.float32(0.5)
    if step == 25:
        CFG.scale = 0.5
    if step == 29:
        CFG.scale = Fraction(2, 4)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), CFG.scale == 0.5)

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
