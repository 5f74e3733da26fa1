"""Python numbers carried across steps whose types come from bool/int/float mixing:
INC is the bool True until step 11, then the int 1 (equal value, other type). The step
computes COUNT += INC, INC & True, max(INC, 0.5), +INC, INC * 2.5, `or` chains, numbers in
a list and a big int growing past 2**64; every repr and type name must match eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(91)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(91)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.3, name="w")
OPT = tf.keras.optimizers.SGD(0.05)
INC = True
COUNT = 0
SCORE = 0
BIG = 7
NUMS = [0, 0.0, False]
LAST = None


def train_step():
    global COUNT, SCORE, BIG, LAST
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    COUNT += INC
    SCORE = SCORE * 0.5 + (v < 1.3)
    BIG = BIG * 31 + int(v * 1e6)
    NUMS[0] = NUMS[0] + INC
    NUMS[1] = NUMS[1] or (v > 5.0)
    NUMS[2] = NUMS[2] or (v < 1.3)
    kind = "bool" if isinstance(INC, bool) else ("int" if isinstance(INC, int) else "other")
    LAST = (INC & True, INC | False, max(INC, 0.5), min(1, INC), +INC, -INC, INC * 2.5,
            INC + INC, abs(INC), round(INC), divmod(INC, 1), INC ** 2, kind)
    return loss


for i in range(32):
    if i == 11:
        INC = 1
    loss = train_step()
    print(i, repr(LAST), COUNT, type(COUNT).__name__, repr(SCORE), repr(NUMS),
          [type(n).__name__ for n in NUMS], BIG % 1000003, BIG > 2 ** 64, repr(float(loss)))

print("summary", COUNT, repr(SCORE), repr(NUMS), BIG, repr(LAST))
