"""Small MLP with the program's own BatchNormalization subclass (TrackedBN) that counts calls.
Keras' BatchNormalization.call reads `momentum` when it updates the moving statistics.
At step 20 the loop sets bn.momentum = 0.5 (was 0.99): the moving mean printed each step
(and the eval loss in inference mode) must move much faster afterwards."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(17)
rng = np.random.default_rng(17)
X = tf.constant(rng.normal(loc=2.0, scale=1.5, size=(32, 4)))
Y = tf.constant(rng.normal(size=(32, 1)))


class TrackedBN(keras.layers.BatchNormalization):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.train_calls = 0

    def call(self, inputs, training=None):
        if training:
            self.train_calls += 1
        return super().call(inputs, training=training)


dense1 = keras.layers.Dense(6)
bn = TrackedBN(momentum=0.99)
dense2 = keras.layers.Dense(1)
opt = keras.optimizers.SGD(learning_rate=0.05)
layers = [dense1, bn, dense2]


def forward(x, training):
    return dense2(tf.nn.relu(bn(dense1(x), training=training)))


forward(X[:2], False)
variables = dense1.trainable_variables + bn.trainable_variables + dense2.trainable_variables


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(forward(x, True) - y))
    grads = tape.gradient(loss, variables)
    opt.apply_gradients(zip(grads, variables))
    return loss


for step in range(40):
    if step == 20:
        bn.momentum = 0.5
    loss = train_step(X, Y)
    eval_loss = tf.reduce_mean(tf.square(forward(X, False) - Y))
    print(step, repr(float(loss)), repr(float(tf.reduce_sum(bn.moving_mean))),
          repr(float(eval_loss)), bn.train_calls)

print("final", repr(float(tf.reduce_sum(bn.moving_variance))),
      [repr(float(tf.reduce_sum(v))) for v in variables], bn.momentum, bn.train_calls)
