"""train_step built by a factory (closure cells) and wrapped by a counting decorator that
keeps its state in function attributes; the loop changes cells and attributes directly.

    def make_step(model_vars, lr): ...
        def train_step(x, y): ... reads lr (a cell), `settings` (a cell holding a dict),
                                  train_step.clip (its own function attribute)
        def set_lr(v): nonlocal lr; lr = v
        return train_step, set_lr
    train_step = counted(train_step)  (functools.wraps: same __name__, keeps `calls`
                                       in wrapper.__dict__ and forwards .clip)
  step 11: set_lr(0.02)                                   (a nonlocal rebinding)
  step 15: RAW.__closure__[idx("settings")].cell_contents = {"noise": 0.05}
           (a cell written directly through the cell object)
  step 19: RAW.clip = 0.1                                 (a function attribute)
  step 23: train_step.calls = 100                         (the wrapper's counter reset)
  step 27: RAW.__closure__[idx("lr")].cell_contents = 0.05
  step 31: del RAW.clip                                   (getattr default used again)
A converter that freezes cell contents or function attributes at build time, or guards
the function object only by identity, trains with the wrong lr/noise/clip and prints
other counters.
"""
import functools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(841)

rng = np.random.default_rng(841)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + XS[:, 2:3] * XS[:, 3:4]).astype(np.float32)
NOISE = tf.constant(rng.normal(size=(8, 1)).astype(np.float32))
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)


def make_step(model_vars, lr):
    settings = {"noise": 0.0}

    def train_step(x, y):
        w1, w2 = model_vars
        with tf.GradientTape() as tape:
            pred = tf.tanh(x @ w1) @ w2
            loss = tf.reduce_mean(tf.square(pred - (y + settings["noise"] * NOISE)))
        grads = tape.gradient(loss, [w1, w2])
        clip = getattr(train_step, "clip", None)
        if clip is not None:
            grads = [tf.clip_by_norm(g, clip) for g in grads]
        for v, g in zip((w1, w2), grads):
            v.assign_sub(lr * g)
        print("  lr", repr(lr), "noise", settings["noise"], "clip", clip)
        return loss

    def set_lr(v):
        nonlocal lr
        lr = v

    return train_step, set_lr


def counted(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return fn(*args, **kwargs)

    wrapper.calls = 0
    return wrapper


RAW, set_lr = make_step((W1, W2), 0.1)
train_step = counted(RAW)


def idx(name):
    return RAW.__code__.co_freevars.index(name)


for step in range(36):
    if step == 11:
        set_lr(0.02)
    if step == 15:
        RAW.__closure__[idx("settings")].cell_contents = {"noise": 0.05}
    if step == 19:
        RAW.clip = 0.1
    if step == 23:
        train_step.calls = 100
    if step == 27:
        RAW.__closure__[idx("lr")].cell_contents = 0.05
    if step == 31:
        del RAW.clip
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), train_step.calls, train_step.__name__, sorted(vars(RAW)))

print("cells", sorted(RAW.__code__.co_freevars), RAW.__closure__[idx("lr")].cell_contents,
      RAW.__closure__[idx("settings")].cell_contents)
print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
