"""Classifier as a keras.Model subclass with two step functions sharing it: train_step reads
the class attribute Net.LABEL_SMOOTH (through self) for label smoothing; eval_step reads
the instance attribute self.eval_margin, which the loop rewrites every step.
At step 19 the loop sets the class attribute Net.LABEL_SMOOTH = 0.3 (was 0.0): the train
loss jumps; eval lines follow the per-step margin throughout."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(199)
rng = np.random.default_rng(199)
X = tf.constant(rng.normal(size=(40, 6)))
labels = (X.numpy()[:, 0] + X.numpy()[:, 1] > 0).astype("int64") + (X.numpy()[:, 2] > 1.0)
Y = tf.one_hot(tf.constant(labels), 3, dtype=tf.float64)


class Net(keras.Model):
    LABEL_SMOOTH = 0.0

    def __init__(self):
        super().__init__()
        self.h = keras.layers.Dense(8, activation="relu")
        self.o = keras.layers.Dense(3)
        self.eval_margin = 0.0

    def call(self, x):
        return self.o(self.h(x))

    def train_step(self, x, y):
        eps = self.LABEL_SMOOTH
        y_s = y * (1.0 - eps) + eps / 3.0
        with tf.GradientTape() as tape:
            logits = self(x, training=True)
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(y_s, logits))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return loss, eps

    def eval_step(self, x, y):
        p = tf.nn.softmax(self(x))
        confident = tf.reduce_max(p, axis=-1) > 0.5 + self.eval_margin
        right = tf.equal(tf.argmax(p, -1), tf.argmax(y, -1))
        return tf.reduce_sum(tf.cast(confident & right, tf.int32))


model = Net()
model.compile(optimizer=keras.optimizers.Adam(0.02))
model(X[:1])

for step in range(40):
    if step == 19:
        Net.LABEL_SMOOTH = 0.3
    model.eval_margin = 0.01 * (step % 7)
    loss, eps = model.train_step(X, Y)
    good = model.eval_step(X, Y)
    print(step, repr(float(loss)), eps, int(good), repr(model.eval_margin))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      Net.LABEL_SMOOTH, "LABEL_SMOOTH" in vars(model), int(model.optimizer.iterations))
