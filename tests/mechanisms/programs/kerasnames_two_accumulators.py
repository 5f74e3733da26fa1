"""Two optimizers that accumulate gradients (over 2 and 3 steps), each running
keras.ops.cond at every apply (a `Cond` operation that takes a "cond" name); the loop
prints Keras' name counter after every step, makes a Dense at step 13 and changes one
optimizer's accumulation period at step 18."""
import keras
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(35)
rng = np.random.default_rng(35)
a = keras.Variable(rng.normal(size=(3, 1)).astype(np.float32))
b = keras.Variable(rng.normal(size=(3, 1)).astype(np.float32))
opt_a = keras.optimizers.SGD(0.05, gradient_accumulation_steps=2)
opt_b = keras.optimizers.Adam(0.01, gradient_accumulation_steps=3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ a + x @ b - y))
    grad_a, grad_b = tape.gradient(loss, [a, b])
    opt_a.apply([grad_a], [a])
    opt_b.apply([grad_b], [b])
    return loss


for i in range(26):
    if i == 18:
        opt_a.gradient_accumulation_steps = 4
    x = tf.constant(rng.normal(size=(4, 3)).astype(np.float32))
    loss = train_step(x, tf.reduce_sum(x, axis=1, keepdims=True))
    extra = keras.layers.Dense(1).name if i == 13 else ""
    print(i, repr(float(loss)), keras.backend.get_uid("cond"), int(opt_a.iterations), extra)
print(a.numpy().ravel().tolist(), b.numpy().ravel().tolist())
