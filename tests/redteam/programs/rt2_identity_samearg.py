"""Tensor identity: the step takes (xa, xb); when the same tensor is handed twice (`xa is xb`)
it uses a tied single branch, otherwise a two-branch model; per-input means are cached by `id(xa)`
and the step returns the caller's own `xb`. From step 12 the loop hands a copy X2 as xa.
Expects the branch taken, the id-cache size, `returned is X` and all losses as in the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(202)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(202)
X_NP = rng.normal(size=(24, 3))
Y_NP = np.sin(X_NP.sum(axis=1, keepdims=True))
X = tf.constant(X_NP)
X2 = tf.constant(X_NP.copy())
Y = tf.constant(Y_NP)

W1 = tf.Variable(rng.normal(size=(3, 1)) * 0.3)
W2 = tf.Variable(rng.normal(size=(3, 1)) * 0.3)
ID_CACHE = {}          # id(tensor) -> (tensor, column mean); keyed by id as tensors are unhashable
BRANCHES = []
RETURNED = []


def step(xa, xb, y):
    key = id(xa)
    if key not in ID_CACHE:
        ID_CACHE[key] = (xa, tf.reduce_mean(xa, axis=0, keepdims=True))
    cached, mu = ID_CACHE[key]
    tied = xa is xb
    with tf.GradientTape() as tape:
        h = tf.matmul(xa - mu, W1)
        if tied:
            out = h * 2.0
        else:
            out = h + tf.matmul(xb, W2)
        loss = tf.reduce_mean(tf.square(out - y))
    vars_ = [W1] if tied else [W1, W2]
    grads = tape.gradient(loss, vars_)
    for v, g in zip(vars_, grads):
        v.assign_sub(0.1 * g)
    BRANCHES.append("tied" if tied else "split")
    return (xb if tied else cached), loss


for step_i in range(28):
    xa = X if step_i < 12 else X2
    ret, loss = step(xa, X, Y)
    RETURNED.append(ret)
    print(f"step {step_i:2d} branch={BRANCHES[-1]} cache={len(ID_CACHE)} ret_is_X={ret is X} "
          f"ret_is_X2={ret is X2} ret_is_xa={ret is xa} loss={float(loss)!r}")

N_RET_X = sum(1 for r in RETURNED if r is X)
N_RET_X2 = sum(1 for r in RETURNED if r is X2)
CACHED_TENSORS = [v[0] for v in ID_CACHE.values()]  # insertion order
CACHE_SIZE = len(ID_CACHE)
del ID_CACHE  # its keys are process-specific ids
print(f"final cache={CACHE_SIZE} ret_X={N_RET_X} ret_X2={N_RET_X2} "
      f"cached0_is_X={CACHED_TENSORS[0] is X} cached1_is_X2={CACHED_TENSORS[-1] is X2} "
      f"W1={W1.numpy().ravel().tolist()!r} W2={W2.numpy().ravel().tolist()!r}")
