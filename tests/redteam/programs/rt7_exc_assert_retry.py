"""A Python `assert` with an f-string message *after* the optimizer update, and an outer retry
loop that halves the learning rate and retries the same batch (the very same tensor objects)
up to two times, as "loss spike" guards in research code do.

The step applies Adam's update, appends float(loss) to TRIES, then asserts
`lv < CAP`, message f"spike {lv:.4f} >= {CAP}". Eager: the update has landed when the
AssertionError leaves the step. The loop catches it, prints the message, sets
opt.learning_rate to half, and calls the step again with the same x and y objects.
CAP is 1e9 until step 14, then 1.95 (some batches spike), 1.7 from step 24, 1e9 from 32.
The learning rate is reset to 0.01 at the start of each outer step.
A wrong converter loses the update of a failing call (or applies it twice), formats the
message differently, or appends to TRIES twice."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(5038)
random.seed(5038)
rng = np.random.default_rng(5038)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(10)])
opt = keras.optimizers.Adam(0.01)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
CAP = 1e9
TRIES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    lv = float(loss)
    TRIES.append(lv)
    assert lv < CAP, f"spike {lv:.4f} >= {CAP}"
    return loss


for step in range(38):
    if step == 14:
        CAP = 1.95
    elif step == 24:
        CAP = 1.7
    elif step == 32:
        CAP = 1e9
    opt.learning_rate = 0.01
    i = (step * 16) % (len(X) - 16)
    xb, yb = tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])
    for attempt in range(3):
        try:
            loss = train_step(xb, yb)
            print(step, attempt, repr(float(loss)), len(TRIES), int(opt.iterations))
            break
        except AssertionError as e:
            print(step, attempt, "AssertionError:", e, len(TRIES), int(opt.iterations))
            opt.learning_rate = float(opt.learning_rate) / 2

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("tries", len(TRIES), repr(sum(TRIES)))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
