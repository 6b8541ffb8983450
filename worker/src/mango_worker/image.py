"""Building the runtime image: a thin wrapper over ``worker/image/build.sh``.

The script builds offline (debootstrap root filesystem, wheels installed with ``--no-index``,
``docker import``) and caches the root filesystem, so this module only finds it and runs it. It
needs a source checkout: the wheels are built from ``sdk-python/`` and ``worker/``. Not responsible
for the image's contents (the script) or for starting a Docker engine.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

__all__ = ["DEFAULT_REPOSITORY", "build_image", "build_script"]

DEFAULT_REPOSITORY = "mango-worker-runtime"


def build_script() -> Path:
    """The path of ``build.sh`` in the source checkout this package is installed from."""
    script = Path(__file__).resolve().parents[2] / "image" / "build.sh"
    if not script.is_file():
        raise FileNotFoundError("worker/image/build.sh not found: build the image from a source checkout")
    return script


def build_image(repository: str = DEFAULT_REPOSITORY, *, role: str = "worker", timeout: float = 1800.0) -> str:
    """Build (or reuse) an image; returns ``repository:<content hash>``, also tagged ``latest`` and the version.

    ``role`` is ``worker`` (the runtime image) or ``control-plane`` (``mango api | orchestrator |
    migrate``; it needs the full source checkout, ``server/`` included).

    Progress goes to stderr. Raises ``subprocess.CalledProcessError`` when the build fails.
    """
    result = subprocess.run(
        ["bash", str(build_script()), repository, role],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
        timeout=timeout,
    )
    return result.stdout.strip().splitlines()[-1]
