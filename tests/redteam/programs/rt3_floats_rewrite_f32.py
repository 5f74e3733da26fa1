"""float32 raw-TF model full of patterns Grappler rewrites (x**2, x/3, log(1+x), exp(x)-1,
a*(b*c), squared differences, a weight on three gradient paths, reduce_mean of a fixed
batch, MatMul+BiasAdd+Elu) with a large learning rate. At step 12 the loop switches from
32-row batches to a partial 19-row batch; every loss repr must equal the interpreter's."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(51)

rng = np.random.default_rng(51)
X_ALL = rng.normal(size=(51, 5)).astype(np.float32)
Y_ALL = (np.sin(X_ALL[:, :1]) + 0.3 * X_ALL[:, 1:2] ** 2).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4, name="w1")
B1 = tf.Variable(np.full((6,), 0.01, np.float32), name="b1")
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4, name="w2")
V = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2, name="v")
VARS = [W1, B1, W2, V]
OPT = tf.keras.optimizers.SGD(0.35, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.elu(tf.nn.bias_add(tf.matmul(x, W1), B1))
        a = tf.matmul(h, W2)
        p1 = a ** 2 / 3.0
        p2 = tf.math.log(1.0 + tf.abs(a))
        p3 = tf.exp(a * 0.1) - 1.0
        p4 = a * (h[:, :1] * 0.7)
        p5 = tf.matmul(x, W1[:, :1]) * 0.5 + tf.matmul(x, V) / 7.0
        pred = p1 - p2 + p3 + p4 + p5
        se = tf.math.squared_difference(pred, y)
        loss = tf.reduce_mean(se) + 0.01 * tf.reduce_sum(W1 ** 2) + tf.reduce_mean((pred - y) ** 2) / 4.0
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, grads


for i in range(40):
    n = 32 if i < 12 else 19
    start = (i * 7) % (51 - n)
    loss, grads = train_step(tf.constant(X_ALL[start:start + n]), tf.constant(Y_ALL[start:start + n]))
    print(i, n, repr(float(loss)), repr(float(grads[0][0, 0])), repr(float(W1[1, 2])), repr(float(V[0, 0])))

print("summary", [repr(float(tf.reduce_sum(v))) for v in VARS])
