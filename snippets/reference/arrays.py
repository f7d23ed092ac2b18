# Shapes, indexing, reductions and sorting: jax.lax and jax.numpy calls, each binding one primitive.
import jax
import jax.numpy as jnp
from jax import lax


def shapes(x, v):
    a, b = lax.split(v, [2, 6])
    return [lax.broadcast_in_dim(v, (3, 8), (1,)), lax.reshape(x, (8, 4)), lax.squeeze(x[:1], (0,)),
            lax.transpose(x, (1, 0)), lax.rev(v, (0,)), lax.pad(v, 0.0, [(1, 2, 1)]),
            lax.concatenate([a, b], 0), lax.tile(v, (2,)), lax.stack([v, v]), lax.unstack(x[:2])[0],
            lax.iota(jnp.int32, 8), lax.empty((2,), jnp.float32)]


def indexing(x, v, i):
    idx = jnp.array([[0], [2]])
    dnums = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                        scatter_dims_to_operand_dims=(0,))
    upd = jnp.ones(2)
    return [lax.slice(v, (1,), (5,)), lax.dynamic_slice(v, (i,), (2,)),
            lax.dynamic_update_slice(v, upd, (i,)), x[:, idx[:, 0]],
            lax.scatter(v, idx, upd, dnums), lax.scatter_add(v, idx, upd, dnums),
            lax.scatter_sub(v, idx, upd, dnums), lax.scatter_mul(v, idx, upd, dnums),
            lax.scatter_min(v, idx, upd, dnums), lax.scatter_max(v, idx, upd, dnums)]


def reductions(x, b, i):
    return [lax.reduce_sum(x, (0,)), lax.reduce_prod(x, (0,)), lax.reduce_max(x, (0,)),
            lax.reduce_min(x, (0,)), lax.reduce_and(b, (0,)), lax.reduce_or(b, (0,)),
            lax.reduce_xor(i, (0,)), lax.reduce(x, 0.0, lambda p, q: p + 2 * q, (0,)),
            lax.argmax(x, 0, jnp.int32), lax.argmin(x, 0, jnp.int32)]


def scans_and_windows(x):
    window = dict(window_dimensions=(2, 2), window_strides=(1, 1), padding="VALID")
    return [lax.cumsum(x, 0), lax.cumprod(x, 0), lax.cummax(x, 0), lax.cummin(x, 0),
            lax.cumlogsumexp(x, 0), lax.reduce_window(x, 0.0, lax.add, **window),
            lax.reduce_window(x, -jnp.inf, lax.max, **window),
            lax.reduce_window(x, jnp.inf, lax.min, **window),
            lax.reduce_window(x, 1.0, lambda p, q: p * q + 1, **window)]


def sorting(v):
    return [lax.sort(v), lax.top_k(v, 2), lax.approx_max_k(v, 2)]


x, v = jnp.ones((4, 8)), jnp.ones(8)
print(jax.make_jaxpr(shapes)(x, v))
print(jax.make_jaxpr(indexing)(x, v, 1))
print(jax.make_jaxpr(reductions)(x, x > 0, jnp.ones((4, 8), jnp.int32)))
print(jax.make_jaxpr(scans_and_windows)(x))
print(jax.make_jaxpr(sorting)(v))
