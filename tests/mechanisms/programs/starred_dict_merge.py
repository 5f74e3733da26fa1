"""`{**BASE, "extra": 2.0}` and `loss_of(x, **OPTS, shift=...)` in the step: a display
and a call that read every key and value of global dicts; the loop changes BASE["lr"] at
step 10, OPTS["scale"] at step 13 and adds a key to BASE at step 17."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(63)
BASE = {"lr": 0.1}
OPTS = {"scale": 1.0}
w = tf.Variable(np.ones((3, 1), np.float32))


def loss_of(x, scale, shift=0.0):
    return tf.reduce_mean(tf.square(x @ w + shift)) * scale


def train_step(x):
    cfg = {**BASE, "extra": 2.0}
    with tf.GradientTape() as tape:
        loss = loss_of(x, **OPTS, shift=cfg["extra"] * 0.1)
    w.assign_sub(cfg["lr"] * tape.gradient(loss, w))
    return loss, sorted(cfg)


for i in range(24):
    if i == 10:
        BASE["lr"] = 0.01
    if i == 13:
        OPTS["scale"] = 2.0
    if i == 17:
        BASE["momentum"] = 0.9
    loss, keys = train_step(tf.constant(np.full((2, 3), 0.1 * i, np.float32)))
    print(i, repr(float(loss)), keys)
print(w.numpy().ravel().tolist())
