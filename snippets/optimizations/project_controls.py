import jax

from examples import A, B, project
from show import computation

lowered = jax.jit(project).lower(A, B)
for passes in ["algsimp", "transpose-folding"]:
    compiled = lowered.compile({"xla_disable_hlo_passes": passes})
    print(f"--- {passes} disabled: ENTRY computation")
    print(computation(compiled.as_text(), "ENTRY"))
