from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import re
from pathlib import Path

import jax

from mlp import example_batch, init_params, loss

n = 512  # every dimension of the MLP
args = (init_params(features=n, hidden=n, outputs=n), *example_batch(batch=n, features=n, outputs=n))
for title, options in [("default", {}),
                       ("dot-library-rewriter disabled", {"xla_disable_hlo_passes": "dot-library-rewriter"}),
                       ("xla_cpu_experimental_ynn_fusion_type=''", {"xla_cpu_experimental_ynn_fusion_type": ""})]:
    folder = "dump-" + re.sub(r"\W+", "-", title).strip("-")
    jax.jit(loss).lower(*args).compile({"xla_dump_to": folder, "xla_dump_hlo_pass_re": ".*", **options})
    # A per-pass snapshot is named module_NNNN.jit_loss.COUNTER.PIPELINE.after_X.before_Y.txt;
    # keep those of the dot-library-passes pipeline, without the prefix.
    snapshots = sorted(p for p in Path(folder).iterdir() if ".dot-library-passes." in p.name)
    print(f"{title}: snapshots of the dot-library-passes pipeline: {len(snapshots)}")
    for path in snapshots:
        name = re.sub(r"^module_\d+\.jit_loss\.", "", path.name)
        print(f"    {name}  (kCustom fusions: {path.read_text().count('kind=kCustom')})")
    # The dump's debug_options file: the options this compilation set, for a bug report.
    options_file = next(Path(folder).glob("*.debug_options")).read_text()
    named = [name for name in options if f"\n{name}:" in "\n" + options_file]
    print(f"    options above that the dump's debug_options file lists: {named}")
