"""Keras losses a call records (add_loss): a Dense with an activity regularizer; the
step does not read them, the loop reads `model.losses` after every step (the values of
the last call, eager tensors) and its length.  At step 12 the regularizer's factor is
replaced, at step 18 it is removed, at step 24 put back."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
hidden = keras.layers.Dense(8, activation="tanh",
                            activity_regularizer=keras.regularizers.L2(0.01))
model = keras.Sequential([keras.Input((5,)), hidden, keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for i in range(30):
    if i == 12:
        hidden.activity_regularizer = keras.regularizers.L2(0.1)
    if i == 18:
        hidden.activity_regularizer = None
    if i == 24:
        hidden.activity_regularizer = keras.regularizers.L1(0.02)
    x = tf.constant(rng.normal(size=(6, 5)).astype(np.float32))
    y = tf.constant(rng.normal(size=(6, 1)).astype(np.float32))
    loss = train_step(x, y)
    kept = model.losses
    print(i, repr(float(loss)), len(kept), [repr(float(v)) for v in kept],
          [type(v).__name__ for v in kept])
print("w", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
