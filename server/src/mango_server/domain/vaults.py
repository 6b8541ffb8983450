"""Vault rules: credential kinds, their write-only secrets, server URL matching and URL refusal.

A credential is stored as three parts (:class:`CredentialSpec`): its kind, its non-secret
``settings`` (what responses show) and its ``secrets`` (the write-only fields, encrypted together
by the caller). Responses never carry a secret, only whether each is set (:func:`public_auth`).
Server-internal callers get decrypted material as typed objects whose secret fields are
:class:`Secret` values: they print as ``***`` and refuse to be pickled or JSON-encoded, so a
secret that strays into a log line, an error message or a Temporal payload is masked or fails
loudly instead of leaking.

MCP credentials are found by the server URL's key (:func:`server_url_key`: scheme, lowercased
host, port, path without a trailing slash; no query or fragment). A URL that itself carries a
credential (``user:pass@``, or a query parameter such as ``token``) is refused wherever Mango
takes an MCP URL (:func:`refuse_credentials_in_url`), pointing to vaults instead.

Pure. Not responsible for encryption (``keyring``), storage (``store.vaults``) or the read-only
and Workspace checks (``app.vaults``).
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal, NoReturn, TypedDict
from urllib.parse import parse_qsl, urlsplit

from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError

CredentialKind = Literal["static_bearer", "mcp_oauth", "environment_variable"]
TokenEndpointAuthType = Literal["none", "client_secret_basic", "client_secret_post"]

KINDS: tuple[CredentialKind, ...] = ("static_bearer", "mcp_oauth", "environment_variable")
MAX_CREDENTIALS_PER_VAULT = 20
MAX_VAULT_IDS = 8
MAX_ALLOWED_HOSTS = 16

#: Query parameter names (lowercased, ``-`` read as ``_``) that obviously carry a secret.
SECRET_QUERY_PARAMETERS = frozenset({"token", "access_token", "api_key", "apikey", "key", "secret", "password", "auth"})
VAULT_HINT = (
    "credentials for an MCP server belong in a vault: store them as a vault credential for this "
    "server's URL and name the vault in the Session's vault_ids (see docs/vaults.md)"
)

_DEFAULT_PORTS = {"http": 80, "https": 443}
_HOST_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_SECRET_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Secret:
    """A secret value: printed as ``***``, never pickled or JSON-encoded; :meth:`reveal` gives it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        """The plain value, for the one place that sends it (an outbound request's header)."""
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return "***"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and hmac.compare_digest(self._value.encode(), other._value.encode())

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> NoReturn:
        raise TypeError("a vault secret is never pickled or serialised")


class StoredRefresh(TypedDict):
    """An ``mcp_oauth`` credential's refresh settings as stored (no secret)."""

    client_id: str
    token_endpoint: str
    token_endpoint_auth: TokenEndpointAuthType
    scope: str | None
    resource: str | None


class CredentialSettings(TypedDict, total=False):
    """A credential's non-secret settings as stored (the keys of its kind only).

    ``static_bearer``: ``mcp_server_url``; ``mcp_oauth``: ``mcp_server_url``, ``expires_at``
    (RFC 3339 or None), ``refresh``; ``environment_variable``: ``secret_name``, ``allowed_hosts``,
    ``header``, ``body``.
    """

    mcp_server_url: str
    expires_at: str | None
    refresh: StoredRefresh | None
    secret_name: str
    allowed_hosts: list[str]
    header: bool
    body: bool


@dataclass(frozen=True)
class OAuthRefresh:
    """How an ``mcp_oauth`` access token is refreshed (decrypted, server-internal)."""

    client_id: str
    token_endpoint: str
    token_endpoint_auth: TokenEndpointAuthType
    refresh_token: Secret
    client_secret: Secret | None
    scope: str | None
    resource: str | None


@dataclass(frozen=True)
class McpCredential:
    """The credential an MCP connection to ``mcp_server_url`` sends (decrypted, server-internal).

    ``token`` is the bearer token of a ``static_bearer`` credential or the access token of an
    ``mcp_oauth`` one; never serialise this object (its :class:`Secret` fields refuse).
    """

    vault_id: str
    credential_id: str
    kind: Literal["static_bearer", "mcp_oauth"]
    mcp_server_url: str
    token: Secret
    expires_at: datetime | None = None
    refresh: OAuthRefresh | None = None


@dataclass(frozen=True)
class EnvironmentSecret:
    """An ``environment_variable`` secret and where it may go (decrypted, server-internal)."""

    vault_id: str
    credential_id: str
    secret_name: str
    value: Secret
    allowed_hosts: tuple[str, ...]
    header: bool
    body: bool


