"""Python's and numpy's generators reseeded *inside* the step (per-example deterministic
augmentation, as data pipelines do), plus draws with cached state: random.gauss keeps a
second normal in the generator state, and numpy's legacy standard_normal likewise.

    random.seed(SEED_BASE + k); np.random.seed(SEED_BASE + k)   # in train_step
    jitter = random.gauss(0, SIGMA); shift = np.random.standard_normal()
    extra = random.random()

k is a Python int argument (step // 3, so the seed repeats for 3 calls). The loop also
draws from both generators between steps.
  step 12: SIGMA = 0.2 (was 0.05)
  step 15: SEED_BASE = 500
  step 19: the loop calls random.gauss and np.random.standard_normal (odd counts: the
           cached second normal changes hands)
  step 24: random.seed(0) from the loop
  step 28: the step stops reseeding (RESEED = False): its draws continue the loop's streams
A converter that reseeds only at build time, or replays draws without the seed calls,
gives other jitters and leaves random/np.random in other states (printed every step).
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(830)

SIGMA = 0.05
SEED_BASE = 100
RESEED = True
rng = np.random.default_rng(830)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-1.0], [0.5], [0.0]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))


def train_step(x, y, k):
    if RESEED:
        random.seed(SEED_BASE + k)
        np.random.seed(SEED_BASE + k)
    jitter = random.gauss(0.0, SIGMA)
    shift = np.random.standard_normal()
    extra = random.random()
    with tf.GradientTape() as tape:
        pred = (x + jitter) @ W + shift * 0.01
        loss = tf.reduce_mean(tf.square(pred - y)) * (1.0 + 0.1 * extra)
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    print("  jitter", repr(jitter), "shift", repr(float(shift)), type(shift).__name__, "extra", repr(extra))
    return loss


for step in range(36):
    if step == 12:
        SIGMA = 0.2
    if step == 15:
        SEED_BASE = 500
    if step == 19:
        print("loop", repr(random.gauss(0, 1)), repr(np.random.standard_normal()))
    if step == 24:
        random.seed(0)
    if step == 28:
        RESEED = False
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step // 3)
    print(step, repr(float(loss)), "probe", repr(random.random()), repr(float(np.random.random())))

print("final", W.numpy().ravel().tolist())
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()),
      repr(random.gauss(0, 1)), repr(np.random.standard_normal()))
