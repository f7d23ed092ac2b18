import jax
import jax.numpy as jnp
from jax import lax

w = jnp.full((4, 4), 0.1)  # the scan of the section above


def step(h, x_t):
    h = jnp.tanh(h @ w + x_t)
    return h, h.sum()


def rnn(h0, xs):
    return lax.scan(step, h0, xs)


def loss(h0, xs):
    return rnn(h0, xs)[1].sum()


def show(title, jaxpr):
    scans = [eqn for eqn in jaxpr.eqns if eqn.primitive.name == "scan"]
    for number, eqn in enumerate(scans, 1):
        print(f"{title}, scan {number} of {len(scans)}: reverse={eqn.params['reverse']}")
        print("  operands:", " ".join(v.aval.str_short(short_dtypes=True) for v in eqn.invars))
        print("  results: ", " ".join(v.aval.str_short(short_dtypes=True) for v in eqn.outvars))
        print("  ft_in: ", eqn.params["ft_in"])
        print("  ft_out:", eqn.params["ft_out"])


h0, xs = jnp.zeros(4), jnp.ones((6, 4))
grad_jaxpr = jax.make_jaxpr(jax.grad(loss))(h0, xs)
show("grad", grad_jaxpr)
jvp_jaxpr = jax.make_jaxpr(lambda h0, t: jax.jvp(lambda h: rnn(h, xs), (h0,), (t,)))(h0, jnp.ones(4))
show("jvp", jvp_jaxpr)
