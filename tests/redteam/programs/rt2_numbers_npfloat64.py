"""Carried numbers of numpy scalar types: the learning rate lives in a dict as np.float64 (a float
subclass) and decays inside the step (`lr * 0.95` stays np.float64); an EMA of float(loss) is a
Python float; `loss.numpy().item()`, round() and divmod are stored. At step 10 the loop replaces
the rate by np.float32(0.2). Expects the exact types (np.float64/np.float32/float/int) and values kept."""
import math

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(505)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(505)
X = tf.constant(rng.normal(size=(40, 3)))
Y = tf.constant(X.numpy() @ np.array([[1.5], [-0.5], [0.75]]) + 0.2)

W = tf.Variable(tf.zeros((3, 1), tf.float64))
B = tf.Variable(tf.zeros((1,), tf.float64))
STATE = {"lr": np.float64(0.3), "ema": 0.0, "steps": 0, "lr_hist": [], "items": [], "rounded": [],
         "qr": []}


def train_step(x, y):
    lr = STATE["lr"]
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, W) + B
        loss = tf.reduce_mean(tf.square(pred - y))
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(lr * gw)
    B.assign_sub(lr * gb)
    STATE["steps"] += 1
    STATE["ema"] = 0.9 * STATE["ema"] + 0.1 * float(loss)
    item = loss.numpy().item()
    STATE["items"].append(item)
    STATE["rounded"].append(round(lr, 4))
    STATE["qr"].append(divmod(STATE["steps"] * 7, 5))
    STATE["lr_hist"].append(lr)
    STATE["lr"] = lr * 0.95
    is_float = isinstance(lr, float)
    print(f"step {STATE['steps'] - 1:2d} lr_type={type(lr).__name__} is_float={is_float} "
          f"lr={lr!r} next={STATE['lr']!r} ema={STATE['ema']!r} item={item!r} "
          f"floor_log={math.floor(math.log10(item))}")
    return loss


for step in range(30):
    if step == 10:
        STATE["lr"] = np.float32(0.2)
    train_step(X, Y)

LR_TYPES = [type(v).__name__ for v in STATE["lr_hist"]]
print(f"final lr={STATE['lr']!r} ema={STATE['ema']!r} types={sorted(set(LR_TYPES))} "
      f"rounded_last={STATE['rounded'][-1]!r} qr_last={STATE['qr'][-1]!r} "
      f"W={W.numpy().ravel().tolist()!r}")
