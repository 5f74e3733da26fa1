"""Custom loop with the program's own keras.losses.Loss subclass (a weighted log-cosh).
The subclass's call() reads its own `scale`; Loss.__call__ (Keras code) reads `reduction`.
At step 22 the loop sets loss_fn.reduction = "sum" (was "sum_over_batch_size"): the loss
value and step size jump by the batch size, which a graph keeping the old reduction misses."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(21)
rng = np.random.default_rng(21)
X = tf.constant(rng.uniform(-1, 1, size=(24, 5)))
Y = tf.constant(rng.uniform(-1, 1, size=(24, 1)))


class ScaledLogCosh(keras.losses.Loss):
    def __init__(self, scale=1.0, **kw):
        super().__init__(**kw)
        self.scale = scale

    def call(self, y_true, y_pred):
        d = (y_pred - y_true) * self.scale
        return tf.reduce_mean(d + tf.math.softplus(-2.0 * d) - tf.math.log(2.0 * tf.ones_like(d)), axis=-1)


loss_fn = ScaledLogCosh(scale=2.0, name="slc")
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(40):
    if step == 22:
        loss_fn.reduction = "sum"
    loss = train_step(X, Y)
    print(step, repr(float(loss)))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      loss_fn.reduction, loss_fn.scale, int(opt.iterations))
