"""The Helm chart ``deploy/helm/mango``: rendered by Helm's own Go SDK, every object schema-valid.

Rendering uses ``helm-python-sdk`` (Helm v4 through a C ABI, no helm binary), the same template
engine, values merging and ``values.schema.json`` checks as ``helm template``. Every rendered
object is validated strictly against the Kubernetes OpenAPI schemas with ``kubernetes-validate``.
The checks pin the security model: the migration hook gets only the database credential, only
the orchestrator gets the model credential, every pod runs as 65532 on a read-only root with a
bounded ``/tmp``, and names stay valid DNS labels for digit-leading and over-long inputs. Not
covered here: installing into a cluster (no Kubernetes API server runs on this machine).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

helm = pytest.importorskip("helm_python", reason="helm-python-sdk (Helm's Go SDK) is not installed")

CHART = Path(__file__).resolve().parents[1] / "helm" / "mango"
KUBERNETES = "1.33.0"
MESSAGES = {"model": {"provider": "messages", "secretName": "mango-model"}}
KEYRING = {"keyring": {"secretName": "mango-keyring"}}
CATALOGUE_YAML = """models:
  - id: claude-sonnet-4-5
    adapter: messages
    credential: {env: ANTHROPIC_API_KEY}
  - id: qwen2.5-7b
    adapter: openai-chat
    base_url: http://vllm:8001/v1
    context_window: 32768
    max_output_tokens: 4096
