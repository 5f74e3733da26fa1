"""Mixed-precision-style training with a LossScaleOptimizer (its apply runs keras.ops.cond
at every call, which names a new Cond operation), the counter read after every step."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(32)
rng = np.random.default_rng(32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.05))


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        scaled = opt.scale_loss(loss)
    opt.apply(tape.gradient(scaled, model.trainable_variables), model.trainable_variables)
    return loss


for i in range(22):
    x = tf.constant(rng.normal(size=(6, 4)).astype(np.float32))
    loss = train_step(x, tf.reduce_sum(x, axis=1, keepdims=True))
    print(i, repr(float(loss)), keras.backend.get_uid("cond"), int(opt.iterations))
print("new", keras.layers.Dense(2).name, keras.optimizers.SGD(0.1).name)
