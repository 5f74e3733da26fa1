"""tf.function method on a user Keras layer, with a Python str argument (mode) chosen from
the previous loss, calling a nested tf.function with a Python int argument; both bake the
layer's Python float `temperature` at trace time. At step 11 the loop sets temperature to
2.0: eager keeps old traces (stale) and only a newly traced mode sees 2.0."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(43)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(43)
X = tf.constant(rng.normal(size=(24, 3)))
Y = tf.constant(rng.normal(size=(24, 1)))
TRACE_LOG = []
INNER_LOG = []


@tf.function
def inner(h, k):
    INNER_LOG.append(k)
    return h * float(k)


class Proj(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.temperature = 1.0
        self.w = self.add_weight(shape=(3, 2), initializer="glorot_uniform", name="pw")

    @tf.function
    def project(self, x, mode):
        TRACE_LOG.append((mode, self.temperature))
        h = tf.matmul(x, self.w) / self.temperature
        if mode == "hi":
            return inner(tf.tanh(h), 2)
        return inner(tf.nn.softplus(h), 1)


LAYER = Proj()
HEAD = tf.Variable(rng.normal(size=(2, 1)) * 0.3, name="head")
OPT = tf.keras.optimizers.SGD(0.1)


class Trainer:
    def __init__(self):
        self.prev = 10.0
        self.modes = []

    def step(self, x, y):
        mode = "hi" if self.prev > THRESH else "lo"
        with tf.GradientTape() as tape:
            h = LAYER.project(x, mode)
            loss = tf.reduce_mean(tf.square(tf.matmul(h, HEAD) - y))
        vs = [LAYER.w, HEAD]
        grads = tape.gradient(loss, vs)
        OPT.apply_gradients(zip(grads, vs))
        self.prev = float(loss)
        self.modes.append(mode)
        return loss


THRESH = 1.4748
TR = Trainer()
for i in range(32):
    if i == 11:
        LAYER.temperature = 2.0
    loss = TR.step(X, Y)
    print(i, TR.modes[-1], len(TRACE_LOG), TRACE_LOG[-1], INNER_LOG, repr(float(loss)))

print("summary", TRACE_LOG, "".join(m[0] for m in TR.modes), repr(float(tf.reduce_sum(HEAD))))
