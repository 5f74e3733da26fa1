"""AdamW(use_ema=True) fine-tuned between steps by changing the optimizer's own fields:
weight_decay 0.004 -> 0.2 at step 12; at step 16 the output bias is added to the
optimizer's weight-decay exclusion set *in place* and its cached decision dropped;
ema_momentum 0.99 -> 0.5 at step 20; ema_overwrite_frequency None -> 4 at step 24;
epsilon 1e-7 -> 0.5 at step 28; beta_1 0.9 -> 0.3 at step 32."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(5)
np.random.seed(5)
tf.random.set_seed(5)
keras.utils.set_random_seed(5)

rng = np.random.default_rng(11)
X = rng.normal(size=(72, 5)).astype("float32")
Y = np.tanh(X @ rng.normal(size=(5, 2))).astype("float32")

model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(7, activation="relu", name="hidden"),
    keras.layers.Dense(2, name="out"),
])
opt = keras.optimizers.AdamW(learning_rate=0.03, weight_decay=0.004, use_ema=True,
                             ema_momentum=0.99)
opt.exclude_from_weight_decay(var_list=[model.get_layer("hidden").bias])
opt.build(model.trainable_variables)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def weights_sum(vs):
    return repr(float(sum(float(np.sum(v.numpy().astype(np.float64))) for v in vs)))


out_bias = model.get_layer("out").bias
for step in range(38):
    if step == 12:
        opt.weight_decay = 0.2
    elif step == 16:
        key = opt._var_key(out_bias)
        opt._exclude_from_weight_decay.add(key)
        opt._exclude_from_weight_decay_cache.pop(key, None)
    elif step == 20:
        opt.ema_momentum = 0.5
    elif step == 24:
        opt.ema_overwrite_frequency = 4
    elif step == 28:
        opt.epsilon = 0.5
    elif step == 32:
        opt.beta_1 = 0.3
    i = (step * 12) % 60
    loss = train_step(tf.constant(X[i:i + 12]), tf.constant(Y[i:i + 12]))
    print(step, repr(float(loss)), int(opt.iterations.numpy()),
          "bias", repr(float(np.sum(out_bias.numpy()))),
          "ema", weights_sum(opt._model_variables_moving_average))

print("weights", weights_sum(model.trainable_variables))
print("ema", weights_sum(opt._model_variables_moving_average))
print("adam m", weights_sum(opt._momentums), "v", weights_sum(opt._velocities))
print("exclude", len(opt._exclude_from_weight_decay), opt._var_key(out_bias) in opt._exclude_from_weight_decay,
      sorted(opt._exclude_from_weight_decay_cache.values()))
