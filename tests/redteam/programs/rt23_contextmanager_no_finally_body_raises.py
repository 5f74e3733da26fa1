"""A @contextlib.contextmanager without try/finally: when the with-body raises,
contextmanager.__exit__ throws the exception into the generator at its yield; the
generator does not catch it, so the code after the yield (the "restore") never runs and
the exception propagates out of the with statement, where the step catches it.

The step scales its loss under `with boosted(cfg):` which doubles cfg.gain before the
yield and restores it after.  Inside the body the step looks up the current batch's
class weight in a dict; the loop deletes that key at step 9 and puts it back at step
21 (KeyError in between, caught by the step outside the with).  In CPython each failing
call leaves cfg.gain doubled (the restore was skipped), so gain grows 2x per failing
step and feeds the next losses.  A graph that runs the generator's tail as if the
with-block had ended normally (or that restores on the exception path) keeps the gain
at its old value, and every later loss differs.
"""
import contextlib
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(29)
np.random.seed(29)
keras.utils.set_random_seed(29)

rng = np.random.default_rng(29)
X = tf.constant(rng.normal(size=(64, 3)).astype(np.float32))
Y = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


class Cfg:
    def __init__(self):
        self.gain = 1.0
        self.entered = 0
        self.misses = 0


CFG = Cfg()
CLASS_W = {"pos": 1.5, "neg": 0.5}
W = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.01)


@contextlib.contextmanager
def boosted(cfg):
    old = cfg.gain
    cfg.gain = old * 2.0
    cfg.entered += 1
    yield cfg.gain
    cfg.gain = old


def train_step(x, y, label):
    with tf.GradientTape() as tape:
        base = tf.reduce_mean(tf.square(x @ W - y))
        try:
            with boosted(CFG) as g:
                cw = CLASS_W[label]
                loss = base * (cw * g)
        except KeyError:
            CFG.misses += 1
            loss = base * CFG.gain
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(36):
    if step == 9:
        del CLASS_W["neg"]
    if step == 21:
        CLASS_W["neg"] = 0.25
    label = "neg" if step % 2 else "pos"
    i = (step * 8) % 56
    loss = train_step(X[i:i + 8], Y[i:i + 8], label)
    print(step, label, repr(float(loss)), CFG.gain, CFG.entered, CFG.misses)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "gain": CFG.gain,
    "entered": CFG.entered,
    "misses": CFG.misses,
}))
