"""The egress proxy's certificate authority: one per worker process, generated at start, never stored.

:class:`EgressCA` holds a fresh EC P-256 CA (valid for two days, backdated a few minutes) whose
private key lives only in the supervisor's memory, and issues one leaf certificate per host name or
IP address on demand, cached for the life of the process. Item containers trust the CA through a
bundle file (:meth:`EgressCA.bundle`: the CA certificate appended to the host's public roots, so
tools that bypass the proxy by design still verify ordinary servers). A restart makes a new CA:
containers started before it keep the old bundle, and their next TLS connection through the new
proxy fails verification rather than trusting a key that is gone.

Not responsible for: serving TLS (:mod:`mango_worker.egress`) or verifying upstream servers (the
proxy uses the system roots plus an optional operator CA file).
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl
import tempfile
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

__all__ = ["EgressCA"]

_CA_VALIDITY = datetime.timedelta(days=2)
_LEAF_VALIDITY = datetime.timedelta(days=1)
_BACKDATE = datetime.timedelta(minutes=5)


class EgressCA:
    """A per-process CA and its cache of leaf TLS contexts."""

    def __init__(self, common_name: str = "Mango worker egress proxy") -> None:
        now = datetime.datetime.now(datetime.UTC)
        self._key = ec.generate_private_key(ec.SECP256R1())
        self._name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
        self.certificate = (
            x509.CertificateBuilder()
            .subject_name(self._name)
            .issuer_name(self._name)
            .public_key(self._key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - _BACKDATE)
            .not_valid_after(now + _CA_VALIDITY)
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(_usage(cert_sign=True), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(self._key.public_key()), critical=False)
            .sign(self._key, hashes.SHA256())
        )
        self._contexts: dict[str, ssl.SSLContext] = {}
        self._scratch = Path(tempfile.mkdtemp(prefix="mango-egress-ca-"))

    @property
    def pem(self) -> str:
        """The CA certificate (PEM)."""
        return self.certificate.public_bytes(serialization.Encoding.PEM).decode()

    def bundle(self) -> str:
        """The CA certificate after the public roots this host's Python trusts, for containers to trust."""
        import certifi

        return Path(certifi.where()).read_text(encoding="utf-8").rstrip("\n") + "\n" + self.pem

    def server_context(self, host: str) -> ssl.SSLContext:
        """A server-side TLS context presenting a leaf certificate for ``host`` (cached per host)."""
        context = self._contexts.get(host)
        if context is None:
            context = self._issue(host)
            self._contexts[host] = context
        return context

    def _issue(self, host: str) -> ssl.SSLContext:
        now = datetime.datetime.now(datetime.UTC)
        key = ec.generate_private_key(ec.SECP256R1())
        try:
            name: x509.GeneralName = x509.IPAddress(ipaddress.ip_address(host))
        except ValueError:
            name = x509.DNSName(host)
        leaf = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host[:64])]))
            .issuer_name(self._name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - _BACKDATE)
            .not_valid_after(now + _LEAF_VALIDITY)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(_usage(cert_sign=False), critical=True)
            .add_extension(x509.SubjectAlternativeName([name]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self._key.public_key()), critical=False)
            .sign(self._key, hashes.SHA256())
        )
        # ssl loads a chain only from files: write it to this process's private scratch directory
        # (mode 0700), load it, and remove it at once.
        path = self._scratch / f"leaf-{len(self._contexts)}.pem"
        path.touch(mode=0o600)
        path.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
            + leaf.public_bytes(serialization.Encoding.PEM)
        )
        try:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.minimum_version = ssl.TLSVersion.TLSv1_2
            context.load_cert_chain(path)
            context.set_alpn_protocols(["http/1.1"])  # the proxy speaks HTTP/1.1 inside a tunnel
        finally:
            path.unlink(missing_ok=True)
        return context


def _usage(*, cert_sign: bool) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=True,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=cert_sign,
        crl_sign=cert_sign,
        encipher_only=False,
        decipher_only=False,
    )
