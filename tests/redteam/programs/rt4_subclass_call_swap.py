"""The program's own Dense subclass (Squash) has two forward variants; Keras' Layer.__call__
looks up self.call on the class when the model runs. At step 20 the loop rebinds the class
attribute Squash.call = Squash.call_soft (was Squash.call_hard, clip to [-1, 1]); no step
code reads `call` itself, only Keras does, so a graph built before would keep the old one."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(151)
rng = np.random.default_rng(151)
X = tf.constant(rng.normal(size=(30, 4)) * 2.0)
Y = tf.constant(rng.normal(size=(30, 1)))


class Squash(keras.layers.Dense):
    def call_hard(self, inputs):
        return tf.clip_by_value(super().call(inputs), -1.0, 1.0)

    def call_soft(self, inputs):
        return tf.tanh(super().call(inputs))

    call = call_hard


model = keras.Sequential([keras.Input((4,)), Squash(6), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = model.layers[0](x)
        loss = tf.reduce_mean(tf.square(model.layers[1](h) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.reduce_max(tf.abs(h)), tf.reduce_mean(tf.cast(tf.abs(h) == 1.0, tf.float64))


for step in range(40):
    if step == 20:
        Squash.call = Squash.call_soft
    loss, hmax, sat = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(hmax)), repr(float(sat)))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      Squash.call.__name__, int(opt.iterations))
