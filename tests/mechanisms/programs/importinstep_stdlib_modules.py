"""`import` statements inside the step for modules already imported: `import math`,
`import os.path` (the top package is bound), `from collections import OrderedDict`, an
alias of TensorFlow.  Importing them again runs nothing in eager: the step converts."""
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(6)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def train_step(x):
    import math
    import os.path
    from collections import OrderedDict

    import tensorflow as tf2
    with tf2.GradientTape() as tape:
        loss = tf2.reduce_mean(tf2.square(x @ w)) * math.sqrt(2.0)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, os.path.sep, OrderedDict.__name__, math.pi


for i in range(16):
    loss, sep, name, pi = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), sep, name, pi)
print(w.numpy().ravel().tolist())
