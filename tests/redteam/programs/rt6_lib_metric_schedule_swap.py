"""Metrics held in a dict and a PolynomialDecay schedule are changed between steps.
The step updates METRICS["loss"] and METRICS["acc"] and returns their results.
Step 12: the accuracy metric is reset. Step 14: the schedule's `cycle` flag is turned on
(a Python `if` inside the schedule). Step 17: the loss metric is replaced by a new Mean.
Step 22: the schedule's power changes. Step 25: the accuracy metric is replaced by a
top-2 accuracy. Step 28: the schedule's decay_steps changes. Step 31: the new loss
metric's count variable is assigned from outside."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(19)
np.random.seed(19)
tf.random.set_seed(19)
keras.utils.set_random_seed(19)

rng = np.random.default_rng(43)
X = rng.normal(size=(96, 8)).astype("float32")
Y = np.argmax(X[:, :3] @ rng.normal(size=(3, 3)) + 0.5 * rng.normal(size=(96, 3)), axis=1).astype("int32")

model = keras.Sequential([
    keras.Input((8,)),
    keras.layers.Dense(12, activation="relu"),
    keras.layers.Dense(3),
])
sched = keras.optimizers.schedules.PolynomialDecay(
    initial_learning_rate=0.05, decay_steps=10, end_learning_rate=0.002, power=1.0, cycle=False)
opt = keras.optimizers.Adam(learning_rate=sched)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
METRICS = {"loss": keras.metrics.Mean(name="loss"),
           "acc": keras.metrics.SparseCategoricalAccuracy(name="acc")}


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    METRICS["loss"].update_state(loss)
    METRICS["acc"].update_state(y, logits)
    return loss, METRICS["loss"].result(), METRICS["acc"].result()


for step in range(38):
    if step == 12:
        METRICS["acc"].reset_state()
    elif step == 14:
        sched.cycle = True
    elif step == 17:
        METRICS["loss"] = keras.metrics.Mean(name="loss2")
    elif step == 22:
        sched.power = 2.0
    elif step == 25:
        METRICS["acc"] = keras.metrics.SparseTopKCategoricalAccuracy(k=2, name="top2")
    elif step == 28:
        sched.decay_steps = 7
    elif step == 31:
        METRICS["loss"].count.assign(100.0)
    i = (step * 16) % 80
    loss, mloss, macc = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), repr(float(mloss)), repr(float(macc)),
          METRICS["loss"].name, METRICS["acc"].name,
          repr(float(opt.learning_rate.numpy())), int(opt.iterations.numpy()))

flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
print("checksum", repr(float(flat.sum())), repr(float((flat ** 2).sum())))
for k, m in METRICS.items():
    print(k, m.name, [repr(float(v.numpy())) for v in m.variables])
print("sched", sched.cycle, sched.power, sched.decay_steps)
