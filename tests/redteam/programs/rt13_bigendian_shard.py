"""ndarray batches whose byte order changes mid-run (a big-endian data shard).

Scientific formats (FITS, some HDF5/netCDF dumps, MNIST's idx files) store big-endian
numbers; a loader that reads them with np.frombuffer(..., dtype=">f4") hands the step
arrays with dtype '>f4'.  The values are the same floats, `dtype.num`/`dtype.char`/
`dtype.type` are those of float32, but the dtype is a different one: `str(x.dtype)` is
'>f4' and `x.dtype == np.float32` is False.  The step takes the numpy batch, counts the
dtypes it saw (by `str(x.dtype)`), picks its feature scale from `x.dtype == np.float32`
(a "native float32 shard is pre-normalised" convention of the loader), and trains a
small MLP.  From step 10 to 19 the loader serves the big-endian shard, then native
arrays again.  Eager sees the other dtype at every such call.  A graph input guarded on
the dtype's kind/number, or an ndarray stand-in that answers `x.dtype` from the build,
would say float32 and use the wrong scale.  Probes: ndarray-argument guards on dtype
identity (byte order), `dtype ==` answered at build time.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1309)
rng = np.random.default_rng(1309)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 2:3]).astype(np.float32)
XS_BE = np.frombuffer(XS.astype(">f4").tobytes(), dtype=">f4").reshape(96, 6)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
DTYPES = {}


def train_step(xb, y):
    key = str(xb.dtype)
    DTYPES[key] = DTYPES.get(key, 0) + 1
    scale = 1.0 if xb.dtype == np.float32 else 0.5
    x = tf.convert_to_tensor(xb, dtype=tf.float32) * scale
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, scale


for step in range(30):
    i = (step * 8) % 88
    src = XS_BE if 10 <= step < 20 else XS
    loss, scale = train_step(src[i:i + 8], tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), scale)

print(json.dumps({
    "dtypes": DTYPES,
    "kernel": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
}, sort_keys=True))
