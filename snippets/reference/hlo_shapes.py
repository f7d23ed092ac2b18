import jax.numpy as jnp
from jax import lax

from hlo_lines import show

m = jnp.arange(12.0, dtype=jnp.float32).reshape(3, 4)
v = jnp.arange(4.0, dtype=jnp.float32)
k = jnp.array(1, jnp.int32)
idx = jnp.array([2, 0], jnp.int32)

show("lax.broadcast_in_dim(v, (3, 4), (1,))", lambda v: lax.broadcast_in_dim(v, (3, 4), (1,)), v)
show("m.reshape(4, 3)", lambda m: m.reshape(4, 3), m)
show("m.T", lambda m: m.T, m)
show("lax.rev(v, (0,))", lambda v: lax.rev(v, (0,)), v)
show("v[1:3]", lambda v: v[1:3], v)
show("lax.pad(v, 0.0, [(1, 2, 0)])", lambda v: lax.pad(v, 0.0, [(1, 2, 0)]), v)
show("jnp.concatenate([v, v])", lambda v: jnp.concatenate([v, v]), v)
show("lax.iota(jnp.int32, 4)", lambda: lax.iota(jnp.int32, 4))
show("lax.dynamic_slice(v, (k,), (2,))", lambda v, k: lax.dynamic_slice(v, (k,), (2,)), v, k)
show("lax.dynamic_update_slice(v, v[:2], (k,))", lambda v, k: lax.dynamic_update_slice(v, v[:2], (k,)), v, k)
show("v[idx]", lambda v, idx: v[idx], v, idx)
show("v.at[idx].add(1.0)", lambda v, idx: v.at[idx].add(1.0), v, idx)
show("lax.sort(v)", lambda v: lax.sort(v), v)
show("lax.top_k(v, 2)", lambda v: lax.top_k(v, 2), v)
