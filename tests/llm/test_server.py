"""The scripted server speaks enough of the OpenAI API, injects the faults it is told to, and counts."""
from __future__ import annotations

import json

import httpx
import pytest

from llmserver import LLMServer, ServerConfig
from llmserver.tokens import count_text, prompt_tokens
from tests.llm.conftest import LOCOMO


def _chat(srv: LLMServer, body: dict, timeout: float = 5.0) -> httpx.Response:
    return httpx.post(f"{srv.base_url}/chat/completions", json=body, timeout=timeout)


BODY = {"model": "m", "messages": [{"role": "user", "content": "Turns to extract:\n[t1] Ann: I met Bob in Paris."}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "WindowExtraction", "schema": {}}}}


def test_models_and_a_completion_with_usage(server: LLMServer) -> None:
    assert httpx.get(f"{server.base_url}/models").json()["data"][0]["id"]
    r = _chat(server, BODY)
    assert r.status_code == 200
    out = r.json()
    answer = json.loads(out["choices"][0]["message"]["content"])
    assert {f["target"] for f in answer["facts"]} == {"Bob", "Paris"}
    assert out["usage"]["prompt_tokens"] == prompt_tokens(BODY)
    c = httpx.get(f"http://127.0.0.1:{server.port}/_counters").json()
    assert (c["requests"], c["ok"], c["steps"]) == (1, 1, {"WindowExtraction": 1})


def test_token_rule_is_chars_over_four_plus_message_overhead() -> None:
    assert count_text("abcd" * 10) == 10 and count_text("abcde") == 2
    body = {"messages": [{"role": "user", "content": "x" * 40}]}
    assert prompt_tokens(body) == 10 + 4


@pytest.mark.parametrize("fault,status", [("429", 429), ("500", 500)])
def test_http_faults(server: LLMServer, fault: str, status: int) -> None:
    server.configure(fault_rate=1.0, faults=[fault])
    r = _chat(server, BODY)
    assert r.status_code == status
    assert server.counters.faults[fault] == 1


def test_malformed_and_wrong_schema_are_200s_with_bad_payloads(server: LLMServer) -> None:
    server.configure(fault_rate=1.0, faults=["malformed"])
    with pytest.raises(json.JSONDecodeError):
        json.loads(_chat(server, BODY).json()["choices"][0]["message"]["content"])
    server.configure(faults=["wrong_schema"])
    assert "facts" not in json.loads(_chat(server, BODY).json()["choices"][0]["message"]["content"])


def test_timeout_fault_outlasts_the_client(server: LLMServer) -> None:
    server.configure(fault_rate=1.0, faults=["timeout"])
    with pytest.raises(httpx.TimeoutException):
        _chat(server, BODY, timeout=0.3)


def test_concurrency_cap_rejects_with_429(server: LLMServer) -> None:
    import concurrent.futures

    server.configure(latency=0.4, max_concurrency=2)
    with concurrent.futures.ThreadPoolExecutor(5) as pool:
        codes = sorted(f.result().status_code for f in [pool.submit(_chat, server, BODY) for _ in range(5)])
    assert codes.count(200) >= 2 and 429 in codes
    assert server.counters.max_in_flight <= 2 and server.counters.over_cap >= 1


def test_script_queue_is_served_first(server: LLMServer) -> None:
    httpx.post(f"http://127.0.0.1:{server.port}/_script", json=[{"json": {"facts": []}}, {"fault": "500"}])
    assert json.loads(_chat(server, BODY).json()["choices"][0]["message"]["content"]) == {"facts": []}
    assert _chat(server, BODY).status_code == 500
    assert _chat(server, BODY).status_code == 200


def test_tools_and_markdown_shapes(server: LLMServer) -> None:
    tools = {**{k: v for k, v in BODY.items() if k != "response_format"},
             "tools": [{"type": "function", "function": {"name": "WindowExtraction", "parameters": {}}}]}
    call = _chat(server, tools).json()["choices"][0]["message"]["tool_calls"][0]["function"]
    assert call["name"] == "WindowExtraction" and "facts" in json.loads(call["arguments"])
    md = {"model": "m", "messages": BODY["messages"] + [{"role": "system", "content": '{"title": "WindowExtraction"}'}]}
    assert _chat(server, md).json()["choices"][0]["message"]["content"].startswith("```json")


def test_oracle_answers_locomo_turns_from_observations() -> None:
    srv = LLMServer(ServerConfig(mode="oracle", locomo_path=str(LOCOMO))).start()
    try:
        text = ("Turns to extract:\n[t1] Caroline: I went to a LGBTQ support group yesterday and it was so powerful.\n"
                "Time anchors (id | turn | phrase | resolved):\na1 | t1 | \"yesterday\" | 2023-05-07 (day)")
        body = {**BODY, "messages": [{"role": "user", "content": text}]}
        facts = json.loads(_chat(srv, body).json()["choices"][0]["message"]["content"])["facts"]
        assert facts and all(f["turn"] == 1 and f["source"] == "Caroline" and f["anchor"] == "a1" for f in facts)
        assert any("support group" in f["fact"] for f in facts)
    finally:
        srv.stop()