@dataclass(frozen=True)
class CredentialSpec:
    """A credential as stored: kind, non-secret settings, matching keys and the plain secrets.

    ``secrets`` is what the caller encrypts (``secrets_bytes``); it never leaves the server.
    """

    kind: CredentialKind
    settings: CredentialSettings
    secrets: dict[str, str] = field(repr=False)

    @property
    def server_key(self) -> str | None:
        """The normalised MCP server URL an MCP credential is found by (None for secrets)."""
        url = self.settings.get("mcp_server_url")
        return None if url is None else server_url_key(url)

    @property
    def secret_name(self) -> str | None:
        """An ``environment_variable`` credential's name (None for MCP credentials)."""
        return self.settings.get("secret_name")

    def secrets_bytes(self) -> bytes:
        """The secrets as the bytes the keyring encrypts."""
        return json.dumps(self.secrets, sort_keys=True, separators=(",", ":")).encode()


def secrets_from_bytes(plain: bytes) -> dict[str, str]:
    """The secrets :meth:`CredentialSpec.secrets_bytes` wrote."""
    raw = json.loads(plain)
    return {str(k): str(v) for k, v in raw.items()}


# ---------------------------------------------------------------- URLs


def credential_in_url(url: str) -> str | None:
    """What credential ``url`` carries (``a user:password@ part``, ``the query parameter 'token'``), if any.

    The description never contains the secret itself.
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        return "a user:password@ part"
    for name, _value in parse_qsl(parts.query, keep_blank_values=True):
        if name.strip().lower().replace("-", "_") in SECRET_QUERY_PARAMETERS:
            return f"the query parameter {name[:64]!r}"
    return None


def refuse_credentials_in_url(url: str, where: str) -> None:
    """400 when ``url`` carries a credential; the message points to vaults and never repeats the URL."""
    found = credential_in_url(url)
    if found is not None:
        raise InvalidRequestError(f"{where}: the URL carries a credential ({found}); {VAULT_HINT}")


def check_http_url(url: str, where: str) -> str:
    """``url`` when it is an absolute http(s) URL with a host and no credential in it (400 otherwise)."""
    refuse_credentials_in_url(url, where)
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError:
        raise InvalidRequestError(f"{where}: is not a valid URL") from None
    if parts.scheme.lower() not in _DEFAULT_PORTS or not parts.hostname or any(c.isspace() for c in url):
        raise InvalidRequestError(f"{where}: must be an absolute http or https URL")
    return url


def server_url_key(url: str) -> str:
    """The key an MCP server URL is matched by: scheme, lowercased host, port (default dropped) and path
    without a trailing slash; query, fragment and case of the scheme and host do not count.

    ``HTTPS://MCP.example.com:443/mcp/`` and ``https://mcp.example.com/mcp?x=1`` have the same key.
    A URL that is not an absolute http(s) URL keys to itself (it matches nothing stored).
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return url
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if scheme not in _DEFAULT_PORTS or not host:
        return url
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        netloc += f":{port}"
    return f"{scheme}://{netloc}{parts.path.rstrip('/')}"


def allowed_host(raw: str, where: str) -> str:
    """One ``allowed_hosts`` entry in normal form: a bare host name, an IPv4 address or a ``*.`` wildcard."""
    host = raw.strip().lower().rstrip(".")
    base = host.removeprefix("*.")
    try:
        ipaddress.IPv4Address(base)
    except ValueError:
        labels = base.split(".")
        if base and all(_HOST_LABEL.match(label) for label in labels) and not base.replace(".", "").isdigit():
            return host
        raise InvalidRequestError(
            f"{where}: {raw[:64]!r} is not a bare host name, IPv4 address or *. wildcard (no schemes, ports, "
            "paths or IPv6)"
        ) from None
    if host != base:
        raise InvalidRequestError(f"{where}: a wildcard cannot cover an IP address")
    return host


def check_vault_ids(vault_ids: list[str], where: str = "vault_ids") -> list[str]:
    """``vault_ids`` without duplicates (400 on a repeated id or too many)."""
    if len(vault_ids) > MAX_VAULT_IDS:
        raise InvalidRequestError(f"{where}: at most {MAX_VAULT_IDS} vaults")
    if len(set(vault_ids)) != len(vault_ids):
        raise InvalidRequestError(f"{where}: a vault is named twice")
    return list(vault_ids)


# ---------------------------------------------------------------- credentials


def _expiry(raw: str | None, where: str, now: datetime) -> str | None:
    if raw is None:
        return None
    try:
        value = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise InvalidRequestError(f"{where}: is not an RFC 3339 timestamp") from None
    if value.tzinfo is None:
        raise InvalidRequestError(f"{where}: must name its UTC offset")
    try:
        utc = value.astimezone(UTC)
    except OverflowError:
        raise InvalidRequestError(f"{where}: is out of range") from None
    if utc <= now:
        raise InvalidRequestError(f"{where}: must be in the future")
    return utc.isoformat().replace("+00:00", "Z")


