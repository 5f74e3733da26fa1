"""uint8 digit images are augmented with keras.layers.RandomBrightness(seed=7) inside
the training step.  Eagerly the layer returns uint8 (it clips to value_range and
casts back to the input's dtype); the layer is a Keras DataLayer whose __call__ asks
backend_utils.in_tf_graph() (`not tf.executing_eagerly()`), and inside a graph it
converts its input to the compute dtype first and returns un-rounded float32.  The step
casts to float32 and trains; it also keeps the sum of the augmented batch.  Probes:
Keras' DataLayer graph path reached while janus builds."""
import random

import numpy

random.seed(3413)
numpy.random.seed(3413)

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(3413)
d = load_digits()
XS = (d.images[:256] * 15).astype(np.uint8)[..., None]
YS = d.target[:256].astype(np.int32)
AUG = keras.layers.RandomBrightness(0.2, value_range=(0, 255), seed=7)
MODEL = keras.Sequential([
    keras.layers.Input((8, 8, 1)),
    keras.layers.Flatten(),
    keras.layers.Dense(24, activation="relu"),
    keras.layers.Dense(10),
])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.005)


def train_step(x, y):
    aug = AUG(x, training=True)
    xf = tf.cast(aug, tf.float32) / 255.0
    with tf.GradientTape() as tape:
        logits = MODEL(xf)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, tf.reduce_sum(tf.cast(aug, tf.float64))


for step in range(32):
    i = (step * 32) % 224
    loss, s = train_step(tf.constant(XS[i:i + 32]), tf.constant(YS[i:i + 32]))
    print(step, float(loss).hex(), float(s).hex())

for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
