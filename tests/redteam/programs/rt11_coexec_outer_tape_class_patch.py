"""A co-executed step (actions sampled with np.random.Generator.choice from the model's
softmax, rewards computed in numpy) called inside the loop's own GradientTape, which
watches the input batch and is asked for d loss / d input after each call (an input
saliency used to reweight features). Mid-run library changes:
Step 10: `keras.layers.Dense.call` wrapped on the class (adds 0.1 * tanh of the output).
Step 15: the policy's hidden activation -> swish. Step 19: Dense.call restored.
Step 23: the loss object's `_fn_kwargs["from_logits"]` -> True with the last layer's
activation -> linear. Step 27: keras.layers.Dense.call replaced again (x1.2)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1134)
rng = np.random.default_rng(1134)
X = rng.normal(size=(96, 4)).astype("float32")
TABLE = rng.normal(size=(4, 3)).astype("float32")
act_rng = np.random.default_rng(5)

policy = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                           keras.layers.Dense(3, activation="softmax")])
scce = keras.losses.SparseCategoricalCrossentropy()
opt = keras.optimizers.SGD(learning_rate=0.05)
ORIG_CALL = keras.layers.Dense.call


def bumped(self, inputs, training=None):
    out = ORIG_CALL(self, inputs, training=training)
    return out + 0.1 * tf.tanh(out)


def scaled(self, inputs, training=None):
    return ORIG_CALL(self, inputs, training=training) * 1.2


def train_step(x):
    with tf.GradientTape() as tape:
        probs = policy(x, training=True)
        p = probs.numpy().astype("float64")
        if scce._fn_kwargs["from_logits"]:
            p = np.exp(p - p.max(axis=1, keepdims=True))
        acts = np.array([act_rng.choice(3, p=r / r.sum()) for r in p])
        rew = (x.numpy() @ TABLE)[np.arange(len(acts)), acts]
        w = tf.constant(np.maximum(rew, 0.0).astype("float32") + 0.1)
        loss = scce(tf.constant(acts), probs, sample_weight=w)
    grads = tape.gradient(loss, policy.trainable_variables)
    opt.apply_gradients(zip(grads, policy.trainable_variables))
    return loss, acts.tolist()


rows = []
feat_w = np.ones((1, 4), dtype="float32")
for step in range(31):
    if step == 10:
        keras.layers.Dense.call = bumped
    elif step == 15:
        policy.layers[0].activation = keras.activations.swish
    elif step == 19:
        keras.layers.Dense.call = ORIG_CALL
    elif step == 23:
        scce._fn_kwargs["from_logits"] = True
        policy.layers[-1].activation = keras.activations.linear
    elif step == 27:
        keras.layers.Dense.call = scaled
    i = (step * 8) % 88
    x = tf.constant(X[i:i + 8] * feat_w)
    with tf.GradientTape() as outer:
        outer.watch(x)
        loss, acts = train_step(x)
    gx = outer.gradient(loss, x)
    sal = np.abs(gx.numpy()).mean(axis=0)
    feat_w = (0.5 + sal / (sal.sum() + 1e-6)).astype("float32")[None, :]
    rows.append([float(loss), acts, sal.tolist()])
    print(step, repr(float(loss)), acts, [repr(float(s)) for s in sal])

keras.layers.Dense.call = ORIG_CALL
print(json.dumps({
    "rows": rows,
    "rng": act_rng.bit_generator.state["state"]["state"],
    "weights": [w.numpy().ravel().tolist() for w in policy.weights],
}))
