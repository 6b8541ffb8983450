"""The model catalogue ``mango dev`` ships: the offline model, and commented examples for Claude, OpenAI,
vLLM and Ollama (``docs/models.md`` explains every field).

``mango dev`` writes :data:`DEV_MODELS` to ``<state_dir>/models.yaml`` on its first run and points both
roles at it (``MANGO_MODELS_FILE``), unless ``MANGO_MODELS_FILE`` is already set; later runs keep the
developer's edits. Not responsible for parsing or validating it (``model.load_catalogue``).
"""

from __future__ import annotations

__all__ = ["DEV_MODELS"]

DEV_MODELS = """\
# The models this `mango dev` offers (MANGO_MODELS_FILE). Edit, then restart `mango dev`.
# Every field is explained in docs/models.md. A capability an entry does not declare is off.
# Credentials are never written here: an entry names the environment variable (or the file)
# its key is read from, and only the orchestrator reads it. GET /v1/models lists what is offered.
#
# To try a real model, uncomment its entry, export its key (if it needs one) and restart.
models:
  # The deterministic offline model: no network, driven by directives in the user's text.
  - id: mango-offline-1
    adapter: offline
    context_window: 200000
    max_output_tokens: 8192
    capabilities:
      web_search: true
      thinking: true
      parallel_tool_calls: true
    # Nominal, so Session budgets are testable offline (US dollars per million tokens).
    list_price: {input: 1, output: 5, cache_write: 1.25, cache_read: 0.1}

  # Claude on the Anthropic Messages API (export ANTHROPIC_API_KEY first).
  # - id: claude-sonnet-4-5
  #   aliases: [sonnet]
  #   adapter: messages
  #   base_url: https://api.anthropic.com
  #   credential: {env: ANTHROPIC_API_KEY}
  #   context_window: 200000
  #   max_output_tokens: 64000
  #   capabilities:
  #     web_search: web_search_20250305
  #     web_fetch: web_fetch_20250910
  #     citations: true
  #     thinking: true
  #     image_input: true
  #     pdf_input: true
  #     parallel_tool_calls: true
  #     prompt_caching: true
  #   list_price: {input: 3, output: 15, cache_write: 3.75, cache_read: 0.3, web_search: 0.01}

  # OpenAI through Chat Completions (export OPENAI_API_KEY first).
  # - id: gpt-4.1
  #   adapter: openai-chat
  #   base_url: https://api.openai.com/v1
  #   credential: {env: OPENAI_API_KEY}
  #   context_window: 1047576
  #   max_output_tokens: 32768
  #   capabilities: {image_input: true, parallel_tool_calls: true, prompt_caching: true}
  #   list_price: {input: 2, output: 8, cache_read: 0.5}

  # A local model served by vLLM with tool calling on, for example
  # `vllm serve Qwen/Qwen2.5-7B-Instruct --port 8001 --enable-auto-tool-choice --tool-call-parser hermes`
  # - id: qwen2.5-7b
  #   adapter: openai-chat
  #   base_url: http://127.0.0.1:8001/v1
  #   provider_model: Qwen/Qwen2.5-7B-Instruct
  #   context_window: 32768
  #   max_output_tokens: 4096
  #   capabilities: {parallel_tool_calls: true}

  # A local model served by Ollama (`ollama pull llama3.1`). Ollama cuts a longer prompt silently, so
  # start it with a context at least this window: OLLAMA_CONTEXT_LENGTH=32768 ollama serve
  # - id: llama3.1
  #   adapter: openai-chat
  #   base_url: http://127.0.0.1:11434/v1
  #   context_window: 32768
  #   max_output_tokens: 4096
"""
