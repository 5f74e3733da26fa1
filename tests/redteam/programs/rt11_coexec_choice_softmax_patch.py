"""Co-execution: a contextual-bandit REINFORCE step samples actions with a numpy Generator
from the policy's probabilities (the step cannot be one graph; its Keras calls are sites).
Between sites, library objects and library functions change:
Step 10: policy hidden layer activation tanh -> elu (layer attribute).
Step 14: tf.nn.softmax (reached from keras' softmax activation) is replaced by a program
function with temperature TEMP. Step 18: TEMP 2.0 -> 0.5. Step 22: tf.nn.softmax restored.
Step 24: Huber's `_fn_kwargs["delta"]` 1.0 -> 0.2 (value-head loss). Step 27:
keras.layers.Dense.call replaced on the class by a wrapper (x0.7). Step 31: restored."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1116)
rng = np.random.default_rng(1116)
CTX = rng.normal(size=(200, 4)).astype("float32")
PAYOFF = rng.normal(size=(4, 3)).astype("float32")
act_rng = np.random.default_rng(7)

policy = keras.Sequential([keras.Input((4,)), keras.layers.Dense(16, activation="tanh"),
                           keras.layers.Dense(3, activation="softmax")])
critic = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                           keras.layers.Dense(1)])
huber = keras.losses.Huber()
opt = keras.optimizers.Adam(learning_rate=0.01)

ORIG_SOFTMAX = tf.nn.softmax
ORIG_DENSE_CALL = keras.layers.Dense.call
TEMP = 2.0


def temp_softmax(logits, axis=None, name=None):
    return ORIG_SOFTMAX(logits / TEMP, axis=axis)


def damped_call(self, inputs, training=None):
    return ORIG_DENSE_CALL(self, inputs, training=training) * 0.7


def train_step(x):
    with tf.GradientTape() as tape:
        probs = policy(x, training=True)
        p = probs.numpy().astype("float64")
        actions = [int(act_rng.choice(3, p=row / row.sum())) for row in p]
        rewards = (x.numpy() @ PAYOFF)[np.arange(len(actions)), actions]
        value = critic(x, training=True)
        adv = tf.constant(rewards[:, None], tf.float32) - tf.stop_gradient(value)
        idx = tf.stack([tf.range(len(actions)), tf.constant(actions)], axis=1)
        logp = tf.math.log(tf.gather_nd(probs, idx) + 1e-8)
        pg = -tf.reduce_mean(logp * adv[:, 0])
        vl = huber(tf.constant(rewards[:, None], tf.float32), value)
        loss = pg + 0.5 * vl
    vars_ = policy.trainable_variables + critic.trainable_variables
    grads = tape.gradient(loss, vars_)
    opt.apply_gradients(zip(grads, vars_))
    return loss, actions, float(rewards.mean())


rows = []
for step in range(34):
    if step == 10:
        policy.layers[0].activation = keras.activations.elu
    elif step == 14:
        tf.nn.softmax = temp_softmax
    elif step == 18:
        TEMP = 0.5
    elif step == 22:
        tf.nn.softmax = ORIG_SOFTMAX
    elif step == 24:
        huber._fn_kwargs["delta"] = 0.2
    elif step == 27:
        keras.layers.Dense.call = damped_call
    elif step == 31:
        keras.layers.Dense.call = ORIG_DENSE_CALL
    i = (step * 8) % 192
    loss, actions, r = train_step(tf.constant(CTX[i:i + 8]))
    rows.append([float(loss), r])
    print(step, repr(float(loss)), actions, repr(r))

tf.nn.softmax = ORIG_SOFTMAX
keras.layers.Dense.call = ORIG_DENSE_CALL
print(json.dumps({
    "rows": rows,
    "rng": act_rng.bit_generator.state["state"]["state"],
    "policy": [w.numpy().ravel().tolist() for w in policy.weights],
    "critic": [w.numpy().ravel().tolist() for w in critic.weights],
}))
