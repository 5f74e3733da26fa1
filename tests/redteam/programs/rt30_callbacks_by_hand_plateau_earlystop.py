"""Keras callbacks driven by hand around a custom step: ReduceLROnPlateau(factor 0.5,
patience 2), EarlyStopping(patience 4, restore_best_weights=True) and a
LearningRateScheduler are attached with set_model(model) and their on_epoch_begin /
on_epoch_end called each step with logs={'loss': float(loss)}.  They assign the
optimizer's learning rate and, at stop, restore the best weights and set
model.stop_training; the loop then resets stop_training, and continues.  The step
reads OPT.learning_rate into the loss as a small regularizer weight.  Probes: library
objects that rewrite the optimizer and the weights between converted steps."""
import random

import numpy

random.seed(45)
numpy.random.seed(45)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4501)
rng = np.random.default_rng(4501)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 3) + rng.normal(size=(64, 1)) * 0.4).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(12, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.05)
model.compile(optimizer=OPT, loss="mse")
plateau = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=2,
                                            min_lr=1e-4, verbose=0)
early = keras.callbacks.EarlyStopping(monitor="loss", patience=4,
                                      restore_best_weights=True, verbose=0)
sched = keras.callbacks.LearningRateScheduler(
    lambda epoch, lr: lr * 1.05 if epoch < 6 else lr, verbose=0)
cbs = [sched, plateau, early]
for cb in cbs:
    cb.set_model(model)
early.on_train_begin()
plateau.on_train_begin()


def train_step(x, y):
    lr = OPT.learning_rate
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
        total = loss + lr * 0.01 * tf.add_n([tf.reduce_sum(tf.square(w)) for w in model.trainable_weights])
    grads = tape.gradient(total, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss


stops = 0
for step in range(30):
    for cb in cbs:
        cb.on_epoch_begin(step)
    i = (step * 16) % 48
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    logs = {"loss": float(loss)}
    for cb in cbs:
        cb.on_epoch_end(step, logs)
    if model.stop_training:
        stops += 1
        early.on_train_end()
        model.stop_training = False
        early.on_train_begin()
    print(step, repr(logs["loss"]), repr(float(OPT.learning_rate)), stops,
          repr(float(model.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "lr": repr(float(OPT.learning_rate)), "stops": stops, "wait": plateau.wait,
}))
