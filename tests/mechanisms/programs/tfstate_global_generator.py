"""A training step adds noise from `tf.random.get_global_generator()` to its batch.  At
step 9 the loop installs a new generator (`tf.random.set_global_generator`); eager's step
asks for the global generator at every call, so from then on it draws from the new one
and the old one's state stops moving."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(22)
tf.random.set_global_generator(tf.random.Generator.from_seed(1))
FIRST = tf.random.get_global_generator()
rng = np.random.default_rng(22)
X = tf.constant(rng.normal(size=(16, 3)).astype("float32"))
Y = tf.constant(rng.normal(size=(16, 1)).astype("float32"))
W = tf.Variable(rng.normal(size=(3, 1)).astype("float32") * 0.5)


def train_step():
    noisy = X + 0.1 * tf.random.get_global_generator().normal(tf.shape(X))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(noisy, W) - Y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss


for i in range(24):
    if i == 9:
        tf.random.set_global_generator(tf.random.Generator.from_seed(7))
    print(i, repr(float(train_step())))
print(FIRST.state.numpy().tolist(), tf.random.get_global_generator().state.numpy().tolist())
