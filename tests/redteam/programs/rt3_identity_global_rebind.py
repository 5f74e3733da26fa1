"""Tensor identity: the step reads a global DATA, branches on isinstance(DATA, np.ndarray),
stores it and returns it. At step 10 the loop rebinds DATA to the ndarray DATA.numpy(),
at step 20 back to the original tensor object; stored/returned objects, their types and
identities (LAST_SEEN is DATA_T) must follow the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(32)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(32)
DATA_T = tf.constant(rng.normal(size=(20, 4)))
DATA_NP = DATA_T.numpy()
DATA = DATA_T
TARGET = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.2, name="w")
OPT = tf.keras.optimizers.Adam(0.03)
LAST_SEEN = None
KINDS = []


def train_step():
    global LAST_SEEN
    src = DATA
    if isinstance(src, np.ndarray):
        kind = "nd"
        scale = 1.0
    else:
        kind = "tf"
        scale = 1.0
    with tf.GradientTape() as tape:
        pred = tf.matmul(src, W) * scale
        loss = tf.reduce_mean(tf.square(pred - TARGET))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    LAST_SEEN = src
    KINDS.append(kind)
    return loss, src


for i in range(32):
    if i == 10:
        DATA = DATA_NP
    elif i == 20:
        DATA = DATA_T
    loss, ret = train_step()
    print(i, KINDS[-1], type(ret).__name__, ret is DATA, ret is DATA_T, ret is DATA_NP,
          LAST_SEEN is DATA, LAST_SEEN is ret, str(ret.dtype), repr(float(loss)))

print("summary", "".join(k[0] for k in KINDS), type(LAST_SEEN).__name__,
      LAST_SEEN is DATA_T, repr(float(tf.reduce_sum(W))))
