# Transformations and custom rules: what jax.grad, jax.linearize, jax.checkpoint and the custom_*
# decorators leave in a jaxpr.
import jax
import jax.numpy as jnp
from jax import lax
from jax.ad_checkpoint import checkpoint_name
from jax.experimental import hijax


@jax.custom_jvp
def jvp_rule(x):
    return jnp.sin(x)


jvp_rule.defjvp(lambda primals, tangents: (jvp_rule(primals[0]), jnp.cos(primals[0]) * tangents[0]))


@jax.custom_vjp
def vjp_rule(x):
    return jnp.sin(x)


vjp_rule.defvjp(lambda x: (vjp_rule(x), jnp.cos(x)), lambda cos_x, ct: (cos_x * ct,))


@jax.custom_vjp
def remat_rule(x):  # optimize_remat=True: the forward function may be recomputed in the backward pass
    return jnp.sin(x)


remat_rule.defvjp(lambda x: (remat_rule(x), jnp.cos(x)), lambda cos_x, ct: (cos_x * ct,),
                  optimize_remat=True)


@jax.custom_batching.custom_vmap
def vmap_rule(x):
    return x + 1


vmap_rule.def_vmap(lambda axis_size, in_batched, x: (x + 1, in_batched[0]))


def double(x):  # a linear function whose transpose is given: jax.custom_derivatives.linear_call
    return jax.custom_derivatives.linear_call(lambda _, t: 2 * t, lambda _, ct: 2 * ct, None, x)


class Square(hijax.HiPrim):  # an operation defined in Python, with its own reverse-mode rule
    def __init__(self, aval):
        self.in_avals, self.out_aval, self.params = (aval,), aval, {}
        super().__init__()

    def check(self, aval):
        pass

    def expand(self, x):  # what it lowers to
        return x * x

    def vjp_fwd(self, nonzeros, x):
        return x * x, x

    def vjp_bwd_retval(self, x, ct):
        return (2 * x * ct,)


def forward(x):
    a = checkpoint_name(jnp.sin(x), "a")
    b = jax.checkpoint(lambda y: jnp.sin(y) * 2)(a)
    c = lax.custom_linear_solve(lambda v: 2 * v, x, lambda matvec, v: v / 2)
    return (jvp_rule(b) + vjp_rule(lax.stop_gradient(x)) + remat_rule(c) + vmap_rule(x)
            + double(x))


x = jnp.ones(3)
print(jax.make_jaxpr(forward)(x))
# Reverse mode: add_any sums the cotangents of x, which four terms use.
print(jax.make_jaxpr(jax.grad(lambda x: (vjp_rule(x) + remat_rule(x) + double(x) + x).sum()))(x))
# Linearized, a custom_vjp function's tangent is a custom_lin: only its transpose, bwd, can run.
print(jax.make_jaxpr(lambda x: jax.linearize(vjp_rule, x)[1](x))(x))
# A HiPrim prints under its class's name; under grad, its own rules take its place.
print(jax.make_jaxpr(lambda x: Square(jax.typeof(x))(x))(x))
print(jax.make_jaxpr(jax.grad(lambda x: Square(jax.typeof(x))(x).sum()))(x))
# Differentiating a cond whose branches save different residuals pads them with empty2.
print(jax.make_jaxpr(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x)))(1.0))
