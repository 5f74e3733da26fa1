"""The step itself writes a library attribute before library code reads it: train_step sets
self.loss_fn.reduction from the model's own flag, then calls self.loss_fn (Keras'
Loss.__call__ reads reduction). At step 20 the loop sets model.sum_mode = True: the write
inside the step must be visible to the Keras call in the same step, not only after it."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(97)
rng = np.random.default_rng(97)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 2)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(2)
        self.loss_fn = keras.losses.MeanSquaredError()
        self.sum_mode = False

    def call(self, x):
        return self.d(x)

    def train_step(self, x, y):
        self.loss_fn.reduction = "sum" if self.sum_mode else "sum_over_batch_size"
        with tf.GradientTape() as tape:
            loss = self.loss_fn(y, self(x, training=True))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return loss


model = Net()
model.compile(optimizer=keras.optimizers.SGD(0.01))
model(X[:1])

for step in range(40):
    if step == 20:
        model.sum_mode = True
    loss = model.train_step(X, Y)
    print(step, repr(float(loss)), model.loss_fn.reduction)

print("final", repr(float(tf.reduce_sum(model.d.kernel))), repr(float(tf.reduce_sum(model.d.bias))),
      model.loss_fn.reduction, int(model.optimizer.iterations))
