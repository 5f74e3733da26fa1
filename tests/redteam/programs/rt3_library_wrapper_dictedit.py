"""Library objects nested in a user model: a Sequential holding TimeDistributed(Dense) and
Bidirectional(SimpleRNN), plus a list of Dense heads. At step 12 the loop swaps the
activation of the Dense wrapped by TimeDistributed by writing its instance __dict__
directly (bypassing Keras __setattr__); outputs must change at once as under eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(73)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(73)
X = tf.constant(rng.normal(size=(16, 5, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.inner = tf.keras.layers.Dense(4, activation="linear")
        self.seq = tf.keras.Sequential([
            tf.keras.layers.TimeDistributed(self.inner),
            tf.keras.layers.Bidirectional(tf.keras.layers.SimpleRNN(3)),
        ])
        self.heads = [tf.keras.layers.Dense(1), tf.keras.layers.Dense(1)]

    def call(self, x):
        h = self.seq(x)
        return self.heads[0](h) + 0.5 * self.heads[1](h)


MODEL = Net()
MODEL(X)
OPT = tf.keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for i in range(30):
    if i == 12:
        MODEL.seq.layers[0].layer.__dict__["activation"] = tf.keras.activations.relu
    loss = train_step(X, Y)
    print(i, MODEL.inner.activation.__name__, repr(float(loss)),
          repr(float(MODEL.heads[1].kernel[0, 0])))

print("summary", [repr(float(tf.reduce_sum(v))) for v in MODEL.trainable_variables])
