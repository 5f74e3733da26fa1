"""Several writes to one variable in a single step interleaved with reads: a snapshot via
tf.identity before the writes, assign_add, a read, assign(v * 2), assign_sub, then an optimizer
update of the same variable and a read after it used in the returned value. The Python int
N_ASSIGNS (how many assign_add rounds run) changes from 1 to 3 at step 10. Any reordering of
reads and writes (or snapshot aliasing the variable) changes the numbers."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(82)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(25)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.1)
ACC = tf.Variable(1.0, dtype=tf.float64)
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
opt.build([W, ACC])
N_ASSIGNS = 1


def train_step(x, y):
    snap = tf.identity(ACC)
    val = ACC.read_value()
    for _ in range(N_ASSIGNS):
        ACC.assign_add(0.25)
    mid = ACC.value() * 1.0
    ACC.assign(ACC * 0.5 + 0.125)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W * ACC - y)) + 0.01 * tf.square(ACC)
    grads = tape.gradient(loss, [W, ACC])
    ACC.assign_sub(0.001)
    opt.apply_gradients(zip(grads, [W, ACC]))
    after = ACC + 0.0
    return loss, snap, val, mid, after


for step in range(30):
    if step == 10:
        N_ASSIGNS = 3
    loss, snap, val, mid, after = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(snap)), repr(float(val)), repr(float(mid)),
          repr(float(after)))

print("ACC", repr(float(ACC)), "W", W.numpy().ravel().tolist())
print("iterations", int(opt.iterations))
