import warnings

import jax

print("jax.shard_map:", jax.shard_map.__module__ + "." + jax.shard_map.__qualname__)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from jax.experimental.shard_map import shard_map  # the pre-0.8 spelling
for w in caught:
    print(w.category.__name__, w.message)
print("same function:", shard_map is jax.shard_map)
