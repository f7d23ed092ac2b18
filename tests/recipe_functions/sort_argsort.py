# A second function for recipes/sort_argsort.py: a bfloat16 array of rank 3 with a NaN,
# sorted along axis 0, a descending argsort, an unstable one, lexsort (two keys),
# lax.top_k in bfloat16, and argmin.
functions = [
    ("sort_axis0", lambda x: jnp.sort(x, axis=0)),
    ("argsort_descending", lambda x: jnp.argsort(x, axis=1, descending=True)),
    ("argsort_unstable", lambda x: jnp.argsort(x, stable=False)),
    ("lexsort", lambda x: jnp.lexsort((x[0], x[1]), axis=-1)),
    ("top_k_bf16", lambda x: lax.top_k(x, 2)),
    ("argmin", lambda x: jnp.argmin(x, axis=0)),
]
x = jnp.array([[[2.0, jnp.nan, -1.0, 0.5, 4.0], [1.0, 3.0, 3.0, -2.0, 0.0]]] * 3, jnp.bfloat16) * jnp.arange(1.0, 4.0)[:, None, None].astype(jnp.bfloat16)
