"""A custom Keras layer inside a subclassed model has its __class__ reassigned at step 10 to a
subclass whose call() differs (sigmoid gate instead of linear gate), and at step 21 to a
subclass whose call() also counts calls on the instance. Keras dispatches layer(x) -> call();
a converter that froze the old call() (or the old counter) silently trains the wrong model."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
tf.keras.backend.set_floatx("float64")


class Gate(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.g = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="g")

    def call(self, x):
        return x * self.g


class SoftGate(Gate):
    def call(self, x):
        return x * tf.sigmoid(self.g) * 2.0


class CountingGate(SoftGate):
    def call(self, x):
        self.n_calls = getattr(self, "n_calls", 0) + 1
        return x * tf.sigmoid(self.g) * 2.0 + 0.01


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(8, activation="tanh")
        self.gate = Gate()
        self.d2 = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.d2(self.gate(self.d1(x)))


rng = np.random.default_rng(2)
XS = rng.normal(size=(40, 3))
YS = (XS[:, :1] * XS[:, 1:2] - XS[:, 2:3]) * 0.5
X = tf.constant(XS)
Y = tf.constant(YS)

net = Net()
net(X[:2])
opt = tf.keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = net(x)
        loss = tf.reduce_mean(tf.square(pred - y))
        if isinstance(net.gate, SoftGate):
            loss = loss + 0.001 * tf.reduce_sum(tf.square(net.gate.g))
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    return loss, type(net.gate).__name__


for step in range(32):
    if step == 10:
        net.gate.__class__ = SoftGate
    if step == 21:
        net.gate.__class__ = CountingGate
    loss, name = train_step(X, Y)
    print(step, repr(float(loss)), name, getattr(net.gate, "n_calls", None))

print("gate", net.gate.g.numpy().tolist())
print("n_calls", getattr(net.gate, "n_calls", None), "class", type(net.gate).__name__)
print("iters", int(opt.iterations))
