"""The step stores loss.numpy() (an np.float64 scalar, not a 0-d array) and a vector's
.numpy() (an ndarray) into a dict and prints the dict and their types; inside the step it
changes numpy's print options between two prints. At step 11 the loop changes numpy's
precision. A converter that hands back 0-d arrays or formats after the call prints wrong."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(33)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(11)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.array([[0.3], [-0.2], [0.1]]))
REC = {}
PREC = [8]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.1 * g)
    REC["loss"] = loss.numpy()
    REC["grad"] = tf.reshape(g, [-1]).numpy()
    print("  rec", REC, type(REC["loss"]).__name__, type(REC["grad"]).__name__)
    np.set_printoptions(precision=PREC[0] - 3)
    print("  grad", REC["grad"], g)
    np.set_printoptions(precision=PREC[0])
    return loss


for step in range(30):
    if step == 11:
        PREC[0] = 5
        np.set_printoptions(precision=5)
    loss = train_step(X, Y)
    print(step, repr(float(loss)), REC["loss"] * 2, loss)

np.set_printoptions(precision=8)
print("final", REC, W.numpy().ravel().tolist())
