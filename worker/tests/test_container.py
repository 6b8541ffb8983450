"""The container specification: hardening flags, limits, mounts and where the secret may appear."""

from __future__ import annotations

import json

import pytest
from mango_worker.container import (
    EgressMount,
    ItemIds,
    Limits,
    Network,
    container_config,
    frame_secret,
    outcome_of,
    parse_memory,
)

IDS = ItemIds("work_1", "env_1", "sesn_1", "http://127.0.0.1:8000")
SECRET = "eyJzZXNzaW9uc190b2tlbiI6ICJzdF9zZWNyZXQifQ"


NETWORK = Network("/tmp/mango-api-x")


def config(network: Network = NETWORK, **limits: object) -> dict[str, object]:
    return container_config(
        "mango-worker-runtime:latest",
        IDS,
        Limits(**limits),  # type: ignore[arg-type]
        "/srv/ws/sesn_1",
        network=network,
    )


def test_hardening_flags_are_exact() -> None:
    spec = config()
    assert spec["user"] == "65532:65532"
    assert spec["read_only"] is True
    assert spec["cap_drop"] == ["ALL"]
    assert "cap_add" not in spec
    assert spec["security_opt"] == ["no-new-privileges:true"]
    assert spec["privileged"] is False
    assert spec["network_mode"] == "none"
    assert spec["command"] == ["python3", "-m", "mango_worker.item_runner"]


def test_limits_and_tmpfs() -> None:
    spec = config(cpus=0.5, memory="512m", pids=64, tmp_size="16m", memory_mount_size="8m")
    assert spec["nano_cpus"] == 500_000_000
    assert spec["mem_limit"] == 512 * 1024**2
    assert spec["memswap_limit"] == spec["mem_limit"]
    assert spec["pids_limit"] == 64
    assert spec["tmpfs"] == {
        "/tmp": f"rw,noexec,nosuid,nodev,size={16 * 1024**2},mode=1777",
        "/mnt/memory": f"rw,noexec,nosuid,nodev,size={8 * 1024**2},uid=65532,gid=65532,mode=0700",
    }


def test_exit_codes_name_every_outcome() -> None:
    assert [outcome_of(code) for code in (0, 1, 2, 3, 4, 5, 143, 137, 99)] == [
        "completed",
        "error",
        "bad_input",
        "lease_lost",
        "failed",
        "unfinished",
        "cancelled",
        "killed",
        "crashed",
    ]


def test_host_network_for_tools_is_explicit_and_bridges_are_refused() -> None:
    assert config(Network("/tmp/mango-api-x", tools="host"))["network_mode"] == "host"
    with pytest.raises(ValueError, match="tool network"):
        Network("/tmp/mango-api-x", tools="bridge")
    with pytest.raises(ValueError, match="absolute"):
        Network("relative/dir")


def test_only_the_workspace_and_the_api_socket_are_mounted_never_the_docker_socket() -> None:
    spec = config()
    assert spec["volumes"] == {
        "/srv/ws/sesn_1": {"bind": "/workspace", "mode": "rw"},
        "/tmp/mango-api-x": {"bind": "/run/mango", "mode": "ro"},
    }
    assert spec["environment"]["MANGO_API_SOCKET"] == "/run/mango/api.sock"  # type: ignore[index]
    assert "docker.sock" not in json.dumps(spec)
    assert spec["working_dir"] == "/workspace"


def test_stdin_is_a_one_shot_stream() -> None:
    from docker.models.containers import _create_container_args
    from docker.types import ContainerConfig

    create = _create_container_args({**config(), "version": "1.41"})
    create.pop("host_config")
    create.pop("name")
    engine_config = ContainerConfig("1.41", **create)
    assert engine_config["OpenStdin"] is True
    assert engine_config["StdinOnce"] is True
    assert engine_config["AttachStdin"] is True
    assert engine_config["Tty"] is False


