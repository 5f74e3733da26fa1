"""keras.Model subclass with its own train_step that applies grads via self.optimizer.apply
and reports float(self.optimizer.learning_rate) (the variable, later a schedule's output).
At step 20 the loop sets model.optimizer.learning_rate = ExponentialDecay(...) (was the
float 0.05 held in a variable): the optimizer now calls the schedule at each apply."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(61)
rng = np.random.default_rng(61)
X = tf.constant(rng.normal(size=(28, 3)))
Y = tf.constant(np.cos(X.numpy()[:, :1]) + X.numpy()[:, 1:2])


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.l1 = keras.layers.Dense(7, activation="tanh")
        self.l2 = keras.layers.Dense(1)

    def call(self, x):
        return self.l2(self.l1(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return loss, float(self.optimizer.learning_rate)


model = Net()
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05, momentum=0.8))
model(X[:1])

for step in range(44):
    if step == 20:
        model.optimizer.learning_rate = keras.optimizers.schedules.ExponentialDecay(
            0.2, decay_steps=4, decay_rate=0.5, staircase=True)
    loss, lr = model.train_step((X, Y))
    print(step, repr(float(loss)), repr(lr))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      int(model.optimizer.iterations), type(model.optimizer._learning_rate).__name__)