def _refresh(
    raw: wire.McpOAuthRefreshParams | wire.McpOAuthRefreshUpdateParams,
    current: StoredRefresh | None,
    current_secrets: dict[str, str],
    secrets: dict[str, str],
) -> StoredRefresh:
    """Refresh settings: ``raw`` over ``current`` (complete when there is no ``current``); fills ``secrets``."""
    where = "auth.refresh"
    client_id = raw.get("client_id", current["client_id"] if current else None)
    token_endpoint = current["token_endpoint"] if current else None
    if "token_endpoint" in raw:
        token_endpoint = check_http_url(raw["token_endpoint"], f"{where}.token_endpoint")
    endpoint_auth: TokenEndpointAuthType | None = current["token_endpoint_auth"] if current else None
    refresh_token = raw.get("refresh_token") or current_secrets.get("refresh_token")
    client_secret = current_secrets.get("client_secret")
    if "token_endpoint_auth" in raw:
        auth = raw["token_endpoint_auth"]
        endpoint_auth = auth["type"]
        client_secret = None if auth["type"] == "none" else auth["client_secret"]
    found = {"client_id": client_id, "token_endpoint": token_endpoint, "token_endpoint_auth": endpoint_auth}
    missing = [key for key, value in found.items() if value is None]
    if refresh_token is None:
        missing.append("refresh_token")
    if client_id is None or token_endpoint is None or endpoint_auth is None or refresh_token is None:
        raise InvalidRequestError(f"{where}: refresh settings need {', '.join(missing)}")
    secrets["refresh_token"] = refresh_token
    if endpoint_auth != "none":
        if client_secret is None:
            raise InvalidRequestError(f"{where}.token_endpoint_auth: {endpoint_auth} needs client_secret")
        secrets["client_secret"] = client_secret
    return {
        "client_id": client_id,
        "token_endpoint": token_endpoint,
        "token_endpoint_auth": endpoint_auth,
        "scope": raw.get("scope", current["scope"] if current else None),
        "resource": raw.get("resource", current["resource"] if current else None),
    }


def _injection(raw: wire.InjectionLocationParams | None, header: bool, body: bool) -> tuple[bool, bool]:
    """``raw`` over the stored (or default) locations; at least one must stay true."""
    header, body = (raw or {}).get("header", header), (raw or {}).get("body", body)
    if not header and not body:
        raise InvalidRequestError("auth.injection_location: header and body cannot both be false")
    return header, body


def _hosts(networking: wire.CredentialNetworking) -> list[str]:
    hosts = networking["allowed_hosts"]
    if not hosts or len(hosts) > MAX_ALLOWED_HOSTS:
        raise InvalidRequestError(f"auth.networking.allowed_hosts: 1 to {MAX_ALLOWED_HOSTS} hosts")
    out: list[str] = []
    for index, raw in enumerate(hosts):
        host = allowed_host(raw, f"auth.networking.allowed_hosts[{index}]")
        if host not in out:
            out.append(host)
    return out


def new_credential(auth: wire.CredentialAuthParams, *, now: datetime) -> CredentialSpec:
    """The stored parts of a new credential (400 on a rule the schema cannot state)."""
    if auth["type"] == "static_bearer":
        url = check_http_url(auth["mcp_server_url"], "auth.mcp_server_url")
        return CredentialSpec("static_bearer", {"mcp_server_url": url}, {"token": auth["token"]})
    if auth["type"] == "mcp_oauth":
        url = check_http_url(auth["mcp_server_url"], "auth.mcp_server_url")
        secrets = {"access_token": auth["access_token"]}
        refresh = auth.get("refresh")
        settings: CredentialSettings = {
            "mcp_server_url": url,
            "expires_at": _expiry(auth.get("expires_at"), "auth.expires_at", now),
            "refresh": None if refresh is None else _refresh(refresh, None, {}, secrets),
        }
        return CredentialSpec("mcp_oauth", settings, secrets)
    name = auth["secret_name"]
    if not _SECRET_NAME.match(name):
        raise InvalidRequestError("auth.secret_name: letters, digits and _, not starting with a digit")
    header, body = _injection(auth.get("injection_location"), True, False)
    settings = {"secret_name": name, "allowed_hosts": _hosts(auth["networking"]), "header": header, "body": body}
    return CredentialSpec("environment_variable", settings, {"secret_value": auth["secret_value"]})


