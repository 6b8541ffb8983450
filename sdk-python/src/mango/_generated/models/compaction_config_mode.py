# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

CompactionConfigMode = Literal["extractive", "summary"]

COMPACTION_CONFIG_MODE_VALUES: set[CompactionConfigMode] = {
    "extractive",
    "summary",
}


def check_compaction_config_mode(value: str) -> CompactionConfigMode:
    if value in COMPACTION_CONFIG_MODE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {COMPACTION_CONFIG_MODE_VALUES!r}")
