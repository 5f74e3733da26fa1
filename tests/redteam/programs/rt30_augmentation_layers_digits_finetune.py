"""Fine-tuning on sklearn's digits with Keras random augmentation layers inside the
model (RandomFlip, RandomTranslation, RandomZoom, RandomRotation, RandomContrast, each
with its own seed generator), called with training=True in the step.  Keras'
preprocessing layers take another path when they see a TF graph (tf.data mode).  At
step 12 the program sets the RandomTranslation layer's fill_mode to 'constant'; at
step 20 it freezes the conv layer (trainable = False).  Probes: seeded augmentation
layers under a converted step (draws, seed-generator states), and edits of them."""
import random

import numpy

random.seed(60)
numpy.random.seed(60)

import json

import keras
import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

keras.utils.set_random_seed(6001)
d = load_digits()
XS = (d.images[:256, :, :, None] / 16.0).astype(np.float32)
YS = d.target[:256].astype(np.int32)
aug = keras.Sequential([
    keras.layers.RandomFlip("horizontal", seed=1),
    keras.layers.RandomTranslation(0.1, 0.1, seed=2),
    keras.layers.RandomZoom(0.1, seed=3),
    keras.layers.RandomRotation(0.05, seed=4),
    keras.layers.RandomContrast(0.2, seed=5),
])
conv = keras.layers.Conv2D(6, 3, activation="relu")
model = keras.Sequential([keras.Input((8, 8, 1)), aug, conv, keras.layers.Flatten(),
                          keras.layers.Dense(10)])
OPT = keras.optimizers.Adam(learning_rate=0.003)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.reduce_sum(aug(x, training=True))


for step in range(30):
    if step == 12:
        aug.layers[1].fill_mode = "constant"
    if step == 20:
        conv.trainable = False
    i = (step * 16) % 240
    loss, s = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(s)))

print(json.dumps({
    "conv": [repr(float(v)) for v in conv.kernel.numpy().ravel()[:8]],
    "dense": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
    "seeds": [[int(v) for v in np.asarray(l.generator.state).ravel()] for l in aug.layers],
}))
