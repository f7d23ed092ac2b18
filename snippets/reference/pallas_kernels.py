# The primitives of Pallas kernels, traced on the CPU: make_jaxpr needs no TPU or GPU, and
# interpret=True would run the kernels here. Kernel jaxprs keep only what reaches a ref, so every
# value below ends up in the output.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    start = pl.multiple_of(pl.program_id(0) * 8, 8)
    mask = jnp.ones((8, 128), bool)
    v = pltpu.load(x_ref, mask=mask) + pl.num_programs(0) + start  # a masked load
    v = v * pltpu.reciprocal(v)
    pl.delay(10)

    def scoped(sem, tmp_ref):
        pl.semaphore_signal(sem)
        pl.semaphore_wait(sem)
        tmp_ref[...] = pl.broadcast_to(pl.semaphore_read(sem).astype(jnp.float32), (8, 128))
        pltpu.store(o_ref, v + tmp_ref[...], mask=mask)  # a masked swap

    pl.run_scoped(scoped, pltpu.SemaphoreType.REGULAR, pltpu.VMEM((8, 128), jnp.float32))
    pl.semaphore_signal(pl.get_global(pltpu.SemaphoreType.REGULAR))


def call(x, steps):  # a grid size known only at run time keeps num_programs in the jaxpr
    x = pltpu.with_memory_space_constraint(x, pltpu.HBM)
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                          grid=(steps,), interpret=True)(x)


@pl.kernel(out_type=jax.ShapeDtypeStruct((8, 128), jnp.float32),
           mesh=pltpu.TensorCoreMesh(axis_name="core", num_cores=1), interpret=True)
def on_a_mesh(x_ref, o_ref):  # pl.kernel runs its body once per core of the mesh
    o_ref[...] = x_ref[...] * 2


@pl.run_state
def add_one(refs):  # pl.run_state: a function of refs, called on values
    x_ref, y_ref = refs
    y_ref[...] = x_ref[...] + 1


x = jnp.ones((8, 128))
print(jax.make_jaxpr(call)(x, 2))
print(jax.make_jaxpr(on_a_mesh)(x))
print(jax.make_jaxpr(add_one)((x, x)))
