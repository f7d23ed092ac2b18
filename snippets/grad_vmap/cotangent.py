import jax
import jax.numpy as jnp

m = jnp.array([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]])


def f(x):  # three inputs, two outputs
    return m @ jnp.sin(x)


x = jnp.array([0.0, 1.0, 2.0])
y, f_vjp = jax.vjp(f, x)  # runs the forward pass, returns the backward pass as f_vjp
print("x:", x.shape, "  y = f(x):", y.shape)
for ct_y in (jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0]), jnp.array([2.0, -3.0])):
    (ct_x,) = f_vjp(ct_y)  # a cotangent of y in, a cotangent of x out
    print(f"cotangent of y {ct_y} -> cotangent of x {ct_x}")
print("grad of y[0]:", jax.grad(lambda x: f(x)[0])(x), "  grad of y[1]:", jax.grad(lambda x: f(x)[1])(x))
print(jax.make_jaxpr(f_vjp)(jnp.array([1.0, 0.0])))
