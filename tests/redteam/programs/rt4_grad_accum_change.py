"""Gradient accumulation in a keras.Model subclass: train_step adds this batch's gradients to
self.acc (a Python list of tensors, None at the start of a cycle), bumps self.micro, and
applies the mean through self.optimizer.apply when self.micro reaches self.accum_steps.
At step 18 the loop sets model.accum_steps = 3 (was 1): updates now happen every third call,
so optimizer iterations, the applied flag and the weights must follow."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(227)
rng = np.random.default_rng(227)
XS = [tf.constant(rng.normal(size=(10, 3))) for _ in range(5)]
YS = [tf.constant(x.numpy() @ np.array([[0.5], [-1.0], [2.0]]) + 0.1) for x in XS]


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1)
        self.accum_steps = 1
        self.micro = 0
        self.acc = None

    def call(self, x):
        return self.d(x)

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        if self.acc is None:
            self.acc = list(grads)
        else:
            self.acc = [a + g for a, g in zip(self.acc, grads)]
        self.micro += 1
        applied = False
        if self.micro >= self.accum_steps:
            mean = [a / self.micro for a in self.acc]
            self.optimizer.apply(mean, self.trainable_variables)
            self.acc = None
            self.micro = 0
            applied = True
        return loss, applied


model = Net()
model.compile(optimizer=keras.optimizers.SGD(0.1))
model(XS[0][:1])

for step in range(40):
    if step == 18:
        model.accum_steps = 3
    loss, applied = model.train_step(XS[step % 5], YS[step % 5])
    print(step, repr(float(loss)), applied, model.micro, int(model.optimizer.iterations),
          model.acc is None)

print("final", repr(float(tf.reduce_sum(model.d.kernel))), repr(float(tf.reduce_sum(model.d.bias))),
      model.micro, int(model.optimizer.iterations))
