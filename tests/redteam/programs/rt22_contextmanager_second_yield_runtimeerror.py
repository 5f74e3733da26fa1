"""Probes a @contextlib.contextmanager helper used in the step whose generator, on a
Python flag the loop sets mid-run, yields a second time after the with-body.  contextlib
then raises RuntimeError("generator didn't stop") from __exit__, *after* the with-body
ran (its loss is computed, its writes made) and after the generator's code up to the
second yield ran (it restored the scale and appended to a log).  The step catches the
RuntimeError, counts it and adds a penalty term.  The generator also has a try/finally
whose finally does NOT run at that point in eager (the generator is left suspended at
its second yield and only finishes when collected, after the step returns -- its
finally appends "closed" to the log then).  The flag flips on at step 10, off at step
19, on again at step 27.  A graph that ran the generator to its end, skipped the second
yield's error, or ran the finally inside the call would print other logs and losses."""
import contextlib
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(2207)
np.random.seed(2207)
keras.utils.set_random_seed(2207)
rng = np.random.default_rng(2207)

XS = rng.normal(size=(72, 6)).astype(np.float32)
YS = (np.cos(XS[:, :1]) + XS[:, 2:3] * 0.5).astype(np.float32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Cfg:
    scale = 1.0
    double_yield = False


CFG = Cfg()
LOG = []
ERRORS = [0]


@contextlib.contextmanager
def scaled(cfg, factor):
    old = cfg.scale
    cfg.scale = old * factor
    LOG.append("enter")
    try:
        yield cfg.scale
        cfg.scale = old
        LOG.append("exit")
        if cfg.double_yield:
            yield None
    finally:
        LOG.append("closed")


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        try:
            with scaled(CFG, 0.5) as s:
                loss = tf.reduce_mean(tf.square(pred - y)) * (1.0 + s)
        except RuntimeError:
            ERRORS[0] += 1
            loss = loss + 0.01 * tf.reduce_mean(tf.square(pred))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(36):
    if step == 10:
        Cfg.double_yield = True
    if step == 19:
        Cfg.double_yield = False
    if step == 27:
        Cfg.double_yield = True
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), CFG.scale, ERRORS[0], LOG[-4:], len(LOG))

print(json.dumps({
    "weights": [repr(float(v)) for w in MODEL.get_weights() for v in w.ravel()[:8]],
    "iterations": int(OPT.iterations.numpy()),
    "errors": ERRORS[0], "log_len": len(LOG), "log_tail": LOG[-6:],
}))
