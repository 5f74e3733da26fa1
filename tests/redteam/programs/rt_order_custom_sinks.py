"""Output that goes through the program's own objects: the step prints to file=SINK (a user
class whose write() appends to a list) and then reads len(SINK.parts); it also prints inside
contextlib.redirect_stdout(BUF). At step 10 the loop replaces sys.stdout itself with a tee
object for a few steps. Deferring prints to after the call changes what the step reads."""
import contextlib
import io
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(43)
tf.keras.backend.set_floatx("float64")


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)

    def flush(self):
        pass


class Tee:
    def __init__(self, real):
        self.real = real
        self.count = 0

    def write(self, s):
        self.count += 1
        return self.real.write(s.upper())

    def flush(self):
        self.real.flush()


rng = np.random.default_rng(14)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(np.zeros((3, 1)))
SINK = Sink()
BUF = io.StringIO()
REAL = sys.stdout
TEE = Tee(REAL)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    print("sink", step, f"{float(loss):.5f}", file=SINK)
    n = len(SINK.parts)
    with contextlib.redirect_stdout(BUF):
        print("buffered", step)
    W.assign_sub(0.1 * tape.gradient(loss, W))
    print("  step out", step, n, len(BUF.getvalue()))
    return loss, n


for step in range(30):
    if step == 10:
        sys.stdout = TEE
    if step == 16:
        sys.stdout = REAL
    loss, n = train_step(X, Y, step)
    print(step, repr(float(loss)), n)

print("sink parts", len(SINK.parts), SINK.parts[-4:])
print("buf lines", BUF.getvalue().count("\n"), repr(BUF.getvalue()[-30:]))
print("tee count", TEE.count)
