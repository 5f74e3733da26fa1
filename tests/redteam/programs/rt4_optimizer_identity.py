"""Two pre-built optimizers (a fast Adam and a slow SGD) on one keras.Model subclass; the
step asks `self.optimizer is self.fast_opt` to decide whether to add a weight penalty,
and reports the active optimizer's name and iteration count.
The loop swaps model.optimizer between the two every 7 steps (from step 14 on): the
identity test, the penalty and each optimizer's own iterations must all follow."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(107)
rng = np.random.default_rng(107)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 1)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(5, activation="sigmoid")
        self.d2 = keras.layers.Dense(1)

    def call(self, x):
        return self.d2(self.d1(x))

    def train_step(self, x, y):
        fast = self.optimizer is self.fast_opt
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
            if fast:
                loss = loss + 0.05 * tf.reduce_sum(tf.square(self.d1.kernel))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return loss, fast, self.optimizer.name, int(self.optimizer.iterations)


model = Net()
model(X[:1])
fast_opt = keras.optimizers.Adam(0.03, name="fast")
slow_opt = keras.optimizers.SGD(0.01, name="slow")
fast_opt.build(model.trainable_variables)
slow_opt.build(model.trainable_variables)
model.fast_opt = fast_opt
model.optimizer = slow_opt

for step in range(42):
    if step >= 14 and step % 7 == 0:
        model.optimizer = slow_opt if model.optimizer is fast_opt else fast_opt
    loss, fast, name, its = model.train_step(X, Y)
    print(step, repr(float(loss)), fast, name, its)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      int(fast_opt.iterations), int(slow_opt.iterations), model.optimizer.name)