def test_secret_is_absent_from_env_args_labels() -> None:
    spec = config()
    dumped = json.dumps(spec)
    assert SECRET not in dumped
    assert "secret" not in dumped.lower()
    assert set(spec["environment"]) == {  # type: ignore[arg-type]
        "MANGO_BASE_URL",
        "MANGO_API_SOCKET",
        "MANGO_ENVIRONMENT_ID",
        "MANGO_WORK_ID",
        "MANGO_SESSION_ID",
        "MANGO_MAX_IDLE_SECONDS",
        "MANGO_TOOL_DEADLINE_SECONDS",
        "HOME",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONUNBUFFERED",
    }
    assert spec["labels"] == {
        "dev.mango.worker.work-id": "work_1",
        "dev.mango.worker.environment-id": "env_1",
        "dev.mango.worker.session-id": "sesn_1",
    }


def test_frame_secret_is_length_prefixed() -> None:
    assert frame_secret("abc") == b"3\nabc"
    assert frame_secret("é") == b"2\n\xc3\xa9"


@pytest.mark.parametrize("bad", ["", "x" * 8193])
def test_frame_secret_rejects_empty_and_oversized(bad: str) -> None:
    with pytest.raises(ValueError, match="work secret"):
        frame_secret(bad)


def test_parse_memory() -> None:
    assert parse_memory("65536") == 65536
    assert parse_memory("1g") == 1024**3
    assert parse_memory("64M") == 64 * 1024**2
    with pytest.raises(ValueError, match="not a size"):
        parse_memory("lots")


@pytest.mark.parametrize(
    "limits", [{"cpus": 0}, {"pids": 1}, {"memory": "0"}, {"tmp_size": "x"}, {"memory_mount_size": "0"}]
)
def test_limits_validate(limits: dict[str, object]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011
        Limits(**limits)  # type: ignore[arg-type]


def test_the_proxy_network_keeps_no_network_and_mounts_the_items_egress_proxy() -> None:
    egress = EgressMount("/tmp/mango-egress-x", {"SEARCH_API_KEY": "mango-secret-0123"})
    spec = container_config(
        "mango-worker-runtime:latest",
        IDS,
        Limits(),
        "/srv/ws/sesn_1",
        network=Network("/tmp/mango-api-x", tools="proxy"),
        egress=egress,
    )
    assert spec["network_mode"] == "none"
    assert spec["volumes"]["/tmp/mango-egress-x"] == {"bind": "/run/mango-egress", "mode": "ro"}
    env = spec["environment"]
    assert env["SEARCH_API_KEY"] == "mango-secret-0123"
    assert env["HTTPS_PROXY"] == env["http_proxy"] == "http://127.0.0.1:3128"
    assert env["SSL_CERT_FILE"] == env["CURL_CA_BUNDLE"] == "/run/mango-egress/ca-bundle.pem"
    assert env["MANGO_EGRESS_SOCKET"] == "/run/mango-egress/egress.sock"


def test_egress_needs_the_proxy_network_and_secret_names_cannot_shadow_the_contract() -> None:
    with pytest.raises(ValueError, match="proxy tool network"):
        config(Network("/tmp/mango-api-x", tools="proxy"))
    proxy = Network("/tmp/mango-api-x", tools="proxy")
    for name in ("HTTPS_PROXY", "MANGO_WORK_ID", "PATH", "SSL_CERT_FILE"):
        with pytest.raises(ValueError, match="may not be named"):
            container_config(
                "img", IDS, Limits(), "/srv/ws", network=proxy, egress=EgressMount("/tmp/e", {name: "mango-secret-1"})
            )


def test_the_shell_tool_is_handed_the_proxy_variables_and_placeholders() -> None:
    from mango_worker.item_runner import ItemConfig

    egress = EgressMount("/tmp/mango-egress-x", {"SEARCH_API_KEY": "mango-secret-0123"})
    proxy = Network("/tmp/mango-api-x", tools="proxy")
    spec = container_config("img", IDS, Limits(), "/srv/ws", network=proxy, egress=egress)
    handed = dict(ItemConfig.from_env(spec["environment"]).tool_env)
    assert handed["SEARCH_API_KEY"] == "mango-secret-0123"
    assert handed["https_proxy"] == "http://127.0.0.1:3128"
    assert handed["CURL_CA_BUNDLE"] == "/run/mango-egress/ca-bundle.pem"
    assert not any(name.startswith("MANGO_") for name in handed)
