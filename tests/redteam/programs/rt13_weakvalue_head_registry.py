"""Optional auxiliary head looked up in a weakref.WeakValueDictionary registry; the head
is dropped (and garbage-collected) mid-run.

Components register themselves in a weak-valued registry so that the registry never
keeps them alive: `HEADS = weakref.WeakValueDictionary(); HEADS["aux"] = aux_head`.  The
step asks `HEADS.get("aux")` every call and adds the auxiliary loss only while the head
exists.  At step 12 the owner drops its only strong reference (`del aux_head`) and runs
gc.collect(): Keras layers have reference cycles, the collector frees the layer, and
its KeyedRef callback removes the entry, so eager's `.get` returns None from step 12 on
(the registry's dict is changed by a weakref callback, not by program code).  The loop
also prints whether the registry still holds the head.  A build that ran the stdlib
WeakValueDictionary.get natively and folded the layer it returned, or a cached graph
that holds the layer (keeping it alive past the collection), would go on training the
auxiliary head.  Probes: state changed by the garbage collector (weakref callbacks),
object lifetime vs. objects held by built graphs, stdlib mapping code at build time.
"""
import gc
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1336)
rng = np.random.default_rng(1336)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 3:4]).astype(np.float32)
YAUX = np.tanh(XS[:, 1:2] * 2.0).astype(np.float32)

trunk = keras.layers.Dense(10, activation="tanh")
main_head = keras.layers.Dense(1)
aux_head = keras.layers.Dense(1)
trunk.build((None, 6))
main_head.build((None, 10))
aux_head.build((None, 10))
HEADS = weakref.WeakValueDictionary()
HEADS["aux"] = aux_head
AUX_KERNEL = aux_head.kernel
opt = keras.optimizers.SGD(learning_rate=0.05)
USED = []


def train_step(x, y, yaux):
    head = HEADS.get("aux")
    variables = trunk.trainable_variables + main_head.trainable_variables
    with tf.GradientTape() as tape:
        h = trunk(x)
        loss = tf.reduce_mean(tf.square(main_head(h) - y))
        if head is not None:
            loss = loss + 0.5 * tf.reduce_mean(tf.square(head(h) - yaux))
    if head is not None:
        variables = variables + head.trainable_variables
    grads = tape.gradient(loss, variables)
    opt.apply_gradients(zip(grads, variables))
    USED.append(head is not None)
    return loss


for step in range(30):
    if step == 12:
        del aux_head
        gc.collect()
        print("registry after drop:", sorted(HEADS.keys()))
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]),
                      tf.constant(YAUX[i:i + 8]))
    print(step, repr(float(loss)), USED[-1])

print(json.dumps({
    "used": USED,
    "registry": sorted(HEADS.keys()),
    "aux_kernel": [repr(float(v)) for v in AUX_KERNEL.numpy().ravel()[:5]],
    "main_kernel": [repr(float(v)) for v in main_head.kernel.numpy().ravel()[:5]],
}))
