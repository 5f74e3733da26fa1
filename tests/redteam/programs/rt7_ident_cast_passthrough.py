"""Identity of objects that pass *through* the step unchanged: `tf.cast(x, tf.float32)` and
`tf.convert_to_tensor` / `keras.ops.cast` return the caller's very tensor when the dtype
already matches (a new one otherwise), and `float(f)` / `+f` / `max(f, 0.0)` return the
caller's very float object. The step stores them on the trainer and returns them; the loop
checks them with `is`.

Steps 0-17 feed float32 batches (cast is a pass-through: `tr.last_x is xb` True).
Steps 18-27 feed float64 batches (cast makes a new tensor: False), 28+ float32 again.
CFG["lr"] is a float object; at step 22 it becomes the int 1 scaled by LR_SCALE (float(1) is
a new object), at step 30 a new float object equal to the old value.
The step also keeps the previous call's x in tr.prev_x and checks `x is tr.prev_x`; the loop
passes the very same tensor object again on steps 33 and 34.
A wrong converter hands back graph-made copies (is -> False), or the original where eager
made a new tensor (is -> True)."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3927)
random.seed(3927)
rng = np.random.default_rng(3927)

digits = load_digits()
X32 = (digits.data / 16.0).astype("float32")
X64 = (digits.data / 16.0).astype("float64")
Y = digits.target.astype("int32")
CFG = {"lr": 0.2}
LR_SCALE = 0.2


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.05)
        self.last_x = None
        self.prev_x = None
        self.lr_used = None

    def step(self, x_in, y_in):
        x = tf.cast(x_in, tf.float32)
        y = tf.convert_to_tensor(y_in)
        xk = keras.ops.cast(x, "float32")
        repeat = x is self.prev_x
        self.prev_x = x
        self.last_x = xk
        lr = float(CFG["lr"])
        lr = max(+lr, 0.0)
        if lr > 0.5:
            lr = lr * LR_SCALE
        self.lr_used = lr
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, x @ self.w))
        self.w.assign_sub(lr * tape.gradient(loss, self.w))
        return loss, x, y, repeat


tr = Trainer()
xb = None
for step in range(38):
    if step == 22:
        CFG["lr"] = 1
    elif step == 30:
        CFG["lr"] = float("0.2")
    i = (step * 16) % (len(X32) - 16)
    if step not in (33, 34):
        src = X64 if 18 <= step < 28 else X32
        xb = tf.constant(src[i:i + 16])
    yb = tf.constant(Y[i:i + 16])
    loss, x_ret, y_ret, repeat = tr.step(xb, yb)
    print(step, repr(float(loss)), xb.dtype.name, "x_ret", x_ret is xb, "last", tr.last_x is xb,
          "x_ret_last", x_ret is tr.last_x, "y", y_ret is yb, "repeat", repeat,
          "lr", repr(tr.lr_used), tr.lr_used is CFG["lr"], type(tr.lr_used).__name__)

print("ck", repr(float(np.sum(np.abs(tr.w.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
