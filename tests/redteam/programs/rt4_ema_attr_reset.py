"""keras.Model subclass whose train_step normalises gradients by self.loss_ema, a Python float
the step itself updates every call (None means 'start again from this batch's loss'); the
loop also writes model.epoch (never read by the step) every 10 steps.
At step 21 the loop sets model.loss_ema = None: the step's None branch must run once, the
attribute's type must go None -> float again, and the updates must follow."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(191)
rng = np.random.default_rng(191)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 1)) * 3.0)


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(5, activation="swish")
        self.o = keras.layers.Dense(1)
        self.loss_ema = None
        self.epoch = 0
        self.resets = 0

    def call(self, x):
        return self.o(self.d(x))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        lv = float(loss)
        if self.loss_ema is None:
            self.loss_ema = lv
            self.resets += 1
        else:
            self.loss_ema = 0.8 * self.loss_ema + 0.2 * lv
        grads = tape.gradient(loss, self.trainable_variables)
        grads = [g / self.loss_ema for g in grads]
        self.optimizer.apply(grads, self.trainable_variables)
        return lv


model = Net()
model.compile(optimizer=keras.optimizers.SGD(0.2))
model(X[:1])

for step in range(42):
    if step % 10 == 0:
        model.epoch = step // 10
    if step == 21:
        model.loss_ema = None
    lv = model.train_step(X, Y)
    print(step, repr(lv), repr(model.loss_ema), type(model.loss_ema).__name__, model.resets)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      repr(model.loss_ema), model.resets, model.epoch, int(model.optimizer.iterations))
