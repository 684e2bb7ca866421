"""A scripted OpenAI-compatible chat-completions server for tests and benchmarks (real HTTP on loopback).

Start it in-process with `LLMServer(ServerConfig(...)).start()` or from a shell with
`python -m llmserver --port 8787 --mode oracle --latency 1.0 --max-concurrency 16 --fault-rate 0.2`.
"""
from llmserver.server import LLMServer, ServerConfig

__all__ = ["LLMServer", "ServerConfig"]
