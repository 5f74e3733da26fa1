"""Tensor identity: the step tests `x is x_aug` and `x is self.last_x` and stores the pair.
Until step 10 the loop passes two different tensors (alternating batches); from step 11
it passes the same tensor in both positions every call. Flags, stored tuples and the
returned object must be the caller's tensors exactly as under the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(31)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(31)
XA = tf.constant(rng.normal(size=(24, 3)))
XB = tf.constant(rng.normal(size=(24, 3)))
AUG_A = XA + 0.05
AUG_B = XB - 0.05
Y = tf.constant(rng.normal(size=(24, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.1, name="w")
OPT = tf.keras.optimizers.SGD(0.05)


class Trainer:
    def __init__(self):
        self.last_x = None
        self.pairs = []
        self.same_count = 0
        self.repeat_count = 0

    def step(self, x, x_aug, y):
        same = x is x_aug
        repeat = x is self.last_x
        with tf.GradientTape() as tape:
            pred = tf.matmul(x, W)
            pred_aug = tf.matmul(x_aug, W)
            loss = tf.reduce_mean((pred - y) ** 2) + 0.5 * tf.reduce_mean((pred_aug - y) ** 2)
        grads = tape.gradient(loss, [W])
        OPT.apply_gradients(zip(grads, [W]))
        if same:
            self.same_count += 1
            self.pairs.append((x,))
        else:
            self.pairs.append((x, x_aug))
        if repeat:
            self.repeat_count += 1
        self.last_x = x
        return loss, x_aug, same, repeat


TR = Trainer()
RET = None
for i in range(30):
    if i < 11:
        x, xa = (XA, AUG_A) if i % 2 == 0 else (XB, AUG_B)
    else:
        x, xa = XA, XA
    loss, RET, same, repeat = TR.step(x, xa, Y)
    print(i, same, repeat, RET is XA, RET is AUG_A, RET is AUG_B, len(TR.pairs[-1]),
          TR.pairs[-1][0] is x, TR.last_x is XA, repr(float(loss)))

LAST_PAIR = TR.pairs[-1]
FIRST_PAIR = TR.pairs[0]
print("summary", TR.same_count, TR.repeat_count, FIRST_PAIR[1] is AUG_A,
      LAST_PAIR[0] is XA, sum(1 for p in TR.pairs if p[0] is XA),
      repr(float(tf.reduce_sum(W))))
