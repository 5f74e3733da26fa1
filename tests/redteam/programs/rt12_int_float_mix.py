"""Python values whose TYPE depends on graph data within one call. The step computes the
gradient norm as a Python float and divides by denom = max(FLOOR, gnorm) with FLOOR the
int 1: denom is the int FLOOR when gnorm <= FLOOR and the float otherwise (max keeps the
first of equals). It also sets bonus = 0 if float(loss) > CUT else 0.5 (int or float by
data) and sgn = max(float(g[0, 0] * 0.0), -0.0) (a signed zero: -0.0 exactly when the
first gradient entry is negative; max keeps the first of equals). All three are stored in
lists and printed with their types; the final JSON distinguishes 1 from 1.0. Step 10:
FLOOR becomes the bool True (denom is then True or a float); step 20: CUT changes from 1.0
to the int 0. Probes: int/float/-0.0 results of max and conditional expressions chosen by
graph values at run time."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1237)
rng = np.random.default_rng(1237)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.5], [-0.5], [0.8]], np.float32)
      + 0.5 * rng.normal(size=(64, 1))).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
FLOOR = 1
CUT = 1.0
DENOMS = []
BONUS = []
SIGNS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    gnorm = float(tf.norm(g))
    denom = max(FLOOR, gnorm)
    W.assign_sub(0.2 * g / denom)
    bonus = 0 if float(loss) > CUT else 0.5
    sgn = max(float(g[0, 0] * 0.0), -0.0)
    DENOMS.append(denom)
    BONUS.append(bonus)
    SIGNS.append(sgn)
    return loss


for step in range(30):
    if step == 10:
        FLOOR = True
    if step == 20:
        CUT = 0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), type(DENOMS[-1]).__name__, repr(DENOMS[-1]),
          type(BONUS[-1]).__name__, repr(SIGNS[-1]))

print(json.dumps({"denoms": DENOMS, "bonus": BONUS, "signs": [repr(s) for s in SIGNS],
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