"""
ANTHROPIC = {"name": "ANTHROPIC_API_KEY", "secretName": "anthropic", "key": "api-key"}
CATALOGUE = {"modelCatalogue": {"content": CATALOGUE_YAML, "credentials": [ANTHROPIC]}}


def render(values: dict[str, Any] | None = None, *, name: str = "prod") -> list[dict[str, Any]]:
    with helm.Chart.load(str(CHART)) as chart:
        manifests = chart.render(values or {}, name=name, namespace="mango", is_install=True)
    return [doc for text in manifests.values() for doc in yaml.safe_load_all(text) if doc]


def by_kind(objects: list[dict[str, Any]], kind: str) -> Iterator[dict[str, Any]]:
    return (o for o in objects if o["kind"] == kind)


def workload(objects: list[dict[str, Any]], component: str) -> dict[str, Any]:
    (found,) = [o for o in objects if o["metadata"]["labels"].get("app.kubernetes.io/component") == component]
    return found


def container(obj: dict[str, Any]) -> dict[str, Any]:
    (only,) = obj["spec"]["template"]["spec"]["containers"]
    return dict(only)


def env_names(obj: dict[str, Any]) -> set[str]:
    return {e["name"] for e in container(obj)["env"]}


def secret_refs(obj: dict[str, Any]) -> set[str]:
    return {e["valueFrom"]["secretKeyRef"]["name"] for e in container(obj)["env"] if "valueFrom" in e}


@pytest.mark.parametrize(
    "values",
    [{}, MESSAGES, KEYRING, CATALOGUE, {"modelCatalogue": {"existingSecret": "models"}}],
    ids=["offline", "messages", "keyring", "catalogue", "catalogue-secret"],
)
def test_every_rendered_object_is_valid_kubernetes(values: dict[str, Any]) -> None:
    objects = render(values)
    kinds = ["Deployment", "Deployment", "Job", "Service"]
    assert sorted(o["kind"] for o in objects) == sorted(kinds + (["ConfigMap"] if values is CATALOGUE else []))
    for obj in objects:
        kubernetes_validate.validate(obj, KUBERNETES, strict=True)


def test_lint_has_no_errors() -> None:
    assert helm.lint(str(CHART), strict=True)["errors"] == []


def test_migration_is_a_pre_install_hook_with_only_database_credentials() -> None:
    job = workload(render(MESSAGES), "migrate")
    assert job["kind"] == "Job"
    assert job["metadata"]["annotations"]["helm.sh/hook"] == "pre-install,pre-upgrade"
    assert container(job)["args"] == ["migrate"]
    assert secret_refs(job) == {"mango-database"}
    assert env_names(job) == {"MANGO_DATABASE_URL", "MANGO_LOG_LEVEL", "MANGO_LOG_FORMAT"}
    # A hook runs before the release's other objects exist: it may reference none of them.
    assert "serviceAccountName" not in job["spec"]["template"]["spec"]
    assert "configMapRef" not in str(job)


def test_model_credentials_reach_only_the_orchestrator() -> None:
    objects = render(MESSAGES)
    orchestrator, api = workload(objects, "orchestrator"), [o for o in by_kind(objects, "Deployment")]
    assert "MANGO_MODEL_API_KEY" in env_names(orchestrator)
    assert "mango-model" in secret_refs(orchestrator)
    for deployment in api:
        if deployment is not orchestrator:
            assert "MANGO_MODEL_API_KEY" not in env_names(deployment)
            assert "mango-model" not in secret_refs(deployment)
    assert "MANGO_MODEL_API_KEY" not in env_names(workload(render(), "orchestrator"))


def test_api_and_orchestrator_offer_the_same_model() -> None:
    objects = render({"model": {"provider": "messages", "secretName": "mango-model", "defaultModel": "claude-x"}})
    wanted = {"MANGO_MODEL_PROVIDER", "MANGO_MODEL_BASE_URL", "MANGO_DEFAULT_MODEL"}
    deployments = list(by_kind(objects, "Deployment"))
    for role in ("api", "orchestrator"):
        assert wanted <= set(env_names(workload(deployments, role))), role


def test_probes_on_health_and_readiness() -> None:
    api = next(o for o in by_kind(render(), "Deployment") if o["metadata"]["name"].endswith("-api"))
    spec = container(api)
    assert spec["livenessProbe"]["httpGet"]["path"] == "/v1/health"
    assert spec["readinessProbe"]["httpGet"]["path"] == "/v1/readiness"


def test_pods_run_as_the_image_user_on_a_read_only_root() -> None:
    for obj in render(MESSAGES):
        if obj["kind"] == "Service":
            continue
        pod = obj["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsUser"] == pod["securityContext"]["fsGroup"] == 65532
        security = container(obj)["securityContext"]
        assert security["readOnlyRootFilesystem"] is True
        assert security["allowPrivilegeEscalation"] is False
        assert security["capabilities"] == {"drop": ["ALL"]}
        assert pod["automountServiceAccountToken"] is False
        (tmp,) = pod["volumes"]
        assert tmp["emptyDir"]["sizeLimit"] == "64Mi"


@pytest.mark.parametrize(
    ("name", "values"),
    [("1st", {}), ("prod", {"fullnameOverride": "9" + "x" * 80}), ("r" * 53, {})],
    ids=["digit-release", "long-digit-override", "long-release"],
)
def test_names_are_dns_labels(name: str, values: dict[str, Any]) -> None:
    for obj in render(values, name=name):
        object_name = obj["metadata"]["name"]
        assert len(object_name) <= 63
        assert object_name[0].isalpha(), object_name
        kubernetes_validate.validate(obj, KUBERNETES, strict=True)


@pytest.mark.parametrize(
    "values",
    [
        {"api": {"replicas": -1}},
        {"model": {"provider": "messages"}},  # a real provider needs its credential Secret
        {"image": {"tag": ""}},
        {"nats": {"url": "http://nats:4222"}},
        {"unknown": 1},
        {"modelCatalogue": {"content": CATALOGUE_YAML, "existingSecret": "models"}},
        {"modelCatalogue": {"credentials": [{"name": "BAD-NAME", "secretName": "s", "key": "k"}]}},
    ],
    ids=[
        "negative-replicas",
        "messages-without-secret",
        "empty-tag",
        "bad-nats-url",
        "unknown-key",
        "two-catalogue-sources",
        "bad-credential-variable",
    ],
)
def test_values_schema_rejects(values: dict[str, Any]) -> None:
    with pytest.raises(helm.HelmValuesError, match="schema"):
        render(values)


def test_the_keyring_is_mounted_read_only_into_api_and_orchestrator_only() -> None:
    objects = render(KEYRING)
    for component in ("api", "orchestrator"):
        [deployment] = [
            o
            for o in by_kind(objects, "Deployment")
            if o["metadata"]["labels"].get("app.kubernetes.io/component") == component
        ]
        env = {e["name"]: e.get("value") for e in container(deployment)["env"]}
        assert env["MANGO_KEYRING_FILE"] == "/etc/mango/keyring/keyring.json"
        [mount] = [m for m in container(deployment)["volumeMounts"] if m["name"] == "keyring"]
        assert (mount["mountPath"], mount["readOnly"]) == ("/etc/mango/keyring", True)
        [volume] = [v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == "keyring"]
        assert volume["secret"]["secretName"] == "mango-keyring"
    assert "keyring" not in str(workload(objects, "migrate"))
    assert all("MANGO_KEYRING_FILE" not in env_names(d) for d in by_kind(render(), "Deployment"))


def _deployment(objects: list[dict[str, Any]], component: str) -> dict[str, Any]:
    return workload(list(by_kind(objects, "Deployment")), component)


def _volume(deployment: dict[str, Any], name: str) -> dict[str, Any]:
    [volume] = [v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == name]
    return dict(volume)


def test_an_inline_catalogue_is_a_configmap_mounted_into_api_and_orchestrator() -> None:
    objects = render(CATALOGUE)
    [configmap] = by_kind(objects, "ConfigMap")
    assert configmap["metadata"]["name"] == "prod-mango-models"
    assert yaml.safe_load(configmap["data"]["models.yaml"]) == yaml.safe_load(CATALOGUE_YAML)
    checksums = set()
    for component in ("api", "orchestrator"):
        deployment = _deployment(objects, component)
        env = {e["name"]: e.get("value") for e in container(deployment)["env"]}
        assert env["MANGO_MODELS_FILE"] == "/etc/mango/models/models.yaml"
        # The catalogue replaces the one-model variables.
        assert not {"MANGO_MODEL_PROVIDER", "MANGO_DEFAULT_MODEL", "MANGO_MODEL_API_KEY"} & set(env)
        [mount] = [m for m in container(deployment)["volumeMounts"] if m["name"] == "models"]
        assert (mount["mountPath"], mount["readOnly"]) == ("/etc/mango/models", True)
        assert _volume(deployment, "models")["configMap"]["name"] == "prod-mango-models"
        checksums.add(deployment["spec"]["template"]["metadata"]["annotations"]["checksum/models"])
    assert len(checksums) == 1
    changed = render({"modelCatalogue": {"content": CATALOGUE_YAML + "default: qwen2.5-7b\n"}})
    assert (
        _deployment(changed, "api")["spec"]["template"]["metadata"]["annotations"]["checksum/models"] not in checksums
    )
    assert "models" not in str(workload(objects, "migrate"))


def test_catalogue_credentials_reach_only_the_orchestrator() -> None:
    objects = render(CATALOGUE)
    orchestrator, api = _deployment(objects, "orchestrator"), _deployment(objects, "api")
    [key] = [e for e in container(orchestrator)["env"] if e["name"] == "ANTHROPIC_API_KEY"]
    assert key["valueFrom"]["secretKeyRef"] == {"name": "anthropic", "key": "api-key"}
    assert "ANTHROPIC_API_KEY" not in env_names(api)
    assert "anthropic" not in secret_refs(api)
    assert "anthropic" not in str(workload(objects, "migrate"))


@pytest.mark.parametrize(
    ("values", "kind", "name"),
    [
        ({"existingSecret": "mango-models"}, "secret", "mango-models"),
        ({"existingConfigMap": "team-models", "key": "catalogue.yaml"}, "configMap", "team-models"),
    ],
    ids=["secret", "configmap"],
)
def test_an_existing_catalogue_is_mounted_from_its_secret_or_configmap(
    values: dict[str, Any], kind: str, name: str
) -> None:
    objects = render({"modelCatalogue": values})
    assert not list(by_kind(objects, "ConfigMap"))  # the chart writes none
    key = values.get("key", "models.yaml")
    for component in ("api", "orchestrator"):
        deployment = _deployment(objects, component)
        volume = _volume(deployment, "models")[kind]
        assert volume.get("secretName", volume.get("name")) == name
        assert volume["items"] == [{"key": key, "path": key}]
        env = {e["name"]: e.get("value") for e in container(deployment)["env"]}
        assert env["MANGO_MODELS_FILE"] == f"/etc/mango/models/{key}"
        assert "annotations" not in deployment["spec"]["template"]["metadata"]
