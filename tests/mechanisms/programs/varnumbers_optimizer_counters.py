"""Python numbers read from Keras variables in the step: int(opt.iterations) and
float(opt.learning_rate) after the update (eager reads the variables there), kept in a
history list and printed.  The loop assigns the learning rate at step 12 and resets the
iterations at step 20."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(41)
rng = np.random.default_rng(41)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)
history = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    opt.apply(tape.gradient(loss, model.trainable_variables), model.trainable_variables)
    history.append((int(opt.iterations), float(opt.learning_rate)))
    return loss


for i in range(26):
    if i == 12:
        opt.learning_rate.assign(0.002)
    if i == 20:
        opt.iterations.assign(100)
    loss = train_step(tf.constant(rng.normal(size=(5, 3)).astype(np.float32)),
                      tf.constant(rng.normal(size=(5, 1)).astype(np.float32)))
    print(i, repr(float(loss)), history[-1], type(history[-1][0]).__name__,
          type(history[-1][1]).__name__)
print(len(history), [repr(float(v.numpy().sum())) for v in model.trainable_variables])
