"""The program's own PiecewiseConstantDecay subclass (LoggedPiecewise, counting its calls)
drives an SGD optimizer; Keras calls it with the iteration count at each apply.
At step 17 the loop edits the schedule's list in place: sched.values[1] = 0.001 and
sched.values[2] = 0.0005 (were 0.05 / 0.02). No attribute is rebound, only the list's
items change, so a graph that froze the list's contents would keep the old rates."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(229)
rng = np.random.default_rng(229)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(np.tanh(X.numpy() @ rng.normal(size=(4, 1))))


class LoggedPiecewise(keras.optimizers.schedules.PiecewiseConstantDecay):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.calls = 0

    def __call__(self, step):
        self.calls += 1
        return super().__call__(step)


sched = LoggedPiecewise(boundaries=[10, 25], values=[0.2, 0.05, 0.02])
opt = keras.optimizers.SGD(learning_rate=sched)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(40):
    if step == 17:
        sched.values[1] = 0.001
        sched.values[2] = 0.0005
    loss = train_step(X, Y)
    print(step, repr(float(loss)), sched.calls)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      sched.values, sched.calls, int(opt.iterations))
