import re

import jax
import jax.numpy as jnp

import target

x4, x_big = jax.ShapeDtypeStruct((4,), jnp.float32), jax.ShapeDtypeStruct((1024, 1024), jnp.float32)
cases = [  # (what the branches do, the function, its arguments)
    ("sin or cos, f32[4]", lambda p, x: jax.lax.cond(p, jnp.sin, jnp.cos, x), (True, x4)),
    ("sin or cos, f32[1024,1024]", lambda p, x: jax.lax.cond(p, jnp.sin, jnp.cos, x), (True, x_big)),
    ("sin or x itself, f32[4]", lambda p, x: jax.lax.cond(p, jnp.sin, lambda x: x, x), (True, x4)),
    ("x @ x or sin, f32[1024,1024]", lambda p, x: jax.lax.cond(p, lambda x: x @ x, jnp.sin, x), (True, x_big)),
    ("switch: sin, cos or exp, f32[4]",
     lambda i, x: jax.lax.switch(i, [jnp.sin, jnp.cos, jnp.exp], x), (1, x4)),
]
for label, function, args in cases:
    text = target.compile(function, *args).as_text()
    count = lambda opcode: len(re.findall(rf" {opcode}\(", text))
    print(f"{label:32} conditional {count('conditional')}   select {count('select')}")
