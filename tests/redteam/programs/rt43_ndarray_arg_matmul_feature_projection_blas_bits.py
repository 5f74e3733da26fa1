"""A fine-tuning loop whose caller hands the step a fixed random-projection matrix and a
batch of raw features as float32 ndarrays (not tensors).  The step projects the features
with numpy's `@` (ndarray @ ndarray), turns the projection into a tensor and trains a
small head on it.  numpy's float32/float64 matmul goes through BLAS (sgemm/dgemm), whose
summation order differs from TensorFlow's Eigen MatMul in the last bits.  janus says
ndarray arguments with `@` convert "as TF ops with numpy's dtypes": if the graph computes
the product with TF's MatMul, the projected features, and so the loss, differ from eager
in the last bits.  At step 12 the caller switches the projection to float64 (dgemm).
Probes: numpy arithmetic on ndarray arguments done with TF kernels."""
import random

import numpy

random.seed(4301)
numpy.random.seed(4301)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4301)
rng = np.random.default_rng(4301)
RAW = rng.normal(size=(96, 40)).astype(np.float32)
YS = (RAW[:, :3].sum(axis=1, keepdims=True) > 0).astype(np.float32)
PROJ32 = (rng.normal(size=(40, 6)) / np.sqrt(40)).astype(np.float32)
PROJ64 = PROJ32.astype(np.float64)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.3)
B = tf.Variable(np.zeros((1,), np.float32))
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(feats, proj, y):
    z = feats @ proj
    zt = tf.cast(tf.convert_to_tensor(z), tf.float32)
    with tf.GradientTape() as tape:
        logits = zt @ W + B
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, zt


last_proj = None
for step in range(30):
    i = (step * 16) % 80
    feats = RAW[i:i + 16]
    proj = PROJ32 if step < 12 else PROJ64
    if step >= 12:
        feats = feats.astype(np.float64)
    loss, zt = train_step(feats, proj, tf.constant(YS[i:i + 16]))
    zsum = float(tf.reduce_sum(zt * zt))
    last_proj = [repr(float(v)) for v in zt.numpy().ravel()[:6]]
    print(step, repr(float(loss)), repr(zsum))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy().ravel()],
    "last_proj": last_proj,
}))
