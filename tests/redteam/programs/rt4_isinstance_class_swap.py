"""Decoupled weight decay chosen by type questions inside the step: for each layer in
self.layers (a list Keras builds per read), decay its kernel if isinstance(layer,
keras.layers.Dense) and not isinstance(layer, NoDecayDense); the step reports the names.
At step 18 the loop sets model.mid.__class__ = NoDecayDense (a Dense subclass without new
state): the same layer object now answers the isinstance test the other way."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(193)
rng = np.random.default_rng(193)
X = tf.constant(rng.normal(size=(30, 4)))
Y = tf.constant(rng.normal(size=(30, 2)))


class NoDecayDense(keras.layers.Dense):
    pass


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.first = keras.layers.Dense(6, activation="relu", name="first")
        self.mid = keras.layers.Dense(6, activation="relu", name="mid")
        self.last = NoDecayDense(2, name="last")
        self.decay = 0.05

    def call(self, x):
        return self.last(self.mid(self.first(x)))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        decayed = []
        for layer in self.layers:
            if isinstance(layer, keras.layers.Dense) and not isinstance(layer, NoDecayDense):
                layer.kernel.assign(layer.kernel * (1.0 - self.decay))
                decayed.append(layer.name)
        return loss, decayed, type(self.mid).__name__


model = Net()
model.compile(optimizer=keras.optimizers.SGD(0.05))
model(X[:1])

for step in range(36):
    if step == 18:
        model.mid.__class__ = NoDecayDense
    loss, decayed, tname = model.train_step(X, Y)
    print(step, repr(float(loss)), decayed, tname, repr(float(tf.reduce_sum(model.mid.kernel))))

print("final", [repr(float(tf.reduce_sum(l.kernel))) for l in model.layers],
      [type(l).__name__ for l in model.layers], int(model.optimizer.iterations))
