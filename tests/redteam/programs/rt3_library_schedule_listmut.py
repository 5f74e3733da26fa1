"""Library object changed in place: the optimizer's PiecewiseConstantDecay schedule keeps
plain Python lists `boundaries` and `values`, read on every apply. At step 10 the loop
writes SCHED.values[1] = 0.2 in place (no attribute store on any Keras object); the
learning rate the step applies must follow at once, as under the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(71)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(71)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 1)))
MODEL = tf.keras.Sequential([
    tf.keras.Input((4,)),
    tf.keras.layers.Dense(5, activation="tanh"),
    tf.keras.layers.Dense(1),
])
SCHED = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[4, 1000], values=[0.1, 0.02, 0.01])
OPT = tf.keras.optimizers.SGD(learning_rate=SCHED)
LOSS = tf.keras.losses.MeanSquaredError()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for i in range(32):
    if i == 10:
        SCHED.values[1] = 0.2
    loss = train_step(X, Y)
    print(i, int(OPT.iterations), repr(float(OPT.learning_rate)), repr(float(loss)),
          repr(float(MODEL.layers[1].kernel[0, 0])))

print("summary", SCHED.values, [repr(float(tf.reduce_sum(v))) for v in MODEL.trainable_variables])
