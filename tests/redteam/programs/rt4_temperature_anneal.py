"""Distillation-style loop: a keras.Model subclass whose train_step divides logits by
self.temperature and scales the loss by temperature**2; the loop writes temperature every
step (an annealed float) and also writes self.note (a string the step never reads).
An eval_step shares the model. From step 30 the loop writes temperature as an int (2):
the step reports type(self.temperature).__name__ and T*T, which must turn int then."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(71)
rng = np.random.default_rng(71)
X = tf.constant(rng.normal(size=(32, 6)))
teacher_logits = tf.constant(rng.normal(size=(32, 4)) * 3.0)


class Student(keras.Model):
    def __init__(self):
        super().__init__()
        self.h = keras.layers.Dense(10, activation="relu")
        self.o = keras.layers.Dense(4)
        self.temperature = 4.0
        self.note = ""

    def call(self, x):
        return self.o(self.h(x))

    def train_step(self, x, t_logits):
        T = self.temperature
        with tf.GradientTape() as tape:
            s = tf.nn.log_softmax(self(x, training=True) / T)
            p = tf.nn.softmax(t_logits / T)
            loss = tf.reduce_mean(tf.reduce_sum(p * (tf.math.log(p) - s), axis=-1)) * (T * T)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return loss, type(T).__name__, T * T

    def eval_step(self, x, t_logits):
        agree = tf.equal(tf.argmax(self(x), -1), tf.argmax(t_logits, -1))
        return tf.reduce_mean(tf.cast(agree, "float64"))


model = Student()
model.compile(optimizer=keras.optimizers.Adam(0.01))
model(X[:1])

for step in range(50):
    model.temperature = 4.0 - 0.05 * step if step < 30 else 2
    model.note = "step-%d" % step
    loss, tname, t2 = model.train_step(X, teacher_logits)
    acc = model.eval_step(X, teacher_logits)
    print(step, repr(float(loss)), tname, repr(t2), repr(float(acc)), model.note)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      repr(model.temperature), model.note, int(model.optimizer.iterations))
