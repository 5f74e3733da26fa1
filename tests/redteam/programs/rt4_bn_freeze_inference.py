"""Fine-tune shape: a conv-free MLP with a BatchNormalization layer inside a keras.Model
subclass; the step calls the model with training=True throughout.
At step 20 the loop sets model.bn.trainable = False: Keras 3 then runs that BN in inference
mode (moving statistics, no updates) even under training=True, so the moving mean and
gamma freeze and the loss follows the moving statistics; a graph that kept the
training-mode branch would differ."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(181)
rng = np.random.default_rng(181)
X = tf.constant(rng.normal(loc=1.0, scale=2.0, size=(32, 5)))
Y = tf.constant(rng.normal(size=(32, 1)))


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(6)
        self.bn = keras.layers.BatchNormalization(momentum=0.8)
        self.d2 = keras.layers.Dense(1)

    def call(self, x, training=False):
        return self.d2(tf.nn.relu(self.bn(self.d1(x), training=training)))


model = Net()
model(X[:1])
opt = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(40):
    if step == 20:
        model.bn.trainable = False
    loss, n = train_step(X, Y)
    print(step, repr(float(loss)), n, repr(float(tf.reduce_sum(model.bn.moving_mean))),
          repr(float(tf.reduce_sum(model.bn.gamma))))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.weights))), len(model.trainable_variables),
      model.bn.trainable, int(opt.iterations))
