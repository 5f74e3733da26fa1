"""Warm restart by assignment: the Adam optimizer starts with a float learning rate (a tracked
variable). At step 12 the loop replaces it with a callable, `opt.learning_rate = restart_lr`,
which decays from RESTART_BASE with the steps since the restart (read from opt.iterations).
Keras then calls restart_lr at every update and untracks the old learning-rate variable, so
eager's updates and `len(opt.variables)` both change from step 12 on."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(529)

rng = np.random.default_rng(33)
XS = rng.normal(size=(64, 5)).astype("float32")
YS = (np.maximum(XS[:, :1], 0) - XS[:, 2:3]).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(6, activation="relu"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.01)
RESTART_BASE = 0.05
RESTART_AT = 12
LR_CALLS = 0


def restart_lr():
    global LR_CALLS
    LR_CALLS += 1
    since = tf.cast(opt.iterations - RESTART_AT, tf.float32)
    return RESTART_BASE * tf.pow(0.8, since)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == RESTART_AT:
        opt.learning_rate = restart_lr
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(opt.variables), repr(float(opt.learning_rate)))

print("LR_CALLS", LR_CALLS, "iterations", int(opt.iterations))
print("bias", model.layers[-1].bias.numpy().tolist())
