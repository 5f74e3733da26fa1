"""The program's own Adam subclass (TracedAdam) records the learning rate it was asked to use
in update_step and then defers to Adam.update_step, which reads self.beta_1 (a Python float).
At step 16 the loop sets opt.beta_1 = 0.0 (was 0.9): momentum vanishes from the update,
visible in the loss curve and the final slot sums."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(179)
rng = np.random.default_rng(179)
X = tf.constant(rng.normal(size=(30, 5)))
Y = tf.constant(X.numpy() @ rng.normal(size=(5, 2)))


class TracedAdam(keras.optimizers.Adam):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.updates_seen = 0

    def update_step(self, gradient, variable, learning_rate):
        self.updates_seen += 1
        return super().update_step(gradient, variable, learning_rate)


model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(2)])
opt = TracedAdam(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(36):
    if step == 16:
        opt.beta_1 = 0.0
    loss = train_step(X, Y)
    print(step, repr(float(loss)), opt.updates_seen)

print("final", [repr(float(tf.reduce_sum(v))) for v in model.trainable_variables],
      [repr(float(tf.reduce_sum(v))) for v in opt.variables[1:]], opt.beta_1, opt.updates_seen,
      int(opt.iterations))
