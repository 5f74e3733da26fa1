"""A step that stays in the interpreter (its accuracy and a hard-example list are NumPy
on the model's outputs) calls a Sequential whose first layers are
keras.layers.Resizing(10, 10) and Rescaling(1/16) over int32 digit images.  Eagerly
Resizing gives int32 (rounded) images; janus runs the model call as a graph site, and
Keras' DataLayer.__call__ takes its graph path there (`in_tf_graph()`), converting
the int32 input to float32 first, so the resized pixels are not rounded.  Probes:
co-executed Keras sites whose nested library layers branch on executing_eagerly()."""
import random

import numpy

random.seed(3418)
numpy.random.seed(3418)

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(3418)
d = load_digits()
XS = d.images[:288].astype(np.int32)[..., None]
YS = d.target[:288].astype(np.int32)
MODEL = keras.Sequential([
    keras.layers.Input((8, 8, 1), dtype="int32"),
    keras.layers.Resizing(10, 10),
    keras.layers.Rescaling(1.0 / 16.0),
    keras.layers.Flatten(),
    keras.layers.Dense(20, activation="relu"),
    keras.layers.Dense(10),
])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.SGD(learning_rate=0.05)
HARD = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    pred = np.argmax(logits.numpy(), axis=1)
    wrong = np.nonzero(pred != y.numpy())[0]
    HARD.extend(int(w) for w in wrong[:2])
    return loss, float(np.mean(pred == y.numpy()))


for step in range(34):
    i = (step * 32) % 256
    loss, acc = train_step(tf.constant(XS[i:i + 32]), tf.constant(YS[i:i + 32]))
    print(step, float(loss).hex(), acc)

print("hard", len(HARD), HARD[-6:])
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
