import importlib.util
import pathlib
import shutil

import jaxlib

TOOLS = ["run_hlo_module", "hlo-opt", "interactive_graphviz", "mlir_replay", "hlo_runner_main", "hlo_bisect"]

# Every file that ships with jaxlib, by name without its extension.
shipped = {path.name.split(".")[0] for path in pathlib.Path(jaxlib.__file__).parent.rglob("*")}

for tool in TOOLS:
    on_path = shutil.which(tool) is not None
    in_jaxlib = tool in shipped or tool.replace("-", "_") in shipped
    importable = importlib.util.find_spec(tool.replace("-", "_")) is not None
    print(f"{tool:21} on PATH: {on_path!s:5}  in jaxlib: {in_jaxlib!s:5}  importable: {importable}")
