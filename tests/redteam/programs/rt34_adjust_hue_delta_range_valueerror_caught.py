"""Colour augmentation in the step: tf.image.adjust_hue(img, delta) with a delta that a
schedule pushes past 1.0 every fourth step.  TF checks the range only
`if context.executing_eagerly()`: eagerly ValueError('delta must be in the interval
[-1, 1]'), which the step catches (it counts it and trains on the un-augmented batch);
a graph applies the hue shift without complaint.  Probes: TF validation that exists
only eagerly, seen through the program's own except."""
import random

import numpy

random.seed(344)
numpy.random.seed(344)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3405)
rng = np.random.default_rng(3405)
IMGS = rng.uniform(size=(96, 6, 6, 3)).astype(np.float32)
LABELS = (IMGS[..., 0].mean(axis=(1, 2)) > IMGS[..., 2].mean(axis=(1, 2))).astype(np.int32)
MODEL = keras.Sequential([
    keras.layers.Input((6, 6, 3)),
    keras.layers.Conv2D(4, 3, activation="relu"),
    keras.layers.GlobalAveragePooling2D(),
    keras.layers.Dense(2),
])
OPT = keras.optimizers.SGD(learning_rate=0.1)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
STATS = {"augmented": 0, "rejected": 0}


def train_step(x, y, delta):
    try:
        xa = tf.image.adjust_hue(x, delta)
        STATS["augmented"] += 1
    except ValueError:
        xa = x
        STATS["rejected"] += 1
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(xa))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(40):
    i = (step * 8) % 88
    delta = 0.35 * (step % 4)
    loss = train_step(tf.constant(IMGS[i:i + 8]), tf.constant(LABELS[i:i + 8]), delta)
    print(step, delta, float(loss).hex())

print("stats", STATS)
for v in MODEL.trainable_variables:
    print(v.path, float(tf.reduce_sum(v)).hex())
