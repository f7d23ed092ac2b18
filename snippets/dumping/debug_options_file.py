from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax

from mlp import example_batch, init_params, loss

params = jax.eval_shape(init_params)
x, y = jax.eval_shape(example_batch)
cases = [
    ("no option", {}),
    ("a pass disabled", {"xla_disable_hlo_passes": "algsimp"}),
    ("JAX's min/max setting put back to XLA's default", {"xla_cpu_enable_fast_min_max": True}),
    ("a list option set", {"xla_cpu_experimental_ynn_fusion_type": "LIBRARY_FUSION_TYPE_DOT"}),
    ("the same list option emptied", {"xla_cpu_experimental_ynn_fusion_type": ""}),
]
for number, (title, options) in enumerate(cases):
    folder = f"dump{number}"
    jax.jit(loss).lower(params, x, y).compile({"xla_dump_to": folder, **options})
    optimized = next(pathlib.Path(folder).glob("*.cpu_after_optimizations.txt")).read_text()
    print(f"{title}: {options} -> {optimized.count('kind=kCustom')} kCustom fusions")
    for line in next(pathlib.Path(folder).glob("*.debug_options")).read_text().splitlines():
        print("   ", line)
