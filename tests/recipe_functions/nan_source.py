# A second function for recipes/nan_source.py: bf16, five elements, and a NaN that
# `jnp.where` masks, so the output has none.
def safe_log(x):
    return jnp.where(x > 0, jnp.log(x), 0.0)


args = (jnp.array([-1.0, 0.5, 1.0, 2.0, 3.0], jnp.bfloat16),)
function = safe_log
