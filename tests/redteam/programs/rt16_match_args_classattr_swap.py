"""Batches come as small Batch objects and the step unpacks them with a class pattern `case
Batch(a, b):`, which binds positionally through Batch.__match_args__.  Halfway through,
a refactor changes the class attribute Batch.__match_args__ from ("x", "y") to ("x",
"w") (so the second positional capture now binds the weights, a silent bug the printed
target mean shows), and from step 20 a subclass with its own __match_args__ is fed.  In
eager each match reads __match_args__ of the subject's class at that moment, so the
second binding changes from the targets to the weights.  A graph that resolved the
positional names once (or guarded Batch.__dict__ but not the subclass) would bind the
old field.  Probes: class patterns and __match_args__ changed mid-run."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1636)
rng = np.random.default_rng(1636)

XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
WS = (0.5 + rng.random(size=(80, 1))).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Batch:
    __match_args__ = ("x", "y")

    def __init__(self, x, y, w):
        self.x = x
        self.y = y
        self.w = w


class TaggedBatch(Batch):
    __match_args__ = ("x", "y", "w")


def train_step(batch):
    match batch:
        case TaggedBatch(a, b, c):
            x, t, w = a, b, c
            how = "tagged"
        case Batch(a, b):
            x, t, w = a, b, tf.ones_like(b)
            how = "plain"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(w * tf.square(x @ W - t))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    print(how, "target mean", repr(float(tf.reduce_mean(t))))
    return loss


for step in range(28):
    if step == 12:
        Batch.__match_args__ = ("x", "w")
    i = (step * 8) % 72
    cls = TaggedBatch if step >= 20 else Batch
    b = cls(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), tf.constant(WS[i:i + 8]))
    loss = train_step(b)
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "match_args": list(Batch.__match_args__),
}))
