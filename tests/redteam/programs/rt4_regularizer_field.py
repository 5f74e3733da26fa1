"""A Dense layer built with kernel_regularizer=reg (a keras.regularizers.L2 instance); the
step adds sum(model.losses), which Keras computes by calling the regularizer on the kernel.
At step 20 the loop sets reg.l2 = 0.2 (was 0.001), a plain float on a Keras object only
Keras' regularizer code reads: the penalty and the weight decay must jump at once."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(157)
rng = np.random.default_rng(157)
X = tf.constant(rng.normal(size=(40, 5)))
Y = tf.constant(X.numpy() @ rng.normal(size=(5, 1)) * 2.0)

reg = keras.regularizers.L2(0.001)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, kernel_regularizer=reg),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(model(x, training=True) - y))
        penalty = tf.add_n(model.losses)
        loss = mse + penalty
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return mse, penalty


for step in range(40):
    if step == 20:
        reg.l2 = 0.2
    mse, pen = train_step(X, Y)
    print(step, repr(float(mse)), repr(float(pen)))

print("final", repr(float(tf.reduce_sum(tf.square(model.layers[0].kernel)))),
      repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))), reg.get_config(),
      int(opt.iterations))
