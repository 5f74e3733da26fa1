"""Actor Critic Method on CartPole: a whole episode inside one GradientTape.

Source: https://keras.io/examples/rl/actor_critic_cartpole/ (Apoorv Nandan, 2020/05/13)
        github.com/keras-team/keras-io, examples/rl/actor_critic_cartpole.py
        (commit 0df30d775727a6789b7bdb4028561f2026cc4d52)
Licence: Apache-2.0, Copyright the Keras authors (keras-team/keras-io).

Kept as published: the configuration (gamma=0.99, max_steps_per_episode=10000,
CartPole-v0, eps), the shared-trunk actor-critic network (Dense 128 relu, softmax
actor, linear critic), Adam(0.01), Huber loss, and the episode verbatim: one
GradientTape around the Python loop over time steps (model call, np.random.choice of
the action, env.step in Python, histories appended to Python lists, break when done),
then the discounted, normalised returns in NumPy, the per-step actor and critic losses
summed with Python's sum(), tape.gradient, apply_gradients, the histories cleared; the
running reward and the solved test.
Changed:
  * gym -> gymnasium (installed): env.seed(seed) -> env.reset(seed=seed) once,
    env.reset() -> env.reset()[0], `state, reward, done, _ = env.step(action)` ->
    `state, reward, done, *_ = env.step(action)` (as keras-io's current version);
  * the body of the published `while True:` loop (one episode, tape and update) is the
    function train_episode(), the loop calls it: janus converts functions, and the
    published script runs the episode at module level.  It returns the episode's
    loss and reward for the report; running_reward stays a global it updates;
  * the published program has no tf.function.  In the bench modes function and xla
    @common.tf_function wraps train_episode in one anyway, which shows what happens
    when you try: tracing fails (NumPy on a symbolic tensor), and the harness records
    that error;
  * the shared layer's variable `common` is `common_layer` (`common` is the bench
    helper module here);
  * steps: 5 warm-up episodes, then 20 timed episodes, instead of running until
    solved; the timer ticks after each episode, with its length (env steps) as items;
  * the final loss reported is the last episode's loss_value.
"""

import common
import gymnasium as gym
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

WARMUP, STEPS = common.counts(warmup=5, steps=20)

# Configuration parameters for the whole setup
seed = 42
gamma = 0.99  # Discount factor for past rewards
max_steps_per_episode = 10000
env = gym.make("CartPole-v0")  # Create the environment
env.reset(seed=seed)
eps = np.finfo(np.float32).eps.item()  # Smallest number such that 1.0 + eps != 1.0

num_inputs = 4
num_actions = 2
num_hidden = 128

inputs = layers.Input(shape=(num_inputs,))
common_layer = layers.Dense(num_hidden, activation="relu")(inputs)
action = layers.Dense(num_actions, activation="softmax")(common_layer)
critic = layers.Dense(1)(common_layer)

model = keras.Model(inputs=inputs, outputs=[action, critic])

optimizer = keras.optimizers.Adam(learning_rate=0.01)
huber_loss = keras.losses.Huber()
action_probs_history = []
critic_value_history = []
rewards_history = []
running_reward = 0
episode_count = 0


@common.tf_function
def train_episode():
    global running_reward
    state = env.reset()[0]
    episode_reward = 0
    with tf.GradientTape() as tape:
        for timestep in range(1, max_steps_per_episode):
            # env.render(); Adding this line would show the attempts
            # of the agent in a pop up window.

            state = tf.convert_to_tensor(state)
            state = tf.expand_dims(state, 0)

            # Predict action probabilities and estimated future rewards
            # from environment state
            action_probs, critic_value = model(state)
            critic_value_history.append(critic_value[0, 0])

            # Sample action from action probability distribution
            action = np.random.choice(num_actions, p=np.squeeze(action_probs))
            action_probs_history.append(tf.math.log(action_probs[0, action]))

            # Apply the sampled action in our environment
            state, reward, done, *_ = env.step(action)
            rewards_history.append(reward)
            episode_reward += reward

            if done:
                break

        # Update running reward to check condition for solving
        running_reward = 0.05 * episode_reward + (1 - 0.05) * running_reward

        # Calculate expected value from rewards
        # - At each timestep what was the total reward received after that timestep
        # - Rewards in the past are discounted by multiplying them with gamma
        # - These are the labels for our critic
        returns = []
        discounted_sum = 0
        for r in rewards_history[::-1]:
            discounted_sum = r + gamma * discounted_sum
            returns.insert(0, discounted_sum)

        # Normalize
        returns = np.array(returns)
        returns = (returns - np.mean(returns)) / (np.std(returns) + eps)
        returns = returns.tolist()

        # Calculating loss values to update our network
        history = zip(action_probs_history, critic_value_history, returns)
        actor_losses = []
        critic_losses = []
        for log_prob, value, ret in history:
            # At this point in history, the critic estimated that we would get a
            # total reward = `value` in the future. We took an action with log probability
            # of `log_prob` and ended up recieving a total reward = `ret`.
            # The actor must be updated so that it predicts an action that leads to
            # high rewards (compared to critic's estimate) with high probability.
            diff = ret - value
            actor_losses.append(-log_prob * diff)  # actor loss

            # The critic must be updated so that it predicts a better estimate of
            # the future rewards.
            critic_losses.append(
                huber_loss(tf.expand_dims(value, 0), tf.expand_dims(ret, 0))
            )

        # Backpropagation
        loss_value = sum(actor_losses) + sum(critic_losses)
        grads = tape.gradient(loss_value, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))

        # Clear the loss and reward history
        action_probs_history.clear()
        critic_value_history.clear()
        rewards_history.clear()
    return loss_value, episode_reward


meter = common.Meter("actor_critic", WARMUP, STEPS, unit="episode")

while True:  # Run until solved
    loss_value, episode_reward = train_episode()
    meter.tick(loss_value, items=int(episode_reward))

    # Log details
    episode_count += 1
    if episode_count % 10 == 0:
        template = "running reward: {:.2f} at episode {}"
        print(template.format(running_reward, episode_count))

    if running_reward > 195:  # Condition to consider the task solved
        print("Solved at episode {}!".format(episode_count))
        break
    if meter.done:
        break

meter.report()
