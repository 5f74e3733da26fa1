"""A Dense layer's activation is a closure of the program's: Keras calls it, and it reads
`scale` from its cell.  The loop rebinds the cell through a setter (`nonlocal`) at step
9 and again at step 15; the graph must see each value as eager does."""
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(301)
rng = np.random.default_rng(301)
X = rng.normal(size=(32, 4)).astype("float32")
Y = rng.normal(size=(32, 1)).astype("float32")


def make_activation(scale):
    def activation(x):
        return tf.tanh(x) * scale

    def set_scale(value):
        nonlocal scale
        scale = value

    return activation, set_scale


activation, set_scale = make_activation(1.0)
dense = keras.layers.Dense(6, activation=activation)
head = keras.layers.Dense(1)
opt = keras.optimizers.SGD(0.05)
dense.build((None, 4))
head.build((None, 6))
VARS = dense.trainable_variables + head.trainable_variables


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(head(dense(x)) - y))
    opt.apply_gradients(zip(tape.gradient(loss, VARS), VARS))
    return loss


for step in range(22):
    if step == 9:
        set_scale(0.5)
    if step == 15:
        set_scale(2.0)
    i = (step * 8) % 24
    print(step, repr(float(train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8])))))
print([v.numpy().ravel().tolist() for v in VARS])
