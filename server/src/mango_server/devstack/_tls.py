"""The embedded SeaweedFS's private certificate authority: one CA and one identity, both generated.

Responsible for: generating, once per stack, a self-signed CA and one leaf certificate and key
(EC P-256, valid ten years, for ``127.0.0.1``/``localhost``, server and client use) that
SeaweedFS's master, volume server, filer, S3 gateway and admin present to each other over mutual
TLS, as PEM text the credentials file stores. The CA's private key is dropped after signing: no
further certificate can ever be issued, so only the processes given the leaf key can talk to
those ports. Not responsible for: where the PEM files live or how weed is told about them
(``_seaweedfs``), nor storing them (``_credentials``).
"""

from __future__ import annotations

import datetime
import ipaddress
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

_VALIDITY = datetime.timedelta(days=3650)
# Clocks of one machine agree, but a certificate valid only from "now" fails a check made in
# the same second by a process whose clock reads a little earlier.
_BACKDATE = datetime.timedelta(minutes=5)


@dataclass(frozen=True)
class Identity:
    """PEM text: the CA certificate, and the certificate and private key every component uses."""

    ca_pem: str
    cert_pem: str
    key_pem: str

    def __repr__(self) -> str:
        return "Identity(<redacted>)"


def generate(common_name: str = "mango dev stack seaweedfs") -> Identity:
    """A fresh CA and one leaf certificate signed by it; the CA key is not kept."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"{common_name} CA")])
    ca = (
        _base(ca_name, ca_name, ca_key.public_key(), now)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_key_usage(cert_sign=True), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    leaf_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    names: list[x509.GeneralName] = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    leaf = (
        _base(leaf_name, ca_name, leaf_key.public_key(), now)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(cert_sign=False), critical=True)
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    key_pem = leaf_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return Identity(
        ca_pem=ca.public_bytes(serialization.Encoding.PEM).decode(),
        cert_pem=leaf.public_bytes(serialization.Encoding.PEM).decode(),
        key_pem=key_pem.decode(),
    )


def _base(
    subject: x509.Name, issuer: x509.Name, public_key: ec.EllipticCurvePublicKey, now: datetime.datetime
) -> x509.CertificateBuilder:
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _BACKDATE)
        .not_valid_after(now + _VALIDITY)
    )


def _key_usage(*, cert_sign: bool) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=not cert_sign,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=not cert_sign,
        key_cert_sign=cert_sign,
        crl_sign=cert_sign,
        encipher_only=False,
        decipher_only=False,
    )
