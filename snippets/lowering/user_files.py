import os
import sysconfig

from jax._src.source_info_util import is_user_filename  # the test behind every location

stdlib = sysconfig.get_path("stdlib")  # the standard library's folder, .../lib/python3.12
inside = os.path.join(stdlib, "site-packages", "flax", "linen", "module.py")  # pyenv, conda, Docker python
venv = os.path.join(os.sep, "home", "me", "project", ".venv", "lib", "python3.12", "site-packages", "flax", "linen", "module.py")

print("site-packages inside the standard library's folder, counted as your code:", is_user_filename(inside))
print("site-packages of a virtual environment, counted as your code:            ", is_user_filename(venv))
