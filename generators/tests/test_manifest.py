"""The entry point and manifest: writing, deleting, refusing strays, and ``--check`` drift detection."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
import uuid
from pathlib import Path, PurePosixPath
from types import ModuleType

import pytest
from mango_generators import server_models
from mango_generators.__main__ import TARGETS, main
from mango_generators._common import GeneratedFile, Spec, marker_line
from mango_generators._manifest import MANIFEST_PATH, Target

from .conftest import MINI_PATH, REPO_ROOT

MARK = marker_line("#")
FAKE_ROOT = PurePosixPath("sdk-go/api")
MODELS_ROOT = server_models.ROOT


class FakeTarget:
    """A target module whose output a test sets directly."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.name = f"fake_target_{uuid.uuid4().hex}"
        self.files: dict[str, str] = {}
        module = ModuleType(self.name)
        module.render = self.render  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, self.name, module)
        self.target = Target("fake", self.name, FAKE_ROOT)

    def render(self, spec: Spec) -> list[GeneratedFile]:
        return [GeneratedFile(FAKE_ROOT / name, text) for name, text in self.files.items()]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeTarget:
    fake = FakeTarget(monkeypatch)
    fake.files = {"a.go": f"{MARK}\npackage api\n", "sub/b.go": f"{MARK}\npackage sub\n"}
    return fake


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    return root


def run(root: Path, *targets: Target, check: bool = False) -> int:
    argv = ["--root", str(root), "--spec", str(MINI_PATH)]
    return main([*argv, "--check"] if check else argv, targets=targets)


def models_target() -> Target:
    return Target("server_models", "mango_generators.server_models", MODELS_ROOT)


def manifest(root: Path) -> list[str]:
    return (root / MANIFEST_PATH).read_text(encoding="utf-8").splitlines()


def test_writes_files_and_a_sorted_marked_manifest(root: Path, fake: FakeTarget) -> None:
    assert run(root, models_target(), fake.target) == 0
    assert (root / FAKE_ROOT / "sub" / "b.go").read_text() == f"{MARK}\npackage sub\n"
    lines = manifest(root)
    assert lines[0] == MARK
    assert lines[1:] == sorted(lines[1:])
    assert "server/src/mango_server/api/_generated/models.py" in lines
    assert "sdk-go/api/sub/b.go" in lines
    assert run(root, models_target(), fake.target, check=True) == 0


def test_rewrites_changed_files_only(root: Path, fake: FakeTarget, caplog: pytest.LogCaptureFixture) -> None:
    assert run(root, fake.target) == 0
    untouched = root / FAKE_ROOT / "a.go"
    before = untouched.stat().st_mtime_ns
    time.sleep(0.01)
    fake.files["sub/b.go"] = f"{MARK}\npackage sub // changed\n"
    caplog.clear()
    with caplog.at_level(logging.INFO):
        assert run(root, fake.target) == 0
    assert untouched.stat().st_mtime_ns == before
    assert "wrote path=sdk-go/api/sub/b.go" in caplog.text
    assert "written=1 deleted=0 unchanged=2" in caplog.text


def test_deletes_files_no_longer_produced(root: Path, fake: FakeTarget) -> None:
    assert run(root, fake.target) == 0
    del fake.files["sub/b.go"]
    assert run(root, fake.target) == 0
    assert not (root / FAKE_ROOT / "sub").exists()
    assert (root / FAKE_ROOT / "a.go").is_file()
    assert "sdk-go/api/sub/b.go" not in manifest(root)


def test_stale_marked_file_fails(root: Path, fake: FakeTarget, caplog: pytest.LogCaptureFixture) -> None:
    assert run(root, fake.target) == 0
    (root / FAKE_ROOT / "old.go").write_text(f"{MARK}\npackage api\n")
    assert run(root, fake.target) == 1
    assert "stale generated file not in the manifest: sdk-go/api/old.go" in caplog.text
    assert run(root, fake.target, check=True) == 1


def test_unmarked_file_in_generated_folder_fails(
    root: Path, fake: FakeTarget, caplog: pytest.LogCaptureFixture
) -> None:
    (root / FAKE_ROOT).mkdir(parents=True)
    (root / FAKE_ROOT / "helpers.go").write_text("package api\n")
    assert run(root, fake.target) == 1
    assert "hand-written file inside a generated folder (no generated-file marker): sdk-go/api/helpers.go" in (
        caplog.text
    )
    assert not (root / FAKE_ROOT / "a.go").exists(), "nothing is written when the folder holds strays"


