"""The step passes `training=` to a model with Dropout and BatchNormalization as a bool
*tensor* (tf.constant), flipping between True and False on a schedule (train / a few
'eval-mode fine-tune' steps).  Keras' layers test `if training` in Python, which on an
eager bool tensor reads its value; in a graph the tensor is symbolic.  Probes: a tensor
argument whose *value* decides library-side Python branches."""
import random
import numpy
random.seed(6)
numpy.random.seed(6)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(336)
rng = np.random.default_rng(336)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:3]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12), keras.layers.BatchNormalization(),
                          keras.layers.Dropout(0.3, seed=7), keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y, training):
    with tf.GradientTape() as tape:
        p = model(x, training=training)
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(40):
    flag = tf.constant((step // 5) % 3 != 2)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), flag)
    bn = model.layers[1]
    print(step, bool(flag), float(loss).hex(), float(tf.reduce_sum(bn.moving_mean)).hex())

print("w", [float(tf.reduce_sum(v)).hex() for v in model.weights])
