"""A Sequential model whose first layer is a Rescaling with a per-feature numpy offset;
the step calls the model.  At step 10 the loop shifts the offset in place
(`model.layers[0].offset += 0.5`, the layer's own array, reached through the model)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(34)
rng = np.random.default_rng(34)
X = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
model = tf.keras.Sequential([
    tf.keras.Input((3,)),
    tf.keras.layers.Rescaling(1.0, offset=np.array([0.0, 0.1, -0.1], dtype=np.float32)),
    tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.05)


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(X) - Y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for i in range(24):
    if i == 10:
        model.layers[0].offset += 0.5
    print(i, repr(float(train_step())))
