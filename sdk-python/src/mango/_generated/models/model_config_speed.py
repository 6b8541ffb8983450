# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

ModelConfigSpeed = Literal["fast", "standard"]

MODEL_CONFIG_SPEED_VALUES: set[ModelConfigSpeed] = {
    "fast",
    "standard",
}


def check_model_config_speed(value: str) -> ModelConfigSpeed:
    if value in MODEL_CONFIG_SPEED_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MODEL_CONFIG_SPEED_VALUES!r}")
