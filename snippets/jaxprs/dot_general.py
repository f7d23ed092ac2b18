import jax
import jax.numpy as jnp

# A plain matrix product, as in the MLP's first layer: [8,16] @ [16,32].
x, w = jnp.ones((8, 16)), jnp.ones((16, 32))
print(jax.make_jaxpr(jnp.matmul)(x, w))

# A batched product: for each of 5 heads, [8,16] @ [16,32].
xs, ws = jnp.ones((5, 8, 16)), jnp.ones((5, 16, 32))
print(jax.make_jaxpr(lambda a, b: jnp.einsum("hik,hkj->hij", a, b))(xs, ws))

# A contraction over two axes at once: sum_ij a[i,j] * b[i,j].
print(jax.make_jaxpr(lambda a, b: jnp.tensordot(a, b, axes=2))(x, x))
