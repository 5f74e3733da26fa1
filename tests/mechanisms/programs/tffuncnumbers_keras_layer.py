"""A Keras layer of the program's whose call uses a @tf.function helper (a fused
normalisation written as one function), trained with a Keras optimizer.  Keras calls the
layer inside the step, the layer calls the function: eager runs it as its own optimized
function, and a graph of the step must compute the same floats."""
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(523)
rng = np.random.default_rng(523)
XS = rng.normal(size=(96, 10)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)


@tf.function
def normalise(h):
    mean = tf.reduce_mean(h, axis=-1, keepdims=True)
    var = tf.reduce_mean(tf.square(h - mean), axis=-1, keepdims=True)
    return (h - mean) / tf.sqrt(var + 1e-3) + tf.pow(h, 2.0) / 9.0


class Block(keras.layers.Layer):
    def build(self, shape):
        self.kernel = self.add_weight(shape=(shape[-1], 16), initializer="glorot_uniform")
        self.scale = self.add_weight(shape=(16,), initializer="ones")

    def call(self, x):
        # (A Keras variable passed to a tf.function fails in any graph, tf.function's
        # too: the layer scales the function's result.)
        return normalise(x @ self.kernel) * self.scale


model = keras.Sequential([keras.Input((10,)), Block(), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)))
print([repr(float(tf.reduce_sum(v))) for v in model.trainable_variables])
