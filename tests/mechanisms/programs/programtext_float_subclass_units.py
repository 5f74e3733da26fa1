"""The step prints the learning rate it is given as a float subclass whose __str__
shows units; the loop replaces the rate mid-run.  The program's __str__ is inlined at
the print, and the step converts."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(13)
rng = np.random.default_rng(13)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.arange(1, 5, dtype=np.float32)[:, None]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class Rate(float):
    unit = "step"

    def __str__(self):
        return f"{self.shown}/{self.unit}"


def rate(value, shown):
    made = Rate(value)
    made.shown = shown
    return made


LR = rate(0.01, "1e-2")


def train_step(x, y, lr):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    print("lr", LR)
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 12:
        LR = rate(0.02, "2e-2")
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), 0.01 if step < 12 else 0.02))))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
