"""At step 10 the program replaces sys.stdout with a writer object of its own that prefixes
every line with the optimizer's iteration count and the bias value, read from the TF
variables when the text is WRITTEN.  The step prints one line before apply_gradients and
one after (and sys.stdout.write()s a third), so in eager the first line carries the old
iteration count and the others the new one.  At step 20 the writer's `tag` attribute is
changed from outside.  Probes: prints replayed after the graph through a program-defined
stream whose write() reads state (TF variables) the call updated."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1221)
rng = np.random.default_rng(1221)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.3], [-0.7], [1.1]], np.float32) + 0.5).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.1)
REAL = sys.stdout


class Stamped:
    def __init__(self, out):
        self.out = out
        self.tag = "A"
        self.pending = ""

    def write(self, s):
        self.pending += s
        while "\n" in self.pending:
            line, self.pending = self.pending.split("\n", 1)
            it = int(OPT.iterations.numpy())
            self.out.write(f"[{self.tag} it={it} b={float(B.numpy()[0])!r}] {line}\n")
        return len(s)

    def flush(self):
        self.out.flush()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    print("before", float(loss))
    OPT.apply_gradients(zip(grads, [W, B]))
    print("after")
    sys.stdout.write("written\n")
    return loss


STAMP = Stamped(REAL)
for step in range(30):
    if step == 10:
        sys.stdout = STAMP
    if step == 20:
        STAMP.tag = "B"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

sys.stdout = REAL
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "B": repr(float(B.numpy()[0])), "iterations": int(OPT.iterations.numpy())}))