def updated_credential(
    current: CredentialSpec, change: wire.CredentialAuthUpdateParams, *, now: datetime
) -> CredentialSpec:
    """``change`` over ``current``: secrets sent replace the stored ones, secrets left out are kept."""
    if change["type"] != current.kind:
        raise InvalidRequestError(
            f"auth.type: this credential is {current.kind}; its type cannot change (create another credential)"
        )
    settings: CredentialSettings = {**current.settings}
    secrets = dict(current.secrets)
    if change["type"] == "static_bearer":
        if "token" in change:
            secrets["token"] = change["token"]
    elif change["type"] == "mcp_oauth":
        if "access_token" in change:
            secrets["access_token"] = change["access_token"]
        if "expires_at" in change:
            settings["expires_at"] = _expiry(change["expires_at"], "auth.expires_at", now)
        if "refresh" in change:
            raw = change["refresh"]
            secrets.pop("refresh_token", None)
            secrets.pop("client_secret", None)
            stored = current.settings.get("refresh")
            settings["refresh"] = None if raw is None else _refresh(raw, stored, current.secrets, secrets)
    else:
        if "secret_value" in change:
            secrets["secret_value"] = change["secret_value"]
        if "networking" in change:
            settings["allowed_hosts"] = _hosts(change["networking"])
        if "injection_location" in change:
            settings["header"], settings["body"] = _injection(
                change["injection_location"], current.settings["header"], current.settings["body"]
            )
    return CredentialSpec(current.kind, settings, secrets)


def _token_endpoint_auth(kind: TokenEndpointAuthType, stored: bool) -> wire.TokenEndpointAuth:
    if kind == "client_secret_basic":
        return {"type": "client_secret_basic", "client_secret_set": stored}
    if kind == "client_secret_post":
        return {"type": "client_secret_post", "client_secret_set": stored}
    return {"type": "none"}


def public_auth(kind: CredentialKind, settings: CredentialSettings, *, secrets_stored: bool) -> wire.CredentialAuth:
    """The wire ``auth`` of a credential: its settings, and for each secret field only whether it is set."""
    if kind == "static_bearer":
        return {"type": "static_bearer", "mcp_server_url": settings["mcp_server_url"], "token_set": secrets_stored}
    if kind == "mcp_oauth":
        stored = settings.get("refresh")
        refresh: wire.McpOAuthRefresh | None = None
        if stored is not None:
            refresh = {
                "client_id": stored["client_id"],
                "token_endpoint": stored["token_endpoint"],
                "token_endpoint_auth": _token_endpoint_auth(stored["token_endpoint_auth"], secrets_stored),
                "scope": stored["scope"],
                "resource": stored["resource"],
                "refresh_token_set": secrets_stored,
            }
        return {
            "type": "mcp_oauth",
            "mcp_server_url": settings["mcp_server_url"],
            "expires_at": settings.get("expires_at"),
            "refresh": refresh,
            "access_token_set": secrets_stored,
        }
    return {
        "type": "environment_variable",
        "secret_name": settings["secret_name"],
        "networking": {"type": "limited", "allowed_hosts": list(settings["allowed_hosts"])},
        "injection_location": {"header": settings["header"], "body": settings["body"]},
        "secret_value_set": secrets_stored,
    }


def material(vault_id: str, credential_id: str, spec: CredentialSpec) -> McpCredential | EnvironmentSecret:
    """The decrypted credential as the typed object server-internal callers use."""
    settings, secrets = spec.settings, spec.secrets
    if spec.kind == "environment_variable":
        return EnvironmentSecret(
            vault_id=vault_id,
            credential_id=credential_id,
            secret_name=settings["secret_name"],
            value=Secret(secrets["secret_value"]),
            allowed_hosts=tuple(settings["allowed_hosts"]),
            header=settings["header"],
            body=settings["body"],
        )
    url = settings["mcp_server_url"]
    if spec.kind == "static_bearer":
        return McpCredential(vault_id, credential_id, "static_bearer", url, Secret(secrets["token"]))
    raw_expiry = settings.get("expires_at")
    expires_at = datetime.fromisoformat(raw_expiry.replace("Z", "+00:00")) if raw_expiry else None
    stored = settings.get("refresh")
    refresh: OAuthRefresh | None = None
    if stored is not None:
        client_secret = secrets.get("client_secret")
        refresh = OAuthRefresh(
            client_id=stored["client_id"],
            token_endpoint=stored["token_endpoint"],
            token_endpoint_auth=stored["token_endpoint_auth"],
            refresh_token=Secret(secrets["refresh_token"]),
            client_secret=None if client_secret is None else Secret(client_secret),
            scope=stored["scope"],
            resource=stored["resource"],
        )
    token = Secret(secrets["access_token"])
    return McpCredential(vault_id, credential_id, "mcp_oauth", url, token, expires_at, refresh)
