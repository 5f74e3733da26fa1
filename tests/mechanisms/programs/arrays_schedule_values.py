"""An optimizer's PiecewiseConstantDecay holds its `values` as a numpy array; at step 10
the loop halves that array in place (`SCHEDULE.values *= 0.5`), and at step 17 changes
one boundary in place.  No attribute is rebound; eager's schedule reads the arrays at
every step."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(31)
rng = np.random.default_rng(31)
X = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
SCHEDULE = tf.keras.optimizers.schedules.PiecewiseConstantDecay(
    np.array([20, 40]), np.array([0.1, 0.05, 0.01], dtype=np.float32))
opt = tf.keras.optimizers.SGD(SCHEDULE)


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(X) - Y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for i in range(26):
    if i == 10:
        SCHEDULE.values *= 0.5
    if i == 17:
        SCHEDULE.boundaries[0] = 18
    print(i, repr(float(train_step())), float(opt.learning_rate))
