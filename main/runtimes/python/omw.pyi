# Generated from wit/omw.wit by scripts/gen-omw-pyi.ts; do not edit.
"""The `omw` global of a Python brain (Brainbench's `python` runtime, omw-compat 11b).

Brains do not import it: `omw` is a global. For a type checker, copy this file next to your
brains as `__builtins__.pyi` (pyright and Pylance read it as extra builtins), or import it
under `if TYPE_CHECKING: from omw import omw`. Records and events are attribute objects;
brains may pass dicts (or any attribute object) where a record is wanted. Opaque JSON
(tool-call arguments, schemas, params, tool results) is typed Any: it arrives parsed.
"""

from typing import Any, Literal, Mapping, Protocol

class ToolCall(Protocol):
    id: str
    name: str
    arguments: Any

class ChatMessage(Protocol):
    role: str
    content: str | None
    reasoning: str | None
    tool_call: ToolCall | None

class Usage(Protocol):
    prompt_tokens: int | None
    completion_tokens: int | None
    total_tokens: int | None

class ChatDelta(Protocol):
    content: str | None
    reasoning: str | None
    tool_call: ToolCall | None
    finish_reason: str | None
    usage: Usage | None

class Tool(Protocol):
    name: str
    description: str | None
    input_schema: Any
    output_schema: Any

class ResourceInfo(Protocol):
    uri: str
    name: str
    description: str | None
    mime_type: str | None

class ResourceContent(Protocol):
    uri: str
    mime_type: str | None
    content: str

class ToolResult(Protocol):
    name: str
    arguments: Any
    content: Any
    structured_content: Any

class ChatResult(Protocol):
    content: str | None
    reasoning: str | None
    tool_calls: list[ToolCall]
    finish_reason: str | None
    usage: Usage | None

class EndpointMessage(Protocol):
    session: str
    messages: list[ChatMessage]
    tools: list[Tool]
    params: Any

class EndpointSessionEnd(Protocol):
    session: str
    error: str | None

class Event(Protocol):
    """An inbox entry. `payload` is a str for message and error, None for unit events, a list of
    ResourceInfo for resource-list-updated, else the record the kind names (ChatDelta, ...)."""

    id: str
    kind: Literal["message", "error", "timer", "reload", "shutdown", "chat-delta", "chat-end", "tool-result", "resource-list-updated", "resource-updated", "endpoint-message", "endpoint-session-end"]
    payload: Any

class Provider(Protocol):
    name: str
    def kind(self, /) -> str:
        """`provider.kind`."""
        ...
    def list_models(self, /) -> list[str]:
        """`provider.list-models`. Raises RuntimeError with the host's message."""
        ...
    def chat(self, model: str, messages: list[ChatMessage | Mapping[str, Any]], tools: list[Tool | Mapping[str, Any]] = ..., params: Any = ..., /) -> ChatResult:
        """`provider.chat`. Blocks until the whole answer is there. `params` is a JSON object, merged over the provider's configured defaults. Raises RuntimeError with the host's message."""
        ...
    def chat_stream(self, model: str, messages: list[ChatMessage | Mapping[str, Any]], tools: list[Tool | Mapping[str, Any]] = ..., params: Any = ..., /) -> str:
        """`provider.chat-stream`. Returns the stream UUID at once; deltas arrive in the inbox as `chat-delta` events, followed by `chat-end` or `error`. Raises RuntimeError with the host's message."""
        ...
    def is_open(self, uuid: str, /) -> bool:
        """`provider.is-open`."""
        ...
    def cancel(self, uuid: str, /) -> None:
        """`provider.cancel`."""
        ...

class Tooling(Protocol):
    name: str
    def kind(self, /) -> str:
        """`tooling.kind`."""
        ...
    def list_tools(self, /) -> list[Tool]:
        """`tooling.list-tools`. Raises RuntimeError with the host's message."""
        ...
    def call_tool(self, name: str, arguments: Any, /) -> str:
        """`tooling.call-tool`. Queues the call and returns its UUID; the answer arrives as a `tool-result` or `error` event. Raises RuntimeError with the host's message."""
        ...
    def is_open(self, uuid: str, /) -> bool:
        """`tooling.is-open`."""
        ...
    def cancel(self, uuid: str, /) -> None:
        """`tooling.cancel`."""
        ...
    def call_tool_blocking(self, name: str, arguments: Any, /) -> ToolResult:
        """`tooling.call-tool-blocking`. Calls the tool and waits for its result. Raises RuntimeError with the host's message."""
        ...
    def list_resources(self, /) -> list[ResourceInfo]:
        """`tooling.list-resources`. Raises RuntimeError with the host's message."""
        ...
    def read_resource(self, uri: str, /) -> ResourceContent:
        """`tooling.read-resource`. Raises RuntimeError with the host's message."""
        ...
    def subscribe_resource_list(self, /) -> str:
        """`tooling.subscribe-resource-list`. Raises RuntimeError with the host's message."""
        ...
    def unsubscribe_resource_list(self, uuid: str, /) -> None:
        """`tooling.unsubscribe-resource-list`."""
        ...
    def subscribe_resource(self, uri: str, /) -> str:
        """`tooling.subscribe-resource`. Raises RuntimeError with the host's message."""
        ...
    def unsubscribe_resource(self, uuid: str, /) -> None:
        """`tooling.unsubscribe-resource`."""
        ...

