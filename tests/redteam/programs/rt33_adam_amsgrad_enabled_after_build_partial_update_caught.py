"""Adam is built with amsgrad=False, so it has no `_velocity_hats`.  At step 12 the
loop sets `opt.amsgrad = True`: from then on Adam's update_step updates the first
variable's m and v and then raises AttributeError reading `_velocity_hats`, *inside*
apply_gradients, after two slot updates landed and before the iteration counter moves.
The step catches the error itself (try/except around apply_gradients) and counts it.  At
step 26 amsgrad goes back to False.  Probes: an exception raised by library code part-way
through its updates, caught by the step's own handler."""
import random
import numpy
random.seed(3)
numpy.random.seed(3)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(333)
rng = np.random.default_rng(333)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.7 - XS[:, 1:2]).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
ERRORS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    try:
        opt.apply_gradients(zip(grads, model.trainable_variables))
        ok = True
    except AttributeError as e:
        ERRORS.append(type(e).__name__)
        ok = False
    return loss, ok


for step in range(40):
    if step == 12:
        opt.amsgrad = True
    if step == 26:
        opt.amsgrad = False
    i = (step * 8) % 56
    loss, ok = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    m0 = float(tf.reduce_sum(opt._momentums[0]))
    v0 = float(tf.reduce_sum(opt._velocities[0]))
    m1 = float(tf.reduce_sum(opt._momentums[1]))
    print(step, float(loss).hex(), ok, int(opt.iterations), m0.hex(), v0.hex(), m1.hex())

print("errors", len(ERRORS), ERRORS[:2])
print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
