import contextlib
import io

import jax

# print_environment_info() also prints the host name, kernel and device list.
# Keep the version lines: they are what a maintainer needs and they do not
# identify your machine.
buffer = io.StringIO()
with contextlib.redirect_stdout(buffer):
    jax.print_environment_info()
for line in buffer.getvalue().splitlines():
    if line.split(":")[0] in {"jax", "jaxlib", "numpy"}:
        print(line)
print("backend:", jax.default_backend())
