"""The step prints a user object whose __repr__ reads both its Python fields and a tf.Variable,
then mutates the fields and assigns the variable; it also prints a set of ints and a
dataclass holding a list it appends to. At step 12 the loop swaps the object's tracked
variable for another one. A converter that prints after the call shows the mutated state."""
from dataclasses import dataclass, field

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(32)
tf.keras.backend.set_floatx("float64")


class Tracker:
    def __init__(self, var):
        self.var = var
        self.calls = 0
        self.last = None

    def __repr__(self):
        return f"Tracker(calls={self.calls}, last={self.last}, var={float(self.var):.6f})"


@dataclass
class Log:
    losses: list = field(default_factory=list)
    tag: str = "run"


rng = np.random.default_rng(10)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(np.full((4, 1), 0.1))
ACC_A = tf.Variable(0.0, dtype=tf.float64)
ACC_B = tf.Variable(100.0, dtype=tf.float64)
TR = Tracker(ACC_A)
BUCKETS = set()
LOG = Log()


def train_step(x, y, step):
    print("  pre", TR, sorted(BUCKETS), LOG)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    TR.var.assign_add(loss)
    TR.calls += 1
    TR.last = step
    BUCKETS.add(step % 5)
    LOG.losses.append(step)
    print("  post", TR, BUCKETS, len(LOG.losses))
    return loss


for step in range(30):
    if step == 12:
        TR.var = ACC_B
    loss = train_step(X, Y, step)
    print(step, repr(float(loss)), repr(TR))

print("ACC", float(ACC_A), float(ACC_B))
print("TR", TR, "LOG", LOG.tag, LOG.losses[-4:])
