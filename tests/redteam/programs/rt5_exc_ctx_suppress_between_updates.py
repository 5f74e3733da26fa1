"""The step runs inside the program's own context manager GUARD, whose `__exit__` counts
entries/exits and swallows ValueError. Between the first layer's update and the second's the
step checks the Python number LR_SCALE and raises ValueError when it is not positive. The
loop sets LR_SCALE to 0.0 for steps 12-19 (a scheduler bug) and to 0.5 after; in eager the
first update lands, the second does not, the exception is suppressed and the call returns
None."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(521)


class SkipOnValueError:
    def __init__(self):
        self.entered = 0
        self.suppressed = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, ValueError):
            self.suppressed += 1
            return True
        return False


GUARD = SkipOnValueError()
rng = np.random.default_rng(25)
XS = rng.normal(size=(64, 5)).astype("float32")
YS = np.tanh(XS[:, :1] - XS[:, 4:]).astype("float32")
W1 = tf.Variable(rng.normal(size=(5, 4)).astype("float32") * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype("float32") * 0.4)
LR_SCALE = 1.0
DONE = []


def train_step(x, y):
    with GUARD:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.nn.relu(x @ W1) @ W2 - y))
        g1, g2 = tape.gradient(loss, [W1, W2])
        W1.assign_sub(0.1 * g1)
        if not LR_SCALE > 0:
            raise ValueError(f"bad lr scale {LR_SCALE}")
        W2.assign_sub(0.1 * LR_SCALE * g2)
        DONE.append(len(DONE))
        return loss


for step in range(32):
    if step == 12:
        LR_SCALE = 0.0
    if step == 20:
        LR_SCALE = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, None if loss is None else repr(float(loss)), GUARD.entered, GUARD.suppressed,
          len(DONE), repr(float(tf.reduce_sum(W1))))

print("W2", W2.numpy().ravel().tolist())
