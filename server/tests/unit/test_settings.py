"""Settings come from MANGO_* variables once; errors name the variable; secrets are redacted."""

from __future__ import annotations

import pytest
from mango_server.settings import SettingsError, load_settings, redacted


def test_defaults_and_parsing() -> None:
    settings = load_settings({"MANGO_DATABASE_URL": "postgresql://x/y", "MANGO_API_PORT": "9000"})
    assert settings.api_port == 9000
    assert settings.base_url == "http://127.0.0.1:9000"
    assert settings.model_provider == "offline"


def test_missing_database_names_the_variable() -> None:
    with pytest.raises(SettingsError, match="MANGO_DATABASE_URL"):
        load_settings({})


def test_bad_number_names_the_variable() -> None:
    with pytest.raises(SettingsError, match="MANGO_API_PORT"):
        load_settings({"MANGO_DATABASE_URL": "postgresql://x/y", "MANGO_API_PORT": "eighty"})


def test_redacted_hides_secrets() -> None:
    settings = load_settings({"MANGO_DATABASE_URL": "postgresql://u:pw@h/d", "MANGO_MODEL_API_KEY": "sk-secret"})
    shown = redacted(settings)
    assert shown["model_api_key"] == "***"
    assert "pw" not in str(shown)


def test_every_setting_is_documented_and_in_the_example_file() -> None:
    from dataclasses import fields
    from pathlib import Path

    from mango_server.settings import Settings

    root = Path(__file__).resolve().parents[3]
    example = (root / "server" / "mango.env.example").read_text()
    documented = (root / "docs" / "configuration.md").read_text()
    for field in fields(Settings):
        name = f"MANGO_{field.name.upper()}"
        default = str(field.default).lower() if isinstance(field.default, bool) else field.default
        assert f"{name}={default}" in example, name
        assert f"`{name}`" in documented, name


def test_boolean_settings_accept_true_false_and_refuse_anything_else() -> None:
    assert load_settings({"MANGO_VALIDATE_RESPONSES": "true"}, require_database=False).validate_responses
    assert not load_settings({"MANGO_VALIDATE_RESPONSES": "0"}, require_database=False).validate_responses
    with pytest.raises(SettingsError, match="MANGO_VALIDATE_RESPONSES must be true or false"):
        load_settings({"MANGO_VALIDATE_RESPONSES": "yes please"}, require_database=False)
