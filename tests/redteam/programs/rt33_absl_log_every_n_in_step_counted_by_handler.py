"""The step logs its loss with absl's rate-limited helper,
`absl.logging.log_every_n(WARNING, "loss %.5f", 4, float(loss))`: absl keeps a counter per
call site and emits only every 4th call.  absl's records go to Python logging ('absl'
logger); the program's handler echoes each record on stdout.  Probes: library code
with its own per-call-site counter, called from a converted step (the decision whether
to log is made by that counter at each eager call)."""
import random
import numpy
random.seed(22)
numpy.random.seed(22)
import logging
import sys
from absl import logging as alog
import keras
import numpy as np
import tensorflow as tf

_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("ABSL %(levelname)s %(message)s"))
logging.getLogger("absl").addHandler(_h)
logging.getLogger("absl").propagate = False
keras.utils.set_random_seed(3322)
rng = np.random.default_rng(3322)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4]).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    alog.log_every_n(alog.WARNING, "loss %.5f", 4, float(loss))
    return loss


for step in range(30):
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex())

print("W", [float(v).hex() for v in W.numpy().ravel()])
