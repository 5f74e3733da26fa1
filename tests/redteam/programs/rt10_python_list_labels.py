"""Loss sites fed the program's own mutable containers, rewritten in place between calls:
the labels are one NumPy int array whose items the loop overwrites every step, the sample
weights one Python list (same object, items rewritten), the class weights a dict (values
changed every 5 steps) looked up per label to build a Python list inside the step, and the
regression targets one float NumPy array overwritten in place. A site that froze the first contents would differ.
np.random.choice on the probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5454)
rng = np.random.default_rng(5454)
X = rng.normal(size=(96, 4)).astype("float32")
YL = rng.integers(0, 3, size=(96,))

LABELS = np.zeros(8, dtype=np.int64)
WEIGHTS = [1.0] * 8
CLASS_W = {0: 1.0, 1: 2.0, 2: 0.5}
TARGETS = np.zeros((8, 1), dtype=np.float32)
MODEL = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(3)])
MODEL(X[:2])
REG = keras.layers.Dense(1)
REG.build((None, 3))
SCCE = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
MSE = keras.losses.MeanSquaredError()
VARS = MODEL.trainable_variables + REG.trainable_variables


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x):
    with tf.GradientTape() as tape:
        logits = MODEL(x)
        l1 = SCCE(LABELS, logits, sample_weight=WEIGHTS)
        cw = [CLASS_W[int(k)] for k in LABELS]
        l2 = SCCE(LABELS, logits, sample_weight=cw)
        l3 = MSE(TARGETS, REG(logits))
        loss = l1 + 0.5 * l2 + 0.1 * l3
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    return (l1, l2, l3), grads, a


for step in range(30):
    i = (step * 8) % 88
    for k in range(8):
        LABELS[k] = int(YL[i + k])
        WEIGHTS[k] = 1.0 + ((step + k) % 3) * 0.5
    if step % 5 == 4:
        CLASS_W[step % 3] = CLASS_W[step % 3] + 1.0
    TARGETS[:, 0] = [float(step % 4) - 1.5 + 0.1 * k for k in range(8)]
    ls, grads, a = train_step(tf.constant(X[i:i + 8]))
    print(step, [repr(float(v)) for v in ls], a, LABELS[:3].tolist(), WEIGHTS[:3], CLASS_W)
    print("  g", flat(grads[-1]), flat(grads[-3]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
