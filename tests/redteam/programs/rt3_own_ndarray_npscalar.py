"""ndarray arithmetic in the step with a global scale: float32 array * SCALE. Until step 11
SCALE is the Python float 0.1 (result float32, NEP 50); from step 11 it is np.float64(0.1),
a float subclass equal in value, which makes the product float64 before the cast. The
printed dtype and every loss repr must match the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(104)

rng = np.random.default_rng(104)
XS = [rng.normal(size=(16, 4)).astype(np.float32) * 3.0 for _ in range(3)]
Y = tf.constant(rng.normal(size=(16, 1)).astype(np.float32))
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32), name="w")
OPT = tf.keras.optimizers.SGD(0.3)
SCALE = 0.1
DTYPES = []


def train_step(x_np):
    z = x_np * SCALE + 0.7
    DTYPES.append(str(z.dtype))
    with tf.GradientTape() as tape:
        h = tf.cast(z, tf.float32)
        loss = tf.reduce_mean(tf.square(tf.matmul(h, W) - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss, h


for i in range(30):
    if i == 11:
        SCALE = np.float64(0.1)
    loss, h = train_step(XS[i % 3])
    print(i, type(SCALE).__name__, DTYPES[-1], h.numpy()[:2].tolist(), repr(float(loss)))

print("summary", DTYPES.count("float64"), repr(float(tf.reduce_sum(W))))
