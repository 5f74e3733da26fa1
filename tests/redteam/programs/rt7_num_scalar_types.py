"""The *types* of the numbers a step hands back: numpy scalars from .numpy(), .item(),
np.float64(tensor), int()/bool() of tensors, numpy-vs-Python promotion (NEP 50), and a global
scale factor whose type changes mid-run from outside.

The step multiplies the logits by SCALE and returns a tuple of derived numbers; the loop
prints type name and repr of each, and keeps a running np.float32 sum.
SCALE: 1.0 (float), step 13 np.float64(1/3), step 18 np.float16(0.5), step 23 np.int32(2),
step 28 True (a bool), step 33 tf.constant(0.75) (a tensor).
A wrong converter returns Python floats where eager returns np.float32/np.float64 (or the
reverse), converts SCALE with the wrong dtype or rounding, or loses a bool/int type."""
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(4533)
random.seed(4533)
rng = np.random.default_rng(4533)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.05)
SCALE = 1.0
RUN = np.float32(0.0)


def train_step(x, y):
    global RUN
    with tf.GradientTape() as tape:
        logits = (x @ W) * SCALE
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    W.assign_sub(0.3 * tape.gradient(loss, W))
    ln = loss.numpy()
    lv = ln.item()
    l64 = np.float64(loss)
    correct = tf.reduce_sum(tf.cast(tf.equal(tf.argmax(logits, 1, output_type=tf.int32), y), tf.int32))
    c = int(correct)
    good = bool(correct > 8)
    RUN = RUN + ln
    out = (ln, lv, l64, c, good, ln + 0.1, lv + np.float32(0.1), np.int64(c) / 2, c / 2,
           np.mean([lv, float(ln)]), correct.numpy(), tf.constant(l64).dtype.name,
           tf.constant(lv).dtype.name, round(ln, 3), round(lv, 3), divmod(c, 3))
    return loss, out


for step in range(38):
    if step == 13:
        SCALE = np.float64(1 / 3)
    elif step == 18:
        SCALE = np.float16(0.5)
    elif step == 23:
        SCALE = np.int32(2)
    elif step == 28:
        SCALE = True
    elif step == 33:
        SCALE = tf.constant(0.75)
    i = (step * 24) % (len(X) - 24)
    loss, out = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    print(step, repr(float(loss)), [f"{type(v).__name__}:{v!r}" for v in out])
    print("  run", repr(RUN), type(RUN).__name__)

print("ck", repr(float(np.sum(np.abs(W.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
