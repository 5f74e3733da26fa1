"""A MultiHeadAttention model trained on sequences whose length changes from batch to
batch (6, 6, 6, 4, ...).  Keras' TF einsum takes a hand-written matmul path for
'abc,cde->abde' only when the sequence dimension is statically known, and tf.einsum
otherwise; a graph whose time dimension was relaxed to None would take the other path.
Probes: shape relaxation of a non-batch dimension and library code that branches on
static shapes."""
import random
import numpy
random.seed(4)
numpy.random.seed(4)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(334)
rng = np.random.default_rng(334)
inp = keras.Input((None, 8))
att = keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
h = att(inp, inp)
out = keras.layers.Dense(1)(keras.layers.GlobalAveragePooling1D()(h))
model = keras.Model(inp, out)
opt = keras.optimizers.Adam(learning_rate=0.003)
LENS = [6, 6, 6, 4, 6, 5, 6, 6, 3]
DATA = [(rng.normal(size=(4, L, 8)).astype(np.float32), rng.normal(size=(4, 1)).astype(np.float32)) for L in LENS]


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = model(x)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for epoch in range(5):
    out_l = []
    for x, y in DATA:
        out_l.append(float(train_step(tf.constant(x), tf.constant(y))).hex())
    print(epoch, out_l)
print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
