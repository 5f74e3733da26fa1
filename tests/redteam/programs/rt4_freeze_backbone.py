"""Fine-tuning loop: a keras.Model subclass with a 'backbone' Dense stack and a 'head'.
train_step differentiates w.r.t. self.trainable_variables (a list Keras builds per read).
At step 18 the loop sets model.backbone.trainable = False: the variable list shrinks, the
backbone must stop moving (its sum printed each step), and only the head trains."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(31)
rng = np.random.default_rng(31)
X = tf.constant(rng.normal(size=(40, 6)))
Y = tf.constant(np.tanh(X.numpy()[:, :2]) + 0.05 * rng.normal(size=(40, 2)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.backbone = keras.Sequential([keras.layers.Dense(8, activation="relu"),
                                          keras.layers.Dense(8, activation="relu")])
        self.head = keras.layers.Dense(2)

    def call(self, x):
        return self.head(self.backbone(x))


model = Net()
model(X[:1])
opt = keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


def vsum(vs):
    return repr(float(sum(tf.reduce_sum(v) for v in vs)))


for step in range(40):
    if step == 18:
        model.backbone.trainable = False
    loss, n = train_step(X, Y)
    print(step, repr(float(loss)), n, vsum(model.backbone.weights), vsum(model.head.weights))

print("final", vsum(model.weights), len(model.trainable_variables), len(model.non_trainable_variables),
      int(opt.iterations), len(opt.variables))
