import jax
import jax.numpy as jnp

import target


def mlp(x, w1, w2):
    return jax.nn.relu(x @ w1) @ w2


x, w1, w2 = jnp.ones((256, 1024)), jnp.ones((1024, 4096)), jnp.ones((4096, 1024))
compiled = target.compile(mlp, x, w1, w2)
memory = compiled.memory_analysis()
for field in ("argument", "output", "temp", "alias"):
    print(f"{field + '_size_in_bytes:':26} {getattr(memory, field + '_size_in_bytes'):>10,}")
cost = compiled.cost_analysis()
print("cost_analysis():", "None" if cost is None else f"flops {cost['flops']:,.0f}")
