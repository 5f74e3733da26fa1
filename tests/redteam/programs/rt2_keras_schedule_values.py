"""Keras library state two levels down: SGD's learning rate is a PiecewiseConstantDecay schedule
whose `values` list Keras reads at every apply. At step 10 the loop raises the current phase's
rate in place (`SCHEDULE.values[0] = 0.3`, a manual warm restart); optimizer and schedule objects
stay the same. Expects the rates used, losses and weights to follow the edited list, as in eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2020)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(2020)
X = tf.constant(rng.normal(size=(36, 4)))
Y = tf.constant(np.sin(X.numpy() @ np.array([[0.9], [-0.4], [0.3], [0.6]])))

SCHEDULE = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[18, 26], values=[0.1, 0.05, 0.01])
MODEL = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="tanh"),
                             tf.keras.layers.Dense(1)])
OPT = tf.keras.optimizers.SGD(learning_rate=SCHEDULE)
RATES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    rate = OPT.learning_rate
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, rate


for step in range(32):
    if step == 10:
        SCHEDULE.values[0] = 0.3
    loss, rate = train_step(X, Y)
    RATES.append(float(rate))
    print(f"step {step:2d} rate={float(rate)!r} values={SCHEDULE.values} loss={float(loss)!r}")

print(f"final rates={sorted(set(RATES))} iters={int(OPT.iterations)} "
      f"kernel_sum={float(tf.reduce_sum(MODEL.layers[0].kernel))!r}")
