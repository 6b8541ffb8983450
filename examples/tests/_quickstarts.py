"""Running the quickstarts in examples/quickstart as a developer would, for the tests that check them.

Responsible for: the command line of each quickstart (Python, curl, TypeScript, Go), the build steps
docs/quickstart.md gives before a run, skipping with the reason when a toolchain is missing, and
checking that a run leaves the tracked quickstart files as it found them. Not responsible for the
Mango a quickstart talks to or the model behind it: the caller passes ``MANGO_BASE_URL`` and
``MANGO_API_KEY`` in ``env`` and checks the output itself (``assert_turn_completed`` is the check
every model passes).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
QUICKSTART = REPO / "examples" / "quickstart"
TSC = REPO / "sdk-typescript" / "node_modules" / ".bin" / "tsc"
LANGUAGES = ("python", "curl", "typescript", "go")
RUN_TIMEOUT = 120  # seconds for one quickstart run (a cold `go run` compiles the client first)
BUILD_TIMEOUT = 240


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = RUN_TIMEOUT) -> str:
    """Run ``command``; fail with its output unless it exits 0; return its stdout."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{command} exited {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    return done.stdout


def assert_turn_completed(output: str) -> None:
    """The quickstart printed the get_weather call, its result, and one final reply quoting the result."""
    assert "tool call: get_weather" in output, output
    assert "tool result: 18°C and sunny in Paris" in output, output
    final = [line for line in output.splitlines() if line.startswith("final reply: ")]
    assert len(final) == 1, output
    assert "Tool results: " in final[0], output
    assert "18°C and sunny in Paris" in final[0], output


def run_quickstart(language: str, env: dict[str, str]) -> str:
    """Build (where the language needs it) and run one quickstart with ``env``; return its stdout.

    Skips the calling test when the language's toolchain is missing, and fails it when the run changed
    a tracked file under examples/quickstart or left an untracked one (build output is git-ignored).
    """
    before = _quickstart_status()
    output = _RUNNERS[language](env)
    after = _quickstart_status()
    assert after == before, f"running the {language} quickstart changed examples/quickstart:\n{after}"
    return output


def _python(env: dict[str, str]) -> str:
    return run([sys.executable, str(QUICKSTART / "python" / "quickstart.py")], REPO, env)


def _curl(env: dict[str, str]) -> str:
    if shutil.which("curl") is None or shutil.which("bash") is None:
        pytest.skip("the curl quickstart needs bash and curl on PATH")
    return run(["bash", str(QUICKSTART / "curl" / "quickstart.sh")], REPO, env)


def _typescript(env: dict[str, str]) -> str:
    if not TSC.exists():
        pytest.skip("sdk-typescript/node_modules is missing: run `make install-node` (make test does)")
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("the TypeScript quickstart needs node and npm on PATH")
    example = QUICKSTART / "typescript"
    # What docs/quickstart.md tells a developer to do: build the SDK, link it, compile, run. `--no-save`
    # keeps npm from rewriting the committed package-lock.json when the linked SDK's manifest has moved
    # on since the lock was written; the link itself is made all the same.
    run([str(TSC), "-p", "tsconfig.build.json"], REPO / "sdk-typescript", env, BUILD_TIMEOUT)
    run(["npm", "install", "--no-save", "--no-audit", "--no-fund"], example, env, BUILD_TIMEOUT)
    run([str(TSC), "-p", "."], example, env, BUILD_TIMEOUT)
    return run(["node", "dist/quickstart.js"], example, env)


def _go(env: dict[str, str]) -> str:
    go = REPO / ".venv" / "bin" / "go"
    go_binary = str(go) if go.exists() else shutil.which("go")
    if go_binary is None:
        pytest.skip("no Go toolchain: neither .venv/bin/go nor go on PATH")
    go_env = {
        **env,
        "GOTOOLCHAIN": "local",
        "GOPROXY": "off",
        # -mod=readonly: the committed go.mod is complete (the SDK is replaced by ../../../sdk-go and
        # needs nothing else), so a run must never rewrite it or add a go.sum.
        "GOFLAGS": "-mod=readonly",
        "GOTELEMETRY": "off",
        "GOCACHE": str(REPO / ".cache" / "go-build"),
        "GOPATH": str(REPO / ".cache" / "go"),
    }
    return run([go_binary, "run", "."], QUICKSTART / "go", go_env, BUILD_TIMEOUT)


_RUNNERS = {"python": _python, "curl": _curl, "typescript": _typescript, "go": _go}


def _quickstart_status() -> str:
    """``git status`` of examples/quickstart: changed tracked files and untracked, unignored ones."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        return ""
    done = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "--", "examples/quickstart"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return done.stdout
