import jax
import jax.numpy as jnp

x = jnp.array([-1.0, 0.0, 2.0])
closed = jax.make_jaxpr(jax.nn.relu)(x)
print(closed)

(eqn,) = closed.jaxpr.eqns
print("params:", sorted(eqn.params))
print("num_consts:", eqn.params["num_consts"], " symbolic_zeros:", eqn.params["symbolic_zeros"])
print("call_jaxpr is a", type(eqn.params["call_jaxpr"]).__name__,
      "| jvp_jaxpr_fun is a", type(eqn.params["jvp_jaxpr_fun"]).__name__)
