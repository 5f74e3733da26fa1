"""Memoisation state the step touches: a functools.lru_cache helper (its cache, hit/miss
counters and the program's own trace list are Python state) and a functools.cached_property
on the trainer (it writes the instance __dict__ on first access).

    @functools.lru_cache(maxsize=4)
    def lr_for(epoch): CALLS.append(epoch); return BASE_LR * 0.8 ** epoch

    class Trainer: @cached_property def l2(self): L2_CALLS.append(self.l2_base); return ...

The step calls lr_for(step // 5) and reads self.l2.
  step 12: BASE_LR = 0.2 (eager: cached epochs keep the old lr, new epochs use 0.2)
  step 17: lr_for.cache_clear()
  step 21: tr.l2_base = 0.01; del tr.l2 (the cached value dropped: recomputed once, at the
           next access in the step)
  step 26: maxsize 4 cache: epochs cycle (step // 5 goes back via EPOCH_OFFSET = -3),
           hits on old entries
  step 30: tr.__dict__["l2"] = 0.5 (the cached slot overwritten by hand)
A converter that calls the cached function at build time only (so a hit/miss count, the
CALLS list or the cached lr differs) or that computes the cached_property without its
instance-dict write prints other counters, lrs and weights.
"""
import functools
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(839)

BASE_LR = 0.1
CALLS = []
L2_CALLS = []
EPOCH_OFFSET = 0


@functools.lru_cache(maxsize=4)
def lr_for(epoch):
    CALLS.append(epoch)
    return BASE_LR * 0.8 ** epoch


class Trainer:
    def __init__(self, rng):
        self.l2_base = 0.001
        self.w1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
        self.w2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)

    @functools.cached_property
    def l2(self):
        L2_CALLS.append(self.l2_base)
        return self.l2_base * 2.0

    def train_step(self, x, y, step):
        lr = lr_for(max(0, step // 5 + EPOCH_OFFSET))
        with tf.GradientTape() as tape:
            pred = tf.tanh(x @ self.w1) @ self.w2
            loss = tf.reduce_mean(tf.square(pred - y)) + self.l2 * tf.reduce_sum(self.w1 * self.w1)
        g1, g2 = tape.gradient(loss, [self.w1, self.w2])
        self.w1.assign_sub(lr * g1)
        self.w2.assign_sub(lr * g2)
        info = lr_for.cache_info()
        print("  lr", repr(lr), "l2", repr(self.l2), "cache", info.hits, info.misses, info.currsize,
              "calls", CALLS[-3:], len(L2_CALLS))
        return loss


rng = np.random.default_rng(839)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, :1] * XS[:, 2:3] + 0.3 * XS[:, 4:5]).astype(np.float32)
tr = Trainer(rng)

for step in range(36):
    if step == 12:
        BASE_LR = 0.2
    if step == 17:
        lr_for.cache_clear()
    if step == 21:
        tr.l2_base = 0.01
        del tr.l2
    if step == 26:
        EPOCH_OFFSET = -3
    if step == 30:
        tr.__dict__["l2"] = 0.5
    i = (step * 8) % 56
    loss = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), "l2" in vars(tr))

print("state", CALLS, L2_CALLS, lr_for.cache_info(), sorted(vars(tr)))
print("final", repr(float(tf.reduce_sum(tr.w1))), repr(float(tf.reduce_sum(tr.w2))))
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
