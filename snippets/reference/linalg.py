# Linear algebra: jax.lax.linalg functions, one primitive each (geqrf through jnp.linalg.qr).
import jax
import jax.numpy as jnp
from jax.lax import linalg


def factorizations(a):
    lu, pivots, _ = linalg.lu(a)
    h, taus = jnp.linalg.qr(a, mode="raw")  # h is transposed: geqrf's result is h.mT
    return [linalg.cholesky(a), linalg.cholesky_update(a, a[0]), linalg.eig(a), linalg.eigh(a),
            linalg.hessenberg(a), linalg.householder_product(h.mT, taus), linalg.ormqr(h.mT, taus, a),
            linalg.lu_pivots_to_permutation(pivots, 4), linalg.qr(a), linalg.schur(a), linalg.svd(a),
            linalg.symmetric_product(a, a), linalg.tridiagonal(a)]


def solves(a, b, d):
    return [linalg.triangular_solve(a, b, left_side=True, lower=True),
            linalg.tridiagonal_solve(d, d, d, b),
            jax.lax.custom_linear_solve(lambda v: a @ v, b[:, 0], lambda mv, v: v)]


a, b, d = jnp.eye(4), jnp.ones((4, 2)), jnp.ones(4)
print(jax.make_jaxpr(factorizations)(a))
print(jax.make_jaxpr(solves)(a, b, d))