class _Host(Protocol):
    def log(self, level: str, message: str, /) -> None:
        """`host.log`. `level` is trace, debug, info, warn or error; anything else counts as info."""
        ...
    def whoami(self, /) -> str:
        """`host.whoami`. The calling agent's name."""
        ...
    def time_now(self, /) -> int:
        """`host.time-now`. Milliseconds since the Unix epoch."""
        ...
    def time_format(self, ts: int, format: str, /) -> str:
        """`host.time-format`. strftime-style formatting in UTC; an empty string for a timestamp out of range."""
        ...
    def wait_until(self, ts: int, /) -> str:
        """`host.wait-until`. Timers return their UUID at once and deliver a `timer` event when they fire. Raises RuntimeError with the host's message."""
        ...
    def wait_for(self, ms: int, /) -> str:
        """`host.wait-for`. Raises RuntimeError with the host's message."""
        ...
    def wait_cron(self, spec: str, /) -> str:
        """`host.wait-cron`. Six or seven fields, seconds first, evaluated in UTC. Raises RuntimeError with the host's message."""
        ...
    def cancel_timer(self, uuid: str, /) -> None:
        """`host.cancel-timer`."""
        ...
    def sleep_for(self, ms: int, /) -> None:
        """`host.sleep-for`. Sleeps block the brain and deliver nothing."""
        ...
    def sleep_until(self, ts: int, /) -> None:
        """`host.sleep-until`. Raises RuntimeError with the host's message."""
        ...
    def sleep_cron(self, spec: str, /) -> None:
        """`host.sleep-cron`. Raises RuntimeError with the host's message."""
        ...
    def subscribe_lifecycle(self, /) -> str:
        """`host.subscribe-lifecycle`. One lifecycle subscription per run; it receives reload, shutdown and reload-failure events. Raises RuntimeError with the host's message."""
        ...
    def unsubscribe_lifecycle(self, uuid: str, /) -> None:
        """`host.unsubscribe-lifecycle`."""
        ...
    def subscribe_agent(self, agent: str, /) -> str:
        """`host.subscribe-agent`. Listens to messages that `agent` sends to this agent. Raises RuntimeError with the host's message."""
        ...
    def unsubscribe_agent(self, uuid: str, /) -> None:
        """`host.unsubscribe-agent`."""
        ...
    def subscribe_endpoint(self, model: str, /) -> str:
        """`host.subscribe-endpoint`. Serves `model` on the configured endpoint. Raises RuntimeError with the host's message."""
        ...
    def unsubscribe_endpoint(self, uuid: str, /) -> None:
        """`host.unsubscribe-endpoint`."""
        ...
    def stream_endpoint(self, session: str, delta: ChatDelta | Mapping[str, Any], /) -> None:
        """`host.stream-endpoint`. Queues one reply delta for an endpoint session; a delta with a finish reason ends it. Raises RuntimeError with the host's message."""
        ...
    def send_agent(self, agent: str, payload: str, /) -> None:
        """`host.send-agent`. Delivered only if `agent` subscribed to the caller."""
        ...
    def recv(self, /) -> Event:
        """`host.recv`. Blocks until an event arrives or the receive timeout passes. Raises RuntimeError with the host's message."""
        ...
    def try_recv(self, /) -> Event | None:
        """`host.try-recv`. Raises RuntimeError with the host's message."""
        ...
    def new_uuid(self, /) -> str:
        """`host.new-uuid`."""
        ...
    def base64_encode(self, bytes: bytes, /) -> str:
        """`host.base64-encode`."""
        ...
    def base64_decode(self, data: str, /) -> bytes:
        """`host.base64-decode`. Raises RuntimeError with the host's message."""
        ...
    def memory_get(self, key: str, /) -> str | None:
        """`host.memory-get`. The agent's own key/value memory."""
        ...
    def memory_set(self, key: str, value: str, /) -> None:
        """`host.memory-set`."""
        ...
    def memory_remove(self, key: str, /) -> bool:
        """`host.memory-remove`."""
        ...
    def memory_get_as(self, key: str, /) -> Any:
        """`host.memory-get`, then its JSON parsed (maps as attribute objects); the raw str when it is not JSON, None when absent."""
        ...
    def memory_set_as(self, key: str, value: Any, /) -> None:
        """JSON-encodes any serializable value (a str too), then `host.memory-set`. Raises TypeError for a value without JSON."""
        ...

class _ProviderLookup(Protocol):
    def get(self, name: str, /) -> Provider:
        """A provider handle: `name` and the methods kind, list_models, chat, chat_stream, is_open, cancel. Raises RuntimeError when there is no such provider."""
        ...

class _ToolingLookup(Protocol):
    def get(self, name: str, /) -> Tooling:
        """A tooling handle: `name` and the methods kind, list_tools, call_tool, is_open, cancel, call_tool_blocking, list_resources, read_resource, subscribe_resource_list, unsubscribe_resource_list, subscribe_resource, unsubscribe_resource. Raises RuntimeError when there is no such tooling."""
        ...

class _Omw(Protocol):
    host: _Host
    provider: _ProviderLookup
    tooling: _ToolingLookup

omw: _Omw
