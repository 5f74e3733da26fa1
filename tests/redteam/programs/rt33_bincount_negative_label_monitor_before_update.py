"""Before applying its update, the step counts the labels of the batch with
tf.math.bincount (a class-balance monitor whose result feeds only a printed statistic).
Every 5th batch carries a -1 "ignore" label; bincount raises InvalidArgumentError on a
negative value on the CPU, so eager fails the step before the update.  The loop
catches the error and goes on.  The update itself does not depend on the counts.
Probes: a counting op that can fail on values, independent of the update."""
import random
import numpy
random.seed(37)
numpy.random.seed(37)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3337)
rng = np.random.default_rng(3337)
BATCHES = []
for b in range(36):
    x = rng.normal(size=(12, 5)).astype(np.float32)
    lab = (x[:, 0] > 0).astype(np.int32) + (x[:, 1] > 0).astype(np.int32)
    if b % 5 == 3:
        lab[7] = -1
    BATCHES.append((x, lab))
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3)])
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.5)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, lab):
    safe = tf.maximum(lab, 0)
    with tf.GradientTape() as tape:
        loss = LOSS(safe, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    counts = tf.math.bincount(lab, minlength=3)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, counts


for step, (x, lab) in enumerate(BATCHES):
    try:
        loss, counts = train_step(tf.constant(x), tf.constant(lab))
        print(step, float(loss).hex(), counts.numpy().tolist(), int(OPT.iterations))
    except tf.errors.InvalidArgumentError as e:
        print(step, "failed", type(e).__name__, int(OPT.iterations),
              float(tf.reduce_sum(model.trainable_variables[0])).hex())

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
print("slots", [float(tf.reduce_sum(v)).hex() for v in OPT.variables[1:]])