def test_refuses_to_overwrite_an_unmarked_file_it_never_produced(
    root: Path, fake: FakeTarget, caplog: pytest.LogCaptureFixture
) -> None:
    (root / FAKE_ROOT).mkdir(parents=True)
    (root / FAKE_ROOT / "a.go").write_text("package api // hand-written\n")
    assert run(root, fake.target) == 1
    assert "hand-written file inside a generated folder" in caplog.text


def test_check_detects_a_hand_edit(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert run(root, models_target()) == 0
    routes = root / MODELS_ROOT / "routes.py"
    routes.write_text(routes.read_text().replace('handler="notes_create"', 'handler="make_note"'))
    assert run(root, models_target(), check=True) == 1
    assert "changed: server/src/mango_server/api/_generated/routes.py" in caplog.text
    assert '-        handler="make_note",' in caplog.text
    assert '+        handler="notes_create",' in caplog.text
    assert run(root, models_target()) == 0
    assert run(root, models_target(), check=True) == 0


def test_check_detects_missing_files_and_does_not_write(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert run(root, models_target(), check=True) == 1
    assert "missing: server/src/mango_server/api/_generated/models.py" in caplog.text
    assert "missing: generators/manifest.txt" in caplog.text
    assert not (root / MODELS_ROOT).exists()


def test_check_reports_uncommitted_generated_files(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    git = ["git", "-c", "user.email=dev@example.com", "-c", "user.name=dev", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=root, check=True)
    assert run(root, models_target()) == 0
    assert run(root, models_target(), check=True) == 1
    assert "uncommitted: ?? generators/manifest.txt" in caplog.text
    subprocess.run([*git, "add", "."], cwd=root, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "generated"], cwd=root, check=True)
    assert run(root, models_target(), check=True) == 0


def test_missing_target_module_fails(root: Path, caplog: pytest.LogCaptureFixture) -> None:
    absent = Target("fake", "mango_generators.no_such_target", FAKE_ROOT)
    assert run(root, models_target(), absent) == 1
    assert "target fake: module mango_generators.no_such_target does not exist" in caplog.text
    assert not (root / MANIFEST_PATH).exists()


def test_every_registered_target_renders_the_mini_spec(root: Path) -> None:
    assert main(["--root", str(root), "--spec", str(MINI_PATH)]) == 0
    produced = manifest(root)[1:]
    for target in TARGETS:
        assert any(line.startswith(f"{target.root}/") for line in produced), target.name
    assert main(["--root", str(root), "--spec", str(MINI_PATH), "--check"]) == 0


def test_malformed_target_output_fails(root: Path, fake: FakeTarget, caplog: pytest.LogCaptureFixture) -> None:
    fake.files = {"a.go": "package api\n", "../../elsewhere.go": f"{MARK}\n"}
    assert run(root, fake.target) == 1
    assert "sdk-go/api/a.go does not start with the generated-file marker" in caplog.text
    assert "is not inside its generated root sdk-go/api" in caplog.text
    assert not (root / MANIFEST_PATH).exists()


def test_target_rejecting_the_spec_fails_cleanly(
    root: Path, fake: FakeTarget, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def reject(spec: Spec) -> list[GeneratedFile]:
        raise ValueError("GET /v1/x: header parameter 'X' is not supported")

    monkeypatch.setattr(sys.modules[fake.name], "render", reject)
    assert run(root, fake.target) == 1
    assert "target fake cannot render the spec: GET /v1/x: header parameter 'X' is not supported" in caplog.text


def test_invalid_spec_exits_2(root: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(MINI_PATH.read_text().replace("operationId: notes.create", "operationId: Notes.Create"))
    assert main(["--root", str(root), "--spec", str(bad)], targets=(models_target(),)) == 2
    assert "POST /v1/notes (Notes.Create): operationId must match" in caplog.text


@pytest.mark.slow
def test_real_repository_is_up_to_date() -> None:
    if not (REPO_ROOT / "openapi" / "mango.yaml").is_file():
        pytest.skip("openapi/mango.yaml does not exist yet")
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "mango_generators", "--check"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=110,
    )
    assert result.returncode == 0, result.stderr
    assert time.monotonic() - started < 60
