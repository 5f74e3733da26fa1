"""tf.nest and tf.stack over the program's ndarrays that change without their own bytes changing.

The step hands a dict of the program's arrays to `tf.nest.map_structure(
tf.convert_to_tensor, ARRS)` and a list of arrays to `tf.stack(BANK)`.  The contract says
library code reading the program's arrays given in an argument has the arrays' contents
compared before each call.  The arrays here change in ways a comparison of each array's
own buffer, or of the values it held, can miss:
- ARRS["a"] is a strided VIEW of BASE and BANK holds views of BASE's first row (one of
  them twice): step 12 writes BASE[0, 0] through the base, not through any view;
- ARRS["b"] is np.broadcast_to(ROW, (4, 3)) (stride 0, read-only): step 20 writes ROW[1];
- ARRS["d"] is REINTERPRETED in place at step 28 (`d.dtype = np.int32`: same bytes, same
  shape, other dtype and values);
- ARRS["e"] is RESHAPED in place at step 34 (`e.shape = (2, 3)`: same bytes, other
  shape), which changes `reduce_max(axis=-1)`.
Eager converts each array as it is at that call; a graph that kept the converted
constants, or compared bytes without dtype and shape, prints the old aux values.
"""
import json
import random
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2125)
random.seed(2125)
np.random.seed(2125)
rng = np.random.default_rng(2125)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

BASE = (np.arange(24, dtype=np.float32).reshape(4, 6) / 10.0).astype(np.float32)
ROW = np.array([0.5, 1.0, 1.5], dtype=np.float32)
D_ARR = np.array([1.0, 2.0, 0.5, 0.25, 4.0, 8.0], dtype=np.float32)
E_ARR = np.array([1.0, 7.0, 2.0, 5.0, 3.0, 4.0], dtype=np.float32)
ARRS = {
    "a": BASE[:, ::2],
    "b": np.broadcast_to(ROW, (4, 3)),
    "d": D_ARR,
    "e": E_ARR,
}
BANK = [BASE[0, :3], BASE[1, :3], BASE[0, :3]]


def train_step(x, y):
    conv = tf.nest.map_structure(tf.convert_to_tensor, ARRS)
    aux = (tf.reduce_sum(tf.cast(conv["a"], tf.float32))
           + tf.reduce_sum(tf.cast(conv["b"], tf.float32)) * 2.0
           + tf.reduce_sum(tf.cast(conv["d"], tf.float32) * 1e-9)
           + tf.reduce_sum(tf.reduce_max(tf.cast(conv["e"], tf.float32), axis=-1)))
    stacked = tf.stack(BANK)
    bank = tf.reduce_sum(stacked * tf.constant([[1.0], [2.0], [4.0]]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.001 * aux + 0.01 * bank)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, aux, bank, conv["d"].dtype.name, tuple(conv["e"].shape)


for step in range(40):
    if step == 12:
        BASE[0, 0] = 5.0
    if step == 20:
        ROW[1] = -1.0
    if step == 28:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            D_ARR.dtype = np.int32
    if step == 34:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            E_ARR.shape = (2, 3)
    i = (step * 8) % 88
    loss, aux, bank, ddt, eshape = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(aux)), repr(float(bank)), ddt, eshape)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
