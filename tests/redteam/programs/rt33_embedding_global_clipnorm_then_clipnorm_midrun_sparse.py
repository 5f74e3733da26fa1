"""An Embedding + Dense model (sparse IndexedSlices gradients for the table) trained with
Adam; at step 12 the loop sets `opt.global_clipnorm = 0.05`, at step 24 it removes it and
sets `opt.clipnorm = 0.02` (per-tensor clip_by_norm of an IndexedSlices), and at step 32
`opt.clipvalue = 0.001`.  Probes: clipping options changed between steps on an optimizer
that receives IndexedSlices."""
import random
import numpy
random.seed(16)
numpy.random.seed(16)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3316)
rng = np.random.default_rng(3316)
IDS = rng.integers(0, 30, size=(40, 8, 3)).astype(np.int32)
YS = rng.normal(size=(40, 8, 1)).astype(np.float32)
model = keras.Sequential([keras.Input((3,), dtype="int32"), keras.layers.Embedding(30, 4),
                          keras.layers.Flatten(), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.05)


def train_step(ids, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(ids) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    kinds = [type(g).__name__ for g in grads]
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, kinds


for step in range(40):
    if step == 12:
        opt.global_clipnorm = 0.05
    if step == 24:
        opt.global_clipnorm = None
        opt.clipnorm = 0.02
    if step == 32:
        opt.clipnorm = None
        opt.clipvalue = 0.001
    loss, kinds = train_step(tf.constant(IDS[step]), tf.constant(YS[step]))
    print(step, float(loss).hex(), kinds, float(tf.reduce_sum(model.layers[0].embeddings)).hex())

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
