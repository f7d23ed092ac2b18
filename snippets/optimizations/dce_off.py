from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
import shutil
from pathlib import Path

import jax

from examples import mlp_args, mlp_grad
from show import readable

ARGS = mlp_args()  # params, x, y

lowered = jax.jit(mlp_grad).lower(*ARGS)
final = {}
for label, disabled in [("default", ""), ("dce disabled", "dce")]:
    folder = Path(f"dump-{label.replace(' ', '-')}")
    shutil.rmtree(folder, ignore_errors=True)  # start from an empty folder on every run
    compiled = lowered.compile(
        {"xla_dump_to": str(folder), "xla_dump_hlo_pass_re": ".*", "xla_disable_hlo_passes": disabled}
    )
    snapshots = sorted(p for p in folder.glob("*.txt") if re.search(r"\.jit_loss\.\d{4}\.", p.name))
    # The first snapshot without the reducer that algsimp left without users.
    gone = next(p for p in snapshots if "%region_1.2 (" not in p.read_text())
    print(f"{label:>12}: region_1.2 last seen before snapshot", gone.name.split(".", 2)[2])
    print(f"{label:>12}: region_1.2 in the final module:", "region_1.2" in compiled.as_text())
    final[label] = readable(compiled.as_text())
print("final modules the same:", final["default"] == final["dce disabled"])
