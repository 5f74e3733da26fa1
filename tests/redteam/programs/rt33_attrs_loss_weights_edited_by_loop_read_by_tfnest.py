"""Per-term loss weights live in an `attrs` instance that only the training *loop*
changes (a warm-up: `LW.reg` grows every 5 steps).  The step never writes it; it turns
the record into tensors with tf.nest.map_structure (tf.nest reads an attrs instance's
fields natively, with getattr in TF's own code) and weighs its two loss terms with them.
Probes: guards on program state that library code reads natively (here no write inside
the step is involved)."""
import random
import numpy
random.seed(42)
numpy.random.seed(42)
import attr
import keras
import numpy as np
import tensorflow as tf


@attr.s
class LossWeights:
    data = attr.ib()
    reg = attr.ib()


LW = LossWeights(data=1.0, reg=0.0)
keras.utils.set_random_seed(3342)
rng = np.random.default_rng(3342)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :2].sum(1, keepdims=True)).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    w = tf.nest.map_structure(lambda v: tf.constant(v, tf.float32), LW)
    with tf.GradientTape() as tape:
        data = tf.reduce_mean(tf.square(model(x) - y))
        reg = tf.add_n([tf.reduce_sum(tf.square(v)) for v in model.trainable_variables])
        loss = w.data * data + w.reg * reg
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return data, reg, w.reg


for step in range(36):
    if step % 5 == 4:
        LW.reg = LW.reg + 0.001
    i = (step * 8) % 56
    data, reg, wreg = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(data).hex(), float(reg).hex(), float(wreg))

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
