"""keras.Model subclass whose train_step asks isinstance(self.optimizer, keras.optimizers.Adam)
to pick a gradient scale, and reports type(self.optimizer).__name__ and optimizer iterations.
At step 20 the loop assigns model.optimizer = keras.optimizers.Adam(0.01) (was SGD); Adam is
unbuilt, so its slots are made inside the step. Type, branch and updates must all follow."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(2)
rng = np.random.default_rng(2)
X = tf.constant(rng.normal(size=(32, 4)))
Y = tf.constant(rng.normal(size=(32, 2)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.a = keras.layers.Dense(6, activation="relu")
        self.b = keras.layers.Dense(2)

    def call(self, x):
        return self.b(self.a(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        if isinstance(self.optimizer, keras.optimizers.Adam):
            scale = 1.0
        else:
            scale = 0.5
        grads = [g * scale for g in grads]
        self.optimizer.apply(grads, self.trainable_variables)
        return loss, type(self.optimizer).__name__, scale, int(self.optimizer.iterations)


model = Net()
model.compile(optimizer=keras.optimizers.SGD(learning_rate=0.1, momentum=0.5), loss="mse")
model(X[:1])
first_opt = model.optimizer

for step in range(40):
    if step == 20:
        model.optimizer = keras.optimizers.Adam(learning_rate=0.01)
    loss, name, scale, its = model.train_step((X, Y))
    print(step, repr(float(loss)), name, scale, its)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      type(model.optimizer).__name__, int(first_opt.iterations), int(model.optimizer.iterations),
      len(model.optimizer.variables), model.optimizer is first_opt)
